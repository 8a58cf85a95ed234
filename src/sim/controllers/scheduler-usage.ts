/**
 * kube-scheduler's view of node usage (helper of scheduler.ts): the requests of the pods bound to
 * each node, as NodeResourcesFit and the scoring plugins count them.
 */
import { podRequests } from '../api/podutil';
import type { Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import { perEngine } from '../core/per-engine';

/** Non-zero defaults the scheduler uses for scoring containers without requests. */
const DEFAULT_CPU = 100;
const DEFAULT_MEM = 200;

/** Requests (and non-zero-defaulted requests for scoring) of pods bound to one node. */
export interface Usage {
  cpu: number;
  memory: number;
  pods: number;
  cpuNZ: number;
  memNZ: number;
}

/**
 * Per stored containers list (never mutated): the pods stamped from one template share theirs
 * (api/apply-cache.ts), so this holds one entry per template, not per pod (per pod it held ~3.4 MB
 * at 1,000 nodes). A pass re-sums the pods of every node it bound to.
 */
const requestsOf = new WeakMap<Pod['spec']['containers'], Omit<Usage, 'pods'>>();

/** One pod's requests: a function of its containers only. Do not mutate the result. */
export function usageOf(p: Pod): Omit<Usage, 'pods'> {
  const containers = p.spec.containers;
  const hit = requestsOf.get(containers);
  if (hit) return hit;
  const r = podRequests(p);
  let cpuNZ = 0;
  let memNZ = 0;
  for (const c of containers) {
    cpuNZ += c.resources?.requests?.cpu ?? DEFAULT_CPU;
    memNZ += c.resources?.requests?.memory ?? DEFAULT_MEM;
  }
  const u = { cpu: r.cpu, memory: r.memory, cpuNZ, memNZ };
  requestsOf.set(containers, u);
  return u;
}

/**
 * Requests of the non-terminal pods bound to `node`, per engine (derived data, core/per-engine.ts),
 * recomputed only when a pod on the node was written (Engine.podWritesOn, whose stamps a restore
 * puts back: a sum holds across seeks). A pass used to sum every pod of the cluster; summing every
 * node again after a restore was 0.26 s of a 30 s replay at 5,000 nodes (bench/replay-prof.ts).
 * Do not mutate the result.
 */
const boundUsageCache = perEngine(() => new Map<string, { writes: number; usage: Usage }>());

export function boundUsage(e: Engine, node: string): Usage {
  const byNode = boundUsageCache(e);
  const writes = e.podWritesOn(node);
  const hit = byNode.get(node);
  if (hit && hit.writes === writes) return hit.usage;
  const u = sumUsage(e.podsOnNode(node));
  byNode.set(node, { writes, usage: u });
  return u;
}

/** Requests of the non-terminal pods among `pods`, summed (what `boundUsage` keeps per node). */
export function sumUsage(pods: Iterable<Pod>): Usage {
  const u: Usage = { cpu: 0, memory: 0, pods: 0, cpuNZ: 0, memNZ: 0 };
  for (const p of pods) {
    if (p.status.phase === 'Succeeded' || p.status.phase === 'Failed') continue;
    const r = usageOf(p);
    u.cpu += r.cpu;
    u.memory += r.memory;
    u.cpuNZ += r.cpuNZ;
    u.memNZ += r.memNZ;
    u.pods++;
  }
  return u;
}
