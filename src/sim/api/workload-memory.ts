/**
 * Shared memory of the workload controllers: which pods left their owner (so a replacement can say
 * what it replaces and link to that cause), and a cheap watchdog that re-queues every controller
 * when kube-controller-manager / kube-scheduler (re)start, as their informers' initial list would.
 */

import { controllerManagerActive, schedulerActive } from '../controllers/control-plane';
import type { Engine } from '../core/engine';
import type { DepartedPod, WorkloadMemory } from '../core/state';
import { controllerRef, isPodActive } from './podutil';
import type { Pod } from './types';

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
  const c = e.state.causes[cause];
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

const WATCHDOG_PERIOD = 1000;

/** Start the control-plane watchdog timer once (idempotent). */
export function ensureWatchdog(e: Engine): void {
  const mem = workloadMemory(e);
  if (mem.watchdog) return;
  mem.watchdog = { kcm: false, sched: false };
  e.schedule(WATCHDOG_PERIOD, 'workloads.watchdog', '');
}

/**
 * Timer handler: enqueue all controllers when kube-controller-manager / kube-scheduler become
 * active (leader elected, API up), as their informers' initial list would.
 */
export function watchdogTick(e: Engine): void {
  const mem = workloadMemory(e);
  const w = mem.watchdog ?? { kcm: false, sched: false };
  mem.watchdog = w;
  const kcm = controllerManagerActive(e);
  const sched = schedulerActive(e);
  if (kcm !== w.kcm) {
    w.kcm = kcm;
    if (kcm) {
      // Informers' initial list: every object is reconciled once.
      mem.dirty ??= {};
      const dirty = mem.dirty;
      for (const m of KCM_WORKLOAD_MODULES) {
        if (m !== 'endpointslice' && m !== 'garbage-collector') dirty[m] = { '*': true };
        e.enqueue(m);
      }
    }
  }
  if (sched !== w.sched) {
    w.sched = sched;
    if (sched) e.enqueue('scheduler');
  }
  e.schedule(WATCHDOG_PERIOD, 'workloads.watchdog', '');
}
