/**
 * Starting one container of a pod (kuberuntime_container.go startContainer): make sure the image
 * is there (pull with the pull back-off, 10s doubling to 5m: ErrImagePull then ImagePullBackOff),
 * create the container with its restart count, start it.
 *
 * The restart count is the runtime's: the previous instance's io.kubernetes.container.restartCount
 * plus one; without an instance on the node, the API status's count (+1 if a container ran before:
 * the kubelet reads it from the pod's log directory, calcRestartCountByLogDir). The previous dead
 * instance is kept (container GC keeps one per container, MaxPerPodContainer=1): it is the pod
 * status's `lastState`.
 *
 * Event strings: 1.33 `Created container: nginx`; v1.23 `Created container nginx`. Pull events
 * verified against kubelet's image manager (pkg/kubelet/images/image_manager.go).
 *
 * Cause `what` prefixes: `pull`, `container start`.
 */
import type { Engine } from '../core/engine';
import type { Host, HostContainer, KubeletMemory, KubeletPodWorker } from '../core/state';
import { goDuration } from '../host/clock';
import { logLine, q } from '../host/journal';
import { containersOf, criAvailable, removeDeadContainer, startContainer } from '../runtime/containers';
import { hasImage, imageSize, pullDuration, pullError, storeImage } from '../runtime/images';
import { backoffFor } from './backoff';
import { kubeletEvent } from './events';
import { actor, kgen } from './memory';
import { publishStatus } from './pod-status';
import { requestPodSync } from './pod-sync-queue';
import { type WritableContainerState, type WritableWorker, writableContainerState } from './worker-writes';

type RunningHost = Host & { kubelet: KubeletMemory };

/** Untagged and `:latest` images default to imagePullPolicy Always, others to IfNotPresent. */
export function pullPolicyAlways(image: string): boolean {
  const last = image.slice(image.lastIndexOf('/') + 1);
  if (image.includes('@')) return false;
  return !last.includes(':') || last.endsWith(':latest');
}

function is123(e: Engine): boolean {
  return e.state.profile.name === 'v1.23-docker';
}

export function podRef(w: KubeletPodWorker) {
  return { kind: 'Pod', name: w.podName, namespace: w.namespace, uid: w.uid };
}

/** Pull the image if needed, then create and start the container. */
export function ensureImageThenStart(e: Engine, h: RunningHost, w: WritableWorker, st: WritableContainerState): void {
  if (st.pulling) return;
  const present = hasImage(h, st.image);
  if (present && !pullPolicyAlways(st.image)) {
    const c = e.cause({
      actor: actor(h),
      what: `pull skipped ${st.image}`,
      rule: 'imagePullPolicy IfNotPresent',
      parents: [w.cause],
    });
    kubeletEvent(e, h, podRef(w), 'Normal', 'Pulled', `Container image ${q(st.image)} already present on machine`, c);
    createAndStart(e, h, w, st, c);
    return;
  }
  if (st.pullBackoffUntil !== undefined && e.now < st.pullBackoffUntil) {
    const msg = `Back-off pulling image ${q(st.image)}`;
    st.waiting = { reason: 'ImagePullBackOff', message: msg };
    const c = e.cause({
      actor: actor(h),
      what: `pull back-off ${w.key}/${st.name}`,
      rule: 'image pull back-off 10s doubling to 5m',
      constant: `backoff=${goDuration(backoffFor(st.pullFailures))}`,
      parents: [e.state.registryCause, w.cause],
    });
    kubeletEvent(e, h, podRef(w), 'Normal', 'BackOff', msg, c);
    kubeletEvent(e, h, podRef(w), 'Warning', 'Failed', 'Error: ImagePullBackOff', c);
    requestPodSync(e, h, st.pullBackoffUntil - e.now);
    return;
  }
  const c = e.cause({
    actor: actor(h),
    what: `pull started ${st.image} for ${w.key}`,
    rule: 'image not present or imagePullPolicy Always',
    parents: [w.cause],
  });
  kubeletEvent(e, h, podRef(w), 'Normal', 'Pulling', `Pulling image ${q(st.image)}`, c);
  st.pulling = true;
  // A cached image under policy Always only needs a manifest check: quick. [U] duration.
  const d = present ? e.randInt(300, 1200) : pullDuration(e);
  e.schedule(d, 'kubelet.pull', `${h.name}|${w.uid}|${st.name}|${e.now}`, kgen(h));
}

/** A pull started at `startedAt` finished: success if the registry and the runtime answer. */
export function pullFinished(e: Engine, h: RunningHost, uid: string, name: string, startedAt: number): void {
  if (!h.kubelet.pods[uid]?.containers[name]?.pulling) return;
  const { w, st } = writableContainerState(e, h.kubelet, uid, name) as NonNullable<
    ReturnType<typeof writableContainerState>
  >;
  st.pulling = false;
  const took = e.now - startedAt;
  if (e.state.registryUp && criAvailable(e, h)) {
    storeImage(e, h, st.image);
    st.pullFailures = 0;
    delete st.pullBackoffUntil;
    const c = e.cause({
      actor: actor(h),
      what: `pull done ${st.image}`,
      rule: 'registry reachable',
      parents: [w.cause],
    });
    const msg = is123(e)
      ? `Successfully pulled image ${q(st.image)} in ${goDuration(took)}`
      : `Successfully pulled image ${q(st.image)} in ${goDuration(took)} (${goDuration(took)} including waiting). Image size: ${imageSize(st.image)} bytes.`;
    kubeletEvent(e, h, podRef(w), 'Normal', 'Pulled', msg, c);
    if (w.state !== 'terminating' && w.state !== 'terminated') createAndStart(e, h, w, st, c);
    return;
  }
  const err = e.state.registryUp ? 'rpc error: code = Unavailable desc = connection error' : pullError(e, st.image);
  st.pullFailures++;
  st.pullBackoffUntil = e.now + backoffFor(st.pullFailures);
  st.waiting = { reason: 'ErrImagePull', message: err };
  const c = e.cause({
    actor: actor(h),
    what: `pull failed ${st.image} for ${w.key}`,
    rule: 'registry unreachable: pull fails, back-off starts',
    constant: `backoff=${goDuration(backoffFor(st.pullFailures))}`,
    parents: [e.state.registryCause, w.cause],
  });
  logLine(
    e,
    h.name,
    'kubelet',
    'E',
    'pod_workers.go:1301',
    `"Error syncing pod, skipping" err=${q(`failed to "StartContainer" for "${st.name}" with ErrImagePull: "${err}"`)} pod=${q(w.key)} podUID=${q(w.uid)}`,
  );
  kubeletEvent(e, h, podRef(w), 'Warning', 'Failed', `Failed to pull image ${q(st.image)}: ${err}`, c);
  kubeletEvent(e, h, podRef(w), 'Warning', 'Failed', 'Error: ErrImagePull', c);
  publishStatus(e, h, w);
  // The pod worker is requeued soon after the error; that sync meets the back-off. [U] delay.
  requestPodSync(e, h, e.randInt(1000, 3000));
}

/** The newest instance of a container on the host (running or dead), if any. */
export function latestInstance(h: Host, uid: string, name: string): HostContainer | undefined {
  let best: HostContainer | undefined;
  for (const c of containersOf(h, uid)) if (c.name === name) best = c;
  return best;
}

function createAndStart(
  e: Engine,
  h: RunningHost,
  w: WritableWorker,
  st: WritableContainerState,
  parent: number,
): void {
  const prev = latestInstance(h, w.uid, st.name);
  // One dead instance per container is kept (the newest); older ones go (container GC, MaxPerPodContainer=1).
  for (const old of [...containersOf(h, w.uid)])
    if (old.name === st.name && old.state === 'exited' && old !== prev) removeDeadContainer(e, h, old.id);
  let restartCount = st.restartCount;
  if (prev) restartCount = (prev.restartCount ?? 0) + 1;
  else if (st.containerId !== undefined) restartCount++;
  const c = e.cause({
    actor: actor(h),
    what: `container start ${w.key}/${st.name}`,
    rule: 'SyncPod: container not running',
    parents: [parent],
  });
  const hc = startContainer(
    e,
    h,
    {
      podUid: w.uid,
      podName: w.podName,
      namespace: w.namespace,
      name: st.name,
      image: st.image,
      staticPod: w.staticPod,
      restartCount,
      command: st.command,
      args: st.args,
    },
    c,
  );
  st.containerId = hc.id;
  delete st.waiting;
  kubeletEvent(
    e,
    h,
    podRef(w),
    'Normal',
    'Created',
    is123(e) ? `Created container ${st.name}` : `Created container: ${st.name}`,
    c,
  );
  kubeletEvent(e, h, podRef(w), 'Normal', 'Started', `Started container ${st.name}`, c);
  if (w.state === 'pulling' || w.state === 'pullBackOff') w.state = 'running';
  requestPodSync(e, h, 0);
}
