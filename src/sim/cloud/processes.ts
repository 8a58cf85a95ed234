/**
 * The cloud's two processes on the control-plane node (cloud/bootstrap.ts): is each running, and
 * their in-memory state, forgotten when the process changes (a restart, a move of the manifest).
 * Neither runs leader election here: each is a single replica. [U] With `--leader-elect` (the
 * default of both) a lost API would make the leader exit, as kube-controller-manager does; they
 * simply pause while the API is away.
 */

import type { AutoscalerMemory, CloudControllerMemory } from '../core/cloud-types';
import { dict } from '../core/dict';
import type { Engine } from '../core/engine';
import type { HostContainer } from '../core/state';
import { apiAvailable, staticPodContainer } from '../core/world';
import { CA_NAME, CCM_NAME } from './bootstrap';

/** The running container of a cloud process on the control-plane node, if any. */
export function cloudProcess(e: Engine, name: typeof CCM_NAME | typeof CA_NAME): HostContainer | undefined {
  return staticPodContainer(e, name);
}

/**
 * cloud-controller-manager's memory while it runs and the API answers; undefined otherwise. A new
 * process starts with every Node to look at (its informer lists them all as adds).
 */
export function activeCloudControllerManager(e: Engine): CloudControllerMemory | undefined {
  const cloud = e.state.cloud;
  if (!cloud || !apiAvailable(e)) return undefined;
  const c = cloudProcess(e, CCM_NAME);
  if (!c) return undefined;
  if (cloud.ccm?.containerId !== c.id) {
    const dirty: Record<string, true> = dict();
    dirty['*'] = true;
    cloud.ccm = { containerId: c.id, dirty };
  }
  return cloud.ccm;
}

/** A fresh autoscaler memory (NewStaticAutoscaler: the scale times start at the process start). */
function newAutoscalerMemory(c: HostContainer, gen: number): AutoscalerMemory {
  return {
    containerId: c.id,
    startedAt: c.startedAt,
    loops: 0,
    gen,
    // static_autoscaler.go NewStaticAutoscaler: lastScaleUpTime, lastScaleDownDeleteTime and
    // lastScaleDownFailTime all start at the process's start time, so scale-down waits
    // scale-down-delay-after-add after a (re)start.
    lastScaleUpTime: c.startedAt,
    lastScaleDownDeleteTime: c.startedAt,
    lastScaleDownFailTime: c.startedAt,
    unregistered: dict(),
    unneeded: dict(),
    unremovable: dict(),
    scaleUpRequests: dict(),
    backoff: dict(),
    incorrectSizes: dict(),
    deletions: dict(),
    spam: dict(),
    recorder: dict(),
    recorderSize: 0,
    conditions: dict(),
    decisions: dict(),
  };
}

/**
 * cluster-autoscaler's memory if its process runs (whether or not the API answers: a loop that
 * cannot list nodes fails early); a new process gets a new memory.
 */
export function autoscalerMemory(e: Engine): AutoscalerMemory | undefined {
  const cloud = e.state.cloud;
  if (!cloud?.autoscaler) return undefined;
  const c = cloudProcess(e, CA_NAME);
  if (!c) return undefined;
  if (cloud.ca?.containerId !== c.id) cloud.ca = newAutoscalerMemory(c, (cloud.ca?.gen ?? 0) + 1);
  return cloud.ca;
}
