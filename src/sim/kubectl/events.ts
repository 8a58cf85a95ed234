/**
 * `kubectl events` (kubernetes/kubectl pkg/cmd/events/events.go `Run`, `SortableEvents`,
 * event_printer.go `printOneEvent`, `getInterval`): the events of a namespace (or all, `-A`),
 * optionally `--for TYPE/NAME` and `--types=Normal,Warning`, sorted by last time, LAST SEEN as
 * `20s (x2 over 30s)` for a repeated event, OBJECT as `Kind/name`. `No events found in NS
 * namespace.` when there are none. Unlike `kubectl get events`, sorted: the reason it exists.
 */
import type { KubeEvent } from '../core/api-types';
import type { Engine } from '../core/engine';
import { since } from './age';
import { ALL_NAMESPACES, type FlagSpec, NAMESPACE, parseFlags } from './flags';
import { resolveResource, unknownResource } from './resources';
import { getTable } from './table';

export interface EventsRequest {
  namespace: string;
  allNamespaces: boolean;
  /** --for TYPE/NAME: the involved object's kind and name. */
  forObject?: { kind: string; name: string };
  /** --types, as given (validated: Normal or Warning, any case). */
  types: string[];
}

const FOR: FlagSpec = { long: 'for', value: true };
const TYPES: FlagSpec = { long: 'types', value: true };

/** Parse the arguments after `kubectl events`. */
export function parseEvents(args: readonly string[]): EventsRequest | { error: string } {
  const p = parseFlags(args, [NAMESPACE, ALL_NAMESPACES, FOR, TYPES]);
  if ('error' in p) return p;
  if (p.positional.length > 0) return { error: `error: unknown command "${p.positional[0]}" for "kubectl events"` };
  const req: EventsRequest = {
    namespace: p.flags.namespace ?? 'default',
    allNamespaces: p.flags['all-namespaces'] === 'true',
    types: p.flags.types ? p.flags.types.split(',') : [],
  };
  const f = p.flags.for;
  if (f !== undefined && f !== '') {
    if (!f.includes('/')) return { error: 'error: --for must be in resource/name form' };
    const seg = f.split('/');
    if (seg.length !== 2) return { error: 'error: arguments in resource/name form may not have more than one slash' };
    const type = resolveResource(seg[0] ?? '');
    if (!type) return { error: unknownResource((seg[0] ?? '').toLowerCase()) };
    req.forObject = { kind: type.kind, name: seg[1] ?? '' };
  }
  for (const t of req.types)
    if (t.toLowerCase() !== 'normal' && t.toLowerCase() !== 'warning')
      return { error: 'error: valid --types are Normal or Warning' };
  return req;
}

/** getInterval: `since(first)`, or `since(last) (xN over since(first))` for a repeated event. */
function interval(ev: KubeEvent, now: number): string {
  const first = since(now, ev.firstTimestamp);
  return ev.count > 1 ? `${since(now, ev.lastTimestamp)} (x${ev.count} over ${first})` : first;
}

/** What `kubectl events` prints. */
export function kubectlEvents(e: Engine, req: EventsRequest): string {
  const key = (ev: KubeEvent) => `${ev.metadata.namespace ?? ''}/${ev.metadata.name}`;
  // Read in place (Engine.forEachEvent): only the Events printed are built as objects.
  const picked: KubeEvent[] = [];
  e.forEachEvent((ev) => {
    if (!req.allNamespaces && ev.namespace !== req.namespace) return;
    const o = ev.involvedObject;
    if (req.forObject && (o.kind !== req.forObject.kind || o.name !== req.forObject.name)) return;
    if (req.types.length > 0 && !req.types.some((t) => t.toLowerCase() === ev.type.toLowerCase())) return;
    picked.push(ev.object());
  });
  const events = picked
    // The API's order (namespace, name), then by last time. kubectl's sort.Sort is not stable:
    // equal times keep the API order here [D].
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
    .sort((a, b) => a.lastTimestamp - b.lastTimestamp);
  if (events.length === 0)
    return req.allNamespaces ? 'No events found.' : `No events found in ${req.namespace} namespace.`;
  const head = ['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'];
  const rows = events.map((ev) => {
    const row = [
      interval(ev, e.now),
      ev.type,
      ev.reason,
      `${ev.involvedObject.kind}/${ev.involvedObject.name}`,
      ev.message.trim(),
    ];
    return req.allNamespaces ? [ev.metadata.namespace ?? '', ...row] : row;
  });
  return getTable([req.allNamespaces ? ['NAMESPACE', ...head] : head, ...rows]);
}
