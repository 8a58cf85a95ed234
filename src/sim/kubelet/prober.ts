/**
 * The prober (pkg/kubelet/prober): one worker per container probe, started when the pod worker is
 * added (prober_manager.go AddPod: startup, readiness, liveness), probing every periodSeconds.
 *
 * worker.go run/doProbe, step by step:
 * - a kubelet that started less than a period ago waits a random part of the period first (so
 *   that probes do not all fire at once): after a kubelet restart a readiness-probed container is
 *   not ready for up to one period (the 1.30-1.34 readiness reset of reference §5.2);
 * - a new container id resets the result to the initial value (readiness Failure, liveness
 *   Success, startup Unknown) and lifts the hold;
 * - a container not running fails; nothing is probed within initialDelaySeconds of its start;
 *   liveness and readiness wait for the startup probe to succeed;
 * - successThreshold / failureThreshold consecutive results change the result; a failed liveness
 *   or startup probe holds the worker until a new container exists;
 * - a probe that errors (exec while the runtime is down: the CRI call fails) records a Warning
 *   `Unhealthy` "... probe errored and resulted in unknown state: ..." and its result is thrown
 *   away ("Prober error, throw away the result"): it never counts as a failure.
 * Each failure records Warning `Unhealthy` "<Type> probe failed: <output>" (prober.go probe).
 * A readiness or startup change reaches the API through the status manager at once, whatever the
 * sync loop does; a liveness or startup failure asks for a pod sync, which kills the container
 * (pod-workers.ts). The status of a pod sync triggers a readiness probe that has no success for the
 * current container yet (UpdatePodStatus: manualTriggerCh).
 *
 * Cause `what` prefixes: `probe`.
 */
import type { ContainerSpec } from '../core/api-types';
import type { Engine } from '../core/engine';
import type {
  Host,
  HostContainer,
  KubeletContainerState,
  KubeletMemory,
  KubeletPodWorker,
  ProbeResult,
  ProbeType,
} from '../core/state';
import { logLine, q } from '../host/journal';
import { containersOf } from '../runtime/containers';
import { kubeletEvent } from './events';
import { actor, kgen } from './memory';
import { publishStatus } from './pod-status';
import { requestPodSync } from './pod-sync-queue';
import { containerStarted } from './probe-results';
import { runProbe } from './probe-run';
import { forgetWorkerMark } from './quiet-sync';
import { putProbe, type WritableProbe, writableProbe } from './worker-writes';

type RunningHost = Host & { kubelet: KubeletMemory };

/** AddPod's order of probe workers. */
const TYPES: ProbeType[] = ['startup', 'readiness', 'liveness'];
const FIELD = { startup: 'startupProbe', readiness: 'readinessProbe', liveness: 'livenessProbe' } as const;
const INITIAL: Record<ProbeType, ProbeResult> = { readiness: 'Failure', liveness: 'Success', startup: 'Unknown' };
/** probeType.String() */
export const PROBE_NAME: Record<ProbeType, string> = {
  readiness: 'Readiness',
  liveness: 'Liveness',
  startup: 'Startup',
};

function target(h: Host, w: KubeletPodWorker, name: string, type: ProbeType, kind: 'tick' | 'manual'): string {
  return `${h.name}|${w.uid}|${name}|${type}|${kind}`;
}

/** AddPod: probe workers for the probes of each container; each runs its first probe now or soon. */
export function addProbes(e: Engine, h: RunningHost, uid: string, specs: readonly ContainerSpec[]): void {
  for (const spec of specs) {
    if (!h.kubelet.pods[uid]?.containers[spec.name]) continue;
    for (const type of TYPES) {
      const probe = spec[FIELD[type]];
      if (!probe) continue;
      const period = probe.periodSeconds * 1000;
      // A kubelet that just started spreads its probes over one period (worker.go run). The spread
      // is keyed (Engine.keyedInt), not drawn: CoreDNS's probes start with every built-in's boot.
      const spread = `${h.name}|${uid}|${spec.name}|${type}|${h.kubelet.startedAt}`;
      const delay = period > e.now - h.kubelet.startedAt ? e.keyedInt(spread, 0, period - 1) : 0;
      const ps = { spec: probe, resultRun: 0, onHold: false, nextTick: e.now + delay, triggered: false };
      const { w, st } = putProbe(e, h.kubelet, uid, spec.name, type, ps) as NonNullable<ReturnType<typeof putProbe>>;
      if (type === 'readiness') w.readinessProbes = true;
      st.ports ??= (spec.ports ?? []).map((p) =>
        p.name === undefined ? { containerPort: p.containerPort } : { containerPort: p.containerPort, name: p.name },
      );
      e.schedule(delay, 'kubelet.probe', target(h, w, spec.name, type, 'tick'), kgen(h));
    }
  }
}

/** Timer: a probe worker's tick or manual run. */
export function probeTimer(e: Engine, h: RunningHost, t: { at: number; target: string }): void {
  // host|uid|container|type|kind, parsed without splitting (a tick per probe per period).
  const tg = t.target;
  const a = tg.indexOf('|');
  const b = tg.indexOf('|', a + 1);
  const k = tg.lastIndexOf('|');
  const c = tg.lastIndexOf('|', k - 1);
  const type = tg.slice(c + 1, k) as ProbeType;
  const uid = tg.slice(a + 1, b);
  const name = tg.slice(b + 1, c);
  const manual = tg.endsWith('|manual');
  const seen = h.kubelet.pods[uid]?.containers[name]?.probes?.[type];
  if (!seen || (manual ? !seen.triggered : t.at !== seen.nextTick)) return;
  // Only now the probe worker is taken writable (kubelet/worker-writes.ts): a stale tick copies nothing.
  const { w, st, ps } = writableProbe(e, h.kubelet, uid, name, type) as NonNullable<ReturnType<typeof writableProbe>>;
  if (manual) {
    ps.triggered = false;
    doProbe(e, h, w, st, ps, type);
    return;
  }
  ps.looping = true;
  if (!doProbe(e, h, w, st, ps, type)) {
    ps.nextTick = -1;
    return;
  }
  ps.nextTick = e.now + ps.spec.periodSeconds * 1000;
  e.schedule(ps.spec.periodSeconds * 1000, 'kubelet.probe', t.target, kgen(h));
}

function latest(h: Host, uid: string, name: string): HostContainer | undefined {
  let best: HostContainer | undefined;
  for (const c of containersOf(h, uid)) if (c.name === name) best = c;
  return best;
}

/** resultsManager.Set: a changed result goes to the status manager and the sync loop. */
function setResult(
  e: Engine,
  h: RunningHost,
  w: KubeletPodWorker,
  ps: WritableProbe,
  type: ProbeType,
  result: ProbeResult,
): void {
  if (ps.result === result) return;
  ps.result = result;
  forgetWorkerMark(h, w);
  if (type !== 'liveness') publishStatus(e, h, w);
  if (type !== 'liveness' || result === 'Failure') requestPodSync(e, h, 0);
}

/** worker.doProbe: one probe; false when the worker should stop. */
function doProbe(
  e: Engine,
  h: RunningHost,
  w: KubeletPodWorker,
  st: KubeletContainerState,
  ps: WritableProbe,
  type: ProbeType,
): boolean {
  if (w.state === 'terminated') return false;
  const c = latest(h, w.uid, st.name);
  if (!c) return true; // not created yet
  if (ps.containerId !== c.id) {
    ps.containerId = c.id;
    ps.result = undefined;
    setResult(e, h, w, ps, type, INITIAL[type]);
    ps.onHold = false;
  }
  if (ps.onHold) return true;
  if (c.state !== 'running') {
    setResult(e, h, w, ps, type, 'Failure');
    return true;
  }
  // StopLivenessAndStartup: a terminating pod is not restarted for a failing probe.
  if (w.state === 'terminating' && type !== 'readiness') {
    setResult(e, h, w, ps, type, 'Success');
    return false;
  }
  if (Math.floor((e.now - c.startedAt) / 1000) < ps.spec.initialDelaySeconds) return true;
  const started = containerStarted(st, c);
  if (started ? type === 'startup' : type !== 'startup') return true;
  const outcome = runProbe(e, h, ps.spec, c, w.podIP ?? '', st.ports ?? []);
  const name = PROBE_NAME[type];
  if ('error' in outcome) {
    const message = is123(e)
      ? `${name} probe errored: ${outcome.error}`
      : `${name} probe errored and resulted in unknown state: ${outcome.error}`;
    logLine(
      e,
      h.name,
      'kubelet',
      'E',
      'prober.go:104',
      `"Probe errored" err=${q(outcome.error)} ${logFields(name, w, st)} probeResult="unknown"`,
    );
    kubeletEvent(e, h, podRef(w), 'Warning', 'Unhealthy', message, probeCause(e, h, w, st, type, 'errored'));
    return true;
  }
  if (outcome.result === 'Failure') {
    logLine(
      e,
      h.name,
      'kubelet',
      'I',
      'prober.go:107',
      `"Probe failed" ${logFields(name, w, st)} probeResult="failure" output=${q(outcome.output)}`,
    );
    kubeletEvent(
      e,
      h,
      podRef(w),
      'Warning',
      'Unhealthy',
      `${name} probe failed: ${outcome.output}`,
      probeCause(e, h, w, st, type, 'failed'),
    );
  }
  if (ps.lastResult === outcome.result) ps.resultRun++;
  else {
    ps.lastResult = outcome.result;
    ps.resultRun = 1;
  }
  const threshold = outcome.result === 'Failure' ? ps.spec.failureThreshold : ps.spec.successThreshold;
  if (ps.resultRun < threshold) return true;
  setResult(e, h, w, ps, type, outcome.result);
  if (type !== 'readiness' && outcome.result === 'Failure') {
    ps.onHold = true;
    ps.resultRun = 0;
  }
  return true;
}

/** The probe's klog fields (built only for a line that is logged). */
function logFields(name: string, w: KubeletPodWorker, st: KubeletContainerState): string {
  return `probeType=${q(name)} pod=${q(w.key)} podUID=${q(w.uid)} containerName=${q(st.name)}`;
}

function is123(e: Engine): boolean {
  return e.state.profile.name === 'v1.23-docker';
}

function podRef(w: KubeletPodWorker) {
  return { kind: 'Pod', name: w.podName, namespace: w.namespace, uid: w.uid };
}

function probeCause(
  e: Engine,
  h: Host,
  w: KubeletPodWorker,
  st: KubeletContainerState,
  type: ProbeType,
  how: string,
): number {
  const spec = st.probes?.[type]?.spec;
  return e.cause({
    actor: actor(h),
    what: `probe ${how}: ${PROBE_NAME[type]} of ${w.key}/${st.name}`,
    rule: `${PROBE_NAME[type].toLowerCase()} probe every periodSeconds; failureThreshold failures in a row change the result`,
    constant: spec ? `periodSeconds=${spec.periodSeconds} failureThreshold=${spec.failureThreshold}` : '',
    parents: [w.cause],
  });
}

/**
 * UpdatePodStatus's manual trigger: a running, started container whose readiness probe has no
 * success for it yet is probed at once (after the worker's first probe, if that is still to come).
 */
export function triggerReadiness(e: Engine, h: RunningHost, w: KubeletPodWorker): void {
  if (!w.readinessProbes) return;
  for (const name in w.containers) {
    const st = w.containers[name] as KubeletContainerState;
    const ps = st.probes?.readiness;
    if (!ps || ps.triggered || ps.nextTick < 0) continue;
    const c = latest(h, w.uid, name);
    if (!c || !containerStarted(st, c)) continue;
    if (ps.containerId === c.id && ps.result === 'Success') continue;
    (
      writableProbe(e, h.kubelet, w.uid, name, 'readiness') as NonNullable<ReturnType<typeof writableProbe>>
    ).ps.triggered = true;
    const at = ps.looping ? 0 : Math.max(0, ps.nextTick - e.now);
    e.schedule(at, 'kubelet.probe', target(h, w, name, 'readiness', 'manual'), kgen(h));
  }
}
