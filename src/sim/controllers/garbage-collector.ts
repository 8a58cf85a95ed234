/**
 * garbage-collector (kube-controller-manager): background cascading deletion through
 * ownerReferences. An object whose owners no longer exist (by uid) is deleted: pods gracefully
 * (their kubelet finishes them), ReplicaSets, EndpointSlices and Leases at once. So deleting a
 * Deployment removes its ReplicaSets, then their pods; deleting a Node removes its Lease (§6, [D]).
 *
 * Cause `what` prefixes: `garbage collect`.
 */

import { removeOrTerminate } from '../api/delete';
import { cmp } from '../api/podutil';
import type { ApiObject, Kind, OwnerReference } from '../core/api-types';
import type { Engine, SimModule } from '../core/engine';
import { keyOf } from '../core/keys';
import { controllerManagerActive } from './control-plane';

const ACTOR = 'garbage-collector';
// Pods own nothing here, so pod deletions (the most frequent ones) do not wake the collector.
const OWNER_KINDS: readonly Kind[] = ['Node', 'ReplicaSet', 'Deployment', 'StatefulSet', 'DaemonSet', 'Service'];
const DEPENDENT_KINDS: readonly Kind[] = ['ReplicaSet', 'Pod', 'EndpointSlice', 'Lease'];

function ownerRefKey(dep: ApiObject, r: OwnerReference): string {
  return r.kind === 'Node' ? `Node/${r.name}` : `${r.kind}/${dep.metadata.namespace ?? 'default'}/${r.name}`;
}

/** One GC pass: delete every dependent whose owners are all gone. */
export function collectGarbage(e: Engine): void {
  if (!controllerManagerActive(e)) return;
  const live = new Set<string>();
  for (const k of OWNER_KINDS) for (const o of e.list(k)) live.add(o.metadata.uid);
  for (const kind of DEPENDENT_KINDS) {
    const deps = (e.list(kind) as ApiObject[]).filter(
      (o) => o.metadata.ownerReferences.length > 0 && o.metadata.ownerReferences.every((r) => !live.has(r.uid)),
    );
    deps.sort((a, b) => cmp(keyOf(a), keyOf(b)));
    for (const dep of deps) {
      const owner = dep.metadata.ownerReferences[0]!;
      const ownerKey = ownerRefKey(dep, owner);
      const c = e.cause({
        actor: ACTOR,
        what: `garbage collect ${kind}/${keyOf(dep)}: owner ${owner.kind}/${owner.name} is gone`,
        rule: 'ownerReference to a deleted owner (background propagation)',
        parents: [e.lastCause(ownerKey) ?? 0],
      });
      if (dep.kind === 'Pod') {
        if (dep.metadata.deletionTimestamp === undefined)
          removeOrTerminate(e, dep, dep.spec.terminationGracePeriodSeconds, c);
      } else {
        e.remove(kind, keyOf(dep), 'deleted by garbage-collector', c);
      }
    }
  }
}

export const garbageCollectorModule: SimModule = {
  name: 'garbage-collector',
  watch: Object.fromEntries(
    OWNER_KINDS.map((k) => [
      k,
      (e: Engine, _key: string, obj: ApiObject | undefined) => {
        if (!obj) e.enqueue('garbage-collector');
      },
    ]),
  ),
  sync: collectGarbage,
};
