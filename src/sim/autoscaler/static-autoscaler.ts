/**
 * cluster-autoscaler's loop (1.33 core/static_autoscaler.go `RunOnce`), docs/reference/cloud.md §3.3,
 * one call per --scan-interval (10s; CA ≤1.34 sleeps the interval between loops and has no early
 * loops). In order:
 * 1. nodes and pods from the API (nothing at all while the API is down); an empty or all-unready
 *    cluster stops here (`Cluster has no ready nodes.`);
 * 2. the cluster state (clusterstate.ts), written to the status ConfigMap at the end of the loop
 *    however it ends;
 * 3. unregistered machines older than max-node-provision-time are deleted (DeleteUnregistered),
 *    within the group's min size, even when the cluster is unhealthy;
 * 4. an unhealthy cluster stops the loop: `ClusterUnhealthy` "Cluster is unhealthy", unneeded
 *    timers forgotten, no scale-up, no scale-down;
 * 5. fixNodeGroupSize; upcoming nodes join the simulation, pending pods that fit existing or
 *    upcoming nodes are dropped, pods younger than 2s make the loop wait ("very new");
 * 6. scale-up (scale-up.ts), and in a loop without one the NotTriggerScaleUp events;
 * 7. scale-down: unneeded nodes and soft taints always, deletions unless in cooldown.
 */

import { clone } from '../api/podutil';
import { terminateInstance } from '../cloud/lifecycle';
import { groupInstances, instanceByProviderId } from '../cloud/provider';
import { TAINT_TO_BE_DELETED } from '../cloud/taints';
import type { Pod } from '../core/api-types';
import { causeAt } from '../core/cause-log';
import type { AutoscalerMemory } from '../core/cloud-types';
import type { Engine } from '../core/engine';
import { minOf } from '../core/lists';
import { startDeletion } from './actuator';
import { healthChapter, unregisteredRemovedChapter } from './chapters';
import {
  type ClusterState,
  goDuration,
  isClusterHealthy,
  nodeIsReady,
  recalculate,
  upcomingNodes,
  updateClusterState,
} from './clusterstate';
import { CA_SOURCE, caEvent, nodeRef, pruneSpamFilter, statusEvent } from './events';
import { planScaleDown, type Removable, unneededLongEnough, updateSoftDeletionTaints } from './scale-down';
import { notTriggerScaleUp, scaleUp } from './scale-up';
import { packPods, SchedulingSnapshot } from './simulation';
import { buildStatus, initializingStatus, writeStatusConfigMap } from './status';

/** static_autoscaler.go unschedulablePodTimeBuffer. */
const UNSCHEDULABLE_POD_TIME_BUFFER_MS = 2000;

/** Pending pods the scheduler gave up on: no node, PodScheduled=False Unschedulable, not deleted. */
function unschedulablePods(e: Engine): Pod[] {
  const out: Pod[] = [];
  // The engine keeps the pods without a node in store order (the scheduler's queue).
  for (const p of e.unboundPods()) {
    if (p.spec.nodeName || p.metadata.deletionTimestamp !== undefined || p.status.phase !== 'Pending') continue;
    const cond = p.status.conditions.find((c) => c.type === 'PodScheduled');
    if (cond?.status !== 'False' || cond.reason !== 'Unschedulable') continue;
    // FilterOutDaemonSetPodListProcessor: a new node would not help a DaemonSet pod.
    if (p.metadata.ownerReferences.some((r) => r.controller && r.kind === 'DaemonSet')) continue;
    out.push(p);
  }
  return out.sort(
    (a, b) =>
      (b.spec.priority ?? 0) - (a.spec.priority ?? 0) ||
      a.metadata.creationTimestamp - b.metadata.creationTimestamp ||
      (a.metadata.name < b.metadata.name ? -1 : 1),
  );
}

/** allPodsAreNew: the oldest pod, or its failed scheduling, is less than 2s old. */
function allPodsAreNew(pods: readonly Pod[], now: number): boolean {
  const oldestCreated = minOf(pods, (p) => p.metadata.creationTimestamp);
  if (oldestCreated + UNSCHEDULABLE_POD_TIME_BUFFER_MS > now) return true;
  const tried = minOf(pods, (p) => p.status.conditions.find((c) => c.type === 'PodScheduled')?.lastTransitionTime ?? 0);
  return tried + UNSCHEDULABLE_POD_TIME_BUFFER_MS > now;
}

/**
 * static_autoscaler.go cleanUpIfRequired: a new process removes the `ToBeDeletedByClusterAutoscaler`
 * taints a previous one left on the nodes of its node groups (taints.go CleanAllToBeDeleted, one
 * event per node it changed). `DeletionCandidateOfClusterAutoscaler` is cleaned here only with
 * `--max-bulk-soft-taint-count=0` (soft tainting off); with the default 10 it stays, and the
 * soft-taint pass keeps it on a node still unneeded, removes it from the others.
 */
function cleanUp(e: Engine, ca: AutoscalerMemory): void {
  const groups = e.state.cloud?.groups;
  for (const node of e.list('Node').sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))) {
    if (!node.spec.taints.some((t) => t.key === TAINT_TO_BE_DELETED)) continue;
    // filterNodesFromSelectedGroups: NodeGroupForNode, through the instance.
    const inst = node.spec.providerID ? instanceByProviderId(e, node.spec.providerID) : undefined;
    if (inst?.group === undefined || !groups?.[inst.group]) continue;
    const cause = e.cause({
      actor: CA_SOURCE,
      what: `cluster-autoscaler: clean ${TAINT_TO_BE_DELETED} left on ${node.metadata.name} by a previous process`,
    });
    const next = clone(node);
    next.spec.taints = next.spec.taints.filter((t) => t.key !== TAINT_TO_BE_DELETED);
    // CleanTaints with --cordon-node-before-terminating: uncordoned as well.
    delete next.spec.unschedulable;
    e.put(next, `untaint ${TAINT_TO_BE_DELETED}`, cause);
    // CleanAllTaints: "removed %v taints from node %v", the keys joined by ",".
    caEvent(
      e,
      ca,
      nodeRef(node),
      'Normal',
      'ClusterAutoscalerCleanup',
      `removed ${TAINT_TO_BE_DELETED} taints from node ${node.metadata.name}`,
      cause,
    );
  }
}

/** removeOldUnregisteredNodes: delete machines unregistered for max-node-provision-time, within min size. */
function removeOldUnregistered(e: Engine, ca: AutoscalerMemory, cs: ClusterState): void {
  if (cs.unregistered.length === 0) return;
  e.trace(`cluster-autoscaler: ${cs.unregistered.length} unregistered nodes present`, false);
  const provision = e.state.settings.maxNodeProvisionTime;
  const byGroup = new Map<string, typeof cs.unregistered>();
  for (const u of cs.unregistered) {
    if (!(u.since + provision < e.now)) continue;
    e.trace(`cluster-autoscaler: Marking unregistered node ${u.instance.providerID} for removal`);
    byGroup.set(u.group, [...(byGroup.get(u.group) ?? []), u]);
  }
  for (const [name, list] of [...byGroup].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const g = e.state.cloud?.groups[name];
    if (!g) continue;
    const possible = g.target - g.min;
    // Repeated every loop while the group sits at its min: a log line, not a change.
    e.trace(`cluster-autoscaler: Removing ${list.length} unregistered nodes for node group ${name}`, possible > 0);
    if (possible <= 0) {
      e.trace(
        `cluster-autoscaler: Node group ${name} min size reached, skipping removal of ${list.length} unregistered nodes`,
        false,
      );
      ca.decisions[`NodeGroup/${name}`] = {
        at: e.now,
        text: `cluster-autoscaler: node group ${name} min size reached, skipping removal of ${list.length} unregistered nodes`,
        cause: list[0]?.instance.cause ?? 0,
      };
      continue;
    }
    for (const u of list.slice(0, possible)) {
      const cause = e.cause({
        actor: CA_SOURCE,
        what: `cluster-autoscaler: remove unregistered node ${u.instance.providerID} (${u.instance.host}): no Node for ${goDuration(e.now - u.since)}`,
        rule: 'a machine of the group has had no Node since max-node-provision-time',
        constant: `maxNodeProvisionTime=${provision / 60_000}m`,
        // Why it has no Node: the Node's deletion (the seed's `kubectl delete node`), else its launch.
        parents: [e.lastCause(`Node/${u.instance.host}`, 'deleted') ?? u.instance.cause],
      });
      terminateInstance(e, u.instance, 'terminated by cluster-autoscaler: unregistered for too long', cause, true);
      statusEvent(e, ca, 'Normal', 'DeleteUnregistered', `Removed unregistered node ${u.instance.providerID}`, cause);
      unregisteredRemovedChapter(e, u.instance.host, cause);
      ca.decisions[`Host/${u.instance.host}`] = { at: e.now, text: causeAt(e.state.causes, cause)?.what ?? '', cause };
    }
    e.trace('cluster-autoscaler: Some unregistered nodes were removed');
  }
}

/** fixNodeGroupSize: a group registered below its target for max-node-provision-time loses the difference. */
function fixNodeGroupSize(e: Engine, ca: AutoscalerMemory): boolean {
  let fixed = false;
  for (const [name, inc] of Object.entries(ca.incorrectSizes).sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const g = e.state.cloud?.groups[name];
    if (!g || !(inc.since + e.state.settings.maxNodeProvisionTime < e.now)) continue;
    const delta = inc.current - inc.expected;
    if (delta >= 0) continue;
    // DecreaseTargetSize must not delete existing machines.
    if (g.target + delta < groupInstances(e, name).length) continue;
    e.trace(
      `cluster-autoscaler: Decreasing size of ${name}, expected=${inc.expected} current=${inc.current} delta=${delta}`,
    );
    g.target += delta;
    fixed = true;
  }
  return fixed;
}

function isScaleDownInCooldown(e: Engine, ca: AutoscalerMemory, disabledForLoop: boolean): boolean {
  const s = e.state.settings;
  return (
    disabledForLoop ||
    ca.lastScaleUpTime + s.scaleDownDelayAfterAdd > e.now ||
    ca.lastScaleDownFailTime + s.scaleDownDelayAfterFailure > e.now ||
    ca.lastScaleDownDeleteTime + s.scaleDownDelayAfterDelete > e.now
  );
}

/** NodesToDelete: unneeded long enough, within the groups' min sizes; empty and drained apart. */
function nodesToDelete(e: Engine, ca: AutoscalerMemory, removable: Map<string, Removable>) {
  const size = new Map<string, number>();
  for (const d of Object.values(ca.deletions)) size.set(d.group, (size.get(d.group) ?? 0) - 1);
  const empty: Removable[] = [];
  const drain: Removable[] = [];
  for (const [name, r] of [...removable].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const since = ca.unneeded[name];
    if (since === undefined || !unneededLongEnough(e, r.node, since)) continue;
    const g = e.state.cloud?.groups[r.group];
    if (!g) continue;
    const left = g.target + (size.get(g.name) ?? 0);
    if (left <= g.min) {
      e.trace(`cluster-autoscaler: Skipping ${name} - node group min size reached`, false);
      ca.unremovable[name] = { until: e.now, reason: 'NodeGroupMinSizeReached' };
      continue;
    }
    size.set(g.name, (size.get(g.name) ?? 0) - 1);
    (r.podsToMove.length > 0 ? drain : empty).push(r);
  }
  return { empty, drain };
}

/** One loop. */
export function runOnce(e: Engine, ca: AutoscalerMemory): void {
  const first = ca.loops === 0;
  ca.loops++;
  if (first) cleanUp(e, ca);
  pruneSpamFilter(e, ca);
  const nodes = e.nodesByName();
  if (!nodes.some(nodeIsReady)) {
    const msg = nodes.length === 0 ? 'Cluster has no nodes.' : 'Cluster has no ready nodes.';
    e.trace(`cluster-autoscaler: ${msg}`, false);
    writeStatusConfigMap(e, initializingStatus(e, msg), 0);
    // NodesNotReadyAfterStartTimeout: no event in the first 10 minutes of the process.
    if (nodes.length === 0 || e.now > ca.startedAt + 10 * 60_000)
      statusEvent(e, ca, 'Warning', 'ClusterUnhealthy', msg, 0);
    ca.unneeded = {};
    return;
  }
  const cs = updateClusterState(e, ca, nodes);
  try {
    removeOldUnregistered(e, ca, cs);
    if (!isClusterHealthy(e, cs)) {
      e.trace('cluster-autoscaler: Cluster is not ready for autoscaling', false);
      ca.unneeded = {};
      // One cause per unhealthy spell (and its chapter), not one per loop.
      let cause = ca.decisions.Cluster?.cause;
      if (cause === undefined) {
        cause = e.cause({
          actor: CA_SOURCE,
          what: `cluster-autoscaler: cluster unhealthy, ${cs.total.unready.length} of ${nodes.length} nodes unready: no scale-up, no scale-down`,
          rule: 'unready nodes above ok-total-unready-count and above max-total-unready-percentage of all nodes',
          constant: `maxTotalUnreadyPercentage=${e.state.settings.maxTotalUnreadyPercentage}`,
          parents: cs.total.unready.slice(0, 4).map((n) => e.lastCause(`Node/${n}`, 'Ready') ?? 0),
        });
        healthChapter(e, false, cause);
        ca.decisions.Cluster = { at: e.now, text: causeAt(e.state.causes, cause)?.what ?? '', cause };
      }
      statusEvent(e, ca, 'Warning', 'ClusterUnhealthy', 'Cluster is unhealthy', cause);
      return;
    }
    const was = ca.decisions.Cluster;
    if (was) {
      healthChapter(e, true, was.cause);
      delete ca.decisions.Cluster;
    }
    if (fixNodeGroupSize(e, ca)) {
      e.trace('cluster-autoscaler: Some node group target size was fixed, skipping the iteration');
      return;
    }
    loopBody(e, ca, cs);
  } finally {
    writeStatusConfigMap(e, buildStatus(e, ca, cs, ca.scaleDownProbe), 0);
  }
}

/** Steps 5–7. */
function loopBody(e: Engine, ca: AutoscalerMemory, cs: ClusterState): void {
  const snap = new SchedulingSnapshot(e, cs.nodes);
  const notStarted = new Set<string>();
  for (const [group, count] of upcomingNodes(cs)) {
    const g = e.state.cloud?.groups[group];
    if (g) snap.addFakeNodes(g, count);
    for (const n of cs.perGroup.get(group)?.notStarted ?? []) notStarted.add(n);
  }
  const pending = unschedulablePods(e);
  // FilterOutSchedulable: what fits existing or upcoming nodes needs no new node (NotStarted ones are replaced by fakes).
  const toHelp = pending.length ? packPods(snap, pending, (sn) => !notStarted.has(sn.name)) : [];
  let disableScaleDown = false;
  if (toHelp.length > 0) {
    if (allPodsAreNew(toHelp, e.now)) {
      e.trace('cluster-autoscaler: Unschedulable pods are very new, waiting one iteration for more', false);
      disableScaleDown = true;
    } else {
      const st = scaleUp(e, ca, cs, toHelp);
      if (st.result === 'Successful') {
        // postScaleUp: a scale-up ends the loop (no scale-down in it); the status sees the new target.
        ca.lastScaleUpTime = e.now;
        recalculate(e, ca, cs);
        return;
      }
      notTriggerScaleUp(e, ca, st.remaining);
    }
  }
  const plan = planScaleDown(e, ca, cs, notStarted, snap);
  ca.scaleDownProbe = e.now;
  if (!isScaleDownInCooldown(e, ca, disableScaleDown) && plan.removable.size > 0) {
    const { empty, drain } = nodesToDelete(e, ca, plan.removable);
    if (startDeletion(e, ca, empty, drain)) {
      ca.lastScaleDownDeleteTime = e.now;
      recalculate(e, ca, cs);
    }
  }
  updateSoftDeletionTaints(e, ca, cs);
}
