/**
 * Shared memory of the workload controllers: which pods left their owner (so a replacement can say
 * what it replaces and link to that cause), and the re-queue of every controller when
 * kube-controller-manager / kube-scheduler acquire leadership, as their informers' initial list would.
 */

import type { Lease, Pod } from '../core/api-types';
import { causeAt } from '../core/cause-log';
import type { Engine } from '../core/engine';
import type { DepartedPod, WorkloadMemory } from '../core/state';
import { controllerRef, isPodActive } from './podutil';

/** Module names of the KCM controllers owned here (enqueued together on a KCM start). */
export const KCM_WORKLOAD_MODULES = [
  'replicaset',
  'deployment',
  'statefulset',
  'daemonset',
  'endpointslice',
  'garbage-collector',
];

/** Annotation put on a replacement pod: `<ns>/<old pod>@<old node>` (for the UI's travel animation). */
export const REPLACES_ANNOTATION = 'notready.dev/replaces';

export function workloadMemory(e: Engine): WorkloadMemory {
  let m = e.state.controllers.workloads;
  if (!m) {
    m = { departed: {} };
    e.state.controllers.workloads = m;
  }
  return m;
}

/**
 * Pod watch helper: remember a controlled pod that just stopped being active (got a deletionTimestamp,
 * finished, or vanished while active). Call from a Pod watch handler.
 */
export function noteDeparture(e: Engine, obj: Pod | undefined, old: Pod | undefined): void {
  if (!old || !isPodActive(old)) return;
  if (obj && isPodActive(obj)) return;
  const ref = controllerRef(old);
  if (!ref || !REPLACING_KINDS.has(ref.kind)) return;
  const key = `${old.metadata.namespace}/${old.metadata.name}`;
  const cause = e.lastCause(`Pod/${key}`) ?? 0;
  const c = causeAt(e.state.causes, cause);
  let reason = c ? c.what : 'deleted';
  if (obj && (obj.status.phase === 'Failed' || obj.status.phase === 'Succeeded') && !obj.metadata.deletionTimestamp) {
    reason = `phase ${obj.status.phase}`;
  }
  const mem = workloadMemory(e);
  const list = mem.departed[ref.uid] ?? [];
  list.push({ key, node: old.spec.nodeName ?? '', cause, reason });
  mem.departed[ref.uid] = list;
}

/**
 * Take (and forget) the oldest departed pod of an owner, to pair it with a replacement; `match`
 * narrows the choice (a StatefulSet ordinal's own name, a DaemonSet pod's node).
 */
export function takeDeparted(
  e: Engine,
  ownerUid: string,
  match?: (d: DepartedPod) => boolean,
): DepartedPod | undefined {
  const mem = workloadMemory(e);
  const list = mem.departed[ownerUid];
  if (!list?.length) return undefined;
  const i = match ? list.findIndex(match) : 0;
  if (i < 0) return undefined;
  const [d] = list.splice(i, 1);
  if (!list.length) delete mem.departed[ownerUid];
  return d;
}

/** Forget departures of an owner that needed no replacement (scale-down...). */
export function forgetDeparted(e: Engine, ownerUid: string): void {
  const mem = e.state.controllers.workloads;
  if (mem?.departed[ownerUid]) delete mem.departed[ownerUid];
}

/** Stamp a replacement pod with the annotation and return the cause fields describing it. */
export function markReplacement(pod: Pod, d: DepartedPod): { what: string; parents: number[] } {
  pod.metadata.annotations[REPLACES_ANNOTATION] = `${d.key}@${d.node}`;
  return { what: `replacement for ${d.key} (${d.reason})`, parents: [d.cause] };
}

/** Owners that create replacements (mirror pods, owned by their Node, are not replaced by a controller). */
const REPLACING_KINDS = new Set(['ReplicaSet', 'StatefulSet', 'DaemonSet']);

/**
 * Lease watch: a kube-controller-manager / kube-scheduler process that acquires its leader Lease
 * starts its informers, whose initial list reconciles every object once. control-plane.ts writes
 * the Lease just before it marks the process leading; the workqueue run comes a watch latency later.
 */
export function onLeaderLease(e: Engine, key: string, obj: Lease | undefined, old: Lease | undefined): void {
  if (!obj) return;
  const acquired =
    !old || old.spec.holderIdentity !== obj.spec.holderIdentity || old.spec.acquireTime !== obj.spec.acquireTime;
  if (!acquired) return;
  if (key === 'kube-system/kube-controller-manager') {
    const mem = workloadMemory(e);
    mem.dirty ??= {};
    for (const m of KCM_WORKLOAD_MODULES) {
      if (m !== 'endpointslice' && m !== 'garbage-collector') mem.dirty[m] = { '*': true };
      e.enqueue(m);
    }
  } else if (key === 'kube-system/kube-scheduler') {
    e.enqueue('scheduler');
  }
}
