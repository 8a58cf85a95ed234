/**
 * Small helpers over API objects shared by the workload controllers and the scheduler, named after
 * their Kubernetes counterparts (podutil.IsPodReady, controller.IsPodActive, v1helper.ToleratesTaint...).
 */

import type { ApiObject, OwnerReference, Pod, PodCondition, Taint, Toleration } from '../core/api-types';
import type { Engine } from '../core/engine';
import { clonePlain } from '../core/snapshot';

/** controller.IsPodActive: not terminal and not being deleted. RS [C] */
export function isPodActive(p: Pod): boolean {
  return p.status.phase !== 'Succeeded' && p.status.phase !== 'Failed' && p.metadata.deletionTimestamp === undefined;
}

/** podutil.IsPodReady: the Ready condition is True. */
export function isPodReady(p: Pod): boolean {
  for (const c of p.status.conditions) if (c.type === 'Ready') return c.status === 'True';
  return false;
}

/** The controller ownerReference (controller=true), if any. */
export function controllerRef(o: ApiObject): OwnerReference | undefined {
  for (const r of o.metadata.ownerReferences) if (r.controller) return r;
  return undefined;
}

/** Index pods by their controller's uid (one pass over all pods). */
export function podsByController(e: Engine): Map<string, Pod[]> {
  const out = new Map<string, Pod[]>();
  for (const p of e.list('Pod')) {
    const ref = controllerRef(p);
    if (!ref) continue;
    let l = out.get(ref.uid);
    if (!l) {
      l = [];
      out.set(ref.uid, l);
    }
    l.push(p);
  }
  return out;
}

/** Every label of the selector is on the object (matchLabels semantics; an empty selector matches nothing here). */
export function selectorMatches(sel: Record<string, string>, labels: Record<string, string>): boolean {
  let any = false;
  for (const [k, v] of Object.entries(sel)) {
    any = true;
    if (labels[k] !== v) return false;
  }
  return any;
}

/** v1helper Toleration.ToleratesTaint: empty key with Exists matches every key; empty effect matches every effect. */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  if (!t.key && t.operator !== 'Exists') return false;
  if (t.operator === 'Exists') return true;
  return (t.value ?? '') === (taint.value ?? '');
}

/** First taint (in node order) with an effect accepted by `filter` that no toleration tolerates (FindMatchingUntoleratedTaint). */
export function firstUntoleratedTaint(
  taints: readonly Taint[],
  tolerations: readonly Toleration[],
  filter: (t: Taint) => boolean,
): Taint | undefined {
  for (const taint of taints) {
    if (!filter(taint)) continue;
    if (!tolerations.some((t) => toleratesTaint(t, taint))) return taint;
  }
  return undefined;
}

/** Sum of container requests (millicores, MiB). */
export function podRequests(p: Pod): { cpu: number; memory: number } {
  let cpu = 0;
  let memory = 0;
  for (const c of p.spec.containers) {
    cpu += c.resources?.requests?.cpu ?? 0;
    memory += c.resources?.requests?.memory ?? 0;
  }
  return { cpu, memory };
}

/** A mirror pod (API copy of a static pod). */
export function isMirrorPod(p: Pod): boolean {
  return p.metadata.annotations['kubernetes.io/config.mirror'] !== undefined;
}

/**
 * A controller's write of a pod's status: a new pod with `status`, sharing the rest of `pod` (the
 * containers and other parts pods stamped from one template share), but with a new spec record.
 * The kubelet's Pod watch (kubelet/module.ts) takes a write that keeps the spec record for a
 * status-only one and requests no sync pass. These writers made deep copies before, so their
 * writes have always requested one; the new record keeps that, and runs keep their timings.
 * Upstream's kubelet takes a status-only change as a RECONCILE, not a sync: following it is a
 * fidelity question, left open.
 */
export function statusWrite(pod: Pod, status: Pod['status']): Pod {
  return { ...pod, spec: { ...pod.spec }, status };
}

/** Deep-enough copy of an object before mutating it (put must receive a new object). */
export function clone<T>(o: T): T {
  return clonePlain(o);
}

/** Code-unit string order: deterministic everywhere (localeCompare depends on the ICU locale). */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Order objects by namespace then name. */
export function byNamespacedName(
  a: { metadata: { name: string; namespace?: string } },
  b: { metadata: { name: string; namespace?: string } },
): number {
  return cmp(a.metadata.namespace ?? '', b.metadata.namespace ?? '') || cmp(a.metadata.name, b.metadata.name);
}

/**
 * pkg/api/v1/pod UpdatePodCondition: the condition of `c`'s type replaced where it stands (or
 * added last), its lastTransitionTime kept while the status stays the same. Undefined when the
 * pod already has it (same status, reason and message): nothing to write.
 */
export function updatePodCondition(
  conditions: readonly PodCondition[],
  c: Omit<PodCondition, 'lastTransitionTime'>,
  now: number,
): PodCondition[] | undefined {
  const i = conditions.findIndex((x) => x.type === c.type);
  const old = conditions[i];
  if (old && old.status === c.status && old.reason === c.reason && old.message === c.message) return undefined;
  const next: PodCondition = { ...c, lastTransitionTime: old?.status === c.status ? old.lastTransitionTime : now };
  const out = conditions.slice();
  if (i >= 0) out[i] = next;
  else out.push(next);
  return out;
}
