/**
 * Pieces shared by the `kubectl describe` printers (DESC [C]): the tab conventions of describe.go
 * (a line is cells separated by tabs; `describeText` aligns them like kubectl's tabwriter), labels
 * and annotations printed one per line, taints and tolerations, quantities, and the Events table.
 */
import type { KubeEvent, Taint, Toleration } from '../core/api-types';
import type { Engine } from '../core/engine';
import { since } from './age';

/** describe.go's PrefixWriter levels. */
export const L1 = '  ';
export const L2 = '    ';
export const L3 = '      ';

/** `Title:\tk=v` then `\tk2=v2`, sorted; `<none>` when empty (printLabelsMultiline). */
export function labelsMultiline(title: string, labels: Record<string, string> | undefined, sep = '='): string[] {
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) return [`${title}:\t<none>`];
  return keys.map((k, i) => `${i === 0 ? `${title}:` : ''}\t${k}${sep}${labels?.[k] ?? ''}`);
}

/** Annotations print as `key: value` (printAnnotationsMultiline). */
export function annotationsMultiline(title: string, annotations: Record<string, string>): string[] {
  const shown: Record<string, string> = {};
  for (const [k, v] of Object.entries(annotations)) {
    if (k !== 'kubectl.kubernetes.io/last-applied-configuration') shown[k] = v;
  }
  return labelsMultiline(title, shown, ': ');
}

export function taintString(t: Taint): string {
  return `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`;
}

/** Taints sorted by effect then key, one per line (printTaintsMultiline). */
export function taintsMultiline(title: string, taints: readonly Taint[]): string[] {
  if (taints.length === 0) return [`${title}:\t<none>`];
  const sorted = [...taints].sort((a, b) => {
    const ka = `${a.effect},${a.key}`;
    const kb = `${b.effect},${b.key}`;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  return sorted.map((t, i) => `${i === 0 ? `${title}:` : ''}\t${taintString(t)}`);
}

/** `node.kubernetes.io/not-ready:NoExecute op=Exists for 300s`; `:NoExecute op=Exists` for a keyless one. */
export function tolerationString(t: Toleration): string {
  let s = t.key ?? '';
  if (t.value) s += `=${t.value}`;
  if (t.effect) s += `:${t.effect}`;
  if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
  if (t.tolerationSeconds !== undefined) s += ` for ${t.tolerationSeconds}s`;
  return s;
}

export function tolerationsMultiline(title: string, tolerations: readonly Toleration[]): string[] {
  if (tolerations.length === 0) return [`${title}:\t<none>`];
  // kubectl sorts by key only (sort.Slice, not stable: equal keys keep a plausible order here).
  const sorted = [...tolerations].sort((a, b) =>
    (a.key ?? '') < (b.key ?? '') ? -1 : (a.key ?? '') > (b.key ?? '') ? 1 : 0,
  );
  return sorted.map((t, i) => `${i === 0 ? `${title}:` : ''}\t${tolerationString(t)}`);
}

/** CPU quantity from millicores: `4`, `250m`, `0`. */
export function cpuQuantity(milli: number): string {
  if (milli === 0) return '0';
  return milli % 1000 === 0 ? `${milli / 1000}` : `${milli}m`;
}

/** Memory quantity from MiB in canonical binary SI form: `8Gi`, `128Mi`, `0`. */
export function memoryQuantity(mib: number): string {
  if (mib === 0) return '0';
  if (mib % (1024 * 1024) === 0) return `${mib / (1024 * 1024)}Ti`;
  if (mib % 1024 === 0) return `${mib / 1024}Gi`;
  return `${mib}Mi`;
}

/**
 * The stored Events grouped by their involved object's kind and name, each group in store order:
 * describing a list (`kubectl describe pods -A`) looks each object's Events up here instead of
 * scanning every Event per object (5,000 pods x 35,000 Events took 17-52 s).
 */
export class EventsByObject {
  private readonly groups = new Map<string, KubeEvent[]>();

  constructor(e: Engine) {
    e.forEachObject('Event', (ev) => {
      const key = `${ev.involvedObject.kind}/${ev.involvedObject.name}`;
      const group = this.groups.get(key);
      if (group) group.push(ev);
      else this.groups.set(key, [ev]);
    });
  }

  /** The Events whose involved object has this kind and name (a kind has no `/`: the key is unambiguous). */
  about(kind: string, name: string): readonly KubeEvent[] {
    return this.groups.get(`${kind}/${name}`) ?? [];
  }
}

/**
 * Events about one object: matched by kind, namespace, name, and UID (describe.go searchEvents).
 * `index`: the Events grouped once for many objects (the same answer, without a scan each).
 */
export function eventsFor(
  e: Engine,
  target: { kind: string; name: string; namespace?: string; uid: string },
  index?: EventsByObject,
): KubeEvent[] {
  // Matched as describe.go's searchEvents field selector does.
  const about = (o: KubeEvent['involvedObject']): boolean => {
    if (o.kind !== target.kind || o.name !== target.name) return false;
    if ((o.namespace ?? '') !== (target.namespace ?? '') && target.kind !== 'Node') return false;
    // describe node also looks up kubelet events, whose node reference carries the name as UID.
    return !o.uid || o.uid === target.uid || (target.kind === 'Node' && o.uid === target.name);
  };
  const out: KubeEvent[] = [];
  if (index) {
    for (const ev of index.about(target.kind, target.name)) if (about(ev.involvedObject)) out.push(ev);
  } else {
    // Read in place (Engine.forEachEvent): only the matching Events are built as objects.
    e.forEachEvent((ev) => {
      if (about(ev.involvedObject)) out.push(ev.object());
    });
  }
  // SortableEvents: by last timestamp; ties by first occurrence, which keeps recording order.
  return out.sort((a, b) => a.lastTimestamp - b.lastTimestamp || a.firstTimestamp - b.firstTimestamp);
}

/**
 * The Events block (DescribeEvents): `Events:\t<none>` when empty, else the table with Age
 * `2s (x2 over 2s)` for aggregated events. `From` is the source component; kubectl up to ~1.19
 * printed `kubelet, <host>` (reference 5.2, exact cut-over [U]): we print the current form on
 * every profile.
 */
export function eventsBlock(events: readonly KubeEvent[], now: number): string[] {
  if (events.length === 0) return ['Events:\t<none>'];
  // describe.go flushes the tabwriter here; the single-cell `Events:` line ends every column block anyway.
  const lines = ['Events:', `${L1}Type\tReason\tAge\tFrom\tMessage`, `${L1}----\t------\t----\t----\t-------`];
  for (const ev of events) {
    const interval =
      ev.count > 1
        ? `${since(now, ev.lastTimestamp)} (x${ev.count} over ${since(now, ev.firstTimestamp)})`
        : since(now, ev.firstTimestamp);
    lines.push(`${L1}${ev.type}\t${ev.reason}\t${interval}\t${ev.source.component}\t${ev.message.trim()}`);
  }
  return lines;
}
