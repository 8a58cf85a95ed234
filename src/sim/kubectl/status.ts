/**
 * The derived columns kubectl computes from objects (PRN [C], reference section 10):
 * pod STATUS / READY / RESTARTS (printPod), node STATUS and ROLES (printNode), label selectors.
 */
import type { Node, Pod } from '../core/api-types';
import { since } from './age';

/** READY, STATUS and RESTARTS of `kubectl get pods`, following printPod (reference 10.2). */
export function podColumns(pod: Pod, now: number): { ready: string; status: string; restarts: string } {
  let reason: string = pod.status.phase;
  if (pod.status.reason) reason = pod.status.reason;
  for (const c of pod.status.conditions) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }
  let restarts = 0;
  let readyContainers = 0;
  let lastRestart: number | undefined;
  let hasRunning = false;
  const statuses = pod.status.containerStatuses;
  // Last to first: the first container in the spec wins (reference 10.2 step 3).
  for (let i = statuses.length - 1; i >= 0; i--) {
    const cs = statuses[i];
    if (!cs) continue;
    restarts += cs.restartCount;
    // printPod: the latest lastState.terminated.finishedAt gives RESTARTS its `(5m ago)`.
    const finished = cs.lastState?.terminated.finishedAt;
    if (finished !== undefined && (lastRestart === undefined || lastRestart < finished)) lastRestart = finished;
    const st = cs.state;
    if ('waiting' in st && st.waiting.reason) reason = st.waiting.reason;
    else if ('terminated' in st && st.terminated.reason) reason = st.terminated.reason;
    else if ('terminated' in st) reason = `ExitCode:${st.terminated.exitCode}`;
    else if (cs.ready && 'running' in st) {
      hasRunning = true;
      readyContainers++;
    }
  }
  if (reason === 'Completed' && hasRunning) {
    const ready = pod.status.conditions.some((c) => c.type === 'Ready' && c.status === 'True');
    reason = ready ? 'Running' : 'NotReady';
  }
  const terminal = pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed';
  if (pod.metadata.deletionTimestamp !== undefined && pod.status.reason === 'NodeLost') reason = 'Unknown';
  else if (pod.metadata.deletionTimestamp !== undefined && !terminal) reason = 'Terminating';
  let restartsStr = `${restarts}`;
  if (restarts !== 0 && lastRestart !== undefined) restartsStr = `${restarts} (${since(now, lastRestart)} ago)`;
  return { ready: `${readyContainers}/${pod.spec.containers.length}`, status: reason, restarts: restartsStr };
}

/** Node STATUS: Ready / NotReady (False and Unknown alike) / Unknown, plus SchedulingDisabled. */
export function nodeStatus(node: Node): string {
  const parts: string[] = [];
  const ready = node.status.conditions.find((c) => c.type === 'Ready');
  if (ready) parts.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (parts.length === 0) parts.push('Unknown');
  if (node.spec.unschedulable) parts.push('SchedulingDisabled');
  return parts.join(',');
}

/** Node roles from `node-role.kubernetes.io/<role>` and `kubernetes.io/role` labels, sorted. */
export function nodeRoles(node: Node): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels)) {
    if (k.startsWith('node-role.kubernetes.io/')) {
      const r = k.slice('node-role.kubernetes.io/'.length);
      if (r) roles.add(r);
    } else if (k === 'kubernetes.io/role' && v) roles.add(v);
  }
  return [...roles].sort();
}

/** `a=b,c=d` (sorted keys), as labels.FormatLabels / metav1.FormatLabelSelector print. */
export function formatLabels(labels: Record<string, string> | undefined, empty = '<none>'): string {
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) return empty;
  return keys.map((k) => `${k}=${labels?.[k] ?? ''}`).join(',');
}

/** The controller owner reference (`controller: true`), if any. */
export function controllerOf(obj: {
  metadata: { ownerReferences: { kind: string; name: string; controller?: boolean }[] };
}) {
  return obj.metadata.ownerReferences.find((o) => o.controller === true);
}

/** A mirror pod carries the kubernetes.io/config.mirror annotation (STAT [C]). */
export function isMirrorPod(pod: Pod): boolean {
  return pod.metadata.annotations['kubernetes.io/config.mirror'] !== undefined;
}
