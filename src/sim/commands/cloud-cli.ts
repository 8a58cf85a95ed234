/**
 * What the `cloud` commands print and do (commands/cloud-parse.ts parses them). The cloud's API
 * answers whatever the cluster's state: it is not part of Kubernetes. Refusals name the state that
 * forbids the action, as EC2's IncorrectInstanceState does.
 */

import { setTarget, startInstance, stopInstance, terminateInstance } from '../cloud/lifecycle';
import { findInstance, groupInstances, nodeGroups } from '../cloud/provider';
import type { CloudInstance } from '../core/cloud-types';
import type { Engine } from '../core/engine';
import { humanDuration } from '../kubectl/age';
import { tabwrite } from '../kubectl/table';
import type { CloudCommand } from './cloud-parse';

export interface CloudOutcome {
  ok: boolean;
  output: string;
}

const NO_CLOUD = 'cloud: this cluster does not run in a cloud (its scenario has no spec.cloud)';

const refuse = (output: string): CloudOutcome => ({ ok: false, output });

function table(rows: string[][]): string {
  return tabwrite(rows.map((r) => r.join('\t')).join('\n'), 6, 3);
}

/** `cloud instances`: every machine, terminated ones included, in launch order. */
export function instancesTable(e: Engine): string {
  const rows = [['INSTANCE_ID', 'NAME', 'NODE_GROUP', 'ZONE', 'MACHINE_TYPE', 'INTERNAL_IP', 'STATE', 'AGE']];
  for (const i of Object.values(e.state.cloud?.instances ?? {})) {
    rows.push([
      i.id,
      i.host,
      i.group ?? '-',
      i.zone || '-',
      i.machineType,
      i.privateIp,
      i.state,
      humanDuration(e.now - i.launchedAt),
    ]);
  }
  return table(rows);
}

/** `cloud groups`: each node group's bounds, target and live machines. */
export function groupsTable(e: Engine): string {
  const rows = [['NODE_GROUP', 'ZONE', 'MACHINE_TYPE', 'MIN', 'TARGET', 'MAX', 'INSTANCES']];
  for (const g of nodeGroups(e)) {
    const live = groupInstances(e, g.name).length;
    rows.push([g.name, g.zone, g.machineType, String(g.min), String(g.target), String(g.max), String(live)]);
  }
  return table(rows);
}

/** Why the action cannot apply to the instance in its state, or undefined. */
export function instanceActionProblem(inst: CloudInstance, action: 'stop' | 'start' | 'terminate'): string | undefined {
  const who = `instance ${inst.id} (${inst.host})`;
  if (inst.state === 'terminated') return `cloud: ${who} is terminated`;
  if (action === 'stop' && inst.state !== 'running')
    return `cloud: ${who} is ${inst.state}: only a running instance can be stopped`;
  if (action === 'start' && inst.state !== 'stopped')
    return `cloud: ${who} is ${inst.state}: only a stopped instance can be started`;
  return undefined;
}

function transition(inst: CloudInstance, from: string): string {
  return `${inst.id}  ${inst.host}  ${from} -> ${inst.state}`;
}

/** Run a cloud command now; `cause` makes the command's cause when it changes something. */
export function runCloud(e: Engine, c: CloudCommand, cause: () => number): CloudOutcome {
  if (!e.state.cloud) return refuse(NO_CLOUD);
  switch (c.kind) {
    case 'cloud-instances':
      return { ok: true, output: instancesTable(e) };
    case 'cloud-groups':
      return { ok: true, output: groupsTable(e) };
    case 'cloud-instance': {
      const inst = findInstance(e, c.target);
      if (!inst) return refuse(`cloud: no instance ${JSON.stringify(c.target)} (give a node name or an instance id)`);
      const problem = instanceActionProblem(inst, c.action);
      if (problem) return refuse(problem);
      const from = inst.state;
      const by = `${c.action} requested by a user`;
      if (c.action === 'stop') stopInstance(e, inst, by, cause());
      else if (c.action === 'start') startInstance(e, inst, by, cause());
      else terminateInstance(e, inst, by, cause(), false);
      return { ok: true, output: transition(inst, from) };
    }
    case 'cloud-scale': {
      const g = e.state.cloud.groups[c.group];
      if (!g) return refuse(`cloud: no node group ${JSON.stringify(c.group)} (see cloud groups)`);
      if (c.size < g.min) return refuse(`cloud: ${c.size} is below the min size of node group ${g.name} (${g.min})`);
      if (c.size > g.max) return refuse(`cloud: ${c.size} is above the max size of node group ${g.name} (${g.max})`);
      const before = g.target;
      if (before === c.size) return { ok: true, output: `node group ${g.name}: target size is already ${c.size}` };
      setTarget(e, g, c.size, cause(), true);
      return { ok: true, output: `node group ${g.name}: target size ${before} -> ${c.size}` };
    }
  }
}
