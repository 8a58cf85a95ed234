/**
 * Node status: the setters (reference 5.2) and the status loop (1.1/1.2, 6). Every
 * nodeStatusUpdateFrequency (+ up to 4% jitter) the kubelet GETs its Node, runs the setters and
 * PATCHes only if something changed (lastHeartbeatTime ignored) or nodeStatusReportFrequency
 * passed. Five tries per pass; a missing Node or an unreachable API server gives the exact log
 * lines of sections 6 and 9.1.
 *
 * Cause `what` prefixes: `node status`, `kubelet event`.
 */
import type { Node, NodeCondition } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { Host, KubeletMemory } from '../core/state';
import { logLine, q } from '../host/journal';
import { kubeletEvent } from './events';
import { actor, apiError, deepEqual, isTimeout, jittered, kgen, nodeRef } from './memory';
import { nodeStatusSettled, noteNodeStatusSettled } from './node-status-cache';
import { aggregate, runtimeErrors } from './runtime-health';

type RunningHost = Host & { kubelet: KubeletMemory };

/** kubelet nodeStatusUpdateRetry. */
export const NODE_STATUS_UPDATE_RETRY = 5;

const PRESSURE: [NodeCondition['type'], string, string, string][] = [
  [
    'MemoryPressure',
    'KubeletHasSufficientMemory',
    'kubelet has sufficient memory available',
    'NodeHasSufficientMemory',
  ],
  ['DiskPressure', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure', 'NodeHasNoDiskPressure'],
  ['PIDPressure', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available', 'NodeHasSufficientPID'],
];

interface PendingEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}

/**
 * Ready condition the kubelet would report now: reason and message from runtime errors, and the
 * shutdown manager's `node is shutting down` (ShutdownStatus, setters.go ReadyCondition's errors).
 */
export function readyVerdict(e: Engine, h: RunningHost): Readonly<{ ready: boolean; message: string }> {
  const errs = runtimeErrors(e, h);
  if (h.kubelet.shutdown) errs.push('node is shutting down');
  if (errs.length > 0) return { ready: false, message: aggregate(errs) };
  return READY;
}

/** The usual verdict, one object for every pass (asked every 10 s per node; read only). */
const READY = Object.freeze({ ready: true, message: 'kubelet is posting ready status' });

/**
 * Run the setters over `node` (mutated in place, a fresh copy), returning the events they record.
 * Conditions the kubelet does not own (NetworkUnavailable) keep their place and value.
 */
export function runSetters(e: Engine, h: RunningHost, node: Node): PendingEvent[] {
  const now = e.now;
  const events: PendingEvent[] = [];
  const conds = node.status.conditions;
  const msg = (reason: string) => `Node ${h.name} status is now: ${reason}`;
  for (const [type, reason, message, eventReason] of PRESSURE) {
    const i = conds.findIndex((c) => c.type === type);
    const cur = i >= 0 ? conds[i] : undefined;
    const next: NodeCondition = {
      type,
      status: 'False',
      reason,
      message,
      lastHeartbeatTime: now,
      lastTransitionTime: now,
    };
    if (cur && cur.status === 'False') next.lastTransitionTime = cur.lastTransitionTime;
    else events.push({ type: 'Normal', reason: eventReason, message: msg(eventReason) });
    if (i >= 0) conds[i] = next;
    else conds.push(next);
  }
  const v = readyVerdict(e, h);
  const ready: NodeCondition = v.ready
    ? {
        type: 'Ready',
        status: 'True',
        reason: 'KubeletReady',
        message: v.message,
        lastHeartbeatTime: now,
        lastTransitionTime: now,
      }
    : {
        type: 'Ready',
        status: 'False',
        reason: 'KubeletNotReady',
        message: v.message,
        lastHeartbeatTime: now,
        lastTransitionTime: now,
      };
  const ri = conds.findIndex((c) => c.type === 'Ready');
  if (ri >= 0) {
    const cur = conds[ri] as NodeCondition;
    if (cur.status === ready.status) ready.lastTransitionTime = cur.lastTransitionTime;
    else {
      const reason = ready.status === 'True' ? 'NodeReady' : 'NodeNotReady';
      events.push({ type: 'Normal', reason, message: msg(reason) });
    }
    conds[ri] = ready;
  } else conds.push(ready);
  // BootID setter: a different boot id than the one stored means the machine rebooted.
  const info = node.status.nodeInfo;
  if (info.bootID !== '' && info.bootID !== h.bootId) {
    events.push({
      type: 'Warning',
      reason: 'Rebooted',
      message: `Node ${h.name} has been rebooted, boot id: ${h.bootId}`,
    });
  }
  node.status.nodeInfo = { ...info, bootID: h.bootId };
  node.status.addresses = [
    { type: 'InternalIP', address: h.ip },
    { type: 'Hostname', address: h.name },
  ];
  // recordNodeSchedulableEvent (kubelet_node_status.go), the last setter: the kubelet remembers
  // the last spec.unschedulable it saw (false at every start), so a cordon or uncordon shows at its
  // next status sync, and a cordoned node says NodeNotSchedulable again after every restart.
  const unschedulable = node.spec.unschedulable === true;
  if ((h.kubelet.lastNodeUnschedulable ?? false) !== unschedulable) {
    const reason = unschedulable ? 'NodeNotSchedulable' : 'NodeSchedulable';
    events.push({ type: 'Normal', reason, message: msg(reason) });
    if (h.kubelet.lastNodeUnschedulable !== unschedulable) e.cow.touch(h.kubelet).lastNodeUnschedulable = unschedulable;
  }
  return events;
}

/** Status compared like nodeConditionsHaveChanged & co: everything but heartbeats. */
function statusChanged(a: Node, b: Node): boolean {
  const ca = a.status.conditions;
  const cb = b.status.conditions;
  if (ca.length !== cb.length) return true;
  for (let i = 0; i < ca.length; i++) {
    const x = ca[i] as NodeCondition;
    const y = cb[i] as NodeCondition;
    if (
      x.type !== y.type ||
      x.status !== y.status ||
      x.reason !== y.reason ||
      x.message !== y.message ||
      x.lastTransitionTime !== y.lastTransitionTime
    )
      return true;
  }
  return !deepEqual(
    [a.status.nodeInfo, a.status.addresses, a.status.capacity, a.status.allocatable],
    [b.status.nodeInfo, b.status.addresses, b.status.capacity, b.status.allocatable],
  );
}

/**
 * A copy the setters may change: the status and its conditions are new. The metadata and spec are
 * shared (the setters read the spec only; `put` gives the written object a metadata of its own).
 */
function copyNode(n: Node): Node {
  return { ...n, status: { ...n.status, conditions: n.status.conditions.map((c) => ({ ...c })) } };
}

function firstGetPath(h: Host): string {
  return `/api/v1/nodes/${h.name}?resourceVersion=0&timeout=10s`;
}

function getPath(h: Host): string {
  return `/api/v1/nodes/${h.name}?timeout=10s`;
}

/**
 * One try of tryUpdateNodeStatus. Returns an error string on failure. Writes the Node only when
 * the status changed or nodeStatusReportFrequency passed since the last post.
 */
export function tryUpdateNodeStatus(e: Engine, h: RunningHost, tryNumber: number): string | undefined {
  const mem = h.kubelet;
  // The first GET is served from the apiserver cache (resourceVersion=0).
  const err = apiError(e, h, 'Get', tryNumber === 1 ? firstGetPath : getPath);
  if (err) return `error getting node "${h.name}": ${err}`;
  const stored = e.get('Node', h.name);
  if (!stored) return `error getting node "${h.name}": nodes "${h.name}" not found`;
  const due = e.now - mem.lastStatusPostAt >= e.state.settings.nodeStatusReportFrequency;
  const verdict = readyVerdict(e, h);
  // Our own last write, unchanged since, and the same Ready verdict: the setters would only move
  // heartbeats (ignored by statusChanged) and record no event (node-status-cache.ts).
  if (
    !due &&
    (mem.lastNodeUnschedulable ?? false) === (stored.spec.unschedulable === true) &&
    nodeStatusSettled(e, h, stored, verdict)
  )
    return undefined;
  const node = copyNode(stored);
  const events = runSetters(e, h, node);
  const changed = statusChanged(node, stored);
  if (!changed && !due) {
    if (events.length === 0) noteNodeStatusSettled(e, h, stored, verdict);
    // Setters record their events whether or not the status is patched (NodeNotSchedulable).
    else emitEvents(e, h, events, schedulableCause(e, h));
    return undefined;
  }
  const ready = node.status.conditions.find((c) => c.type === 'Ready');
  const c = e.cause({
    actor: actor(h),
    what: `node status ${h.name} Ready=${ready?.status} ${ready?.reason}`,
    rule: changed ? 'status changed (lastHeartbeatTime ignored): PATCH' : 'nodeStatusReportFrequency elapsed: PATCH',
    constant: changed
      ? `nodeStatusUpdateFrequency=${e.state.settings.nodeStatusUpdateFrequency / 1000}s`
      : `nodeStatusReportFrequency=${e.state.settings.nodeStatusReportFrequency / 1000}s`,
    parents: readyParents(e, h, ready?.status),
  });
  e.put(node, changed ? `status Ready=${ready?.status}` : 'status heartbeat', c);
  e.cow.touch(mem).lastStatusPostAt = e.now;
  if (events.length === 0) noteNodeStatusSettled(e, h, node, verdict);
  emitEvents(e, h, events, c);
  return undefined;
}

function emitEvents(e: Engine, h: RunningHost, events: PendingEvent[], cause: number): void {
  for (const ev of events) kubeletEvent(e, h, nodeRef(h), ev.type, ev.reason, ev.message, cause);
}

/** The cordon or uncordon behind a NodeNotSchedulable / NodeSchedulable event. */
function schedulableCause(e: Engine, h: RunningHost): number {
  const ref = `Node/${h.name}`;
  const parent = Math.max(e.lastCause(ref, 'cordoned') ?? -1, e.lastCause(ref, 'uncordoned') ?? -1);
  return e.cause({
    actor: actor(h),
    what: `kubelet event: node ${h.name} schedulable changed`,
    rule: 'recordNodeSchedulableEvent at the status sync: spec.unschedulable differs from the last seen',
    constant: `nodeStatusUpdateFrequency=${e.state.settings.nodeStatusUpdateFrequency / 1000}s`,
    parents: parent >= 0 ? [parent] : [],
  });
}

/** Why the kubelet reports what it reports: the runtime's last start/stop, or the kubelet's start. */
function readyParents(e: Engine, h: Host, status: string | undefined): number[] {
  const rt = h.services[e.state.profile.runtime];
  const kl = h.services.kubelet;
  const out: number[] = [];
  if (status !== 'True' && rt) out.push(rt.cause);
  if (kl) out.push(kl.cause);
  return out;
}

/**
 * The status loop tick (`syncNodeStatus` -> `updateNodeStatus`): up to five tries. Immediate
 * failures (node not found, connection refused) retry at once; a timeout costs the 10s client
 * timeout, so the next try runs 10s later. Then the next tick after nodeStatusUpdateFrequency.
 */
export function nodeStatusTick(e: Engine, h: RunningHost, register: () => void): void {
  const mem = h.kubelet;
  if (!mem.registrationCompleted) {
    register();
    // Registration blocks the status loop; its retry timer resumes the loop once it succeeds.
    if (!mem.registrationCompleted) return;
  }
  for (;;) {
    // The memory keeps the count only across a timed-out try (a first try that works, as almost
    // every one does, leaves the kubelet's memory as it was: core/copy-on-write.ts `touch`).
    const attempt = mem.statusTry + 1;
    const err = tryUpdateNodeStatus(e, h, attempt);
    if (!err) {
      if (mem.statusTry !== 0) e.cow.touch(mem).statusTry = 0;
      break;
    }
    logLine(
      e,
      h.name,
      'kubelet',
      'E',
      'kubelet_node_status.go:548',
      `"Error updating node status, will retry" err=${q(err)}`,
    );
    if (attempt >= NODE_STATUS_UPDATE_RETRY) {
      logLine(
        e,
        h.name,
        'kubelet',
        'E',
        'kubelet_node_status.go:535',
        `"Unable to update node status" err="update node status exceeds retry count"`,
      );
      if (mem.statusTry !== 0) e.cow.touch(mem).statusTry = 0;
      break;
    }
    e.cow.touch(mem).statusTry = attempt;
    if (isTimeout(err)) {
      e.schedule(10_000, 'kubelet.status', h.name, kgen(h));
      return;
    }
  }
  scheduleStatusTick(e, h);
}

export function scheduleStatusTick(e: Engine, h: Host): void {
  e.schedule(jittered(e, e.state.settings.nodeStatusUpdateFrequency), 'kubelet.status', h.name, kgen(h));
}
