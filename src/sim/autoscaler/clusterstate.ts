/**
 * The autoscaler's view of the cluster, rebuilt every loop (cluster-autoscaler 1.33
 * clusterstate/clusterstate.go `UpdateNodes`), docs/reference/cloud.md §3.4–3.7:
 * - readiness buckets per node group and cluster-wide (`updateReadinessStats`): beingDeleted (the
 *   instance is gone), ready (Ready True, no DiskPressure or NetworkUnavailable: utils/kubernetes/
 *   ready.go `GetNodeReadiness`), notStarted (not ready, created less than 15 minutes ago),
 *   unready (not ready and older);
 * - unregistered instances (a group's instance whose providerID no Node carries), long
 *   unregistered once first seen more than max-node-provision-time ago;
 * - acceptable ranges, scale-up requests finishing or timing out (`ScaleUpTimedOut`, back-off),
 *   and node groups whose registered size stays below target (`updateIncorrectNodeGroupSizes`);
 * - cluster and node group health (`IsClusterHealthy`, `IsNodeGroupHealthy`) and the upcoming
 *   nodes of each group (`GetUpcomingNodes`, 1.33: target − ready − unready − longUnregistered,
 *   so an unregistered zombie counts as one upcoming node).
 */

import { instanceByProviderId, nodeGroups } from '../cloud/provider';
import { TAINT_TO_BE_DELETED } from '../cloud/taints';
import type { Node } from '../core/api-types';
import type { AutoscalerMemory, CloudInstance } from '../core/cloud-types';
import type { Engine } from '../core/engine';
import { backoffGroup } from './backoff';
import { statusEvent } from './events';

/** clusterstate.go MaxNodeStartupTime (a constant in 1.33; a flag from 1.35). */
export const MAX_NODE_STARTUP_TIME_MS = 15 * 60_000;

export interface Readiness {
  ready: string[];
  unready: string[];
  notStarted: string[];
  /** beingDeleted: the Node's instance no longer exists. */
  deleted: string[];
  registered: string[];
  longUnregistered: string[];
  unregistered: string[];
}

export interface AcceptableRange {
  minNodes: number;
  maxNodes: number;
  target: number;
}

export interface UnregisteredInstance {
  instance: CloudInstance;
  group: string;
  since: number;
}

export interface ClusterState {
  nodes: Node[];
  /** Node name -> its node group (autoscaled nodes only). */
  groupOf: Map<string, string>;
  total: Readiness;
  perGroup: Map<string, Readiness>;
  unregistered: UnregisteredInstance[];
  acceptable: Map<string, AcceptableRange>;
}

export function emptyReadiness(): Readiness {
  return {
    ready: [],
    unready: [],
    notStarted: [],
    deleted: [],
    registered: [],
    longUnregistered: [],
    unregistered: [],
  };
}

/** GetNodeReadiness: Ready True and neither DiskPressure nor NetworkUnavailable True. */
export function nodeIsReady(node: Node): boolean {
  let ready = false;
  for (const c of node.status.conditions) {
    if (c.type === 'Ready') ready = c.status === 'True';
    else if ((c.type === 'DiskPressure' || c.type === 'NetworkUnavailable') && c.status === 'True') return false;
  }
  return ready;
}

/** HasInstance: the Node's instance still exists; without one, whether it carries ToBeDeleted. */
function hasCloudInstance(node: Node, inst: CloudInstance | undefined): boolean {
  if (inst) return inst.state !== 'terminated';
  return !node.spec.taints.some((t) => t.key === TAINT_TO_BE_DELETED);
}

/** Unregistered instances, each with the loop that first saw it (kept while it stays unregistered). */
function updateUnregistered(e: Engine, ca: AutoscalerMemory, nodes: readonly Node[]): UnregisteredInstance[] {
  const registered = new Set<string>();
  for (const n of nodes) if (n.spec.providerID) registered.add(n.spec.providerID);
  const seen: Record<string, true> = {};
  const byGroup = new Map<string, CloudInstance[]>();
  for (const inst of Object.values(e.state.cloud?.instances ?? {})) {
    if (inst.group === undefined || inst.state === 'terminated' || registered.has(inst.providerID)) continue;
    const list = byGroup.get(inst.group);
    if (list) list.push(inst);
    else byGroup.set(inst.group, [inst]);
  }
  const out: UnregisteredInstance[] = [];
  for (const g of nodeGroups(e)) {
    for (const inst of byGroup.get(g.name) ?? []) {
      const since = ca.unregistered[inst.id] ?? e.now;
      ca.unregistered[inst.id] = since;
      seen[inst.id] = true;
      out.push({ instance: inst, group: g.name, since });
    }
  }
  for (const id of Object.keys(ca.unregistered)) if (!seen[id]) delete ca.unregistered[id];
  return out;
}

function readinessStats(e: Engine, nodes: readonly Node[], unregistered: readonly UnregisteredInstance[]) {
  const total = emptyReadiness();
  const perGroup = new Map<string, Readiness>();
  const groupOf = new Map<string, string>();
  const bucket = (r: Readiness, node: Node, deleted: boolean, ready: boolean) => {
    const name = node.metadata.name;
    r.registered.push(name);
    if (deleted) r.deleted.push(name);
    else if (ready) r.ready.push(name);
    else if (node.metadata.creationTimestamp + MAX_NODE_STARTUP_TIME_MS > e.now) r.notStarted.push(name);
    else r.unready.push(name);
  };
  const groups = e.state.cloud?.groups;
  for (const node of nodes) {
    const pid = node.spec.providerID;
    const inst = pid ? instanceByProviderId(e, pid) : undefined;
    const deleted = !hasCloudInstance(node, inst);
    const ready = nodeIsReady(node);
    // NodeGroupForNode, through the instance.
    const g = inst?.group !== undefined ? groups?.[inst.group] : undefined;
    if (g) {
      groupOf.set(node.metadata.name, g.name);
      let r = perGroup.get(g.name);
      if (!r) {
        r = emptyReadiness();
        perGroup.set(g.name, r);
      }
      bucket(r, node, deleted, ready);
    }
    bucket(total, node, deleted, ready);
  }
  const provision = e.state.settings.maxNodeProvisionTime;
  for (const u of unregistered) {
    let r = perGroup.get(u.group);
    if (!r) {
      r = emptyReadiness();
      perGroup.set(u.group, r);
    }
    const name = u.instance.providerID;
    const long = u.since + provision < e.now;
    (long ? r.longUnregistered : r.unregistered).push(name);
    (long ? total.longUnregistered : total.unregistered).push(name);
  }
  return { total, perGroup, groupOf };
}

/** updateAcceptableRanges: the target, less long unregistered and requested increases; plus deletions. */
function acceptableRanges(e: Engine, ca: AutoscalerMemory, perGroup: Map<string, Readiness>) {
  const out = new Map<string, AcceptableRange>();
  for (const g of nodeGroups(e)) {
    const long = perGroup.get(g.name)?.longUnregistered.length ?? 0;
    const req = ca.scaleUpRequests[g.name]?.increase ?? 0;
    let deleting = 0;
    for (const d of Object.values(ca.deletions)) if (d.group === g.name) deleting++;
    out.set(g.name, { minNodes: g.target - long - req, maxNodes: g.target + deleting, target: g.target });
  }
  return out;
}

/** Recalculate: acceptable ranges again after a scale-up or a deletion changed targets and requests. */
export function recalculate(e: Engine, ca: AutoscalerMemory, cs: ClusterState): void {
  cs.acceptable = acceptableRanges(e, ca, cs.perGroup);
}

/** Nodes registered and started in a group (provisioned) against its target. */
export function upcomingInGroup(cs: ClusterState, group: string): boolean {
  const r = cs.perGroup.get(group);
  const target = cs.acceptable.get(group)?.target ?? 0;
  const provisioned = r ? r.registered.length - r.notStarted.length : 0;
  return target > provisioned;
}

/** updateScaleRequests: finished requests go; one past its expected add time times out. */
function updateScaleRequests(e: Engine, ca: AutoscalerMemory, cs: ClusterState): void {
  for (const name of Object.keys(ca.scaleUpRequests).sort()) {
    const req = ca.scaleUpRequests[name];
    if (!req) continue;
    if (!upcomingInGroup(cs, name)) {
      delete ca.scaleUpRequests[name];
      e.trace(`cluster-autoscaler: Scale up in group ${name} finished successfully in ${(e.now - req.time) / 1000}s`);
      continue;
    }
    if (req.expectedAddTime < e.now) {
      const took = goDuration(e.now - req.time);
      const cause = e.cause({
        actor: 'cluster-autoscaler',
        what: `scale-up of group ${name} timed out after ${took}`,
        rule: 'nodes added by the scale-up did not register and become Ready in time',
        constant: `maxNodeProvisionTime=${e.state.settings.maxNodeProvisionTime / 60_000}m`,
        parents: [req.cause],
      });
      e.trace(`cluster-autoscaler: Scale-up timed out for node group ${name} after ${took}`);
      statusEvent(
        e,
        ca,
        'Warning',
        'ScaleUpTimedOut',
        `Nodes added to group ${name} failed to register within ${took}`,
        cause,
      );
      backoffGroup(e, ca, name, 'timeout', `Scale-up timed out for node group ${name} after ${took}`);
      delete ca.scaleUpRequests[name];
    }
  }
}

/** updateIncorrectNodeGroupSizes: registered outside [target − unregistered, target], with when first seen. */
function updateIncorrectSizes(ca: AutoscalerMemory, cs: ClusterState, now: number): void {
  const seen: Record<string, true> = {};
  for (const [name, range] of cs.acceptable) {
    const r = cs.perGroup.get(name);
    if (!r) continue;
    const unregistered = r.unregistered.length + r.longUnregistered.length;
    const current = r.registered.length;
    if (current > range.target || current < range.target - unregistered) {
      const prev = ca.incorrectSizes[name];
      const same = prev && prev.current === current && prev.expected === range.target;
      ca.incorrectSizes[name] = same ? prev : { current, expected: range.target, since: now };
      seen[name] = true;
    }
  }
  for (const k of Object.keys(ca.incorrectSizes)) if (!seen[k]) delete ca.incorrectSizes[k];
}

/** `UpdateNodes`: everything the loop reads about the cluster, with the timeouts it implies. */
export function updateClusterState(e: Engine, ca: AutoscalerMemory, nodes: Node[]): ClusterState {
  const unregistered = updateUnregistered(e, ca, nodes);
  const { total, perGroup, groupOf } = readinessStats(e, nodes, unregistered);
  const cs: ClusterState = { nodes, groupOf, total, perGroup, unregistered, acceptable: new Map() };
  cs.acceptable = acceptableRanges(e, ca, perGroup);
  for (const [k, b] of Object.entries(ca.backoff)) if (b.lastFailed + BACKOFF_RESET_MS < e.now) delete ca.backoff[k];
  updateScaleRequests(e, ca, cs);
  cs.acceptable = acceptableRanges(e, ca, perGroup);
  updateIncorrectSizes(ca, cs, e.now);
  return cs;
}

/** --node-group-backoff-reset-timeout: back-off data is forgotten 3h after the last failure. */
export const BACKOFF_RESET_MS = 3 * 3_600_000;

/** IsClusterHealthy: unready > ok-total-unready-count and > max-total-unready-percentage of all nodes. */
export function isClusterHealthy(e: Engine, cs: ClusterState): boolean {
  const unready = cs.total.unready.length;
  const s = e.state.settings;
  return !(unready > s.okTotalUnreadyCount && unready > (s.maxTotalUnreadyPercentage / 100) * cs.nodes.length);
}

/** IsNodeGroupHealthy: too few ready nodes against the acceptable minimum, by the same two limits. */
export function isNodeGroupHealthy(e: Engine, cs: ClusterState, group: string): boolean {
  const range = cs.acceptable.get(group);
  if (!range) return false;
  const r = cs.perGroup.get(group);
  if (!r) return range.target === 0 || (range.minNodes === 0 && range.target > 0);
  const unjustified = Math.max(0, range.minNodes - r.ready.length);
  const s = e.state.settings;
  const size = r.ready.length + r.unready.length + r.notStarted.length;
  return !(unjustified > s.okTotalUnreadyCount && unjustified > (s.maxTotalUnreadyPercentage / 100) * size);
}

/** GetUpcomingNodes (1.33): per group, target − (ready + unready + longUnregistered), when positive. */
export function upcomingNodes(cs: ClusterState): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, range] of cs.acceptable) {
    const r = cs.perGroup.get(name);
    const have = r ? r.ready.length + r.unready.length + r.longUnregistered.length : 0;
    const n = range.target - have;
    if (n > 0) out.set(name, n);
  }
  return out;
}

/** Go's time.Duration.String for whole milliseconds: `15m0s`, `15m10s`, `1h0m0s`, `1.5s`. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = (ms % 60_000) / 1000;
  const sec = `${Number.isInteger(s) ? s : s.toFixed(3).replace(/0+$/, '')}s`;
  if (h > 0) return `${h}h${m}m${sec}`;
  if (m > 0) return `${m}m${sec}`;
  return sec;
}
