/**
 * The status manager: pod status as the kubelet reports it, built from the host truth (the
 * runtime's containers) and the pod worker's memory, written to the API pod (or the mirror pod of
 * a static pod) only when it changed.
 *
 * Cause `what` prefixes: `pod status`.
 */
import type { ContainerStateTerminated, ContainerStatus, Pod, PodCondition, PodConditionType } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { Host, HostContainer, KubeletMemory, KubeletPodWorker } from '../core/state';
import { canReachApi } from '../core/world';
import { containersOf } from '../runtime/containers';
import { imageId } from '../runtime/images';
import { actor, deepEqual } from './memory';
import { containerReady, containerStarted } from './probe-results';

type RunningHost = Host & { kubelet: KubeletMemory };

function runtimePrefix(e: Engine): string {
  return e.state.profile.runtime === 'docker' ? 'docker://' : 'containerd://';
}

function terminatedOf(e: Engine, c: HostContainer): ContainerStateTerminated {
  return {
    reason: c.reason ?? (c.lost ? 'Unknown' : 'Error'),
    exitCode: c.exitCode ?? (c.lost ? 255 : 0),
    startedAt: c.startedAt,
    finishedAt: c.finishedAt ?? e.now,
    containerID: runtimePrefix(e) + c.id,
  };
}

/**
 * Container statuses (kubelet_pods.go convertToAPIContainerStatuses) from the runtime's instances
 * of each container, newest first: the newest gives state, restartCount and imageID, the dead one
 * before it `lastState`; a container waiting to restart (back-off) shows the newest dead one as
 * `lastState`. Without an instance the API's last values stay (restartCount, lastState).
 */
export function containerStatuses(e: Engine, h: Host, w: KubeletPodWorker): ContainerStatus[] {
  const out: ContainerStatus[] = [];
  const all = containersOf(h, w.uid);
  for (const name of Object.keys(w.containers)) {
    const st = w.containers[name];
    if (!st) continue;
    let c: HostContainer | undefined;
    let dead: HostContainer | undefined;
    for (const x of all) {
      if (x.name !== name) continue;
      if (c?.state === 'exited') dead = c;
      c = x;
    }
    const cs: ContainerStatus = {
      name,
      image: st.image,
      ready: false,
      started: false,
      restartCount: c ? (c.restartCount ?? 0) : st.restartCount,
      state: { waiting: { reason: 'ContainerCreating' } },
    };
    if (c) cs.imageID = imageId(e, c.image);
    if (dead) cs.lastState = { terminated: terminatedOf(e, dead) };
    else if (st.lastTerminated) cs.lastState = { terminated: { ...st.lastTerminated } };
    if (c && c.state === 'running') {
      cs.state = { running: { startedAt: c.startedAt } };
      cs.started = containerStarted(st, c);
      cs.ready = containerReady(st, c);
      cs.containerID = runtimePrefix(e) + c.id;
    } else if (c && c.state === 'exited' && !st.waiting) {
      cs.state = { terminated: terminatedOf(e, c) };
      delete cs.state.terminated.containerID;
      cs.containerID = runtimePrefix(e) + c.id;
    } else if (c && c.state === 'exited' && st.waiting) {
      const waiting: { reason: string; message?: string } = { reason: st.waiting.reason };
      if (st.waiting.message) waiting.message = st.waiting.message;
      cs.state = { waiting };
      cs.lastState = { terminated: terminatedOf(e, c) };
      cs.containerID = runtimePrefix(e) + c.id;
    } else if (!c && w.state === 'terminated' && st.containerId) {
      // Terminated pod whose container could not be found in the runtime (reference 4.4).
      cs.state = {
        terminated: {
          reason: 'ContainerStatusUnknown',
          exitCode: 137,
          message: 'The container could not be located when the pod was terminated',
          finishedAt: e.now,
        },
      };
    } else if (st.waiting) {
      const waiting: { reason: string; message?: string } = { reason: st.waiting.reason };
      if (st.waiting.message) waiting.message = st.waiting.message;
      cs.state = { waiting };
    }
    out.push(cs);
  }
  return out;
}

function cond(
  type: PodConditionType,
  ok: boolean,
  prev: PodCondition[],
  now: number,
  reason?: string,
  message?: string,
): PodCondition {
  const status = ok ? 'True' : 'False';
  const old = prev.find((c) => c.type === type);
  const c: PodCondition = {
    type,
    status,
    lastTransitionTime: old && old.status === status ? old.lastTransitionTime : now,
  };
  if (!ok && reason) c.reason = reason;
  if (!ok && message) c.message = message;
  return c;
}

/** The full status the kubelet would write for this worker on top of `current`. */
export function buildPodStatus(e: Engine, h: Host, w: KubeletPodWorker, current: Pod): Pod['status'] {
  const now = e.now;
  const statuses = containerStatuses(e, h, w);
  const unready = statuses.filter((s) => !s.ready).map((s) => s.name);
  const allReady = unready.length === 0 && statuses.length > 0;
  const anyStarted = statuses.some((s) => 'running' in s.state || 'terminated' in s.state || s.restartCount > 0);
  const prev = current.status.conditions;
  const conditions: PodCondition[] = [];
  if (e.state.profile.name !== 'v1.23-docker')
    conditions.push(cond('PodReadyToStartContainers', w.podIP !== undefined, prev, now));
  const msg = `containers with unready status: [${unready.join(' ')}]`;
  conditions.push(cond('Initialized', true, prev, now));
  conditions.push(cond('Ready', allReady, prev, now, 'ContainersNotReady', msg));
  conditions.push(cond('ContainersReady', allReady, prev, now, 'ContainersNotReady', msg));
  const scheduled = prev.find((c) => c.type === 'PodScheduled');
  conditions.push(scheduled ?? cond('PodScheduled', true, prev, now));
  // Conditions written by others (DisruptionTarget...) are kept.
  for (const c of prev) if (!conditions.some((x) => x.type === c.type)) conditions.push(c);
  const status: Pod['status'] = {
    ...current.status,
    phase: anyStarted ? 'Running' : 'Pending',
    conditions,
    containerStatuses: statuses,
    hostIP: h.ip,
  };
  if (w.podIP) status.podIP = w.podIP;
  if (w.startTime !== undefined) status.startTime = w.startTime;
  if (w.shutdown && w.state === 'terminated') {
    shutdownStatus(e, status, prev, now);
    // The pod stays in the API: a container already reported gone keeps the time it was first reported.
    for (const cs of statuses) {
      const t = 'terminated' in cs.state ? cs.state.terminated : undefined;
      const old = current.status.containerStatuses.find((x) => x.name === cs.name)?.state;
      if (t?.reason === 'ContainerStatusUnknown' && old && 'terminated' in old && old.terminated.reason === t.reason)
        t.finishedAt = old.terminated.finishedAt;
    }
  } else if (current.status.reason === NODE_SHUTDOWN_REASON && !w.shutdown) {
    // A static pod started again after the shutdown (same uid, its mirror still Failed): a fresh run.
    // A fresh status object (not kubelet memory): its keys may go.
    delete status.reason;
    delete status.message;
    status.conditions = conditions.filter((c) => c.type !== 'DisruptionTarget' || c.reason !== 'TerminationByKubelet');
  }
  return status;
}

/**
 * A pod the node shutdown manager killed (kk pkg/kubelet/nodeshutdown nodeshutdown_manager.go
 * killPods' status function): phase Failed (unless it Succeeded), reason `Terminated`, its message,
 * and with PodDisruptionConditions a DisruptionTarget condition (TerminationByKubelet), written
 * once no container runs (the status manager delays a terminal phase until then: mergePodStatus).
 */
function shutdownStatus(e: Engine, status: Pod['status'], prev: PodCondition[], now: number): void {
  if (status.phase !== 'Succeeded') status.phase = 'Failed';
  status.reason = NODE_SHUTDOWN_REASON;
  status.message = NODE_SHUTDOWN_MESSAGE;
  if (!e.state.profile.disruptionConditions) return;
  const old = prev.find((c) => c.type === 'DisruptionTarget');
  const c: PodCondition = {
    type: 'DisruptionTarget',
    status: 'True',
    lastTransitionTime: old?.status === 'True' ? old.lastTransitionTime : now,
    reason: 'TerminationByKubelet',
    message: NODE_SHUTDOWN_MESSAGE,
  };
  const i = status.conditions.findIndex((x) => x.type === 'DisruptionTarget');
  if (i >= 0) status.conditions[i] = c;
  else status.conditions.push(c);
}

/** nodeshutdown_manager.go nodeShutdownReason / nodeShutdownMessage. */
export const NODE_SHUTDOWN_REASON = 'Terminated';
export const NODE_SHUTDOWN_MESSAGE = 'Pod was terminated in response to imminent node shutdown.';

/** The API object a worker reports to: the pod itself, or the mirror of a static pod. */
export function reportTarget(e: Engine, w: KubeletPodWorker): Pod | undefined {
  const p = e.get('Pod', w.key);
  if (!p) return undefined;
  if (w.staticPod) return p.metadata.annotations['kubernetes.io/config.mirror'] === w.uid ? p : undefined;
  return p.metadata.uid === w.uid ? p : undefined;
}

/** Write the worker's status if it changed and the API answers. */
export function publishStatus(e: Engine, h: RunningHost, w: KubeletPodWorker, reachable?: boolean): void {
  if (!(reachable ?? canReachApi(e, h.name))) return;
  const p = reportTarget(e, w);
  if (!p) return;
  const status = buildPodStatus(e, h, w, p);
  if (deepEqual(status, p.status)) return;
  const cs = status.containerStatuses[0];
  const summary = cs ? Object.keys(cs.state)[0] : 'none';
  const c = e.cause({
    actor: actor(h),
    what: `pod status ${w.key} ${status.phase} ready=${status.conditions.find((x) => x.type === 'Ready')?.status}`,
    rule: 'status manager writes the status observed on the node',
    parents: [w.cause],
  });
  const next = { ...p, status };
  e.put(next, `status ${status.phase} (${summary})`, c);
}
