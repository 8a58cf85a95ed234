/**
 * A node's utilization as the scale-down planner weighs it (cluster-autoscaler 1.33
 * simulator/utilization/info.go Calculate), docs/reference/cloud.md §3.9: the requests of its pods
 * over its allocatable, for CPU and memory, the higher of the two deciding. DaemonSet and mirror
 * pods count (--ignore-daemonsets-utilization and --ignore-mirror-pods-utilization default to
 * false); finished pods and pods terminating for longer than their grace period plus 30 s do not.
 */

import { usageOf } from '../controllers/scheduler-usage';
import type { Node, Pod } from '../core/api-types';
import { isPodLongTerminating } from './drainability';

/** utilization.Info, printed with Go's %v: `{0.05 0 0 0 cpu 0.05}`. */
export interface UtilInfo {
  cpu: number;
  memory: number;
  resource: 'cpu' | 'memory';
  utilization: number;
}

export function utilText(u: UtilInfo): string {
  return `{${u.cpu} ${u.memory} 0 0 ${u.resource} ${u.utilization}}`;
}

export function nodeUtilization(node: Node, pods: readonly Pod[], now: number): UtilInfo {
  let cpu = 0;
  let memory = 0;
  for (const p of pods) {
    if (p.status.phase === 'Succeeded' || p.status.phase === 'Failed') continue;
    if (isPodLongTerminating(p, now)) continue;
    const r = usageOf(p);
    cpu += r.cpu;
    memory += r.memory;
  }
  const a = node.status.allocatable;
  const cu = a.cpu > 0 ? cpu / a.cpu : 0;
  const mu = a.memory > 0 ? memory / a.memory : 0;
  return cu > mu
    ? { cpu: cu, memory: mu, resource: 'cpu', utilization: cu }
    : { cpu: cu, memory: mu, resource: 'memory', utilization: mu };
}
