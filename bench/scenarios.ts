/**
 * The bench scenarios of DESIGN section 8, built in code (they are too big to be worth a file).
 */
import type { Scenario } from '../src/sim/index';

type Manifest = Scenario['spec']['objects'][number];

function deployment(name: string, replicas: number, image = 'nginx:1.27'): Manifest {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'main', image }] } },
    },
  };
}

function statefulSet(name: string, replicas: number): Manifest {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name },
    spec: {
      replicas,
      serviceName: name,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'main', image: 'redis:7.2' }] } },
    },
  };
}

function daemonSet(name: string): Manifest {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name },
    spec: {
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'agent', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] },
      },
    },
  };
}

function scenario(name: string, spec: Partial<Scenario['spec']> & Pick<Scenario['spec'], 'nodes'>): Scenario {
  return {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name, title: name },
    spec: {
      profile: 'v1.33',
      seed: 1,
      settings: {},
      objects: [],
      staticPods: [],
      timeline: [],
      lesson: [],
      duration: 60 * 60_000,
      ...spec,
    },
  };
}

const MIN = 60_000;

/** 3 nodes, 20 workload pods (web 14 + db 4 + a DaemonSet on the 2 workers); node2's kubelet fails. */
/** Workload pods each bench scenario should have once running (checked by run.ts). */
export const EXPECTED_PODS = { small: 20, large: 3_000 } as const;

export function smallKubeletFailure(): Scenario {
  return scenario('bench-small-kubelet-failure', {
    nodes: [
      { name: 'control-plane', roles: ['control-plane'] },
      { name: 'node1', roles: [] },
      { name: 'node2', roles: [] },
    ],
    objects: [deployment('web', 14), statefulSet('db', 4), daemonSet('agent')],
    timeline: [
      { at: 5 * MIN, run: 'ssh node2 systemctl stop kubelet' },
      { at: 30 * MIN, run: 'ssh node2 systemctl start kubelet' },
    ],
  });
}

export const ZONES = ['zone-a', 'zone-b', 'zone-c'] as const;

/**
 * 100 nodes (a control plane and 99 workers, 33 per zone), 3,000 workload pods (10 Deployments,
 * 2,901 pods, and a DaemonSet on the 99 workers), then every node of zone-c powers off at 10 min
 * and back on at 40 min.
 */
export function largeZoneFailure(): Scenario {
  const nodes: Scenario['spec']['nodes'] = [{ name: 'control-plane', roles: ['control-plane'], zone: 'zone-a' }];
  for (let i = 1; i <= 99; i++) nodes.push({ name: `node${i}`, roles: [], zone: ZONES[(i - 1) % 3] as string });
  const failed = nodes.filter((n) => n.zone === 'zone-c' && !n.roles.includes('control-plane')).map((n) => n.name);
  const objects: Manifest[] = [daemonSet('agent')];
  // 2,901 Deployment pods + 99 DaemonSet pods = 3,000.
  const per = [291, 290, 290, 290, 290, 290, 290, 290, 290, 290];
  per.forEach((r, i) => {
    objects.push(deployment(`app${i}`, r));
  });
  return scenario('bench-large-zone-failure', {
    nodes,
    objects,
    timeline: [
      ...failed.map((n) => ({ at: 10 * MIN, run: `ssh ${n} poweroff` })),
      ...failed.map((n) => ({ at: 40 * MIN, run: `power-on ${n}` })),
    ],
  });
}

/**
 * The same scenario in a cloud with the cluster autoscaler on (issue 11): each zone's workers
 * become a node group (min their count, max `extra` more, the default 4 CPU / 8 GiB machine),
 * `power-on` becomes `cloud start` (a cloud machine is started through its instance). The engine
 * budgets hold with the cloud-controller-manager and the autoscaler's 10 s loop running.
 */
export function inCloud(s: Scenario, extra: number): Scenario {
  const counts = new Map<string, number>();
  const nodes = s.spec.nodes.map((n) => {
    if (n.roles.includes('control-plane')) return n;
    const zone = n.zone ?? 'zone-a';
    const group = `workers-${zone}`;
    counts.set(group, (counts.get(group) ?? 0) + 1);
    return { ...n, zone, group };
  });
  const nodeGroups = [...counts].map(([name, count]) => ({
    name,
    min: count,
    max: count + extra,
    zone: name.slice('workers-'.length),
    cpu: 4000,
    memory: 8192,
    machineType: 'custom-4-8192',
    bootTime: 90_000,
  }));
  const timeline = s.spec.timeline.map((e) =>
    'run' in e && e.run.startsWith('power-on ') ? { ...e, run: `cloud start ${e.run.slice('power-on '.length)}` } : e,
  );
  return {
    ...s,
    metadata: { ...s.metadata, name: `${s.metadata.name}-cloud`, title: `${s.metadata.title} (cloud)` },
    spec: { ...s.spec, nodes, timeline, cloud: { nodeGroups, autoscaler: true } },
  };
}

/**
 * Issue 13's big clusters: `nodes` nodes (a control plane and the workers, a third per zone), 30
 * pods a node (Deployments of up to 5,000 replicas, and the DaemonSet on every worker); zone-c
 * powers off at 10 min and on again at 40 min. 1,000 nodes: 30,000 pods; 5,000: 150,000.
 */
export function bigZoneFailure(nodeCount: number): Scenario {
  const nodes: Scenario['spec']['nodes'] = [{ name: 'control-plane', roles: ['control-plane'], zone: 'zone-a' }];
  for (let i = 1; i < nodeCount; i++) nodes.push({ name: `node${i}`, roles: [], zone: ZONES[(i - 1) % 3] as string });
  const failed = nodes.filter((n) => n.zone === 'zone-c' && !n.roles.includes('control-plane')).map((n) => n.name);
  const objects: Manifest[] = [daemonSet('agent')];
  // The DaemonSet runs on the workers (the control plane's taint keeps it off), but the scenario's
  // limit counts it on every machine: 150,000 pods at 5,000 nodes is then the limit exactly.
  let left = 30 * nodeCount - nodeCount;
  const count = Math.ceil(left / 5000);
  for (let i = 0; i < count; i++) {
    const r = Math.min(5000, Math.ceil(left / (count - i)));
    left -= r;
    objects.push(deployment(`app${i}`, r));
  }
  return scenario(`bench-zone-failure-${nodeCount}`, {
    nodes,
    objects,
    timeline: [
      ...failed.map((n) => ({ at: 10 * MIN, run: `ssh ${n} poweroff` })),
      ...failed.map((n) => ({ at: 40 * MIN, run: `power-on ${n}` })),
    ],
  });
}
