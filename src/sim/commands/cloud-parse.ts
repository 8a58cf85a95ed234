/**
 * The `cloud` commands (DESIGN section 10): the simulated cloud's CLI.
 *
 *   cloud instances                           list the machines (a cloud CLI's table)
 *   cloud groups                              list the node groups (min, target, max)
 *   cloud stop|start|terminate NODE_OR_ID     one machine, by its node name or instance id
 *   cloud scale GROUP N                       set a node group's target size
 */
import { DOMAIN_LIMITS, describeDigits } from '../core/limits';

export type CloudCommand =
  | { kind: 'cloud-instances' }
  | { kind: 'cloud-groups' }
  | { kind: 'cloud-instance'; action: 'stop' | 'start' | 'terminate'; target: string }
  | { kind: 'cloud-scale'; group: string; size: number };

export const CLOUD_USAGE =
  'usage: cloud instances | cloud groups | cloud stop|start|terminate NODE_OR_INSTANCE | cloud scale GROUP N';

/** Node names, instance ids and group names: what a cloud accepts as an identifier. */
const IDENT = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

export function parseCloud(args: readonly string[]): CloudCommand | { error: string } {
  const [verb, ...rest] = args;
  switch (verb) {
    case 'instances':
    case 'groups':
      if (rest.length > 0) return { error: `cloud ${verb}: unexpected ${rest.join(' ')}` };
      return { kind: verb === 'instances' ? 'cloud-instances' : 'cloud-groups' };
    case 'stop':
    case 'start':
    case 'terminate': {
      const [target, ...extra] = rest;
      if (!target) return { error: `usage: cloud ${verb} NODE_OR_INSTANCE` };
      if (extra.length > 0) return { error: `cloud ${verb}: one machine at a time: unexpected ${extra.join(' ')}` };
      if (!IDENT.test(target) || target.length > 253)
        return { error: `cloud ${verb}: ${JSON.stringify(target)} is not a node name or an instance id` };
      return { kind: 'cloud-instance', action: verb, target };
    }
    case 'scale': {
      const [group, n, ...extra] = rest;
      if (!group || n === undefined || extra.length > 0) return { error: 'usage: cloud scale GROUP N' };
      if (!IDENT.test(group) || group.length > 63)
        return { error: `cloud scale: ${JSON.stringify(group)} is not a node group name` };
      if (!/^\d+$/.test(n)) return { error: `cloud scale: ${JSON.stringify(describeDigits(n))} is not a whole number` };
      if (n.length > 6 || Number(n) > DOMAIN_LIMITS.maxNodes)
        return { error: `cloud scale: ${describeDigits(n)} is more than the limit of ${DOMAIN_LIMITS.maxNodes} nodes` };
      return { kind: 'cloud-scale', group, size: Number(n) };
    }
    default:
      return { error: verb ? `cloud: unknown command "${verb}"\n${CLOUD_USAGE}` : CLOUD_USAGE };
  }
}

/** The canonical line of a cloud command. */
export function printCloud(c: CloudCommand): string {
  switch (c.kind) {
    case 'cloud-instances':
      return 'cloud instances';
    case 'cloud-groups':
      return 'cloud groups';
    case 'cloud-instance':
      return `cloud ${c.action} ${c.target}`;
    case 'cloud-scale':
      return `cloud scale ${c.group} ${c.size}`;
  }
}
