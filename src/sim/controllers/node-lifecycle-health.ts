/**
 * Node health as the node-lifecycle-controller judges it (reference §2.2 steps 1–4):
 * `tryUpdateNodeHealth` (probe timestamps from Lease renewals and Ready heartbeats, the grace
 * period, Unknown conditions) and `MarkPodsNotReady`.
 *
 * Cause/history `what` prefixes: `Ready=Unknown` (node conditions set Unknown),
 * `Ready=False (NodeNotReady)` (pod Ready condition set False by MarkPodsNotReady).
 */
import { statusWrite } from '../api/podutil';
import type { ConditionStatus, Lease, Node, NodeCondition, Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import { joinKey } from '../core/key-memo';
import { QuietMemo } from '../core/quiet-memo';
import type { ControllerMemory, NodeHealth } from '../core/state';
import { controlPlaneHost, formatDuration } from '../core/world';
import { controllerMemory } from './control-plane';
import { condition } from './node-lifecycle-taints';

/** Conditions the controller sets Unknown; NetworkUnavailable is "managed on a control plane level". NLC [C] */
const UNKNOWN_CONDITION_TYPES: NodeCondition['type'][] = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'];

export interface HealthResult {
  /** Ready status at the start of the pass (a missing Ready counts as Unknown). */
  observed: ConditionStatus;
  /** Ready status after the pass, undefined if the node has no Ready condition. */
  current: ConditionStatus | undefined;
  /** Cause of the Unknown write, when this pass wrote it. */
  unknownCause?: number;
}

/**
 * The host-side cause behind a silent node: power off, a cut link (the node's or the control
 * plane's), the kubelet stopped; else the last cause recorded on the Node.
 */
export function silenceParents(e: Engine, nodeName: string): number[] {
  const h = e.state.hosts[nodeName];
  const cp = controlPlaneHost(e);
  if (h) {
    if (h.power !== 'on') return [h.powerCause];
    if (h.networkCut) return [h.networkCause];
    if (cp && cp.name !== h.name && cp.networkCut) return [cp.networkCause];
    const k = h.services.kubelet;
    if (k && !k.active) return [k.cause];
  }
  const last = e.lastCause(`Node/${nodeName}`);
  return last !== undefined ? [last] : [];
}

function saveReady(h: NodeHealth, ready: NodeCondition | undefined): void {
  if (ready) {
    h.observedReady = ready.status;
    h.lastReadyHeartbeat = ready.lastHeartbeatTime;
    h.lastReadyTransition = ready.lastTransitionTime;
  } else {
    delete h.observedReady;
    delete h.lastReadyTransition;
  }
}

function freshHealth(at: number, ready: NodeCondition | undefined): NodeHealth {
  const h: NodeHealth = {
    probeTimestamp: at,
    readyTransitionTimestamp: at,
    lastReadyHeartbeat: 0,
    lastLeaseRenew: 0,
    leaseSeen: false,
  };
  saveReady(h, ready);
  return h;
}

function allUnknown(node: Node): boolean {
  return UNKNOWN_CONDITION_TYPES.every((type) => condition(node, type)?.status === 'Unknown');
}

function sameCondition(a: NodeCondition | undefined, b: NodeCondition): boolean {
  return (
    a !== undefined &&
    a.status === b.status &&
    a.reason === b.reason &&
    a.message === b.message &&
    a.lastHeartbeatTime === b.lastHeartbeatTime &&
    a.lastTransitionTime === b.lastTransitionTime
  );
}

/**
 * `tryUpdateNodeHealth`: refresh the probe timestamp on a new Ready heartbeat or Lease renewal;
 * past the grace period set Ready/MemoryPressure/DiskPressure/PIDPressure Unknown (missing ones
 * "never updated") and write the node if Ready changed.
 */
export function tryUpdateNodeHealth(e: Engine, node: Node): Readonly<HealthResult> {
  const m = controllerMemory(e);
  const s = e.state.settings;
  const name = node.metadata.name;
  const now = e.now;
  const lease = e.get('Lease', joinKey('kube-node-lease', name));
  // The same Node, Lease and health as after the last pass, within the grace: nothing to do, and
  // the same Ready status as then (noted with the pass: not read from the Node again).
  const saved = m.nodeHealth[name];
  // The notes are kept per controller memory (the live one outlasts checkpoints), not per
  // `nodeHealth` record, which the first write after a checkpoint copies (Engine.cow.field).
  const quiet = quietPasses.recall4(m, name, node, lease, saved, s, now)?.value;
  if (quiet) return quiet;
  const renewed = leaseRenewal(e, m, name, node, lease, saved, s, now);
  if (renewed) return renewed;
  const cur = condition(node, 'Ready');
  let h: NodeHealth | undefined = saved ? { ...saved } : undefined;
  let observedCond: NodeCondition;
  let grace: number;
  let graceName: string;
  if (!cur) {
    // Never posted: a fake Unknown Ready dated at creation, and the startup grace period.
    observedCond = {
      type: 'Ready',
      status: 'Unknown',
      lastHeartbeatTime: node.metadata.creationTimestamp,
      lastTransitionTime: node.metadata.creationTimestamp,
      reason: '',
      message: '',
    };
    grace = s.nodeStartupGracePeriod;
    graceName = 'nodeStartupGracePeriod';
    if (h) saveReady(h, undefined);
    else h = freshHealth(node.metadata.creationTimestamp, undefined);
  } else {
    observedCond = cur; // read only (a stored object never changes)
    grace = s.nodeMonitorGracePeriod;
    graceName = 'nodeMonitorGracePeriod';
  }
  const savedHasReady = h?.lastReadyTransition !== undefined;
  const savedLeaseSeen = h?.leaseSeen === true;
  const savedLeaseRenew = h?.lastLeaseRenew ?? 0;
  if (!h) {
    e.trace(`node-lifecycle-controller: Missing timestamp for Node ${name}. Assuming now as a timestamp`);
    h = freshHealth(now, cur);
  } else if (!savedHasReady && cur) {
    h = freshHealth(now, cur);
  } else if (savedHasReady && cur && h.lastReadyHeartbeat !== cur.lastHeartbeatTime) {
    const transition = h.lastReadyTransition !== cur.lastTransitionTime ? now : h.readyTransitionTimestamp;
    h = freshHealth(now, cur);
    h.readyTransitionTimestamp = transition;
  }
  // A newer Lease renewTime is a heartbeat too. (A recreated health entry forgets the lease, as upstream does.)
  if (lease && (!savedLeaseSeen || savedLeaseRenew < lease.spec.renewTime)) {
    h.leaseSeen = true;
    h.lastLeaseRenew = lease.spec.renewTime;
    h.probeTimestamp = now;
  }
  const result: HealthResult = { observed: observedCond.status, current: cur?.status };
  // Upstream checks now.After(probe+grace); its 5s loop drifts later every pass, so the check made
  // exactly `grace` after the probe already passes. `>=` reproduces that on our exact 5s grid.
  // Once every condition is Unknown a pass changes nothing: skip the copy (silent nodes are
  // checked every 5s for as long as they stay silent).
  if (now >= h.probeTimestamp + grace && !allUnknown(node)) {
    // A copy sharing what it does not change (stored objects never change): the conditions.
    const next: Node = {
      ...node,
      status: { ...node.status, conditions: node.status.conditions.map((c) => ({ ...c })) },
    };
    for (const type of UNKNOWN_CONDITION_TYPES) {
      const c = next.status.conditions.find((x) => x.type === type);
      if (!c) {
        next.status.conditions.push({
          type,
          status: 'Unknown',
          reason: 'NodeStatusNeverUpdated',
          message: 'Kubelet never posted node status.',
          lastHeartbeatTime: node.metadata.creationTimestamp,
          lastTransitionTime: now,
        });
      } else if (c.status !== 'Unknown') {
        c.status = 'Unknown';
        c.reason = 'NodeStatusUnknown';
        c.message = 'Kubelet stopped posting node status.';
        c.lastTransitionTime = now;
      }
    }
    const nextReady = condition(next, 'Ready');
    if (nextReady && !sameCondition(nextReady, observedCond)) {
      const silent = formatDuration(now - h.probeTimestamp);
      const cause = e.cause({
        actor: 'node-lifecycle-controller',
        what: `Ready=Unknown on ${name}`,
        rule: `no heartbeat for ${formatDuration(grace)}${silent !== formatDuration(grace) ? ` (last ${silent} ago)` : ''}`,
        constant: `${graceName}=${formatDuration(grace)}`,
        parents: silenceParents(e, name),
      });
      e.put(next, `Ready=Unknown (${nextReady.reason})`, cause);
      const probe = h.probeTimestamp;
      h = freshHealth(probe, nextReady);
      h.readyTransitionTimestamp = now;
      if (lease) {
        h.leaseSeen = true;
        h.lastLeaseRenew = lease.spec.renewTime;
      }
      result.current = nextReady.status;
      result.unknownCause = cause;
    }
  }
  e.cow.field(m, 'nodeHealth')[name] = h;
  notePass(m, name, node, lease, result.unknownCause === undefined ? h : undefined, s, grace, result);
  return result;
}

/** Passes over nodes that changed nothing (core/quiet-memo.ts), with the Ready status they read. */
const quietPasses = new QuietMemo<HealthResult>();

/**
 * The note of the last quiet pass over `name` (read only): its inputs (the Node, the Lease, the
 * health record, the settings), until when it holds, and the result it hands back. For the pass's
 * slots (node-lifecycle-monitor-cache.ts).
 */
export function quietNote(
  m: ControllerMemory,
  name: string,
): Readonly<{ inputs: readonly unknown[]; until: number; value: Readonly<HealthResult> | undefined }> | undefined {
  return quietPasses.peek(m, name);
}

/**
 * What `tryUpdateNodeHealth` does for a node whose quiet note stands but for a renewed Lease (the
 * note's Lease is not `lease`, so the note is not recalled): the renewal step alone, with the
 * health record it wrote and until when its new note holds; undefined when that step does not
 * apply (then the full pass must run).
 */
export function leaseRenewalStep(
  e: Engine,
  m: ControllerMemory,
  node: Node,
  lease: Lease | undefined,
  saved: NodeHealth | undefined,
): { value: Readonly<HealthResult>; health: NodeHealth; until: number } | undefined {
  const name = node.metadata.name;
  const value = leaseRenewal(e, m, name, node, lease, saved, e.state.settings, e.now);
  const n = value && quietPasses.peek(m, name);
  return n ? { value, health: n.inputs[2] as NodeHealth, until: n.until } : undefined;
}

/**
 * The pass over a node whose only new input since its last quiet pass is a renewed Lease (every
 * live node every 10 s, half the nodes of each 5 s pass): the full pass would keep the Ready
 * heartbeat it already took in, take the new renewTime as the probe (now), find the grace not run
 * out (now < now + grace) and write nothing. This is that step alone, with the same health object
 * and note as the full pass would leave (undefined: take the full pass).
 */
function leaseRenewal(
  e: Engine,
  m: ControllerMemory,
  name: string,
  node: Node,
  lease: Lease | undefined,
  saved: NodeHealth | undefined,
  s: Engine['state']['settings'],
  now: number,
): Readonly<HealthResult> | undefined {
  const n = quietPasses.peek(m, name);
  const grace = s.nodeMonitorGracePeriod;
  if (
    !n ||
    !lease ||
    !saved ||
    n.inputs[0] !== node ||
    n.inputs[2] !== saved ||
    n.inputs[3] !== s ||
    n.value?.current === undefined ||
    !saved.leaseSeen ||
    !(saved.lastLeaseRenew < lease.spec.renewTime) ||
    !(grace > 0)
  )
    return undefined;
  // Written out, not `{ ...saved, ... }`: a spread here took ~2.5% of a 1,000-node hour.
  const h: NodeHealth = {
    probeTimestamp: now,
    readyTransitionTimestamp: saved.readyTransitionTimestamp,
    lastReadyHeartbeat: saved.lastReadyHeartbeat,
    lastLeaseRenew: lease.spec.renewTime,
    leaseSeen: true,
  };
  if (saved.observedReady !== undefined) h.observedReady = saved.observedReady;
  if (saved.lastReadyTransition !== undefined) h.lastReadyTransition = saved.lastReadyTransition;
  e.cow.field(m, 'nodeHealth')[name] = h;
  // Every condition Unknown (a note for ever) or not is a matter of the Node, which is the same.
  quietPasses.note4(m, name, node, lease, h, s, n.until === Number.POSITIVE_INFINITY ? n.until : now + grace, n.value);
  return n.value;
}

/**
 * After a pass that wrote nothing: would the same Node and Lease leave `h` as it is? The Ready
 * heartbeat and the renewTime are already taken in, and until the grace runs out (for ever once
 * every condition is Unknown) nothing is set Unknown.
 */
function notePass(
  owner: object,
  name: string,
  node: Node,
  lease: Lease | undefined,
  h: NodeHealth | undefined,
  settings: unknown,
  grace: number,
  result: HealthResult,
): void {
  const cur = condition(node, 'Ready');
  const settled =
    h !== undefined &&
    (!cur || (h.lastReadyTransition !== undefined && h.lastReadyHeartbeat === cur.lastHeartbeatTime)) &&
    (!lease || (h.leaseSeen && !(h.lastLeaseRenew < lease.spec.renewTime)));
  if (!h || !settled) quietPasses.forget(owner, name);
  else
    quietPasses.note4(
      owner,
      name,
      node,
      lease,
      h,
      settings,
      allUnknown(node) ? Number.POSITIVE_INFINITY : h.probeTimestamp + grace,
      // Handed back as it is by later quiet passes (callers only read it).
      result,
    );
}

/**
 * `MarkPodsNotReady`: set the Ready condition of each pod on the node to False (only pods that have
 * one and where it is not already False), then a Warning `NodeNotReady` "Node is not ready" event.
 * containerStatuses, ContainersReady and the phase are left alone. NLCU [C]
 */
export function markPodsNotReady(e: Engine, nodeName: string, pods: readonly Pod[], parents: number[]): void {
  for (const pod of pods) {
    if (pod.spec.nodeName !== nodeName) continue;
    const idx = pod.status.conditions.findIndex((c) => c.type === 'Ready');
    const ready = pod.status.conditions[idx];
    if (!ready || ready.status === 'False') continue;
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    const cause = e.cause({
      actor: 'node-lifecycle-controller',
      what: `Ready=False on pod ${key}`,
      rule: `MarkPodsNotReady: node ${nodeName} is not Ready`,
      parents,
    });
    const conditions = pod.status.conditions.slice();
    conditions[idx] = { ...ready, status: 'False', lastTransitionTime: e.now };
    const next = statusWrite(pod, { ...pod.status, conditions });
    e.put(next, 'Ready=False (NodeNotReady)', cause);
    e.event(
      { kind: 'Pod', name: pod.metadata.name, namespace: pod.metadata.namespace, uid: pod.metadata.uid },
      'Warning',
      'NodeNotReady',
      'Node is not ready',
      'node-controller',
      cause,
    );
  }
}

/** Pods bound to a node, in key order. */
export function podsOnNodeSorted(e: Engine, nodeName: string): Pod[] {
  return e.podsOnNode(nodeName).sort((a, b) => {
    const ka = `${a.metadata.namespace}/${a.metadata.name}`;
    const kb = `${b.metadata.namespace}/${b.metadata.name}`;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}
