/**
 * The playground's pod budget (DOMAIN_LIMITS.maxPods) for objects created or changed by commands:
 * the pods the cluster's workloads and bare pods ask for must stay within it, so that no typed
 * command, timeline entry or link can make a run that does not fit in a browser tab.
 */

import type { ApiObject } from '../core/api-types';
import type { Engine } from '../core/engine';
import { keyOf } from '../core/keys';
import { DOMAIN_LIMITS, podsOverLimit } from '../core/limits';
import { isAddon } from './addons';
import { ApiError } from './errors';

const hasController = (o: ApiObject) => o.metadata.ownerReferences.some((r) => r.controller === true);

function podsOf(o: ApiObject, nodes: number): number {
  if (isAddon(o)) return 0;
  switch (o.kind) {
    case 'Deployment':
    case 'StatefulSet':
      return o.spec.replicas;
    case 'ReplicaSet':
      // A Deployment's ReplicaSets are counted through the Deployment.
      return hasController(o) ? 0 : o.spec.replicas;
    case 'DaemonSet':
      return nodes;
    case 'Pod':
      return hasController(o) ? 0 : 1;
    default:
      return 0;
  }
}

/** Pods the cluster asks for with `next` stored in place of the object with its key (or added). */
export function desiredPods(e: Engine, next?: ApiObject): number {
  const nodes = Object.keys(e.state.hosts).length;
  const nextKey = next ? keyOf(next) : '';
  let total = next ? podsOf(next, nodes) : 0;
  for (const kind of ['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Pod'] as const) {
    for (const o of e.list(kind)) {
      if (next?.kind === kind && keyOf(o) === nextKey) continue;
      total += podsOf(o, nodes);
    }
  }
  return total;
}

/** Throws when storing `next` would make the cluster ask for more pods than the limit. */
export function checkPodBudget(e: Engine, next: ApiObject): void {
  const pods = desiredPods(e, next);
  if (pods > DOMAIN_LIMITS.maxPods) throw new ApiError('Forbidden', `error: ${podsOverLimit(pods)}`);
}
