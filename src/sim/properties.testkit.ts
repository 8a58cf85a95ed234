/**
 * Random clusters, random fault sequences and the invariants of a sane cluster, for the property
 * tests (properties.test.ts) and the soak (`npm run soak`, scripts/soak.ts): fast-check
 * generators, the commands that heal every fault, and checks that return what is wrong.
 */
import fc from 'fast-check';
import { nodeShouldRunDaemonPod } from './controllers/daemonset';
import type { Manifest, Scenario } from './index';
import { desiredStaticPods } from './kubelet/static-pods';
import { CloudWatch, cloudFaultArb, cloudNotRecovered, healCloud, withCloud } from './properties-cloud.testkit';
import { Simulation } from './simulation';

export interface ClusterShape {
  workers: number;
  zones: number;
  deployments: number[];
  statefulSets: number[];
  daemonSet: boolean;
  /** Workloads carry readiness, liveness and startup probes (exec, httpGet, tcpSocket). */
  probes: boolean;
  profile: 'v1.33' | 'v1.23-docker';
  seed: number;
  /** Workers in cloud node groups with the cluster autoscaler (v1.33 only: properties-cloud.testkit.ts). */
  cloud?: boolean;
}

/** A cluster of 1 to 20 nodes in 1 to 3 zones with a few workloads (with probes or not), on either profile. */
export const clusterArb: fc.Arbitrary<ClusterShape> = fc.record({
  workers: fc.integer({ min: 0, max: 19 }), // 1 to 20 nodes with the control plane
  zones: fc.integer({ min: 1, max: 3 }),
  deployments: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
  statefulSets: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
  daemonSet: fc.boolean(),
  probes: fc.boolean(),
  profile: fc.constantFrom('v1.33' as const, 'v1.23-docker' as const),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
});

/** v1.33 clusters of 1 to 12 workers in node groups, one per zone, with the cluster autoscaler. */
export const cloudClusterArb: fc.Arbitrary<ClusterShape> = clusterArb.map((c) => ({
  ...c,
  profile: 'v1.33' as const,
  cloud: true,
  workers: Math.max(1, Math.min(12, c.workers)),
}));

/** The control-plane taint keys of the profiles (core/profiles.ts controlPlaneTaint). */
const CONTROL_PLANE_TAINT_KEYS = ['node-role.kubernetes.io/control-plane', 'node-role.kubernetes.io/master'];

/**
 * Probes that pass while the program is healthy, per workload kind: nginx over HTTP, redis by
 * exec and TCP (its liveness reads /data/alive, which `kubectl exec s0-0 -- rm /data/alive` breaks
 * until the container is replaced), the DaemonSet's busybox by exec.
 */
const PROBES: Record<string, Record<string, unknown>> = {
  Deployment: {
    readinessProbe: { httpGet: { path: '/', port: 80 }, periodSeconds: 5 },
    livenessProbe: { httpGet: { path: '/index.html', port: 80 }, initialDelaySeconds: 3, periodSeconds: 10 },
  },
  StatefulSet: {
    startupProbe: { tcpSocket: { port: 6379 }, periodSeconds: 2, failureThreshold: 30 },
    readinessProbe: { exec: { command: ['redis-cli', 'ping'] }, periodSeconds: 5 },
    livenessProbe: { exec: { command: ['cat', '/data/alive'] }, periodSeconds: 5, failureThreshold: 2 },
  },
  DaemonSet: {
    readinessProbe: { exec: { command: ['cat', '/etc/hostname'] } },
    livenessProbe: { exec: { command: ['true'] }, periodSeconds: 20 },
  },
};

function workload(
  kind: string,
  name: string,
  replicas: number | undefined,
  image: string,
  onControlPlane: boolean,
  probes = false,
): Manifest {
  // A one-node cluster has only the tainted control-plane node: workloads must tolerate it to run
  // (its key is node-role.kubernetes.io/master up to 1.23, control-plane since 1.24).
  const tolerations = onControlPlane
    ? CONTROL_PLANE_TAINT_KEYS.map((key) => ({ key, operator: 'Exists', effect: 'NoSchedule' }))
    : [];
  const container = { name: 'main', image, ...(probes ? PROBES[kind] : {}) };
  const spec: Record<string, unknown> = {
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { tolerations, containers: [container] } },
  };
  if (replicas !== undefined) spec.replicas = replicas;
  if (kind === 'StatefulSet') spec.serviceName = name;
  return { apiVersion: 'apps/v1', kind, metadata: { name }, spec };
}

/** The scenario of a cluster shape (in a cloud when `cloud` is set and there are workers). */
export function scenarioOf(c: ClusterShape): Scenario {
  const s = plainScenarioOf(c);
  return c.cloud && c.workers > 0 ? withCloud(s, c.workers) : s;
}

function plainScenarioOf(c: ClusterShape): Scenario {
  const nodes = [{ name: 'cp', roles: ['control-plane'] }];
  for (let i = 1; i <= c.workers; i++) nodes.push({ name: `w${i}`, roles: [], zone: `z${i % c.zones}` } as never);
  const objects: Manifest[] = [];
  const cpOnly = c.workers === 0;
  for (const [i, r] of c.deployments.entries())
    objects.push(workload('Deployment', `d${i}`, r, 'nginx:1.27', cpOnly, c.probes));
  for (const [i, r] of c.statefulSets.entries())
    objects.push(workload('StatefulSet', `s${i}`, r, 'redis:7', cpOnly, c.probes));
  if (c.daemonSet) objects.push(workload('DaemonSet', 'agent', undefined, 'busybox:1.36', cpOnly, c.probes));
  return {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: 'property', title: 'property' },
    spec: {
      profile: c.profile,
      seed: c.seed,
      settings: {},
      nodes,
      objects,
      staticPods: [],
      timeline: [],
      lesson: [],
      duration: 600_000,
    },
  };
}

/**
 * A fault (or a user action) at a time in the first 10 minutes; healAll undoes every kind. A cloud
 * cluster also gets cloud faults and workload changes that make its autoscaler act.
 */
export function faultArb(
  workers: number,
  profile: ClusterShape['profile'],
  cloud?: { zones: number },
): fc.Arbitrary<{ at: number; run: string }> {
  const base = plainFaultArb(workers, profile);
  if (!cloud || workers === 0) return base;
  const extra = fc.record({ at: fc.integer({ min: 0, max: 600_000 }), run: cloudFaultArb(workers, cloud.zones) });
  return fc.oneof(base, extra);
}

function plainFaultArb(workers: number, profile: ClusterShape['profile']): fc.Arbitrary<{ at: number; run: string }> {
  const node = fc.integer({ min: 0, max: workers }).map((i) => (i === 0 ? 'cp' : `w${i}`));
  const runtime = profile === 'v1.33' ? 'containerd' : 'docker';
  const command = fc.oneof(
    node.map((n) => `ssh ${n} systemctl stop kubelet`),
    node.map((n) => `ssh ${n} systemctl restart kubelet`),
    node.map((n) => `ssh ${n} systemctl stop ${runtime}`),
    node.map((n) => `ssh ${n} systemctl stop kube-proxy`),
    node.map((n) => `ssh ${n} poweroff`),
    node.map((n) => `ssh ${n} reboot`),
    node.map((n) => `network cut ${n}`),
    node.map((n) => `kubectl cordon ${n}`),
    node.map((n) => `kubectl delete node ${n}`),
    node.map((n) => `kubectl drain ${n} --ignore-daemonsets --force`),
    // A drain that waits for ever, one that gives up, and the interrupt of the newest still running.
    node.map((n) => `kubectl drain ${n} --ignore-daemonsets --force --timeout=2m`),
    fc.constant('^C'),
    fc.constantFrom(
      'registry down',
      'ssh cp mv /etc/kubernetes/manifests/kube-apiserver.yaml /tmp/',
      'ssh cp mv /etc/kubernetes/manifests/kube-scheduler.yaml /tmp/',
      'ssh cp mv /etc/kubernetes/manifests/kube-controller-manager.yaml /tmp/',
      'ssh cp mv /etc/kubernetes/manifests/etcd.yaml /tmp/',
      'kubectl delete pod s0-0 --force --grace-period=0',
      'kubectl delete pod s0-0',
      'kubectl scale deploy d0 --replicas=2',
      // Breaks s0-0's liveness probe (with probes on): the kubelet restarts the container.
      'kubectl exec s0-0 -- rm /data/alive',
    ),
  );
  return fc.record({ at: fc.integer({ min: 0, max: 600_000 }), run: command });
}

/** Every command that undoes the faults above, in an order that works from any state. */
export function healAll(sim: Simulation): void {
  healCloud(sim);
  const names = Object.keys(sim.engine.state.hosts);
  for (const n of names) sim.run(`power-on ${n}`);
  for (const n of names) sim.run(`network heal ${n}`);
  for (const f of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']) {
    sim.run(`ssh cp mv /tmp/${f}.yaml /etc/kubernetes/manifests/${f}.yaml`);
  }
  sim.run('registry up');
  sim.advanceTo(sim.now + 60_000);
  for (const n of names) {
    const runtime = sim.engine.state.profile.runtime;
    sim.run(`ssh ${n} systemctl start ${runtime}`);
    sim.run(`ssh ${n} systemctl start kube-proxy`);
    // A deleted Node object comes back only when its kubelet starts again (registration at start).
    const registered = sim.engine.get('Node', n) !== undefined;
    sim.run(registered ? `ssh ${n} systemctl start kubelet` : `ssh ${n} systemctl restart kubelet`);
  }
  sim.advanceTo(sim.now + 30_000);
  for (const n of names) sim.run(`kubectl uncordon ${n}`);
}

/** The invariants of a sane cluster, checked after every traced change. */
export function checkInvariants(sim: Simulation, lastNow: { t: number }): string | undefined {
  const st = sim.engine.state;
  if (st.now < lastNow.t) return `time went back from ${lastNow.t} to ${st.now}`;
  lastNow.t = st.now;
  // A pod runs on at most one host.
  const hostOf = new Map<string, string>();
  for (const h of Object.values(st.hosts)) {
    for (const c of Object.values(h.containers)) {
      if (c.state !== 'running') continue;
      const other = hostOf.get(c.podUid);
      if (other && other !== h.name) return `pod ${c.podName} runs on ${other} and ${h.name}`;
      hostOf.set(c.podUid, h.name);
    }
  }
  // At most one live pod per StatefulSet ordinal: the API holds one object per name, so the
  // host side is what can go wrong (an old incarnation still running next to its replacement).
  const live = new Map<string, string>();
  for (const h of Object.values(st.hosts)) {
    if (h.power !== 'on') continue;
    for (const c of Object.values(h.containers)) {
      if (c.state !== 'running' || !/^s\d+-\d+$/.test(c.podName)) continue;
      const pod = st.api.objects.Pod.get(`${c.namespace}/${c.podName}`);
      // A container whose pod object is gone or is a newer incarnation is an orphan the kubelet
      // has yet to kill; it counts as live only while no other incarnation runs.
      const prev = live.get(c.podName);
      if (prev && prev !== c.podUid && pod && pod.metadata.uid === c.podUid && !pod.metadata.deletionTimestamp) {
        const prevPod = st.api.objects.Pod.values().find((p) => p.metadata.uid === prev);
        if (prevPod && !prevPod.metadata.deletionTimestamp) return `two live pods for ordinal ${c.podName}`;
      }
      live.set(c.podName, c.podUid);
    }
  }
  // A pod is bound to a single node name, and every bound pod names a host that exists.
  for (const p of st.api.objects.Pod.values()) {
    if (p.spec.nodeName && !st.hosts[p.spec.nodeName])
      return `pod ${p.metadata.name} bound to unknown ${p.spec.nodeName}`;
  }
  return undefined;
}

/**
 * Drains that still run after every fault was healed and the cluster had time to settle: a drain
 * waits for pods to be gone, and once kubelets, the API and the controllers are back, they are.
 */
export function hangingCommands(sim: Simulation): string[] {
  return sim
    .runningCommands()
    .filter((c) => !c.done)
    .map((c) => `${c.line} (running since ${c.startedAt} ms)`);
}

/**
 * Containers running for a pod that neither the API nor a static manifest of their host knows
 * (checked at quiet points, with every kubelet running: HandlePodCleanups leaves none).
 */
export function ghosts(sim: Simulation): string[] {
  const st = sim.engine.state;
  const uids = new Set(st.api.objects.Pod.values().map((p) => p.metadata.uid));
  const out: string[] = [];
  for (const h of Object.values(st.hosts)) {
    const statics = new Set(desiredStaticPods(h).map((s) => s.uid));
    for (const c of Object.values(h.containers)) {
      if (c.state === 'running' && !uids.has(c.podUid) && !statics.has(c.podUid))
        out.push(`${c.namespace}/${c.podName}/${c.name} on ${h.name}`);
    }
  }
  return out.sort();
}

/** Owners referenced by API objects exist (checked at quiet points: the GC works asynchronously). */
export function danglingOwners(sim: Simulation): string[] {
  const st = sim.engine.state;
  const uids = new Set<string>();
  for (const kind of ['Node', 'ReplicaSet', 'Deployment', 'StatefulSet', 'DaemonSet'] as const) {
    for (const o of st.api.objects[kind].values()) uids.add(o.metadata.uid);
  }
  const out: string[] = [];
  for (const kind of ['Pod', 'ReplicaSet', 'Lease'] as const) {
    for (const o of st.api.objects[kind].values()) {
      for (const ref of o.metadata.ownerReferences) {
        if (!uids.has(ref.uid)) out.push(`${kind}/${o.metadata.name} -> ${ref.kind}/${ref.name}`);
      }
    }
  }
  return out;
}

/** Workloads not fully READY (at quiet points). */
export function workloadsNotReady(sim: Simulation): string[] {
  const o = sim.engine.state.api.objects;
  const bad: string[] = [];
  for (const d of o.Deployment.values()) {
    if (d.status.readyReplicas !== d.spec.replicas)
      bad.push(`deploy/${d.metadata.name} ${d.status.readyReplicas}/${d.spec.replicas}`);
  }
  for (const s of o.StatefulSet.values()) {
    if (s.status.readyReplicas !== s.spec.replicas)
      bad.push(`sts/${s.metadata.name} ${s.status.readyReplicas}/${s.spec.replicas}`);
  }
  for (const ds of o.DaemonSet.values()) {
    // Every node the DaemonSet should run on (NodeShouldRunDaemonPod: its selector and the taints
    // its pods tolerate, the daemon tolerations included): the control plane when untolerated,
    // a node the cluster autoscaler is removing, a cloud Node not yet initialized are not.
    const eligible = o.Node.values().filter((n) => nodeShouldRunDaemonPod(n, ds)[0]).length;
    if (ds.status.numberReady !== eligible) bad.push(`ds/${ds.metadata.name} ${ds.status.numberReady}/${eligible}`);
  }
  return bad;
}

/** What a soak of one cluster did and found. */
export interface SoakResult {
  actions: number;
  rounds: number;
  /** Simulated time the run covered (ms). */
  simulated: number;
  /** Broken invariants, each once with the round it was seen in; empty when all held. */
  violations: string[];
}

/**
 * Soaks one cluster: rounds of up to 10 random faults in 10 simulated minutes, each followed by
 * healing everything and 15 quiet minutes, until `actions` faults have run. The invariants are
 * checked after every traced change and after every action; full recovery (every workload READY,
 * no dangling owner) after every round. Deterministic for a cluster and seed.
 */
export function soakCluster(cluster: ClusterShape, seed: number, actions: number): SoakResult {
  const sim = new Simulation(scenarioOf(cluster));
  const last = { t: sim.now };
  const violations = new Set<string>();
  let round = 0;
  const cloud = new CloudWatch(sim);
  sim.engine.traceListeners.push((line) => {
    const v = checkInvariants(sim, last) ?? cloud.check() ?? cloud.line(line);
    if (v) violations.add(`round ${round}: ${v}`);
  });
  const cloudShape = cluster.cloud ? { zones: cluster.zones } : undefined;
  const roundArb = fc.array(faultArb(cluster.workers, cluster.profile, cloudShape), { minLength: 1, maxLength: 10 });
  let done = 0;
  while (done < actions) {
    const start = sim.now;
    const [faults = []] = fc.sample(roundArb, { seed: seed * 1000 + round, numRuns: 1 });
    for (const f of faults.sort((a, b) => a.at - b.at).slice(0, actions - done)) {
      sim.advanceTo(start + f.at);
      sim.run(f.run);
      done++;
      const v = checkInvariants(sim, last);
      if (v) violations.add(`round ${round}: after ${f.run}: ${v}`);
    }
    sim.advanceTo(start + 660_000);
    healAll(sim);
    sim.advanceTo(sim.now + 15 * 60_000);
    for (const w of workloadsNotReady(sim)) violations.add(`round ${round}: not ready 15 min after healing: ${w}`);
    for (const d of danglingOwners(sim)) violations.add(`round ${round}: dangling owner ${d}`);
    for (const c of hangingCommands(sim)) violations.add(`round ${round}: still running after healing: ${c}`);
    for (const c of cloudNotRecovered(sim)) violations.add(`round ${round}: cloud not recovered: ${c}`);
    for (const g of ghosts(sim)) violations.add(`round ${round}: ghost 15 min after healing: ${g}`);
    round++;
  }
  return { actions: done, rounds: round, simulated: sim.now, violations: [...violations] };
}
