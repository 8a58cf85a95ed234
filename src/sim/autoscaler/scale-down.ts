/**
 * Scale-down planning (cluster-autoscaler 1.33 core/scaledown/planner/planner.go,
 * eligibility/eligibility.go, unneeded/nodes.go, simulator/cluster.go, utilization/info.go),
 * docs/reference/cloud.md §3.9:
 * - candidates: registered, started nodes of node groups that are not being deleted;
 * - eligible: at or below the utilization threshold (max of CPU and memory requests over
 *   allocatable, DaemonSet and mirror pods included, long-terminating pods left out);
 * - removable: every pod the node holds is drainable (drainability.ts) and fits another node;
 *   a node found unremovable in simulation is not simulated again for unremovableNodeRecheckTimeout;
 * - unneeded since the first loop that found it removable, forgotten the first loop that does not;
 * - removable now when unneeded for scale-down-unneeded-time (Ready) or -unready-time (not Ready),
 *   strictly past the boundary, and the group stays above its min size.
 * Soft taints: unneeded nodes carry `DeletionCandidateOfClusterAutoscaler=<unix>:PreferNoSchedule`.
 */
import { clone } from '../api/podutil';
import type { Node, Pod } from '../api/types';
import { TAINT_DELETION_CANDIDATE, TAINT_TO_BE_DELETED } from '../cloud/taints';
import type { AutoscalerMemory } from '../cloud/types';
import type { Engine } from '../core/engine';
import { EPOCH_MS } from '../kubectl/dates';
import { type ClusterState, nodeIsReady } from './clusterstate';
import { drainability } from './drainability';
import { SchedulingSnapshot, type SimNode } from './simulation';

/** utilization.Info, printed with Go's %v: `{0.05 0 0 0 cpu 0.05}`. */
export interface UtilInfo {
  cpu: number;
  memory: number;
  resource: 'cpu' | 'memory';
  utilization: number;
}

export function utilText(u: UtilInfo): string {
  return `{${u.cpu} ${u.memory} 0 0 ${u.resource} ${u.utilization}}`;
}

/** A node the planner found removable this loop. */
export interface Removable {
  node: Node;
  group: string;
  util: UtilInfo;
  /** Pods to reschedule (evicted, waited for); DaemonSet pods are evicted best-effort. */
  podsToMove: Pod[];
  daemonSetPods: Pod[];
}

export interface ScaleDownPlan {
  removable: Map<string, Removable>;
  utilization: Map<string, UtilInfo>;
}

/** --max-bulk-soft-taint-count: soft taint API calls per loop. */
const MAX_BULK_SOFT_TAINT_COUNT = 10;
/** eligibility.go HasNoScaleDownAnnotation. */
export const SCALE_DOWN_DISABLED = 'cluster-autoscaler.kubernetes.io/scale-down-disabled';

/** utilization.Calculate: requests over allocatable, DaemonSet and mirror pods included. */
export function nodeUtilization(
  e: Engine,
  node: Node,
  pods: readonly Pod[] = e.podsOnNode(node.metadata.name),
): UtilInfo {
  let cpu = 0;
  let memory = 0;
  for (const p of pods) {
    if (p.status.phase === 'Succeeded' || p.status.phase === 'Failed') continue;
    if (drainability(p, e.now).kind === 'ignore' && p.metadata.deletionTimestamp !== undefined) continue;
    for (const c of p.spec.containers) {
      cpu += c.resources?.requests?.cpu ?? 0;
      memory += c.resources?.requests?.memory ?? 0;
    }
  }
  const a = node.status.allocatable;
  const cu = a.cpu > 0 ? cpu / a.cpu : 0;
  const mu = a.memory > 0 ? memory / a.memory : 0;
  return cu > mu
    ? { cpu: cu, memory: mu, resource: 'cpu', utilization: cu }
    : { cpu: cu, memory: mu, resource: 'memory', utilization: mu };
}

function unremovable(ca: AutoscalerMemory, node: string, reason: string, until: number): void {
  ca.unremovable[node] = { until, reason };
  delete ca.unneeded[node];
}

/**
 * `UpdateClusterState` of the planner: which nodes are unneeded now, with the reasons of the
 * others. `notStarted` nodes are neither candidates nor destinations. `loopSnapshot` is the loop's
 * simulation: pending pods it placed on a node count there.
 */
export function planScaleDown(
  e: Engine,
  ca: AutoscalerMemory,
  cs: ClusterState,
  notStarted: Set<string>,
  loopSnapshot: SchedulingSnapshot,
): ScaleDownPlan {
  const now = e.now;
  const s = e.state.settings;
  const nodes = cs.nodes.filter((n) => !notStarted.has(n.metadata.name));
  // Real nodes only (upcoming ones are neither candidates nor destinations), with the pending pods
  // the loop's simulation placed on them (they will land there).
  const snap = new SchedulingSnapshot(e, []);
  for (const sn of loopSnapshot.nodes) if (!sn.fake && !notStarted.has(sn.name)) snap.nodes.push(sn);
  const byName = new Map(snap.nodes.map((sn) => [sn.name, sn]));
  const removable = new Map<string, Removable>();
  const utilization = new Map<string, UtilInfo>();
  for (const k of Object.keys(ca.unremovable)) if (!byName.has(k)) delete ca.unremovable[k];
  for (const node of nodes) {
    const name = node.metadata.name;
    const group = cs.groupOf.get(name);
    if (!group || ca.deletions[name]) continue;
    if (node.spec.taints.some((t) => t.key === TAINT_TO_BE_DELETED)) {
      unremovable(ca, name, 'CurrentlyBeingDeleted', now);
      continue;
    }
    const recent = ca.unremovable[name];
    if (recent && recent.until > now) {
      delete ca.unneeded[name];
      continue;
    }
    if (node.metadata.annotations[SCALE_DOWN_DISABLED] === 'true') {
      unremovable(ca, name, 'ScaleDownDisabledAnnotation', now);
      continue;
    }
    const self = byName.get(name) as SimNode;
    const util = nodeUtilization(e, node, podsOf(e, self));
    utilization.set(name, util);
    if (util.utilization > s.scaleDownUtilizationThreshold) {
      unremovable(ca, name, 'NotUnderutilized', now);
      continue;
    }
    const sim = simulateRemoval(e, snap, self, removable);
    if ('reason' in sim) {
      e.trace(`cluster-autoscaler: Node ${name} cannot be removed: ${sim.message}`);
      unremovable(ca, name, sim.reason, now + s.unremovableNodeRecheckTimeout);
      continue;
    }
    removable.set(name, { node, group, util, ...sim });
    delete ca.unremovable[name];
  }
  // unneeded.Nodes.Update: keep the first time of nodes still unneeded, forget the others.
  for (const k of Object.keys(ca.unneeded)) if (!removable.has(k)) delete ca.unneeded[k];
  for (const k of removable.keys()) ca.unneeded[k] ??= now;
  return { removable, utilization };
}

/** SimulateNodeRemoval: drainability of every pod, then a place for each on the other nodes. */
function simulateRemoval(
  e: Engine,
  snap: SchedulingSnapshot,
  self: SimNode,
  alreadyRemovable: Map<string, Removable>,
): { podsToMove: Pod[]; daemonSetPods: Pod[] } | { reason: string; message: string } {
  const podsToMove: Pod[] = [];
  const daemonSetPods: Pod[] = [];
  for (const p of podsOf(e, self).sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))) {
    const d = drainability(p, e.now);
    if (d.kind === 'block') return { reason: d.reason, message: d.message };
    if (d.kind === 'move') podsToMove.push(p);
    else if (d.kind === 'daemonset') daemonSetPods.push(p);
  }
  // findPlaceFor in a forked snapshot: placements are undone after the check.
  const placed: [Pod, SimNode][] = [];
  let ok = true;
  for (const p of podsToMove) {
    const dest = snap.nodes.find((sn) => sn !== self && !alreadyRemovable.has(sn.name) && snap.check(p, sn) === null);
    if (!dest) {
      ok = false;
      break;
    }
    snap.place(p, dest);
    placed.push([p, dest]);
  }
  for (const [p, sn] of placed) snap.unplace(p, sn);
  if (!ok) return { reason: 'NoPlaceToMovePods', message: 'no place to move pods' };
  return { podsToMove, daemonSetPods };
}

/** The pods of a node in the simulation: those bound to it and the pending ones placed on it. */
function podsOf(e: Engine, sn: SimNode): Pod[] {
  const bound = e.podsOnNode(sn.name);
  return sn.placed ? [...bound, ...sn.placed] : bound;
}

/** Whether the node counts as unneeded long enough (Ready: unneeded time; not Ready: unready time). */
export function unneededLongEnough(e: Engine, node: Node, since: number): boolean {
  const s = e.state.settings;
  const threshold = nodeIsReady(node) ? s.scaleDownUnneededTime : s.scaleDownUnreadyTime;
  return since + threshold < e.now;
}

/**
 * UpdateSoftDeletionTaints: unneeded nodes get `DeletionCandidateOfClusterAutoscaler=<unix>:PreferNoSchedule`,
 * the others lose it; at most MAX_BULK_SOFT_TAINT_COUNT changes per loop.
 */
export function updateSoftDeletionTaints(e: Engine, ca: AutoscalerMemory, cs: ClusterState): void {
  let budget = MAX_BULK_SOFT_TAINT_COUNT;
  for (const node of cs.nodes) {
    if (budget <= 0) break;
    const name = node.metadata.name;
    if (!cs.groupOf.has(name)) continue;
    const has = node.spec.taints.some((t) => t.key === TAINT_DELETION_CANDIDATE);
    const want = ca.unneeded[name] !== undefined;
    if (has === want) continue;
    budget--;
    const current = e.get('Node', name);
    if (!current) continue;
    const cause = e.cause({
      actor: 'cluster-autoscaler',
      what: `${want ? 'taint' : 'untaint'} ${TAINT_DELETION_CANDIDATE}:PreferNoSchedule on ${name}`,
      rule: want ? 'node unneeded: its pods fit elsewhere' : 'node needed again',
      constant: `scaleDownUtilizationThreshold=${e.state.settings.scaleDownUtilizationThreshold}`,
    });
    const next = clone(current);
    next.spec.taints = next.spec.taints.filter((t) => t.key !== TAINT_DELETION_CANDIDATE);
    if (want)
      next.spec.taints.push({
        key: TAINT_DELETION_CANDIDATE,
        value: String(unixSeconds(e.now)),
        effect: 'PreferNoSchedule',
      });
    e.put(next, `${want ? 'taint' : 'untaint'} ${TAINT_DELETION_CANDIDATE}:PreferNoSchedule`, cause);
  }
}

/** A taint's time value: Unix seconds of the simulated wall clock (kubectl/dates.ts epoch). */
export function unixSeconds(ms: number): number {
  return Math.floor((EPOCH_MS + ms) / 1000);
}
