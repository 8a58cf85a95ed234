/**
 * The event recorder's aggregation index: which stored Event a repeat of (involved object,
 * reason, message, source component) goes to. Derived data, not state (the engine exports it with
 * a snapshot, so it is plain structured-cloneable data).
 *
 * It holds exactly the pairs (aggregation key -> Event key) the engine used to keep in a
 * `Map<string, string>` keyed by the joined text `kind|namespace|name|uid|reason|message|component`,
 * with the same writes (`set` replaces the pair of an equal key; an expiring Event drops its pair
 * only if the pair still names it), so aggregation decides as that map would. Only the storage
 * differs: that text took ~130 characters per Event, a tree of ~12 V8 cons strings (~450 bytes an
 * Event, ~100 MB for the 200,000 Events of a 1,000-node cluster's start). Here a pair is a 32-bit
 * hash of the same fields mapping to the Event's key; a key is compared field by field with the
 * stored Event it names, so a hash collision only makes a bucket of two.
 *
 * Field by field equality is the joined text's equality as long as no field but the message holds
 * a `|`: kinds, namespaces, names and uids are apimachinery names, reasons CamelCase words and
 * components the fixed names of the simulated components (none has one).
 */
import type { KubeEvent, ObjectReference } from '../api/types';

/** Hash of the aggregation fields -> the Event key, or the keys of colliding pairs. */
export type EventAggIndex = Map<number, string | readonly string[]>;

type AggFields = Pick<KubeEvent, 'involvedObject' | 'reason' | 'message' | 'source'>;

function mix(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  // A separator, so that moving characters from one field to the next changes the hash.
  return Math.imul(h ^ 0x7c, 0x01000193);
}

function aggHash(o: ObjectReference, reason: string, message: string, component: string): number {
  let h = 0x811c9dc5;
  h = mix(h, o.kind);
  h = mix(h, o.namespace ?? '');
  h = mix(h, o.name);
  h = mix(h, o.uid);
  h = mix(h, reason);
  h = mix(h, message);
  h = mix(h, component);
  return h | 0;
}

function sameAgg(ev: AggFields, o: ObjectReference, reason: string, message: string, component: string): boolean {
  const i = ev.involvedObject;
  return (
    ev.reason === reason &&
    ev.message === message &&
    ev.source.component === component &&
    i.name === o.name &&
    i.uid === o.uid &&
    i.kind === o.kind &&
    (i.namespace ?? '') === (o.namespace ?? '')
  );
}

/**
 * The key of the Event indexed for these fields, if any. `events`: the stored Events (every key
 * of the index names one of them: an Event leaves the store only through `removeEvent`).
 */
export function findEvent(
  ix: EventAggIndex,
  events: Readonly<Record<string, KubeEvent>>,
  o: ObjectReference,
  reason: string,
  message: string,
  component: string,
): string | undefined {
  const b = ix.get(aggHash(o, reason, message, component));
  if (b === undefined) return undefined;
  for (const k of typeof b === 'string' ? [b] : b) {
    const ev = events[k];
    if (ev && sameAgg(ev, o, reason, message, component)) return k;
  }
  return undefined;
}

/**
 * Index `ev`, stored at `key`, for its fields (replacing the pair of equal fields). Buckets are
 * replaced, never changed: a snapshot's copy of the index may share them.
 */
export function indexEvent(
  ix: EventAggIndex,
  events: Readonly<Record<string, KubeEvent>>,
  ev: KubeEvent,
  key: string,
): void {
  const h = aggHash(ev.involvedObject, ev.reason, ev.message, ev.source.component);
  const b = ix.get(h);
  if (b === undefined) {
    ix.set(h, key);
    return;
  }
  const kept = without(b, events, ev, key);
  ix.set(h, kept.length === 0 ? key : [...kept, key]);
}

/**
 * Drop the pair naming `key`, as the engine does when `ev`, stored at `key`, expires; `ev` may
 * already be gone from `events`. A pair naming a newer Event with the same fields stays: the
 * recorders' correlator cache (client-go `tools/record/events_cache.go`) holds the newest Event
 * of each key and knows nothing of the server deleting an older one.
 */
export function unindexEvent(
  ix: EventAggIndex,
  events: Readonly<Record<string, KubeEvent>>,
  ev: KubeEvent,
  key: string,
): void {
  const h = aggHash(ev.involvedObject, ev.reason, ev.message, ev.source.component);
  const b = ix.get(h);
  if (b === undefined) return;
  // A key naming no stored Event finds nothing: dropping it changes no answer.
  if (typeof b === 'string') {
    // Nearly every bucket holds one key (a million Events expire within minutes at 5,000 nodes).
    if (b === key || events[b] === undefined) ix.delete(h);
    return;
  }
  const kept = b.filter((k) => k !== key && events[k] !== undefined);
  if (kept.length === 0) ix.delete(h);
  else ix.set(h, kept.length === 1 ? (kept[0] as string) : kept);
}

/** The bucket's keys but the one whose Event has `ev`'s fields (`ev` itself at `key`), for `indexEvent`. */
function without(
  b: string | readonly string[],
  events: Readonly<Record<string, KubeEvent>>,
  ev: KubeEvent,
  key: string,
): string[] {
  const out: string[] = [];
  const { involvedObject: o, reason, message } = ev;
  const component = ev.source.component;
  for (const k of typeof b === 'string' ? [b] : b) {
    const other = k === key ? ev : events[k];
    // A key naming no stored Event would find nothing anyway: dropping it changes no answer.
    if (other && !sameAgg(other, o, reason, message, component)) out.push(k);
  }
  return out;
}
