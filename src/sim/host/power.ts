/**
 * Host power: boot, power off (pulling the plug), reboot. Booting gives a new boot id and lets
 * systemd start the enabled units (runtime, kubelet, kube-proxy, calico-node) a few seconds
 * apart. Power off kills every process and container at once, without shutdown hooks.
 * Reboot stops the units gracefully, powers off, and boots again ~30s later; the kubelet then
 * reports Warning `Rebooted` because the Node's stored boot id differs.
 *
 * Cause `what` prefixes: `power on`, `power off`, `reboot`.
 */
import type { Engine } from '../core/engine';
import type { HostServiceName } from '../core/state';
import { loseAllContainers } from '../runtime/containers';
import { stopAllSandboxes } from '../runtime/sandboxes';
import { logBoot } from './journal';
import { enabledUnits, startService, stopService } from './services';

export interface HostCommandResult {
  ok: boolean;
  output: string;
}

/** Time from power-on to each unit's start (systemd ordering). [U] typical small-VM boot. */
const UNIT_START_DELAY: Record<HostServiceName, [number, number]> = {
  containerd: [3000, 4000],
  docker: [3000, 5000],
  kubelet: [4500, 6000],
  'kube-proxy': [5000, 7000],
  'calico-node': [6000, 9000],
};

/** Delay between power off and power on in `reboot`. */
export const REBOOT_DOWNTIME = 30_000;

/** Power the host on `delay` ms from now (the cluster bootstrap uses it). */
export function bootHost(e: Engine, name: string, cause: number, delay: number): void {
  e.schedule(delay, 'host.power-on', `${name}|${cause}`, 0);
}

function noHost(name: string): HostCommandResult {
  return { ok: false, output: `ssh: Could not resolve hostname ${name}: Name or service not known` };
}

/** Power on now: new boot id, systemd starts the enabled units. */
export function powerOn(e: Engine, name: string, cause: number): HostCommandResult {
  const h = e.state.hosts[name];
  if (!h) return noHost(name);
  if (h.power === 'on') return { ok: false, output: `${name} is already powered on` };
  const c = e.cause({
    actor: `host ${name}`,
    what: `power on ${name}`,
    rule: 'machine boots; systemd starts enabled units',
    parents: [cause],
  });
  const w = e.cow.touch(h);
  w.power = 'on';
  w.powerCause = c;
  e.observe({ type: 'host-power', at: e.now, host: name, on: true });
  w.bootId = e.uid();
  e.trace(`host ${name} power on boot ${h.bootId}`);
  e.remember(`Host/${name}`, `power on (boot ${h.bootId})`, c);
  for (const unit of enabledUnits(e)) {
    const [min, max] = UNIT_START_DELAY[unit];
    logBoot(e, name, unit, h.bootId);
    e.schedule(e.randInt(min, max), 'host.unit-start', `${name}|${unit}|${h.bootId}|${c}`, 0);
  }
  return { ok: true, output: '' };
}

/** Pull the plug: processes and containers are gone at once. */
export function powerOff(e: Engine, name: string, cause: number): HostCommandResult {
  const h = e.state.hosts[name];
  if (!h) return noHost(name);
  if (h.power === 'off') return { ok: false, output: `${name} is already powered off` };
  const c = e.cause({
    actor: `host ${name}`,
    what: `power off ${name}`,
    rule: 'power lost: every process and container stops at once',
    parents: [cause],
  });
  for (const unit of Object.keys(h.services).sort() as HostServiceName[]) stopService(e, h, unit, c, false);
  loseAllContainers(e, h, c);
  stopAllSandboxes(e, h);
  const w = e.cow.touch(h);
  w.power = 'off';
  w.powerCause = c;
  e.observe({ type: 'host-power', at: e.now, host: name, on: false });
  e.trace(`host ${name} power off`);
  e.remember(`Host/${name}`, 'power off', c);
  return { ok: true, output: '' };
}

/** `reboot`: graceful stop of the units, power off, boot again after ~30s. */
export function reboot(e: Engine, name: string, cause: number): HostCommandResult {
  const h = e.state.hosts[name];
  if (!h) return noHost(name);
  if (h.power === 'off') return { ok: false, output: `ssh: connect to host ${name} port 22: No route to host` };
  const c = e.cause({
    actor: `host ${name}`,
    what: `reboot ${name}`,
    rule: 'systemd stops the units, the machine restarts',
    constant: `~${REBOOT_DOWNTIME / 1000}s down`,
    parents: [cause],
  });
  // systemd stops units in reverse start order.
  for (const unit of [...enabledUnits(e)].reverse()) stopService(e, h, unit, c, true);
  powerOff(e, name, c);
  e.schedule(REBOOT_DOWNTIME + e.randInt(0, 5000), 'host.power-on', `${name}|${c}`, 0);
  return { ok: true, output: '' };
}

/** Timer: a unit's scheduled start after boot (ignored if the host rebooted meanwhile). */
export function unitStartTimer(e: Engine, target: string): void {
  const [name = '', unit = '', bootId = '', cause = '0'] = target.split('|');
  const h = e.state.hosts[name];
  if (h?.power !== 'on' || h.bootId !== bootId) return;
  startService(e, h, unit as HostServiceName, Number(cause));
}

/** Timer: scheduled power-on. */
export function powerOnTimer(e: Engine, target: string): void {
  const [name = '', cause = '0'] = target.split('|');
  const h = e.state.hosts[name];
  if (!h || h.power === 'on') return;
  powerOn(e, name, Number(cause));
}
