/**
 * Pod workers: bring one pod's containers to the desired state (SyncPod). Image pulls with the
 * pull back-off (10s doubling to 5m: ErrImagePull then ImagePullBackOff), container creation,
 * CrashLoopBackOff restarts (10s doubling to 5m), and killing.
 *
 * Event strings: 1.33 `Created container: nginx`; v1.23 `Created container nginx`. Pull events
 * verified against kubelet's image manager (pkg/kubelet/images/image_manager.go).
 *
 * Cause `what` prefixes: `pull`, `container start`, `container kill`.
 */
import type { ObjectReference } from '../api/types';
import type { Engine } from '../core/engine';
import type { Host, HostContainer, KubeletContainerState, KubeletMemory, KubeletPodWorker } from '../core/state';
import { goDuration } from '../host/clock';
import { logLine, q } from '../host/journal';
import { containersOf, criAvailable, criError, removeContainer, startContainer } from '../runtime/containers';
import { hasImage, imageSize, pullDuration, pullError, storeImage } from '../runtime/images';
import { kubeletEvent } from './events';
import { actor, kgen } from './memory';
import { publishStatus } from './pod-status';
import { ensurePodSyncWithin, requestPodSync } from './pod-sync-queue';

type RunningHost = Host & { kubelet: KubeletMemory };

/** Image pull and container restart back-off. */
export const BACKOFF_INITIAL = 10_000;
export const BACKOFF_MAX = 300_000;

export function backoffFor(n: number): number {
  let d = BACKOFF_INITIAL;
  for (let i = 1; i < n && d < BACKOFF_MAX; i++) d *= 2;
  return Math.min(d, BACKOFF_MAX);
}

export function podRef(w: KubeletPodWorker): ObjectReference {
  return { kind: 'Pod', name: w.podName, namespace: w.namespace, uid: w.uid };
}

/** Untagged and `:latest` images default to imagePullPolicy Always, others to IfNotPresent. */
export function pullPolicyAlways(image: string): boolean {
  const last = image.slice(image.lastIndexOf('/') + 1);
  if (image.includes('@')) return false;
  return !last.includes(':') || last.endsWith(':latest');
}

function is123(e: Engine): boolean {
  return e.state.profile.name === 'v1.23-docker';
}

/** Ensure every container of a running worker runs (called only when the runtime is healthy). */
export function syncWorkerContainers(e: Engine, h: RunningHost, w: KubeletPodWorker): void {
  // The kubelet's runtime view lags (5s checks); a CRI call to a stopped runtime just fails.
  if (!criAvailable(e, h)) {
    logLine(
      e,
      h.name,
      'kubelet',
      'E',
      'pod_workers.go:1301',
      `"Error syncing pod, skipping" err=${q(criError(e))} pod=${q(w.key)} podUID=${q(w.uid)}`,
    );
    ensurePodSyncWithin(e, h, 5000);
    return;
  }
  for (const name of Object.keys(w.containers)) {
    const st = w.containers[name];
    if (st) syncContainer(e, h, w, st);
  }
}

function syncContainer(e: Engine, h: RunningHost, w: KubeletPodWorker, st: KubeletContainerState): void {
  const all = containersOf(h, w.uid);
  let latest: HostContainer | undefined;
  for (let i = all.length - 1; i >= 0 && !latest; i--) if (all[i]?.name === st.name) latest = all[i];
  if (latest?.state === 'running') {
    st.containerId = latest.id;
    delete st.waiting;
    // A container that ran for 2 x the max back-off resets its crash back-off.
    if (st.crashCount > 0 && e.now - latest.startedAt >= 2 * BACKOFF_MAX) st.crashCount = 0;
    return;
  }
  if (latest?.state === 'exited') {
    if (st.lastTerminated?.finishedAt !== latest.finishedAt || st.containerId !== latest.id) {
      st.lastTerminated = {
        reason: latest.reason ?? 'Error',
        exitCode: latest.exitCode ?? 0,
        startedAt: latest.startedAt,
        finishedAt: latest.finishedAt ?? e.now,
      };
      st.containerId = latest.id;
      // The first restart is immediate; later ones wait 10s, 20s, ... 5m.
      st.crashCount++;
      st.crashBackoffUntil = st.crashCount > 1 ? (latest.finishedAt ?? e.now) + backoffFor(st.crashCount - 1) : e.now;
    }
    if (st.crashBackoffUntil !== undefined && e.now < st.crashBackoffUntil) {
      const back = backoffFor(st.crashCount - 1);
      st.waiting = {
        reason: 'CrashLoopBackOff',
        message: `back-off ${goDuration(back)} restarting failed container=${st.name} pod=${w.podName}_${w.namespace}(${w.uid})`,
      };
      const c = e.cause({
        actor: actor(h),
        what: `container start delayed: CrashLoopBackOff ${w.key}/${st.name}`,
        rule: 'restart back-off 10s doubling to 5m',
        constant: `backoff=${goDuration(back)}`,
        parents: [w.cause],
      });
      kubeletEvent(
        e,
        h,
        podRef(w),
        'Warning',
        'BackOff',
        `Back-off restarting failed container ${st.name} in pod ${w.podName}_${w.namespace}(${w.uid})`,
        c,
      );
      requestPodSync(e, h, st.crashBackoffUntil - e.now);
      return;
    }
  }
  ensureImageThenStart(e, h, w, st);
}

function ensureImageThenStart(e: Engine, h: RunningHost, w: KubeletPodWorker, st: KubeletContainerState): void {
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
  const w = h.kubelet.pods[uid];
  const st = w?.containers[name];
  if (!w || !st?.pulling) return;
  st.pulling = false;
  const took = e.now - startedAt;
  if (e.state.registryUp && criAvailable(e, h)) {
    storeImage(h, st.image);
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

function createAndStart(
  e: Engine,
  h: RunningHost,
  w: KubeletPodWorker,
  st: KubeletContainerState,
  parent: number,
): void {
  // Clean the previous instance (the kubelet keeps one dead container per container; we keep none).
  for (const old of [...containersOf(h, w.uid)])
    if (old.name === st.name && old.state === 'exited') removeContainer(e, h, old.id, parent);
  if (st.containerId !== undefined) st.restartCount++;
  const spec = {
    podUid: w.uid,
    podName: w.podName,
    namespace: w.namespace,
    name: st.name,
    image: st.image,
    staticPod: w.staticPod,
  };
  const c = e.cause({
    actor: actor(h),
    what: `container start ${w.key}/${st.name}`,
    rule: 'SyncPod: container not running',
    parents: [parent],
  });
  const hc = startContainer(e, h, spec, c);
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

/** Kill every container of a worker (graceful stop already waited for by the caller). */
export function killWorkerContainers(e: Engine, h: Host, w: KubeletPodWorker, cause: number): void {
  for (const c of [...containersOf(h, w.uid)]) removeContainer(e, h, c.id, cause);
}
