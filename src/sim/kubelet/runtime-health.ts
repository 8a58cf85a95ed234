/**
 * Runtime health as the kubelet sees it (reference 4.1): `updateRuntimeUp` every 5s, PLEG relists
 * every 1s, and `runtimeErrors()` which feeds the Ready condition and gates the sync loop.
 *
 * PLEG is evaluated lazily instead of with a 1s timer: a relist succeeds at every 1s tick from
 * `plegFirstRelistAt` while the runtime answers `ListPodSandbox`, so its last success is the
 * last tick before the runtime went down (or now).
 *
 * `updateRuntimeUp` is also lazy while everything is healthy: a tick that leaves no runtime error
 * only moves lastBaseRuntimeSync to its own time, so the loop goes idle (no timer) and
 * `lastRuntimeSync` reads the last tick of its 5s grid; stopping the runtime unit (the only way
 * it stops answering while the kubelet runs) wakes the loop at the next grid tick.
 *
 * Cause `what` prefixes: `runtime down`, `runtime up`.
 */
import type { Engine } from '../core/engine';
import type { Host, KubeletMemory } from '../core/state';
import { goDuration } from '../host/clock';
import { logLine, q } from '../host/journal';
import { criAvailable, criError } from '../runtime/containers';

/** Kubelet's PLEG relist period. */
export const PLEG_RELIST_PERIOD = 1000;
/** updateRuntimeUp period. */
export const RUNTIME_UP_PERIOD = 5000;

type RunningHost = Host & { kubelet: KubeletMemory };

/** dockershim runs inside the kubelet, so CRI `Status` answers even when dockerd is down. */
function criStatusAnswers(e: Engine, h: Host): boolean {
  return e.state.profile.runtime === 'docker' || criAvailable(e, h);
}

function dockerNotReady(e: Engine): string {
  return `${e.state.profile.runtimeNotReadyPrefix}: RuntimeReady=false reason:DockerDaemonNotReady message:docker: failed to get docker version: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?`;
}

/** One `updateRuntimeUp` pass: refresh lastBaseRuntimeSync or record the runtime error. */
export function updateRuntimeUp(e: Engine, h: RunningHost): void {
  const mem = h.kubelet;
  if (!criStatusAnswers(e, h)) {
    logLine(
      e,
      h.name,
      'kubelet',
      'E',
      'kubelet.go:3026',
      `"Container runtime sanity check failed" err=${q(criError(e))}`,
    );
    return;
  }
  if (!criAvailable(e, h)) {
    // dockershim answered with RuntimeReady=false.
    e.cow.touch(mem).runtimeError = dockerNotReady(e);
    logLine(
      e,
      h.name,
      'kubelet',
      'E',
      'kubelet.go:2407',
      `"Container runtime not ready" runtimeReady="RuntimeReady=false reason:DockerDaemonNotReady message:docker: failed to get docker version: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?"`,
    );
    return;
  }
  const w = e.cow.touch(mem);
  w.runtimeError = undefined;
  w.lastBaseRuntimeSync = e.now;
  w.runtimeEverSynced = true;
}

/** lastBaseRuntimeSync, read through the idle loop's grid (see the header). */
export function lastRuntimeSync(e: Engine, h: RunningHost): number {
  const idle = h.kubelet.runtimeUpIdleSince;
  if (idle === undefined) return h.kubelet.lastBaseRuntimeSync;
  return idle + Math.floor((e.now - idle) / RUNTIME_UP_PERIOD) * RUNTIME_UP_PERIOD;
}

/** After a tick: go idle if nothing is wrong, else tick again in 5s. */
export function continueRuntimeUpLoop(e: Engine, h: RunningHost, gen: number): void {
  // Idle only after a tick that refreshed lastBaseRuntimeSync (the runtime answers) with no error left.
  if (h.kubelet.lastBaseRuntimeSync === e.now && runtimeErrors(e, h).length === 0) {
    e.cow.touch(h.kubelet).runtimeUpIdleSince = e.now;
    return;
  }
  e.schedule(RUNTIME_UP_PERIOD, 'kubelet.runtime-up', h.name, gen);
}

/**
 * The runtime unit stopped: an idle loop fixes lastBaseRuntimeSync to its last grid tick (a tick
 * at this very ms already ran: timers run before commands) and ticks again at the next one.
 */
export function wakeRuntimeUpLoop(e: Engine, h: RunningHost, gen: number): void {
  const idle = h.kubelet.runtimeUpIdleSince;
  if (idle === undefined) return;
  const last = lastRuntimeSync(e, h);
  const w = e.cow.touch(h.kubelet);
  w.lastBaseRuntimeSync = last;
  w.runtimeUpIdleSince = undefined;
  e.schedule(last + RUNTIME_UP_PERIOD - e.now, 'kubelet.runtime-up', h.name, gen);
}

/** Time of PLEG's last successful relist, or undefined if it never succeeded in this process. */
export function plegLastRelist(e: Engine, h: RunningHost): number | undefined {
  const mem = h.kubelet;
  const first = mem.plegFirstRelistAt;
  const rt = h.services[e.state.profile.runtime];
  const upNow = criAvailable(e, h);
  // The runtime was last seen answering: now, or when it stopped.
  const lastUp = upNow ? e.now : rt && !rt.active ? rt.since : undefined;
  let last = mem.plegEverSucceeded ? mem.plegLastRelist : undefined;
  if (lastUp !== undefined && lastUp >= first) {
    const tick = first + Math.floor((lastUp - first) / PLEG_RELIST_PERIOD) * PLEG_RELIST_PERIOD;
    // A stop exactly on a tick happened before that relist.
    const t = !upNow && tick === lastUp && tick > first ? tick - PLEG_RELIST_PERIOD : tick;
    if (upNow || t >= mem.startedAt) {
      if (last === undefined || t > last) last = t;
    }
  }
  // Kept only while the runtime is down (then it stands still): while it answers, the last relist
  // is the latest tick, which no earlier one exceeds, and a stop keeps its time (`rt.since`). A
  // write at each read made every running kubelet's memory a new copy at every checkpoint.
  if (last !== undefined && !upNow && (last !== mem.plegLastRelist || !mem.plegEverSucceeded)) {
    const w = e.cow.touch(mem);
    w.plegLastRelist = last;
    w.plegEverSucceeded = true;
  }
  return last;
}

/** PLEG health message, or undefined when healthy. */
export function plegError(e: Engine, h: RunningHost): string | undefined {
  const last = plegLastRelist(e, h);
  if (last === undefined) return 'pleg has yet to be successful';
  const elapsed = e.now - last;
  const threshold = e.state.settings.plegRelistThreshold;
  if (elapsed > threshold)
    return `pleg was last seen active ${goDuration(elapsed)} ago; threshold is ${goDuration(threshold)}`;
  return undefined;
}

/** `runtimeState.runtimeErrors()`: the list whose aggregate is the Ready message. */
export function runtimeErrors(e: Engine, h: RunningHost): string[] {
  const mem = h.kubelet;
  const errs: string[] = [];
  if (!mem.runtimeEverSynced) errs.push('container runtime status check may not have completed yet');
  else if (lastRuntimeSync(e, h) + e.state.settings.maxWaitForContainerRuntime <= e.now)
    errs.push('container runtime is down');
  const pleg = plegError(e, h);
  if (pleg) errs.push(`PLEG is not healthy: ${pleg}`);
  if (mem.runtimeError) errs.push(mem.runtimeError);
  return errs;
}

/** utilerrors.NewAggregate(...).Error(): one error plain, several as `[e1, e2]` (deduplicated). */
export function aggregate(errs: string[]): string {
  const seen: string[] = [];
  for (const x of errs) if (!seen.includes(x)) seen.push(x);
  if (seen.length === 1) return seen[0] ?? '';
  return `[${seen.join(', ')}]`;
}
