/**
 * Admission the kube-apiserver applies on create: DefaultTolerationSeconds for pods (DTS, §3.1),
 * and the control-plane taint kubeadm registers Nodes with.
 */

import type { Node, Pod, Taint, Toleration } from '../core/api-types';
import { internRecord } from '../core/intern';

export const NOT_READY_TAINT = 'node.kubernetes.io/not-ready';
export const UNREACHABLE_TAINT = 'node.kubernetes.io/unreachable';
export const CONTROL_PLANE_TAINT = 'node-role.kubernetes.io/control-plane';

/** A toleration that matches `key:NoExecute` (empty key or empty effect also match). DTS [C] */
function toleratesNoExecute(tols: readonly Toleration[], key: string): boolean {
  return tols.some((t) => (!t.key || t.key === key) && (!t.effect || t.effect === 'NoExecute'));
}

/**
 * DefaultTolerationSeconds: add `not-ready:NoExecute` and `unreachable:NoExecute` tolerations
 * (operator Exists, tolerationSeconds = --default-*-toleration-seconds, 300) unless already tolerated. DTS [C]
 * Mutates and returns the pod (called on a fresh object before it is stored).
 */
export function admitDefaultTolerationSeconds(pod: Pod, seconds: number): Pod {
  const tols = pod.spec.tolerations;
  if (!toleratesNoExecute(tols, NOT_READY_TAINT)) tols.push(defaultToleration(NOT_READY_TAINT, seconds));
  if (!toleratesNoExecute(tols, UNREACHABLE_TAINT)) tols.push(defaultToleration(UNREACHABLE_TAINT, seconds));
  return pod;
}

/** The added tolerations, one shared frozen object per taint and seconds (memory: two per pod). */
const defaultTolerations = new Map<string, Toleration>();

function defaultToleration(key: string, seconds: number): Toleration {
  return internRecord(defaultTolerations, `${key}:${seconds}`, () => ({
    key,
    operator: 'Exists',
    effect: 'NoExecute',
    tolerationSeconds: seconds,
  }));
}

/**
 * kubeadm starts the control-plane kubelet with `--register-with-taints=<key>:NoSchedule` (the
 * kubelet adds it at registration), `key` being the profile's `controlPlaneTaint`
 * (node-role.kubernetes.io/master up to 1.23). This returns the taint list a newly registering Node
 * should carry; the scheduler module applies it as a fallback.
 */
export function registrationTaints(node: Pick<Node, 'metadata' | 'spec'>, key: string = CONTROL_PLANE_TAINT): Taint[] {
  const isCp = node.metadata.labels[CONTROL_PLANE_TAINT] !== undefined;
  const taints = [...node.spec.taints];
  if (isCp && !taints.some((t) => t.key === key)) taints.push({ key, effect: 'NoSchedule' });
  return taints;
}
