/**
 * Cloud clusters for the property tests and the soak (properties.testkit.ts): workers in one node
 * group per zone with the cluster autoscaler on, workloads that request CPU (so that scaling them
 * makes the autoscaler add and remove machines), a bare pod that must block its node's
 * scale-down, cloud faults (stop, terminate, start, scale), what heals them, and the cloud's
 * invariants:
 * - no Node outlives its instance for longer than the controllers allow once the control plane
 *   runs (grace period, a node-lifecycle pass, a cloud-node-lifecycle pass, a leader election);
 * - no instance is terminated by a scale-down while a pod that blocks scale-down runs on it;
 * - after healing: every running machine has its Node, every group its target of machines.
 */
import fc from 'fast-check';
import { drainability } from './autoscaler/drainability';
import { CCM_NAME } from './cloud/bootstrap';
import { cloudProcess } from './cloud/processes';
import { groupInstances, instanceByProviderId, nodeGroups } from './cloud/provider';
import { controllerManagerActive, LEASE_DURATION_MS } from './controllers/control-plane';
import type { Engine } from './core/engine';
import type { Manifest, Scenario } from './index';
import type { Simulation } from './simulation';

/** Node groups per zone (`pool-z0`...), a debug pod pinned to w1, requests on the workloads. */
export function withCloud(s: Scenario, workers: number): Scenario {
  const groups = new Map<string, number>();
  const nodes = s.spec.nodes.map((n) => {
    if (!n.name.startsWith('w')) return n;
    const group = `pool-${n.zone ?? 'z0'}`;
    groups.set(group, (groups.get(group) ?? 0) + 1);
    const { zone: _zone, ...rest } = n;
    return { ...rest, group };
  });
  // Half the group may go: scale-downs happen, and most faults still find their node.
  const nodeGroups = [...groups].map(([name, count]) => ({
    name,
    min: Math.max(1, Math.ceil(count / 2)),
    max: count + 8,
    zone: name.slice('pool-'.length),
    cpu: 4000,
    memory: 8192,
    machineType: 'custom-4-8192',
    bootTime: 60_000,
  }));
  const objects: Manifest[] = s.spec.objects.map((m) => withRequests(m));
  if (workers > 0)
    objects.push({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'debug' },
      spec: { nodeSelector: { 'kubernetes.io/hostname': 'w1' }, containers: [{ name: 'sh', image: 'busybox:1.36' }] },
    });
  return {
    ...s,
    spec: {
      ...s.spec,
      profile: 'v1.33',
      nodes,
      objects,
      // Shorter than the defaults, so that a 25-minute round sees scale-downs and removals.
      settings: { ...s.spec.settings, scaleDownUnneededTime: 180_000, scaleDownDelayAfterAdd: 180_000 },
      cloud: { nodeGroups, autoscaler: true },
    },
  };
}

function withRequests(m: Manifest): Manifest {
  if (m.kind !== 'Deployment' && m.kind !== 'StatefulSet') return m;
  const spec = m.spec as { template: { spec: { containers: Record<string, unknown>[] } } };
  const containers = spec.template.spec.containers.map((c) => ({ ...c, resources: { requests: { cpu: '1' } } }));
  return { ...m, spec: { ...spec, template: { ...spec.template, spec: { ...spec.template.spec, containers } } } };
}

/** Faults only a cloud has, and workload changes that make the autoscaler act. */
export function cloudFaultArb(workers: number, zones: number): fc.Arbitrary<string> {
  const node = fc.integer({ min: 1, max: Math.max(1, workers) }).map((i) => `w${i}`);
  const zone = fc.integer({ min: 0, max: Math.max(0, Math.min(zones, workers) - 1) });
  return fc.oneof(
    node.map((n) => `cloud stop ${n}`),
    node.map((n) => `cloud start ${n}`),
    node.map((n) => `cloud terminate ${n}`),
    fc.tuple(zone, fc.integer({ min: 1, max: 3 })).map(([z, n]) => `cloud scale pool-z${z} ${n}`),
    fc.integer({ min: 1, max: 12 }).map((n) => `kubectl scale deploy d0 --replicas=${n}`),
  );
}

/** Start every stopped instance (terminated ones are replaced by their groups or the autoscaler). */
export function healCloud(sim: Simulation): void {
  for (const inst of Object.values(sim.engine.state.cloud?.instances ?? {}))
    if (inst.state === 'stopped') sim.run(`cloud start ${inst.host}`);
  sim.advanceTo(sim.now + 100_000);
}

/** The control plane and cloud-controller-manager act: the API, kube-controller-manager leading, the CCM running. */
function controllersUp(e: Engine): boolean {
  return controllerManagerActive(e) && cloudProcess(e, CCM_NAME) !== undefined;
}

/**
 * The cloud invariants checked after every traced change (`check`) and on each trace line
 * (`line`); stateful: it remembers since when the controllers run.
 */
export class CloudWatch {
  private upSince = Number.NEGATIVE_INFINITY;
  private wasUp = false;

  constructor(private readonly sim: Simulation) {}

  check(): string | undefined {
    const e = this.sim.engine;
    if (!e.state.cloud) return undefined;
    const up = controllersUp(e);
    if (up && !this.wasUp) this.upSince = e.now;
    this.wasUp = up;
    if (!up) return undefined;
    const s = e.state.settings;
    const bound = s.nodeMonitorGracePeriod + s.nodeMonitorPeriod + s.cloudNodeMonitorPeriod + LEASE_DURATION_MS + 5000;
    for (const node of e.list('Node')) {
      const inst = node.spec.providerID ? instanceByProviderId(e, node.spec.providerID) : undefined;
      if (inst?.state !== 'terminated') continue;
      const from = Math.max(inst.since, this.upSince);
      if (e.now - from > bound)
        return `Node ${node.metadata.name} still exists ${e.now - inst.since} ms after its instance ${inst.id} was terminated`;
    }
    return undefined;
  }

  line(text: string): string | undefined {
    const m = /cloud instance \S+ \((\S+)\) terminated: terminated by cluster-autoscaler: scale-down/.exec(text);
    if (!m) return undefined;
    const e = this.sim.engine;
    const host = m[1] as string;
    const blocking = e.podsOnNode(host).filter((p) => drainability(p, e.now).kind === 'block');
    return blocking.length
      ? `instance of ${host} terminated by a scale-down while ${blocking.map((p) => p.metadata.name).join(', ')} blocked it`
      : undefined;
  }
}

/** After healing and quiet time: running machines have Nodes, groups have their targets, nothing stopped. */
export function cloudNotRecovered(sim: Simulation): string[] {
  const e = sim.engine;
  if (!e.state.cloud) return [];
  const bad: string[] = [];
  for (const inst of Object.values(e.state.cloud.instances)) {
    if (inst.state === 'stopped' || inst.state === 'stopping') bad.push(`instance of ${inst.host} is ${inst.state}`);
    if (inst.state === 'running' && !e.get('Node', inst.host)) bad.push(`${inst.host} runs with no Node`);
  }
  for (const g of nodeGroups(e)) {
    const live = groupInstances(e, g.name).length;
    if (live !== g.target) bad.push(`group ${g.name} has ${live} machines for a target of ${g.target}`);
    if (g.target < g.min || g.target > g.max) bad.push(`group ${g.name} target ${g.target} outside ${g.min}..${g.max}`);
  }
  return bad;
}
