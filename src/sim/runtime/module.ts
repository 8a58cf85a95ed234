/**
 * The container runtime service (containerd, or dockerd on the v1.23-docker profile).
 *
 * containerd stopping leaves containers running: each has its own containerd-shim and the unit
 * has KillMode=process (reference 4.4). dockerd stopping without live-restore stops every
 * container (profile.runtimeStopKillsContainers); they exit 0, so pods show `Completed` as in
 * seed 001, and the kubelet restarts them when docker is back (restartCount + 1).
 *
 * Cause `what` prefixes: `container exited` (via containers.ts).
 */
import type { Engine, SimModule } from '../core/engine';
import type { Host } from '../core/state';
// Up the layers (src/sim/layers.test.ts): the runtime coming back wakes the kubelet's runtime
// health loop, parked while the runtime is down (upstream it polls every 5 s; parked for speed).
import { kgen, kubeletRunning } from '../kubelet/memory';
// Up the layers: a container's change wakes the kubelet's pod sync, where upstream PLEG's relist
// would find it (a push instead of polling, for speed).
import { requestPodSync } from '../kubelet/pod-sync-queue';
// Up the layers: see kgen above.
import { wakeRuntimeUpLoop } from '../kubelet/runtime-health';
import { appExitTimer, containerExited, exitLostContainers } from './containers';
import { stopAllSandboxes } from './sandboxes';

/**
 * systemd started the runtime unit: it reloads its containers (those lost with the power exit 255
 * now) and the kubelet notices through its 5s runtime check and PLEG.
 */
export function runtimeServiceStarted(e: Engine, h: Host, cause: number): void {
  exitLostContainers(e, h, cause);
  requestPodSync(e, h, 1000);
}

/** systemd stopped the runtime unit. */
export function runtimeServiceStopped(e: Engine, h: Host, cause: number): void {
  if (kubeletRunning(h)) wakeRuntimeUpLoop(e, h, kgen(h));
  if (!e.state.profile.runtimeStopKillsContainers) return;
  const c = e.cause({
    actor: `dockerd on ${h.name}`,
    what: `container exited: dockerd stopped every container on ${h.name}`,
    rule: 'dockerd without live-restore stops its containers when it terminates',
    constant: 'live-restore=false (default)',
    parents: [cause],
  });
  const ids = Object.values(h.containers)
    .filter((x) => x.state === 'running')
    .map((x) => x.id)
    .sort();
  for (const id of ids) containerExited(e, h.name, id, 0, 'Completed', c);
  // The pause containers stop too: every pod gets a new sandbox (and IP) when docker is back.
  stopAllSandboxes(e, h);
}

export const runtimeModule: SimModule = {
  name: 'runtime',
  timers: { 'runtime.app-exit': (e, t) => appExitTimer(e, t.target) },
};

export { containerExited, runningContainersOf } from './containers';
