/**
 * The cloud's part of the view model (view.ts): the third truth beside the hosts and the API. Per
 * machine its instance (id, state, group); per node group its bounds, target and live machines
 * with the autoscaler's health and scale-up status; the autoscaler's latest decisions, unneeded
 * nodes and deletions in progress. Plain data, built on demand from the state.
 */

import type { InstanceState } from '../core/cloud-types';
import type { Engine } from '../core/engine';
import { CA_NAME, CCM_NAME } from './bootstrap';
import { cloudProcess } from './processes';
import { instanceByProviderId, nodeGroups, PROVIDER_NAME } from './provider';

export interface InstanceView {
  id: string;
  /** The machine (host) and the Node name it registers. */
  host: string;
  group?: string;
  zone: string;
  machineType: string;
  state: InstanceState;
  /** When the state last changed, and why (EC2's StateTransitionReason). */
  since: number;
  reason: string;
  launchedAt: number;
  /** A Node carries this instance's providerID (or, before its initialization, the host's name). */
  registered: boolean;
  /** For the autoscaler: a group's machine with no Node, since when (`unregistered` in its status). */
  unregisteredSince?: number;
}

export interface NodeGroupView {
  name: string;
  zone: string;
  machineType: string;
  cpu: number;
  memory: number;
  min: number;
  /** The group's target size (desired capacity). */
  target: number;
  max: number;
  /** Live machines (not terminated), and how many of them have a Ready Node. */
  instances: number;
  ready: number;
  /** The autoscaler's last status for the group (absent without an autoscaler or before its first loop). */
  health?: string;
  scaleUp?: string;
  backoffUntil?: number;
}

export interface UnneededNodeView {
  node: string;
  since: number;
  /** When the unneeded time runs out (Ready: scale-down-unneeded-time, else -unready-time). */
  removableAt: number;
}

export interface AutoscalerView {
  /** The scenario runs one (spec.cloud.autoscaler). */
  enabled: boolean;
  /** Its process runs on the control-plane node. */
  running: boolean;
  clusterHealth?: string;
  /** Nodes unneeded now (scale-down candidates, tainted DeletionCandidateOfClusterAutoscaler). */
  unneeded: UnneededNodeView[];
  /** Nodes found unremovable, with the reason (`NotUnderutilized`, `NotReplicated`, `NodeGroupMinSizeReached`...). */
  unremovable: { node: string; reason: string }[];
  /** Nodes being removed (tainted ToBeDeleted, drained, deleted). */
  deleting: { node: string; startedAt: number; drain: boolean }[];
  /** Latest decisions, newest first: `{ref: 'Pod/default/web-1', text: 'cluster-autoscaler: …'}`. */
  decisions: { ref: string; at: number; text: string }[];
}

export interface CloudView {
  provider: string;
  instances: InstanceView[];
  groups: NodeGroupView[];
  /** cloud-controller-manager's process runs (its node controllers act). */
  cloudControllerManager: boolean;
  autoscaler: AutoscalerView;
}

/** The instance of each host, for NodeView (`instance`). */
export function instanceOfHostView(
  e: Engine,
  host: string,
): { id: string; state: InstanceState; group?: string } | undefined {
  const id = e.state.hosts[host]?.instance;
  const inst = id === undefined ? undefined : e.state.cloud?.instances[id];
  if (!inst) return undefined;
  return inst.group === undefined
    ? { id: inst.id, state: inst.state }
    : { id: inst.id, state: inst.state, group: inst.group };
}

export function buildCloudView(e: Engine): CloudView | undefined {
  const cloud = e.state.cloud;
  if (!cloud) return undefined;
  const ca = cloud.ca;
  const registered = new Set<string>();
  for (const n of e.list('Node')) {
    const inst = n.spec.providerID ? instanceByProviderId(e, n.spec.providerID) : undefined;
    registered.add(inst?.id ?? e.state.hosts[n.metadata.name]?.instance ?? '');
  }
  const instances: InstanceView[] = Object.values(cloud.instances).map((i) => {
    const v: InstanceView = {
      id: i.id,
      host: i.host,
      zone: i.zone,
      machineType: i.machineType,
      state: i.state,
      since: i.since,
      reason: i.reason,
      launchedAt: i.launchedAt,
      registered: registered.has(i.id),
    };
    if (i.group !== undefined) v.group = i.group;
    const since = ca?.unregistered[i.id];
    if (since !== undefined) v.unregisteredSince = since;
    return v;
  });
  const groups = nodeGroups(e).map((g) => {
    const live = instances.filter((i) => i.group === g.name && i.state !== 'terminated');
    const ready = live.filter((i) =>
      e.get('Node', i.host)?.status.conditions.some((c) => c.type === 'Ready' && c.status === 'True'),
    ).length;
    const v: NodeGroupView = {
      name: g.name,
      zone: g.zone,
      machineType: g.machineType,
      cpu: g.cpu,
      memory: g.memory,
      min: g.min,
      target: g.target,
      max: g.max,
      instances: live.length,
      ready,
    };
    const health = ca?.conditions[`${g.name}/health`]?.status;
    const scaleUp = ca?.conditions[`${g.name}/scaleUp`]?.status;
    if (health) v.health = health;
    if (scaleUp) v.scaleUp = scaleUp;
    const b = ca?.backoff[g.name];
    if (b && b.until > e.now) v.backoffUntil = b.until;
    return v;
  });
  const s = e.state.settings;
  const autoscaler: AutoscalerView = {
    enabled: cloud.autoscaler,
    running: cloud.autoscaler && cloudProcess(e, CA_NAME) !== undefined,
    unneeded: Object.entries(ca?.unneeded ?? {})
      .map(([node, since]) => {
        const ready = e.get('Node', node)?.status.conditions.some((c) => c.type === 'Ready' && c.status === 'True');
        return { node, since, removableAt: since + (ready ? s.scaleDownUnneededTime : s.scaleDownUnreadyTime) };
      })
      .sort((a, b) => (a.node < b.node ? -1 : 1)),
    unremovable: Object.entries(ca?.unremovable ?? {})
      .map(([node, u]) => ({ node, reason: u.reason }))
      .sort((a, b) => (a.node < b.node ? -1 : 1)),
    deleting: Object.entries(ca?.deletions ?? {})
      .map(([node, d]) => ({ node, startedAt: d.startedAt, drain: d.drain }))
      .sort((a, b) => (a.node < b.node ? -1 : 1)),
    decisions: Object.entries(ca?.decisions ?? {})
      .map(([ref, d]) => ({ ref, at: d.at, text: d.text }))
      .sort((a, b) => b.at - a.at || (a.ref < b.ref ? -1 : 1))
      .slice(0, 20),
  };
  const health = ca?.conditions.health?.status;
  if (health) autoscaler.clusterHealth = health;
  return {
    provider: PROVIDER_NAME,
    instances,
    groups,
    cloudControllerManager: cloudProcess(e, CCM_NAME) !== undefined,
    autoscaler,
  };
}
