/**
 * What the probe results mean for a container (pkg/kubelet/prober/prober_manager.go
 * UpdatePodStatus and isContainerStarted; kuberuntime_manager.go computePodActions). Results
 * belong to a container id (results.Manager): a new instance has none until its probe runs.
 */
import type { HostContainer, KubeletContainerState, ProbeType } from '../core/state';

function resultFor(st: KubeletContainerState, type: ProbeType, containerId: string) {
  const ps = st.probes?.[type];
  if (!ps) return undefined;
  return ps.containerId === containerId ? (ps.result ?? 'none') : 'none';
}

/** Started: running, and its startup probe succeeded (or it has none). */
export function containerStarted(st: KubeletContainerState, c: HostContainer): boolean {
  if (c.state !== 'running') return false;
  const r = resultFor(st, 'startup', c.id);
  return r === undefined || r === 'Success';
}

/** Ready: started, and its readiness probe succeeded; without a readiness probe, ready at once. */
export function containerReady(st: KubeletContainerState, c: HostContainer): boolean {
  if (!containerStarted(st, c)) return false;
  const r = resultFor(st, 'readiness', c.id);
  return r === undefined || r === 'Success';
}

/** The probe whose failure makes the kubelet kill this running container, if any. */
export function failedProbe(st: KubeletContainerState, containerId: string): 'liveness' | 'startup' | undefined {
  if (resultFor(st, 'liveness', containerId) === 'Failure') return 'liveness';
  if (resultFor(st, 'startup', containerId) === 'Failure') return 'startup';
  return undefined;
}

/** No probe result of this container can still change what a sync pass does (kubelet/quiet-sync.ts). */
export function probesSettled(st: KubeletContainerState, c: HostContainer): boolean {
  if (!st.probes) return true;
  return containerReady(st, c) && failedProbe(st, c.id) === undefined;
}
