/**
 * The Node groups panel's pure parts (tested in Node): a group's slots from 1 to max, and the
 * autoscaler's decisions as one line each.
 */
import type { CloudView } from '../../sim';
import type { Selection } from '../../state/store';

type Group = CloudView['groups'][number];
type Decision = CloudView['autoscaler']['decisions'][number];

export interface Slot {
  /** `ready`: a machine with a Ready Node; `live`: a machine without one (booting, NotReady, no Node); `wanted`: the target asks for a machine not there yet; `room`: up to max. */
  kind: 'ready' | 'live' | 'wanted' | 'room';
  /** Inside the group's min size (the autoscaler never goes below it). */
  belowMin: boolean;
}

/** One slot per machine the group may have (max), filled by what it has, then what it wants. */
export function groupSlots(g: Pick<Group, 'min' | 'target' | 'max' | 'instances' | 'ready'>): Slot[] {
  const n = Math.max(g.max, g.instances, g.target);
  const out: Slot[] = [];
  for (let i = 0; i < n; i++) {
    const kind = i < g.ready ? 'ready' : i < g.instances ? 'live' : i < g.target ? 'wanted' : 'room';
    out.push({ kind, belowMin: i < g.min });
  }
  return out;
}

export interface ShownDecision {
  at: number;
  text: string;
  /** What Why? opens for it: the node or pod it is about (the first, when several share the text). */
  select?: Selection;
}

/**
 * The engine keeps a decision per object it is about (a scale-up names each pod and its group);
 * the panel shows each decision once, newest first, with the first node or pod it names.
 */
export function decisionsToShow(decisions: readonly Decision[], limit = 5): ShownDecision[] {
  const byKey = new Map<string, ShownDecision>();
  for (const d of decisions) {
    const key = `${d.at}|${d.text}`;
    const shown = byKey.get(key) ?? { at: d.at, text: d.text };
    if (!shown.select) {
      const sel = selectionOf(d.ref);
      if (sel) shown.select = sel;
    }
    byKey.set(key, shown);
  }
  return [...byKey.values()].sort((a, b) => b.at - a.at).slice(0, limit);
}

function selectionOf(ref: string): Selection | undefined {
  const [kind, a, b] = ref.split('/');
  if (kind === 'Node' && a) return { kind: 'node', name: a };
  if (kind === 'Pod' && a && b) return { kind: 'pod', key: `${a}/${b}`, name: b, namespace: a };
  return undefined;
}
