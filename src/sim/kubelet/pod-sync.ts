/**
 * The sync loop (`syncLoopIteration` + `HandlePod*`): compares what should run on this node
 * (API pods bound to it, static manifests) with the pod workers, starts new pods, terminates
 * pods being deleted (then deletes them from the API: "Pod fully terminated"), kills pods removed
 * from the API (SyncLoop REMOVE, DaemonSet pods included), and publishes statuses.
 *
 * While `runtimeErrors()` is not empty the loop only logs "Skipping pod synchronization": no pod
 * is started, killed or deleted (reference 4.1).
 *
 * Cause `what` prefixes: `pod worker`, `pod terminating`, `pod killed`, `pod deleted`.
 */
import { unattachedVolumes } from '../api/provisioner';
import type { ContainerSpec, Pod } from '../core/api-types';
import type { Writable } from '../core/copy-on-write';
import { smallDict } from '../core/dict';
import type { Engine } from '../core/engine';
import { joinKey } from '../core/key-memo';
import type { Host, HostContainer, KubeletContainerState, KubeletMemory, KubeletPodWorker } from '../core/state';
import { canReachApi } from '../core/world';
import { logLine, q } from '../host/journal';
import { stopExitCode } from '../runtime/app';
import { containerScript } from '../runtime/app-script';
import { containerExited, runningContainersOf } from '../runtime/containers';
import { sandboxOf } from '../runtime/sandboxes';
import { kubeletEvent } from './events';
import { actor, kgen } from './memory';
import { syncMirrorPods } from './mirror-pods';
import { publishStatus } from './pod-status';
import { forgetWorkerOrder, podsByUid, workerUids } from './pod-sync-cache';
import { ensurePodSyncWithin, requestPodSync } from './pod-sync-queue';
import { killWorkerContainers, podRef, syncWorkerContainers } from './pod-workers';
import { addProbes, triggerReadiness } from './prober';
import {
  dropPassScope,
  endPass,
  noteWorkerSync,
  type PassScope,
  passScope,
  probePass,
  workerSyncIsNoop,
} from './quiet-sync';
import { aggregate, runtimeErrors } from './runtime-health';
import { desiredStaticPods, isMirrorPod } from './static-pods';
import { deleteWorker, putWorker, type WritableWorker, writableWorker } from './worker-writes';

type RunningHost = Host & { kubelet: KubeletMemory };

/** Periodic full resync (syncFrequency). */
export const SYNC_FREQUENCY = 60_000;

interface Desired {
  uid: string;
  key: string;
  name: string;
  namespace: string;
  staticPod: boolean;
  containers: readonly ContainerSpec[];
  hostNetwork: boolean;
  /** terminationGracePeriodSeconds of the spec. */
  specGrace: number;
  deleting: boolean;
  grace: number;
  api?: Pod;
  manifestFile?: string;
  /** Static pods: the cause of the manifest. API pods: read from `ref`'s history when needed (desiredCause). */
  cause?: number;
  ref?: string;
}

/** The cause a new worker starts from: the manifest's, or the latest on the API pod. */
function desiredCause(e: Engine, d: Desired): number {
  return d.cause ?? (d.ref !== undefined ? e.lastCause(d.ref) : undefined) ?? 0;
}

/**
 * Pods that should run here. `apiKnown` is false when the API is unreachable: the kubelet then
 * keeps its last view of API pods. With a `scope`, only the pods of the scope (quiet-sync.ts).
 */
function desiredPods(
  e: Engine,
  h: RunningHost,
  scope: PassScope | undefined,
): { pods: Map<string, Desired>; apiKnown: boolean } {
  const out = new Map<string, Desired>();
  if (scope) {
    // No static pods in a scoped pass, and the API answers.
    for (const uid of scope.uids) {
      const p = e.get('Pod', scope.keys.get(uid) as string);
      if (p && p.metadata.uid === uid && p.spec.nodeName === h.name && !isMirrorPod(p)) out.set(uid, fromApi(p));
    }
    return { pods: out, apiKnown: true };
  }
  for (const s of desiredStaticPods(h)) {
    out.set(s.uid, {
      uid: s.uid,
      key: s.key,
      name: s.name,
      namespace: s.namespace,
      staticPod: true,
      containers: s.manifest.spec.containers,
      hostNetwork: s.manifest.spec.hostNetwork === true,
      deleting: false,
      grace: 30,
      specGrace: 30,
      manifestFile: s.manifest.file,
      cause: e.lastCause(`Host/${h.name}`, `manifest ${s.manifest.file}`) ?? h.services.kubelet?.cause ?? 0,
    });
  }
  if (!canReachApi(e, h.name)) return { pods: out, apiKnown: false };
  // In uid order, kept while no pod joins or leaves the node (pod-sync-cache.ts).
  for (const p of podsByUid(e, h.name)) {
    if (isMirrorPod(p)) continue;
    const d = fromApi(p);
    out.set(d.uid, d);
  }
  return { pods: out, apiKnown: true };
}

/**
 * What an API pod asks of this node (its cause is read when a worker starts). Built again at each
 * pass: keeping it per pod object (a WeakMap) held ~5 MB at 1,000 nodes for no measured speed.
 */
function fromApi(p: Pod): Desired {
  // The store's own key and history ref strings (core/key-memo.ts), not a copy per pod.
  const key = joinKey(`${p.metadata.namespace}`, p.metadata.name);
  return {
    uid: p.metadata.uid,
    key,
    ref: joinKey('Pod', key),
    name: p.metadata.name,
    namespace: p.metadata.namespace ?? 'default',
    staticPod: false,
    containers: p.spec.containers,
    hostNetwork: p.spec.hostNetwork === true,
    deleting: p.metadata.deletionTimestamp !== undefined,
    grace: p.metadata.deletionGracePeriodSeconds ?? p.spec.terminationGracePeriodSeconds,
    specGrace: p.spec.terminationGracePeriodSeconds,
    api: p,
  };
}

/**
 * The status the pod had in the API: the pod itself, or the mirror of a static pod (status_manager.go
 * updateStatusInternal reads the mirror's status when it has no cached one).
 */
function previousStatus(e: Engine, d: Desired): Pod['status'] | undefined {
  if (d.api) return d.api.status;
  const mirror = e.get('Pod', d.key);
  return mirror?.metadata.annotations['kubernetes.io/config.mirror'] === d.uid ? mirror.status : undefined;
}

/** A new pod worker for `d` (SyncLoop ADD), put in `h.kubelet.pods`; returns it. */
function newWorker(e: Engine, h: RunningHost, d: Desired): WritableWorker {
  // Keyed by container names from manifests, which may be `constructor` (core/dict.ts).
  const containers = smallDict<KubeletContainerState>();
  const prevStatus = previousStatus(e, d);
  const prev = prevStatus?.containerStatuses ?? [];
  for (const c of d.containers) {
    const old = prev.find((s) => s.name === c.name);
    const st: Writable<KubeletContainerState> = {
      name: c.name,
      image: c.image,
      restartCount: old?.restartCount ?? 0,
      pulling: false,
      pullFailures: 0,
      // In the literal, as the start sets it: added afterwards it took a property array.
      // A container the API saw before (kubelet restart, reboot): the next start is a restart.
      containerId: old?.containerID ? old.containerID.replace(/^[a-z]+:\/\//, '') : undefined,
    };
    if (c.command) st.command = c.command;
    if (c.args) st.args = c.args;
    if (old?.lastState) st.lastTerminated = { ...old.lastState.terminated };
    containers[c.name] = e.cow.adopt(st);
  }
  const running = runningContainersOf(h, d.uid);
  // The sandbox outlives the kubelet: its IP stays (a new one comes with a new sandbox, pod-workers.ts).
  const sb = sandboxOf(h, d.uid);
  // Every field in the literal, absent ones undefined: each one added afterwards took a property
  // array (~40-60 bytes a worker, ~1.1 MB at 1,000 nodes).
  const w: WritableWorker = {
    uid: d.uid,
    key: d.key,
    podName: d.name,
    namespace: d.namespace,
    staticPod: d.staticPod,
    state: running.length > 0 ? 'running' : 'pulling',
    pullBackoffCount: 0,
    containers: e.cow.adopt(containers),
    cause: desiredCause(e, d),
    terminationGracePeriodSeconds: d.specGrace,
    hostNetwork: d.hostNetwork ? true : undefined,
    manifestFile: d.manifestFile || undefined,
    podIP: sb?.state === 'ready' ? sb.ip : undefined,
    // The status manager never changes a start time once set (status_manager.go updateStatusInternal).
    startTime: prevStatus?.startTime ?? e.now,
  };
  logLine(
    e,
    h.name,
    'kubelet',
    'I',
    'kubelet.go:2543',
    `"SyncLoop ADD" source=${q(d.staticPod ? 'file' : 'api')} pods=[${q(d.key)}]`,
  );
  putWorker(e, h.kubelet, w);
  forgetWorkerOrder(h.kubelet);
  addProbes(e, h, w.uid, d.containers);
  return w;
}

/**
 * kuberuntime_container.go `minimumGracePeriodInSeconds`: killContainer gives every container at
 * least 2s after its stop signal ("to avoid unnecessary SIGKILLs").
 */
export const MINIMUM_GRACE_PERIOD_SECONDS = 2;

/** Timer target suffix of a pod kill that ends with SIGKILL (a program ignored its stop signal). */
const SIGKILL = 'sigkill';

/** ms until the container's own command ends (undefined: it never does). */
function untilCommandEnds(e: Engine, c: HostContainer): number | undefined {
  const ends = containerScript(c).endsAfter;
  return ends === undefined ? undefined : Math.max(0, c.startedAt + ends - e.now);
}

/**
 * killPodWithSyncResult -> killContainer (kuberuntime_container.go) for every running container:
 * the `Killing` event, then StopContainer with the grace period (the pod's
 * deletionGracePeriodSeconds, else its terminationGracePeriodSeconds; at least 2s). A program
 * that honours its stop signal is gone at once; one that ignores SIGTERM (runtime/app.ts
 * `stopExitCode`: `sleep`, a shell as PID 1) runs until the grace period is over and the runtime
 * SIGKILLs it (exit 137), unless its command ends first. The pod stays Terminating until then.
 * The node shutdown manager (shutdown-manager.ts) kills pods through it too.
 */
export function startTermination(
  e: Engine,
  h: RunningHost,
  uid: string,
  grace: number,
  why: string,
  /** What decided the termination when it is not the pod's own change (the node shutdown). */
  decidedBy?: number,
): void {
  const w = writableWorker(e, h.kubelet, uid) as WritableWorker;
  w.state = 'terminating';
  const c = e.cause({
    actor: actor(h),
    what: `pod terminating ${w.key}`,
    rule: why,
    constant: `gracePeriod=${grace}s`,
    parents: decidedBy === undefined ? [w.cause] : [decidedBy, w.cause],
  });
  w.cause = c;
  const running = runningContainersOf(h, w.uid);
  for (const hc of running) kubeletEvent(e, h, podRef(w), 'Normal', 'Killing', `Stopping container ${hc.name}`, c);
  if (running.every((hc) => stopExitCode(hc) !== undefined)) {
    // The process stops on SIGTERM well within the grace period. [U] 0.3-1.5s.
    const d = Math.min(grace * 1000, e.randInt(300, 1500));
    e.schedule(d, 'kubelet.kill', `${h.name}|${w.uid}`, kgen(h));
    return;
  }
  const graceMs = Math.max(grace, MINIMUM_GRACE_PERIOD_SECONDS) * 1000;
  let last = 0;
  for (const hc of running) {
    const code = stopExitCode(hc);
    if (code !== undefined) {
      // Stops on its signal [U] 0.3-1.5s (the timer a liveness kill uses, pod-workers.ts).
      const d = Math.min(graceMs, e.randInt(300, 1500));
      e.schedule(d, 'kubelet.kill-container', `${h.name}|${w.uid}|${hc.id}|${code}|${c}`, kgen(h));
      last = Math.max(last, d);
    } else last = Math.max(last, Math.min(graceMs, untilCommandEnds(e, hc) ?? graceMs));
  }
  e.schedule(last, 'kubelet.kill', `${h.name}|${w.uid}|${SIGKILL}`, kgen(h));
}

/**
 * The kill timer fired: the containers are gone. Without `sigkill` they stopped on their signal
 * and are removed with the sandbox at once (what every pod did before grace periods were kept).
 * With it, the grace period is over: what still runs is SIGKILLed (exit 137, `Error`), and the
 * dead instances stay until the next sync has reported them and deleted the pod.
 */
export function killFinished(e: Engine, h: RunningHost, target: string): void {
  const [, uid = '', how] = target.split('|');
  if (h.kubelet.pods[uid]?.state !== 'terminating') return;
  const w = writableWorker(e, h.kubelet, uid) as WritableWorker;
  if (how === SIGKILL) {
    for (const hc of runningContainersOf(h, uid)) containerExited(e, h.name, hc.id, 137, 'Error', w.cause);
  } else if (w.shutdown) {
    // A pod the shutdown manager killed stays (Failed), and its status shows how each container
    // ended, as the runtime keeps them: nginx's exit 0 reads `Completed` (kubernetes#104531), not
    // ContainerStatusUnknown. The machine powers off next; nothing removes them before.
    for (const hc of runningContainersOf(h, uid)) {
      const code = stopExitCode(hc) ?? 137;
      containerExited(e, h.name, hc.id, code, code === 0 ? 'Completed' : 'Error', w.cause);
    }
  } else killWorkerContainers(e, h, w, w.cause);
  w.state = 'terminated';
  requestPodSync(e, h, 0);
}

/** One sync pass on `h`. */
export function syncPods(e: Engine, h: RunningHost): void {
  const mem = h.kubelet;
  // Every pod, or only those that may need something (quiet-sync.ts), in the same order.
  const scope = passScope(e, h);
  const { pods: desired, apiKnown } = desiredPods(e, h, scope);
  const errs = runtimeErrors(e, h);
  if (errs.length > 0) {
    dropPassScope(h);
    logLine(e, h.name, 'kubelet', 'E', 'kubelet.go:2452', `"Skipping pod synchronization" err=${q(aggregate(errs))}`);
    for (const uid of workerUids(mem)) {
      const w = mem.pods[uid];
      if (w) publishStatus(e, h, w, apiKnown);
    }
    const waitPleg = e.now < mem.plegFirstRelistAt;
    ensurePodSyncWithin(e, h, waitPleg ? mem.plegFirstRelistAt - e.now + 1 : 5000);
    return;
  }
  // Workers whose pod is no longer wanted.
  for (const uid of scope?.uids ?? workerUids(mem)) {
    const w = mem.pods[uid];
    if (!w) continue;
    const known = desired.has(uid) || (!apiKnown && !w.staticPod);
    if (known) continue;
    if (w.staticPod) {
      // Manifest removed or changed: stop the old pod (the mirror goes in syncMirrorPods).
      if (w.state !== 'terminating' && w.state !== 'terminated')
        startTermination(e, h, uid, 30, 'static pod manifest removed or changed');
      else if (w.state === 'terminated') {
        // Dead instances left by a SIGKILL (killFinished); nothing is left otherwise.
        killWorkerContainers(e, h, w, w.cause);
        removeWorker(e, mem, uid);
      }
      continue;
    }
    // SyncLoop REMOVE: the API object is gone (PodGC, force delete, node deleted...).
    const c = e.cause({
      actor: actor(h),
      what: `pod killed ${w.key}`,
      rule: 'SyncLoop REMOVE: pod deleted from the API',
      parents: [e.lastCause(`Pod/${w.key}`) ?? w.cause],
    });
    logLine(e, h.name, 'kubelet', 'I', 'kubelet.go:2559', `"SyncLoop REMOVE" source="api" pods=[${q(w.key)}]`);
    killWorkerContainers(e, h, w, c);
    removeWorker(e, mem, uid);
  }
  for (const d of desired.values()) {
    let w: KubeletPodWorker | undefined = mem.pods[d.uid];
    if (!w) {
      if (d.deleting && runningContainersOf(h, d.uid).length === 0) {
        // Terminating while we were away and nothing runs (dead instances, after a reboot, go with
        // container GC): the pod worker has nothing to kill, finish at once.
        finishDeletion(e, h, d);
        continue;
      }
      // A pod in a terminal phase (Failed by a node shutdown) is never started again.
      if (d.api?.status.phase === 'Failed' || d.api?.status.phase === 'Succeeded') continue;
      w = newWorker(e, h, d);
    }
    if (d.deleting && w.state !== 'terminating' && w.state !== 'terminated') {
      startTermination(e, h, d.uid, d.grace, 'pod has a deletionTimestamp');
    }
  }
  for (const uid of scope?.uids ?? workerUids(mem)) {
    const w = mem.pods[uid];
    if (!w) continue;
    if (w.state === 'terminated') {
      const d = desired.get(uid);
      // Killed by the node shutdown manager and not deleted: the pod stays, Failed (shutdown-manager.ts).
      if (w.shutdown && !d?.deleting) {
        publishStatus(e, h, w, apiKnown);
        continue;
      }
      if (!w.staticPod && d && apiKnown) {
        publishStatus(e, h, w, apiKnown);
        finishDeletion(e, h, d);
        // Dead instances left by a SIGKILL (killFinished); nothing is left otherwise.
        killWorkerContainers(e, h, w, w.cause);
        removeWorker(e, mem, uid);
      }
      continue;
    }
    if (w.state === 'terminating' || workerSyncIsNoop(e, h, w, apiKnown)) continue;
    if (waitsForVolumes(e, h, w)) {
      publishStatus(e, h, mem.pods[uid] ?? w, apiKnown);
      continue;
    }
    const probe = probePass(e, h);
    // Each step takes the worker writable only if it writes it (kubelet/worker-writes.ts): the
    // next step reads the worker as it now stands in `mem.pods`, never the `w` read before.
    syncWorkerContainers(e, h, w);
    triggerReadiness(e, h, mem.pods[uid] ?? w);
    const now = mem.pods[uid] ?? w;
    publishStatus(e, h, now, apiKnown);
    noteWorkerSync(e, h, now, apiKnown, probe);
  }
  if (apiKnown) {
    // A scoped pass runs on a node without static or mirror pods: nothing for syncMirrorPods.
    if (!scope) syncMirrorPods(e, h);
    // Every pod the API and the manifests ask for has a worker: housekeeping may look for orphans.
    if (!mem.podsAdded) e.cow.touch(mem).podsAdded = true;
  }
  endPass(e, h, scope, apiKnown);
}

/**
 * kubelet.go SyncPod: `volumeManager.WaitForAttachAndMount` before the sandbox and containers. A
 * pod not started yet (no sandbox) whose claims are not bound or not attached to this node
 * (api/provisioner.ts unattachedVolumes) waits, ContainerCreating; the attachdetach-controller
 * wakes the kubelet when it attaches (the volume manager polls every 300 ms). A pod without
 * claims costs one look-up.
 */
function waitsForVolumes(e: Engine, h: RunningHost, w: KubeletPodWorker): boolean {
  if (w.staticPod || w.podIP !== undefined) return false;
  const pod = e.get('Pod', w.key);
  if (!pod?.spec.volumes || pod.metadata.uid !== w.uid) return false;
  const missing = unattachedVolumes(e, pod, h.name);
  if (missing.length === 0) return false;
  volumeWaitTimeout(e, h, w, missing);
  return true;
}

/** volume_manager.go podAttachAndMountTimeout: 2m3s. */
export const POD_ATTACH_AND_MOUNT_TIMEOUT = 2 * 60_000 + 3000;

/**
 * WaitForAttachAndMount gives up after 2m3s: the v1.23 kubelet.go SyncPod then records Warning
 * `FailedMount` "Unable to attach or mount volumes: unmounted volumes=[data], unattached
 * volumes=[data]: timed out waiting for the condition" and the pod worker tries again (a new wait).
 * Newer kubelets (1.33's kubelet.go) skip the event when the wait was only interrupted or timed
 * out (`if !wait.Interrupted(err)`; kk#127004 asks for it back): nothing on the v1.33 profile. The
 * playground's pods have no kube-api-access volume, so the lists hold the claims' volumes only.
 */
function volumeWaitTimeout(e: Engine, h: RunningHost, w: KubeletPodWorker, missing: string[]): void {
  if (e.state.profile.name !== 'v1.23-docker') return;
  const since = w.volumeWaitSince;
  if (since !== undefined && e.now - since < POD_ATTACH_AND_MOUNT_TIMEOUT) return;
  const own = writableWorker(e, h.kubelet, w.uid) as WritableWorker;
  own.volumeWaitSince = e.now;
  ensurePodSyncWithin(e, h, POD_ATTACH_AND_MOUNT_TIMEOUT);
  if (since === undefined) return;
  const c = e.cause({
    actor: actor(h),
    what: `volumes not attached ${w.key}`,
    rule: 'WaitForAttachAndMount timed out (podAttachAndMountTimeout 2m3s)',
    parents: [e.lastCause(`Pod/${w.key}`) ?? w.cause],
  });
  const list = missing.join(' ');
  kubeletEvent(
    e,
    h,
    podRef(w),
    'Warning',
    'FailedMount',
    `Unable to attach or mount volumes: unmounted volumes=[${list}], unattached volumes=[${list}]: timed out waiting for the condition`,
    c,
  );
}

function removeWorker(e: Engine, mem: KubeletMemory, uid: string): void {
  deleteWorker(e, mem, uid);
  forgetWorkerOrder(mem);
}

/** The pod is terminated on the node: the kubelet's final DELETE (grace 0) removes it. */
function finishDeletion(e: Engine, h: RunningHost, d: Desired): void {
  const c = e.cause({
    actor: actor(h),
    what: `pod deleted ${d.key}`,
    rule: 'Pod fully terminated on the node: kubelet deletes it with grace 0',
    parents: [e.lastCause(`Pod/${d.key}`) ?? desiredCause(e, d)],
  });
  logLine(e, h.name, 'kubelet', 'I', 'kubelet.go:2580', `"Pod fully terminated and removed from etcd" pod=${q(d.key)}`);
  e.remove('Pod', d.key, 'deleted by kubelet after termination', c);
}
