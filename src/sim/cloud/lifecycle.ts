/**
 * Instance lifecycle and node group sizing: what the cloud does when asked (the `cloud` command,
 * the cluster-autoscaler's IncreaseSize / DeleteNodes / DecreaseTargetSize) and on its own (a group
 * replacing a terminated member, a machine finishing its boot).
 *
 * States as EC2 names them: a launch is `pending` for the group's boot time, then `running` and the
 * host powers on (systemd starts the runtime and the kubelet, which registers its Node); `stop` is
 * a guest shutdown (`stopping`, the units stop, power off, `stopped`); `start` boots a stopped
 * machine again; `terminate` ends it at once (EC2 passes through `shutting-down` for seconds: not
 * modelled). A terminated machine stays listed, as EC2 lists terminated instances for a while.
 *
 * A node group keeps its live instances at its target size: it launches machines when the target
 * grows and terminates the newest ones when it shrinks; a member terminated from outside is
 * replaced after GROUP_HEALTH_CHECK_MS (an auto scaling group's health check). Deleting instances
 * through the group (the autoscaler's DeleteNodes) lowers the target instead, per the
 * cluster-autoscaler `NodeGroup.DeleteNodes` contract ("wait until node group size is updated").
 *
 * Cause `what` prefixes: `launch <id>`, `instance <id> <state>`, `group <name> target`.
 */

import type { CloudInstance, CloudNodeGroup, InstanceState } from '../core/cloud-types';
import { dict } from '../core/dict';
import type { Engine } from '../core/engine';
import { emptyJournal } from '../core/journal-log';
import type { Host } from '../core/state';
import { powerOff, powerOn } from '../host/power';
import { enabledUnits, stopService } from '../host/services';
import { groupInstances, providerIdOf } from './provider';

/** A guest shutdown: from `stopping` to `stopped`. [U] EC2 takes seconds to minutes. */
export const STOPPING_MS = 10_000;
/** Boot of a machine that is not in a node group (the control plane), when started again. [U] */
export const STANDALONE_BOOT_MS = 90_000;
/** An auto scaling group notices a terminated member and launches its replacement. [U] */
export const GROUP_HEALTH_CHECK_MS = 10_000;

/** kubernetes' rand.String alphabet (no vowels, no 0/1/3: no words, no look-alikes). */
const ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** An EC2-shaped instance id: `i-` and 17 hex digits. */
export function newInstanceId(e: Engine): string {
  return `i-${e.hex(17)}`;
}

/**
 * The host index a new machine takes (its IP and pod CIDR): the lowest one no live machine and no
 * Node object uses (node IPAM frees a pod CIDR only when the Node is deleted).
 */
function freeHostIndex(e: Engine): number {
  const used = new Set<number>();
  for (const h of Object.values(e.state.hosts)) {
    const inst = h.instance === undefined ? undefined : e.state.cloud?.instances[h.instance];
    if (inst?.state !== 'terminated' || e.get('Node', h.name)) used.add(h.podCidrIndex);
  }
  let i = 0;
  while (used.has(i)) i++;
  return i;
}

/** The machine IP of host index `i`: 192.168.56.10 onwards, as the scenario's nodes get them. */
export function hostIp(i: number): string {
  const n = 10 + i;
  return `192.168.${56 + Math.floor(n / 256)}.${n % 256}`;
}

function machineName(e: Engine, group: string): string {
  for (;;) {
    let suffix = '';
    for (let k = 0; k < 5; k++) suffix += ALPHABET[e.randInt(0, ALPHABET.length - 1)];
    const name = `${group}-${suffix}`;
    if (!e.state.hosts[name]) return name;
  }
}

/** A powered-off machine for a new instance of `g`, its kubelet set up for an external cloud provider. */
function newMachine(e: Engine, g: CloudNodeGroup, cause: number): Host {
  const index = freeHostIndex(e);
  const name = machineName(e, g.name);
  return {
    name,
    role: 'worker',
    zone: g.zone,
    ip: hostIp(index),
    // The kubelet sets these; zone and instance type come from the cloud-node-controller.
    labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64' },
    power: 'off',
    powerCause: cause,
    bootId: '',
    networkCut: false,
    networkCause: cause,
    services: {},
    containers: {},
    images: dict(),
    manifests: dict(),
    stash: dict(),
    journal: emptyJournal(),
    kubelet: null,
    nextPodIp: 2,
    podCidrIndex: index,
    cpu: g.cpu,
    memory: g.memory,
    externalCloudProvider: true,
  };
}

/** Move an instance to `state`, recording why. */
export function setInstanceState(
  e: Engine,
  inst: CloudInstance,
  state: InstanceState,
  reason: string,
  cause: number,
): void {
  inst.state = state;
  inst.since = e.now;
  inst.cause = cause;
  inst.reason = reason;
  inst.gen++;
  e.trace(`cloud instance ${inst.id} (${inst.host}) ${state}: ${reason}`);
  e.remember(`Instance/${inst.id}`, `instance ${inst.id} ${state}`, cause);
  e.remember(`Host/${inst.host}`, `instance ${inst.id} ${state}`, cause);
}

/** Launch one machine into group `g`: pending for its boot time, then running and powered on. */
export function launchInstance(e: Engine, g: CloudNodeGroup, parent: number): CloudInstance {
  const cloud = e.state.cloud;
  if (!cloud) throw new Error('no cloud');
  const host = newMachine(e, g, parent);
  const id = newInstanceId(e);
  const cause = e.cause({
    actor: `node group ${g.name}`,
    what: `launch ${id} (${host.name}) in ${g.zone}`,
    rule: `fewer live instances than the group's target (${g.target})`,
    constant: `bootTime=${g.bootTime / 1000}s`,
    parents: [parent],
  });
  const w = e.cow.touch(host);
  w.instance = id;
  w.powerCause = cause;
  e.state.hosts[host.name] = host;
  const inst: CloudInstance = {
    id,
    providerID: providerIdOf(g.zone, id),
    host: host.name,
    group: g.name,
    zone: g.zone,
    machineType: g.machineType,
    privateIp: host.ip,
    state: 'pending',
    launchedAt: e.now,
    since: e.now,
    cause,
    gen: 0,
    reason: `launched by node group ${g.name}`,
  };
  cloud.instances[id] = inst;
  e.trace(`cloud instance ${id} (${host.name}) pending: launched by node group ${g.name}`);
  e.remember(`Instance/${id}`, `instance ${id} pending`, cause);
  e.remember(`Host/${host.name}`, `instance ${id} pending`, cause);
  e.schedule(g.bootTime, 'cloud.instance', `${id}|${inst.gen}`);
  return inst;
}

/** Timer: the transition an instance waits for (boot done, shutdown done). Stale generations do nothing. */
export function instanceTimer(e: Engine, target: string): void {
  const [id = '', gen = ''] = target.split('|');
  const inst = e.state.cloud?.instances[id];
  if (!inst || String(inst.gen) !== gen) return;
  if (inst.state === 'pending') {
    setInstanceState(e, inst, 'running', 'boot finished', inst.cause);
    powerOn(e, inst.host, inst.cause);
  } else if (inst.state === 'stopping') {
    if (e.state.hosts[inst.host]?.power === 'on') powerOff(e, inst.host, inst.cause);
    setInstanceState(e, inst, 'stopped', 'shutdown finished', inst.cause);
  }
}

/** `cloud stop`: a guest shutdown (the units stop, then the power). */
export function stopInstance(e: Engine, inst: CloudInstance, reason: string, cause: number): void {
  setInstanceState(e, inst, 'stopping', reason, cause);
  const h = e.state.hosts[inst.host];
  if (h?.power === 'on') for (const unit of [...enabledUnits(e)].reverse()) stopService(e, h, unit, cause, true);
  e.schedule(STOPPING_MS, 'cloud.instance', `${inst.id}|${inst.gen}`);
}

/** The machine's OS powered itself off (`ssh NODE poweroff`): EC2 stops the instance. */
export function instanceShutdownByGuest(e: Engine, inst: CloudInstance, cause: number): void {
  if (inst.state !== 'running') return;
  setInstanceState(e, inst, 'stopping', 'instance-initiated shutdown', cause);
  e.schedule(STOPPING_MS, 'cloud.instance', `${inst.id}|${inst.gen}`);
}

/** `cloud start`: a stopped machine boots again. */
export function startInstance(e: Engine, inst: CloudInstance, reason: string, cause: number): void {
  setInstanceState(e, inst, 'pending', reason, cause);
  const g = inst.group === undefined ? undefined : e.state.cloud?.groups[inst.group];
  e.schedule(g?.bootTime ?? STANDALONE_BOOT_MS, 'cloud.instance', `${inst.id}|${inst.gen}`);
}

/**
 * Terminate at once: the machine is gone with everything on it. A group member is replaced after
 * the group's health check unless `decrement` (DeleteNodes) lowered the target with it.
 */
export function terminateInstance(
  e: Engine,
  inst: CloudInstance,
  reason: string,
  cause: number,
  decrement: boolean,
): void {
  if (e.state.hosts[inst.host]?.power === 'on') powerOff(e, inst.host, cause);
  setInstanceState(e, inst, 'terminated', reason, cause);
  const g = inst.group === undefined ? undefined : e.state.cloud?.groups[inst.group];
  if (!g) return;
  if (decrement) setTarget(e, g, Math.max(0, g.target - 1), cause, false);
  else e.schedule(GROUP_HEALTH_CHECK_MS, 'cloud.group-sync', g.name);
}

/** Change a group's target size; with `sync` the group launches or terminates machines at once. */
export function setTarget(e: Engine, g: CloudNodeGroup, target: number, parent: number, sync: boolean): void {
  if (g.target !== target) {
    const cause = e.cause({
      actor: `node group ${g.name}`,
      what: `group ${g.name} target ${g.target} -> ${target}`,
      parents: [parent],
    });
    e.trace(`cloud group ${g.name} target ${g.target} -> ${target}`);
    e.remember(`NodeGroup/${g.name}`, `group ${g.name} target ${target}`, cause);
    g.target = target;
    g.targetCause = cause;
  }
  if (sync) syncGroup(e, g);
}

/** Bring the group's live instances to its target: launch the missing ones, terminate the newest extra ones. */
export function syncGroup(e: Engine, g: CloudNodeGroup): void {
  const live = groupInstances(e, g.name);
  for (let i = live.length; i < g.target; i++) launchInstance(e, g, g.targetCause);
  for (const inst of live.slice(g.target).reverse())
    terminateInstance(e, inst, `terminated by node group ${g.name}: above its target size`, g.targetCause, false);
}
