/**
 * SimulateNodeRemoval (cluster-autoscaler 1.33 simulator/cluster.go, with the drainability rules
 * of drainability.ts and FindPlaceFor's scheduling), docs/reference/cloud.md §3.9: can every pod of
 * a node go elsewhere? The planner asks it of every underutilized node every loop, so what a node's
 * pods are (utilization, the first pod blocking, the pods to move grouped by controller) is derived
 * once and reused until a pod on the node is written (core/node-memo.ts).
 */
import { controllerRef } from '../api/podutil';
import { staticFilter } from '../controllers/scheduler';
import { type Usage, usageOf } from '../controllers/scheduler-usage';
import type { Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import { nodeMemo } from '../core/node-memo';
import { drainability, drainabilityHoldsUntil, type RemainingPdb } from './drainability';
import type { SchedulingSnapshot, SimNode } from './simulation';
import { nodeUtilization, type UtilInfo } from './utilization';

/** Pods of one controller on the node: they share a spec, so the scheduler's filters treat them alike. */
interface PodGroup {
  key: string;
  pods: Pod[];
  requests: Omit<Usage, 'pods'>;
}

/** A node's pods as the planner sees them. */
export interface NodePods {
  util: UtilInfo;
  /** The first pod (by name) that blocks the node's removal. */
  blocked?: { reason: string; message: string };
  podsToMove: Pod[];
  daemonSetPods: Pod[];
  /** The pods to move by controller, in the order of their first pod's name. */
  groups: PodGroup[];
}

function classify(
  e: Engine,
  sn: SimNode,
  pods: readonly Pod[],
  budgets: readonly RemainingPdb[] = [],
): { value: NodePods; until: number } {
  const now = e.now;
  let until = Number.POSITIVE_INFINITY;
  const podsToMove: Pod[] = [];
  const daemonSetPods: Pod[] = [];
  let blocked: NodePods['blocked'];
  let blockedBy = '';
  const byKey = new Map<string, { group: PodGroup; first: string }>();
  for (const p of pods) {
    until = Math.min(until, drainabilityHoldsUntil(p, now));
    const d = drainability(p, now, budgets);
    if (d.kind === 'block') {
      if (!blocked || p.metadata.name < blockedBy) {
        blocked = { reason: d.reason, message: d.message };
        blockedBy = p.metadata.name;
      }
    } else if (d.kind === 'daemonset') daemonSetPods.push(p);
    else if (d.kind === 'move') {
      podsToMove.push(p);
      const key = controllerRef(p)?.uid ?? p.metadata.uid;
      const g = byKey.get(key);
      if (!g) byKey.set(key, { group: { key, pods: [p], requests: usageOf(p) }, first: p.metadata.name });
      else {
        g.group.pods.push(p);
        if (p.metadata.name < g.first) g.first = p.metadata.name;
      }
    }
  }
  // A fixed order (not the store's): a restore must not change a verdict.
  const groups = [...byKey.values()].sort((a, b) => (a.first < b.first ? -1 : 1)).map((g) => g.group);
  const util = nodeUtilization(sn.node, pods, now);
  return { value: { util, blocked, podsToMove, daemonSetPods, groups }, until };
}

/**
 * The node's pods: those bound to it, plus the pending ones the loop's simulation placed there.
 * With PodDisruptionBudgets the verdict also hangs on the loop's budgets, which change as nodes are
 * found removable: then it is worked out each time (clusters with budgets are lesson-sized).
 */
export function nodePods(e: Engine, sn: SimNode, budgets: readonly RemainingPdb[] = []): NodePods {
  if (sn.placed) return classify(e, sn, [...e.podsOnNode(sn.name), ...sn.placed], budgets).value;
  if (budgets.length > 0) return classify(e, sn, e.podsOnNode(sn.name), budgets).value;
  return nodeMemo(e, 'cluster-autoscaler.nodePods', sn.node, () => classify(e, sn, e.podsOnNode(sn.name)));
}

/**
 * Per controller, for one loop: each node's static filter verdict (0 not yet asked, 1 passes,
 * 2 refused; taints, labels and selectors do not change within a loop) and the first node that
 * may still take its pods (the nodes before it refuse them or are to be removed: both last the loop).
 */
export type Statics = Map<string, { verdicts: Uint8Array; cursor: number }>;

/**
 * Whether the node's pods fit on the other nodes (FindPlaceFor in a forked snapshot: the
 * placements are undone after the check). Pods go a controller at a time, each node taking as
 * many of them as its free room allows, first fit in the snapshot's node order (what placing them
 * one by one gives).
 */
export function fitsElsewhere(
  e: Engine,
  snap: SchedulingSnapshot,
  self: SimNode,
  removable: ReadonlyMap<string, unknown>,
  groups: readonly PodGroup[],
  statics: Statics,
): boolean {
  // The planner's snapshot owns its usage objects: placements change them in place, undone below.
  const placed: SimNode[] = [];
  const counts: number[] = [];
  const requests: Omit<Usage, 'pods'>[] = [];
  let ok = true;
  for (const { key, pods, requests: r } of groups) {
    let st = statics.get(key);
    if (!st) {
      st = { verdicts: new Uint8Array(snap.nodes.length), cursor: 0 };
      statics.set(key, st);
    }
    const verdicts = st.verdicts;
    let left = pods.length;
    // Removed nodes are no destinations (planner.go drops them from podDestinations).
    let prefix = true;
    for (let i = st.cursor; i < snap.nodes.length && left > 0; i++) {
      const sn = snap.nodes[i] as SimNode;
      if (sn === self) {
        prefix = false;
        continue;
      }
      if (verdicts[i] === 0) verdicts[i] = staticFilter(e, pods[0] as Pod, sn.node) === null ? 1 : 2;
      if (verdicts[i] === 2 || removable.has(sn.name)) {
        if (prefix) st.cursor = i + 1;
        continue;
      }
      prefix = false;
      const n = Math.min(left, room(sn, r));
      if (n <= 0) continue;
      addUsage(sn.usage, r, n);
      placed.push(sn);
      counts.push(n);
      requests.push(r);
      left -= n;
    }
    if (left > 0) {
      ok = false;
      break;
    }
  }
  for (let i = 0; i < placed.length; i++)
    addUsage((placed[i] as SimNode).usage, requests[i] as Omit<Usage, 'pods'>, -(counts[i] as number));
  return ok;
}

/** How many pods with requests `r` fit on the node (NodeResourcesFit, one after the other). */
function room(sn: SimNode, r: Omit<Usage, 'pods'>): number {
  const a = sn.node.status.allocatable;
  let n = a.pods - sn.usage.pods;
  if (r.cpu > 0) n = Math.min(n, Math.floor((a.cpu - sn.usage.cpu) / r.cpu));
  if (r.memory > 0) n = Math.min(n, Math.floor((a.memory - sn.usage.memory) / r.memory));
  return n;
}

/** Add `n` pods with requests `r` to `u` (negative `n` takes them away). */
function addUsage(u: Usage, r: Omit<Usage, 'pods'>, n: number): void {
  u.cpu += r.cpu * n;
  u.memory += r.memory * n;
  u.pods += n;
  u.cpuNZ += r.cpuNZ * n;
  u.memNZ += r.memNZ * n;
}
