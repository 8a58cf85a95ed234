/**
 * The checks of `spec.cloud` that need the whole document (validate.ts calls them): node groups
 * named once, min ≤ max, nodes placed in known groups and matching their zone and size, each
 * group's nodes within its min and max, and room for every group at its max under the node limit.
 * Then the normalised cloud (defaults filled in).
 */

import { defaultMachineType } from '../cloud/provider';
import { DOMAIN_LIMITS, groupDigits } from '../core/limits';
import type { ScenarioCloud, ScenarioNodeGroup } from '../core/scenario-types';
import type { ScenarioDoc } from './schema';
import type { RawError } from './validate-types';

type Spec = ScenarioDoc['spec'];

function isControlPlane(roles: readonly string[]): boolean {
  return roles.includes('control-plane') || roles.includes('master');
}

/**
 * Problems of `spec.cloud` and of the nodes' `group`; `errors` gets one entry per problem, with
 * the path of the value to change.
 */
export function checkCloud(spec: Spec, errors: RawError[]): void {
  const groups = new Map<string, { index: number; group: NonNullable<Spec['cloud']>['nodeGroups'][number] }>();
  const cloud = spec.cloud;
  if (cloud && spec.profile !== 'v1.33')
    errors.push({
      keys: ['spec', 'cloud'],
      message: `the cloud is modelled on the v1.33 profile (cluster-autoscaler 1.33), not on ${spec.profile}`,
    });
  cloud?.nodeGroups.forEach((g, i) => {
    const first = groups.get(g.name);
    if (first) {
      errors.push({
        keys: ['spec', 'cloud', 'nodeGroups', i, 'name'],
        message: `${JSON.stringify(g.name)} is already used by spec.cloud.nodeGroups[${first.index}]`,
      });
      return;
    }
    groups.set(g.name, { index: i, group: g });
    if (g.max < g.min)
      errors.push({
        keys: ['spec', 'cloud', 'nodeGroups', i, 'max'],
        message: `${g.max} is less than min (${g.min})`,
      });
  });
  const members = new Map<string, number>();
  spec.nodes.forEach((n, i) => {
    if (n.group === undefined) return;
    const at = ['spec', 'nodes', i, 'group'];
    if (!cloud) {
      errors.push({ keys: at, message: 'a node group needs spec.cloud.nodeGroups' });
      return;
    }
    const found = groups.get(n.group);
    if (!found) {
      errors.push({ keys: at, message: `${JSON.stringify(n.group)} is not one of spec.cloud.nodeGroups` });
      return;
    }
    if (isControlPlane(n.roles)) {
      errors.push({
        keys: at,
        message: 'the control-plane node is not in a node group (the autoscaler would remove it)',
      });
      return;
    }
    members.set(n.group, (members.get(n.group) ?? 0) + 1);
    const g = found.group;
    const same = (key: 'zone' | 'cpu' | 'memory', mine: string | number | undefined, theirs: string | number) => {
      if (mine !== undefined && mine !== theirs)
        errors.push({
          keys: ['spec', 'nodes', i, key],
          message: `${JSON.stringify(mine)} differs from node group ${g.name}'s ${key} (${theirs}): a group's machines are alike, leave it out`,
        });
    };
    same('zone', n.zone, g.zone);
    same('cpu', n.cpu, g.cpu);
    same('memory', n.memory, g.memory);
  });
  if (!cloud) return;
  let growth = 0;
  for (const [name, { index, group }] of groups) {
    const count = members.get(name) ?? 0;
    if (count < group.min)
      errors.push({
        keys: ['spec', 'cloud', 'nodeGroups', index, 'min'],
        message: `${count} of spec.nodes ${count === 1 ? 'is' : 'are'} in group ${name}, fewer than its min (${group.min})`,
      });
    if (count > group.max)
      errors.push({
        keys: ['spec', 'cloud', 'nodeGroups', index, 'max'],
        message: `${count} of spec.nodes are in group ${name}, more than its max (${group.max})`,
      });
    growth += Math.max(0, group.max - count);
  }
  const most = spec.nodes.length + growth;
  if (most > DOMAIN_LIMITS.maxNodes)
    errors.push({
      keys: ['spec', 'cloud', 'nodeGroups'],
      message: `with every node group at its max the cluster would have ${groupDigits(most)} nodes, more than the limit of ${groupDigits(DOMAIN_LIMITS.maxNodes)}`,
    });
}

/** The most nodes the cluster may have: every group at its max (for the pod count of DaemonSets). */
export function mostNodes(spec: Spec): number {
  if (!spec.cloud) return spec.nodes.length;
  let n = spec.nodes.length;
  for (const g of spec.cloud.nodeGroups) {
    const count = spec.nodes.filter((x) => x.group === g.name).length;
    n += Math.max(0, g.max - count);
  }
  return n;
}

/** The normalised cloud of a scenario that passed validation. */
export function normaliseCloud(cloud: NonNullable<Spec['cloud']>): ScenarioCloud {
  return {
    nodeGroups: cloud.nodeGroups.map(
      (g): ScenarioNodeGroup => ({
        name: g.name,
        min: g.min,
        max: g.max,
        zone: g.zone,
        cpu: g.cpu,
        memory: g.memory,
        machineType: g.machineType ?? defaultMachineType(g.cpu, g.memory),
        bootTime: g.bootTime,
      }),
    ),
    autoscaler: cloud.autoscaler,
  };
}
