/**
 * Scale-down planning (cluster-autoscaler 1.33 core/scaledown/planner/planner.go,
 * eligibility/eligibility.go, unneeded/nodes.go, simulator/cluster.go, utilization/info.go),
 * docs/reference/cloud.md §3.9:
 * - candidates: registered, started nodes of node groups that are not being deleted;
 * - eligible: at or below the utilization threshold (max of CPU and memory requests over
 *   allocatable, DaemonSet and mirror pods included, long-terminating pods left out);
 * - removable: every pod the node holds is drainable (drainability.ts) and fits another node
 *   (removal.ts), a removable node no longer being a destination and spending one disruption of
 *   each PodDisruptionBudget per pod it moves (RemainingPdbTracker); simulated in the order of
 *   ScaleDownCandidatesSortingProcessor (empty nodes, then the last loop's unneeded ones), and
 *   only until the unneeded nodes limit is reached; a node found unremovable in simulation is
 *   not simulated again for unremovableNodeRecheckTimeout;
 * - unneeded since the first loop that found it removable, forgotten the first loop that does not;
 * - removable now when unneeded for scale-down-unneeded-time (Ready) or -unready-time (not Ready),
 *   strictly past the boundary, and the group stays above its min size.
 * Soft taints: unneeded nodes carry `DeletionCandidateOfClusterAutoscaler=<unix>:PreferNoSchedule`.
 */
import { clone } from '../api/podutil';
import { TAINT_DELETION_CANDIDATE, TAINT_TO_BE_DELETED } from '../cloud/taints';
import type { Node, Pod } from '../core/api-types';
import type { AutoscalerMemory } from '../core/cloud-types';
import { EPOCH_MS } from '../core/dates';
import type { Engine } from '../core/engine';
import { type ClusterState, nodeIsReady } from './clusterstate';
import { remainingPdbs, removePods } from './drainability';
import { fitsElsewhere, type NodePods, nodePods, type Statics } from './removal';
import { SchedulingSnapshot, type SimNode } from './simulation';
import type { UtilInfo } from './utilization';

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

/** --max-scale-down-parallelism (default 10): nodes deleted at once; also bounds the planner. */
export const MAX_SCALE_DOWN_PARALLELISM = 10;
/** --max-bulk-soft-taint-count: soft taint API calls per loop. */
const MAX_BULK_SOFT_TAINT_COUNT = 10;
/** eligibility.go HasNoScaleDownAnnotation. */
export const SCALE_DOWN_DISABLED = 'cluster-autoscaler.kubernetes.io/scale-down-disabled';

/**
 * planner.go unneededNodesLimit: with N = max-scale-down-parallelism, finding more than the nodes
 * already unneeded plus 2N is a waste of a loop (at most N go at once); and never more than
 * N × (scale-down-unneeded-time / loop interval) + N.
 */
function unneededNodesLimit(e: Engine, ca: AutoscalerMemory): number {
  const n = MAX_SCALE_DOWN_PARALLELISM;
  const limit = Object.keys(ca.unneeded).length + 2 * n;
  const interval = e.state.settings.scanInterval;
  const u = Math.max(e.state.settings.scaleDownUnneededTime, interval);
  return Math.min(limit, n * Math.floor(u / interval) + n);
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
  const statics: Statics = new Map();
  const limit = unneededNodesLimit(e, ca);
  // static_autoscaler.go: RemainingPdbTracker.SetPdbs(pdbs) once a loop; removable nodes spend them.
  const budgets = e.hasAny('PodDisruptionBudget') ? remainingPdbs(e.list('PodDisruptionBudget')) : [];
  const eligible: { node: Node; name: string; group: string; self: SimNode; pods: NodePods }[] = [];
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
    const pods = nodePods(e, self, budgets);
    utilization.set(name, pods.util);
    if (pods.util.utilization > s.scaleDownUtilizationThreshold) {
      unremovable(ca, name, 'NotUnderutilized', now);
      continue;
    }
    eligible.push({ node, name, group, self, pods });
  }
  // ScaleDownCandidatesSortingProcessor (main.go): empty nodes first, then those unneeded at the
  // last loop, otherwise in list order (names here); a stable sort.
  const rank = (c: (typeof eligible)[number]) =>
    (c.pods.blocked === undefined && c.pods.podsToMove.length === 0 ? 0 : 2) +
    (ca.unneeded[c.name] === undefined ? 1 : 0);
  eligible.sort((a, b) => rank(a) - rank(b));
  for (const c of eligible) {
    const { node, name, group, self } = c;
    // planner.go: "there are already N unneeded nodes so no point in looking for more".
    if (removable.size >= limit) break;
    // SimulateNodeRemoval with the budgets left by the nodes found removable before this one.
    const pods = budgets.length > 0 && removable.size > 0 ? nodePods(e, self, budgets) : c.pods;
    const blocked =
      pods.blocked ??
      (fitsElsewhere(e, snap, self, removable, pods.groups, statics)
        ? undefined
        : { reason: 'NoPlaceToMovePods', message: 'no place to move pods' });
    if (blocked) {
      e.trace(`cluster-autoscaler: Node ${name} cannot be removed: ${blocked.message}`, false);
      unremovable(ca, name, blocked.reason, now + s.unremovableNodeRecheckTimeout);
      continue;
    }
    removable.set(name, {
      node,
      group,
      util: pods.util,
      podsToMove: pods.podsToMove,
      daemonSetPods: pods.daemonSetPods,
    });
    removePods(budgets, pods.podsToMove);
    delete ca.unremovable[name];
  }
  // unneeded.Nodes.Update: keep the first time of nodes still unneeded, forget the others.
  for (const k of Object.keys(ca.unneeded)) if (!removable.has(k)) delete ca.unneeded[k];
  for (const k of removable.keys()) ca.unneeded[k] ??= now;
  return { removable, utilization };
}

/** Whether the node counts as unneeded long enough (Ready: unneeded time; not Ready: unready time). */
export function unneededLongEnough(e: Engine, node: Node, since: number): boolean {
  const s = e.state.settings;
  const threshold = nodeIsReady(node) ? s.scaleDownUnneededTime : s.scaleDownUnreadyTime;
  return since + threshold < e.now;
}

/**
 * core/scaledown/actuation/softtaint.go UpdateSoftDeletionTaints: the needed nodes lose
 * `DeletionCandidateOfClusterAutoscaler`, then the unneeded ones get
 * `DeletionCandidateOfClusterAutoscaler=<unix>:PreferNoSchedule`, within one budget of
 * MAX_BULK_SOFT_TAINT_COUNT API calls per loop. Both passes skip a node carrying
 * `ToBeDeletedByClusterAutoscaler` ("Do not consider nodes that are scheduled to be deleted"): a
 * node being deleted keeps its soft taint. Only nodes of the node groups (static_autoscaler.go
 * updateSoftDeletionTaints: filterNodesFromSelectedGroups).
 */
export function updateSoftDeletionTaints(e: Engine, ca: AutoscalerMemory, cs: ClusterState): void {
  let budget = MAX_BULK_SOFT_TAINT_COUNT;
  for (const want of [false, true]) {
    for (const node of cs.nodes) {
      const name = node.metadata.name;
      if (!cs.groupOf.has(name) || (ca.unneeded[name] !== undefined) !== want) continue;
      if (node.spec.taints.some((t) => t.key === TAINT_TO_BE_DELETED)) continue;
      if (node.spec.taints.some((t) => t.key === TAINT_DELETION_CANDIDATE) === want) continue;
      // budgetTracker.processWithinBudget: the nodes past the budget wait for the next loop.
      if (budget <= 0) return;
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
}

/** A taint's time value: Unix seconds of the simulated wall clock (core/dates.ts epoch). */
export function unixSeconds(ms: number): number {
  return Math.floor((EPOCH_MS + ms) / 1000);
}
