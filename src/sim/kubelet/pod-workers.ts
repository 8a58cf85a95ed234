/**
 * Pod workers: bring one pod's containers to the desired state (kuberuntime_manager.go SyncPod):
 * 1. the sandbox: a NotReady one (after a reboot, or dockerd stopping its containers) is
 *    replaced: Normal `SandboxChanged` "Pod sandbox changed, it will be killed and re-created.",
 *    its containers killed, a new sandbox with a new IP;
 * 2. containers whose liveness or startup probe failed are killed: Normal `Killing` "Container
 *    nginx failed liveness probe, will be restarted" (computePodActions), and started again in the
 *    same SyncPod;
 * 3. dead containers are started again unless in back-off (doBackOff, kubelet/backoff.ts):
 *    waiting `CrashLoopBackOff` "back-off 10s restarting failed container=...", Warning `BackOff`
 *    "Back-off restarting failed container ...", and the pod worker retries after backOffPeriod
 *    with jitter 0.5 (pod_workers.go completeWork: 10-15s);
 * 4. missing containers are pulled and started (container-start.ts).
 * doBackOff reads the pod status the sync started from: after a liveness kill the instance it
 * weighs is the dead one from before the kill, so the first kills restart at once and
 * CrashLoopBackOff comes once the back-off outgrows the time between kills.
 *
 * Cause `what` prefixes: `container start delayed`, `container kill`, `sandbox changed`.
 */
import type { Engine } from '../core/engine';
import type { Host, HostContainer, KubeletMemory, KubeletPodWorker } from '../core/state';
import { goDuration } from '../host/clock';
import { logLine, q } from '../host/journal';
import { stopExitCode } from '../runtime/app';
import {
  containerExited,
  containersOf,
  criAvailable,
  criError,
  removeContainer,
  runningContainersOf,
} from '../runtime/containers';
import { removePodSandbox, runPodSandbox, sandboxOf } from '../runtime/sandboxes';
import { BACKOFF_INITIAL, isInBackOffSince, nextBackOff } from './backoff';
import { ensureImageThenStart, latestInstance, podRef } from './container-start';
import { kubeletEvent } from './events';
import { actor, kgen } from './memory';
import { ensurePodSyncWithin } from './pod-sync-queue';
import { failedProbe } from './probe-results';
import {
  type WritableContainerState,
  type WritableWorker,
  writableContainerState,
  writableWorker,
} from './worker-writes';

type RunningHost = Host & { kubelet: KubeletMemory };

export { podRef, pullPolicyAlways } from './container-start';

/**
 * Ensure every container of a running worker runs (called only when the runtime is healthy). The
 * worker is taken writable (kubelet/worker-writes.ts) only by a step that writes it: a pass that
 * finds every container as its state says (a node cut off from the API syncs each pod every pass)
 * leaves the record shared with the last checkpoint instead of copying it unchanged (5,000 nodes,
 * zone cut: 56,183 workers were copied per 30 s; the hosts part of a checkpoint 30 s from the next
 * went from 15.7 to 11.4 MB, bench/checkpoint-memory.ts). The caller reads the worker back from
 * `k.pods` afterwards.
 */
export function syncWorkerContainers(e: Engine, h: RunningHost, shared: KubeletPodWorker): void {
  // The kubelet's runtime view lags (5s checks); a CRI call to a stopped runtime just fails.
  if (!criAvailable(e, h)) {
    logLine(
      e,
      h.name,
      'kubelet',
      'E',
      'pod_workers.go:1301',
      `"Error syncing pod, skipping" err=${q(criError(e))} pod=${q(shared.key)} podUID=${q(shared.uid)}`,
    );
    ensurePodSyncWithin(e, h, 5000);
    return;
  }
  let own: WritableWorker | undefined;
  const writable = (): WritableWorker => {
    own ??= writableWorker(e, h.kubelet, shared.uid) as WritableWorker;
    return own;
  };
  // The sandbox comes first (a new pod gets its IP before its images are pulled); a pod whose
  // containers all run has a ready one (a stopped sandbox stops them all), so it is looked at
  // only when a container must start.
  let sandboxChecked = false;
  const sandbox = () => {
    if (sandboxChecked) return;
    sandboxChecked = true;
    ensureSandbox(e, h, writable());
  };
  if (shared.podIP === undefined) sandbox();
  for (const name of Object.keys(shared.containers)) {
    const cur = (own ?? shared).containers[name];
    if (!cur || cur.pulling) continue;
    // A container that runs, as its state already says, with no failed probe: SyncPod has nothing
    // to do for it (syncContainer would write the same values), so its state is not copied.
    const latest = latestInstance(h, shared.uid, name);
    if (
      latest?.state === 'running' &&
      cur.containerId === latest.id &&
      cur.waiting === undefined &&
      (cur.killing !== undefined || failedProbe(cur, latest.id) === undefined)
    )
      continue;
    const w = writable();
    // Taken writable through the worker (the same `w`, already the live state's own).
    const { st } = writableContainerState(e, h.kubelet, w.uid, name) as { st: WritableContainerState };
    syncContainer(e, h, w, st, sandbox, latest);
  }
}

/** Step 1: a ready sandbox, replacing a NotReady one (computePodActions: PodSandboxChanged). */
function ensureSandbox(e: Engine, h: RunningHost, w: WritableWorker): void {
  const sb = sandboxOf(h, w.uid);
  if (sb?.state === 'ready') {
    w.podIP = sb.ip;
    return;
  }
  if (sb) {
    const c = e.cause({
      actor: actor(h),
      what: `sandbox changed ${w.key}`,
      rule: 'the pod sandbox is not ready: kill the pod and create a new sandbox',
      parents: [e.lastCause(`Host/${h.name}`) ?? w.cause],
    });
    kubeletEvent(
      e,
      h,
      podRef(w),
      'Normal',
      'SandboxChanged',
      'Pod sandbox changed, it will be killed and re-created.',
      c,
    );
    for (const hc of runningContainersOf(h, w.uid)) {
      kubeletEvent(e, h, podRef(w), 'Normal', 'Killing', `Stopping container ${hc.name}`, c);
      containerExited(e, h.name, hc.id, 137, 'Error', c);
    }
  }
  w.podIP = runPodSandbox(e, h, {
    podUid: w.uid,
    podName: w.podName,
    namespace: w.namespace,
    hostNetwork: w.hostNetwork === true,
  }).ip;
}

function syncContainer(
  e: Engine,
  h: RunningHost,
  w: WritableWorker,
  st: WritableContainerState,
  sandbox: () => void,
  latest: HostContainer | undefined,
): void {
  if (latest?.state === 'running') {
    st.containerId = latest.id;
    delete st.waiting;
    const probe = st.killing ? undefined : failedProbe(st, latest.id);
    if (probe) killForProbe(e, h, w, st, latest, probe);
    return;
  }
  sandbox();
  if (latest?.state === 'exited' && !latest.lost) {
    // doBackOff weighs the newest dead instance of the status the sync started from.
    let dead: HostContainer | undefined = latest;
    if (st.killing?.containerId === latest.id) {
      dead = st.killing.before !== undefined ? h.containers[st.killing.before] : undefined;
      delete st.killing;
    }
    st.containerId = latest.id;
    if (dead?.state === 'exited') {
      const finished = dead.finishedAt ?? e.now;
      if (isInBackOffSince(st, finished, e.now)) {
        crashLoopBackOff(e, h, w, st);
        return;
      }
      nextBackOff(st, finished, e.now);
    }
  }
  ensureImageThenStart(e, h, w, st);
}

function crashLoopBackOff(e: Engine, h: RunningHost, w: KubeletPodWorker, st: WritableContainerState): void {
  const delay = st.backoff?.delay ?? BACKOFF_INITIAL;
  st.waiting = {
    reason: 'CrashLoopBackOff',
    message: `back-off ${goDuration(delay)} restarting failed container=${st.name} pod=${w.podName}_${w.namespace}(${w.uid})`,
  };
  const c = e.cause({
    actor: actor(h),
    what: `container start delayed: CrashLoopBackOff ${w.key}/${st.name}`,
    rule: 'restart back-off 10s doubling to 5m, reset after 10 minutes of running',
    constant: `backoff=${goDuration(delay)}`,
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
  // The failed sync requeues the pod after backOffPeriod with jitter 0.5.
  ensurePodSyncWithin(e, h, e.randInt(BACKOFF_INITIAL, BACKOFF_INITIAL * 1.5));
}

/**
 * Step 2: stop a container whose liveness or startup probe failed. The program's stop signal ends
 * it within a moment, or (a shell as PID 1 ignores SIGTERM) SIGKILL ends it after the grace
 * period: the probe's terminationGracePeriodSeconds, else the pod's.
 */
function killForProbe(
  e: Engine,
  h: RunningHost,
  w: KubeletPodWorker,
  st: WritableContainerState,
  c: HostContainer,
  probe: 'liveness' | 'startup',
): void {
  let before: string | undefined;
  for (const x of containersOf(h, w.uid)) if (x.name === st.name && x.state === 'exited') before = x.id;
  st.killing = before !== undefined ? { containerId: c.id, probe, before } : { containerId: c.id, probe };
  const cause = e.cause({
    actor: actor(h),
    what: `container kill ${w.key}/${st.name}: ${probe} probe failed`,
    rule: `a failed ${probe} probe restarts the container`,
    constant: `failureThreshold=${st.probes?.[probe]?.spec.failureThreshold}`,
    parents: [e.lastCause(`Pod/${w.key}`, 'event Unhealthy') ?? w.cause],
  });
  kubeletEvent(
    e,
    h,
    podRef(w),
    'Normal',
    'Killing',
    `Container ${st.name} failed ${probe} probe, will be restarted`,
    cause,
  );
  const grace = st.probes?.[probe]?.spec.terminationGracePeriodSeconds ?? w.terminationGracePeriodSeconds ?? 30;
  const code = stopExitCode(c);
  // [U] A program that honours its stop signal is gone in 0.3-1.5s.
  const delay = code === undefined ? grace * 1000 : Math.min(grace * 1000, e.randInt(300, 1500));
  e.schedule(delay, 'kubelet.kill-container', `${h.name}|${w.uid}|${c.id}|${code ?? 137}|${cause}`, kgen(h));
}

/** Timer: the probe-killed container is gone (its exit code from how it took the signal). */
export function killContainerFinished(e: Engine, h: RunningHost, target: string): void {
  const [, , id = '', code = '137', cause = '0'] = target.split('|');
  const exit = Number(code);
  containerExited(e, h.name, id, exit, exit === 0 ? 'Completed' : 'Error', Number(cause));
}

/** Kill every container of a worker and remove its sandbox (graceful stop already waited for by the caller). */
export function killWorkerContainers(e: Engine, h: Host, w: KubeletPodWorker, cause: number): void {
  for (const c of [...containersOf(h, w.uid)]) removeContainer(e, h, c.id, cause);
  removePodSandbox(e, h, w.uid);
}
