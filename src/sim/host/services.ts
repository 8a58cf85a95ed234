/**
 * systemd units on a host: start/stop of kubelet, the container runtime, kube-proxy and
 * calico-node, and what each start/stop sets in motion. Every start/stop bumps the unit's
 * generation (older timers of that unit are then ignored) and records its cause.
 *
 * Cause `what` prefixes: `<unit> started`, `<unit> stopped` (e.g. `kubelet stopped`).
 */
import type { Engine } from '../core/engine';
import type { Host, HostServiceName } from '../core/state';
// Up the layers (src/sim/layers.test.ts): systemd starting or stopping kubelet.service runs the
// kubelet process's own start-up and shutdown.
import { logKubeletShutdown, startKubelet, stopKubelet } from '../kubelet/lifecycle';
import { runtimeServiceStarted, runtimeServiceStopped } from '../runtime/module';
import { calicoStarted, calicoStopped } from './calico';
import { logRaw } from './journal';
import { kubeProxyStarted } from './kube-proxy';

export const UNIT_DESCRIPTIONS: Record<HostServiceName, string> = {
  kubelet: 'kubelet: The Kubernetes Node Agent',
  containerd: 'containerd container runtime',
  docker: 'Docker Application Container Engine',
  'kube-proxy': 'Kubernetes Kube-Proxy Server',
  'calico-node': 'Calico per-node agent',
};

/** Units enabled on every host of this profile, in the order systemd starts them at boot. */
export function enabledUnits(e: Engine): HostServiceName[] {
  return [e.state.profile.runtime, 'kubelet', 'kube-proxy', 'calico-node'];
}

/** Start a unit (no-op if already active). */
export function startService(e: Engine, h: Host, unit: HostServiceName, cause: number): void {
  const cur = h.services[unit];
  if (h.power !== 'on' || cur?.active) return;
  const c = e.cause({ actor: `systemd on ${h.name}`, what: `${unit} started on ${h.name}`, parents: [cause] });
  e.cow.field(h, 'services')[unit] = {
    active: true,
    since: e.now,
    pid: e.randInt(900, 32000),
    gen: (cur?.gen ?? 0) + 1,
    cause: c,
  };
  e.trace(`host ${h.name} ${unit} started`);
  e.remember(`Host/${h.name}`, `${unit} started`, c);
  logRaw(e, h.name, unit, `Started ${UNIT_DESCRIPTIONS[unit]}.`);
  switch (unit) {
    case 'kubelet':
      startKubelet(e, h, c);
      break;
    case 'containerd':
    case 'docker':
      runtimeServiceStarted(e, h, c);
      break;
    case 'kube-proxy':
      kubeProxyStarted(e, h, c);
      break;
    case 'calico-node':
      calicoStarted(e, h, c);
      break;
  }
}

/**
 * Stop a unit. `graceful` is false when the host loses power: nothing runs its shutdown hooks
 * (calico cannot write CalicoIsDown, dockerd does not stop containers one by one: they just vanish).
 */
export function stopService(e: Engine, h: Host, unit: HostServiceName, cause: number, graceful = true): void {
  const cur = h.services[unit];
  if (!cur?.active) return;
  const c = e.cause({ actor: `systemd on ${h.name}`, what: `${unit} stopped on ${h.name}`, parents: [cause] });
  if (graceful) {
    logRaw(e, h.name, unit, `Stopping ${UNIT_DESCRIPTIONS[unit]}...`);
    if (unit === 'calico-node') calicoStopped(e, h, c);
    if (unit === 'kubelet') logKubeletShutdown(e, h);
  }
  e.cow.field(h, 'services')[unit] = { ...cur, active: false, since: e.now, gen: cur.gen + 1, cause: c };
  e.trace(`host ${h.name} ${unit} stopped`);
  e.remember(`Host/${h.name}`, `${unit} stopped`, c);
  if (graceful) {
    logRaw(e, h.name, unit, `${unit}.service: Deactivated successfully.`);
    logRaw(e, h.name, unit, `Stopped ${UNIT_DESCRIPTIONS[unit]}.`);
  }
  if (unit === 'kubelet') stopKubelet(e, h);
  if ((unit === 'containerd' || unit === 'docker') && graceful) runtimeServiceStopped(e, h, c);
}
