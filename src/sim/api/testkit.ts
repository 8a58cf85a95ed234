/**
 * Test harness for the workload controllers that does not depend on the kubelet/host modules:
 * an Engine with a hand-made control plane (running etcd/apiserver/KCM/scheduler containers),
 * registered Ready Nodes, and a tiny stand-in kubelet (`fakeKubelet`) that starts bound pods and
 * finishes graceful deletions. Used only by tests.
 */

import { daemonsetModule } from '../controllers/daemonset';
import { deploymentModule } from '../controllers/deployment';
import { endpointsliceModule } from '../controllers/endpointslice';
import { garbageCollectorModule } from '../controllers/garbage-collector';
import { replicasetModule } from '../controllers/replicaset';
import { schedulerModule } from '../controllers/scheduler';
import { statefulsetModule } from '../controllers/statefulset';
import type { Node, Pod } from '../core/api-types';
import { dict } from '../core/dict';
import { Engine, type SimModule } from '../core/engine';
import { emptyJournal } from '../core/journal-log';
import { PROFILES, type ProfileName } from '../core/profiles';
import type { Scenario } from '../core/scenario-types';
import type { Host, HostServiceName, SimState } from '../core/state';
import { CONTROL_PLANE_COMPONENTS } from '../core/world';
import { dropContainer, placeContainer } from '../runtime/containers';
import { containersChanged } from '../runtime/containers-cache';
import { emptyState } from '../simulation';
import { ownerIndexModule } from './owner-index';

/** The modules owned by the workload engineer, in MODULES order. */
export const WORKLOAD_MODULES: readonly SimModule[] = [
  ownerIndexModule,
  replicasetModule,
  deploymentModule,
  statefulsetModule,
  daemonsetModule,
  endpointsliceModule,
  garbageCollectorModule,
  schedulerModule,
];

export function bareState(seed = 1, profile: ProfileName = 'v1.33'): SimState {
  const p = PROFILES[profile];
  return emptyState(p, seed, { ...p.defaults }, 0);
}

function host(name: string, role: Host['role'], i: number): Host {
  return {
    name,
    role,
    zone: '',
    ip: `192.168.56.${10 + i}`,
    labels: {},
    power: 'on',
    powerCause: 0,
    bootId: 'boot',
    networkCut: false,
    networkCause: 0,
    services: { kubelet: { active: true, since: 0, pid: 100, gen: 1, cause: 0 } },
    containers: {},
    images: dict(),
    manifests: dict(),
    stash: dict(),
    journal: emptyJournal(),
    kubelet: null,
    nextPodIp: 2,
    podCidrIndex: i,
  };
}

/**
 * Marks a host's unit active or inactive without what systemd's start and stop set in motion (a
 * stand-in kubelet that stops answering). A new service record, as host/services.ts writes them:
 * a snapshot may share the old one.
 */
export function setServiceActive(e: Engine, node: string, unit: HostServiceName, active: boolean): void {
  const h = e.state.hosts[node];
  const svc = h?.services[unit];
  if (h && svc) e.cow.field(h, 'services')[unit] = { ...svc, active };
}

/** Start or stop a control-plane component's container on the control-plane host. */
export function setComponent(
  e: Engine,
  component: (typeof CONTROL_PLANE_COMPONENTS)[number],
  running: boolean,
  id = `${component}-1`,
): void {
  const cp = Object.values(e.state.hosts).find((h) => h.role === 'control-plane')!;
  for (const [k, c] of Object.entries(cp.containers))
    if (c.podName === `${component}-${cp.name}`) dropContainer(e, cp, k);
  containersChanged(cp);
  // Leader election is control-plane.ts's: the test makes the new process the leader at once.
  if (component === 'kube-controller-manager' || component === 'kube-scheduler') {
    e.state.controllers.leaderElection ??= {};
    const le = e.state.controllers.leaderElection;
    if (running)
      le[component] = {
        containerId: id,
        identity: `${cp.name}_${id}`,
        leading: true,
        lastRenew: e.now,
        observedAt: e.now,
      };
    else delete le[component];
  }
  if (!running) return;
  // What control-plane.ts does when the new process acquires its lease.
  if (component === 'kube-controller-manager' || component === 'kube-scheduler') {
    const key = `kube-system/${component}`;
    const lease = e.get('Lease', key);
    const spec = { holderIdentity: `${cp.name}_${id}`, leaseDurationSeconds: 15, renewTime: e.now, acquireTime: e.now };
    const cause = e.cause({ actor: component, what: `leader election: ${id} acquired lease ${key}` });
    if (lease) e.put({ ...structuredClone(lease), spec }, 'leader election: acquired', cause);
    else
      e.put(
        {
          kind: 'Lease',
          metadata: {
            name: component,
            namespace: 'kube-system',
            uid: e.uid(),
            resourceVersion: 0,
            creationTimestamp: e.now,
            labels: {},
            annotations: {},
            ownerReferences: [],
          },
          spec,
        },
        'leader election: acquired',
        cause,
      );
  }
  placeContainer(e, cp, {
    id,
    podUid: id,
    podName: `${component}-${cp.name}`,
    namespace: 'kube-system',
    name: component,
    image: component,
    state: 'running',
    startedAt: e.now,
    staticPod: true,
  });
}

export function nodeObject(e: Engine, name: string, controlPlane: boolean, cpu = 4000, memory = 8192): Node {
  const labels: Record<string, string> = { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux' };
  if (controlPlane) labels['node-role.kubernetes.io/control-plane'] = '';
  const cond = (type: Node['status']['conditions'][number]['type'], status: 'True' | 'False', reason: string) => ({
    type,
    status,
    reason,
    message: '',
    lastHeartbeatTime: e.now,
    lastTransitionTime: e.now,
  });
  return {
    kind: 'Node',
    metadata: {
      name,
      uid: e.uid(),
      resourceVersion: 0,
      creationTimestamp: e.now,
      labels,
      annotations: {},
      ownerReferences: [],
    },
    spec: { taints: [] },
    status: {
      conditions: [
        cond('MemoryPressure', 'False', 'KubeletHasSufficientMemory'),
        cond('DiskPressure', 'False', 'KubeletHasNoDiskPressure'),
        cond('PIDPressure', 'False', 'KubeletHasSufficientPID'),
        cond('Ready', 'True', 'KubeletReady'),
      ],
      addresses: [{ type: 'InternalIP', address: '192.168.56.1' }],
      capacity: { cpu, memory, pods: 110 },
      allocatable: { cpu, memory, pods: 110 },
      nodeInfo: {
        kubeletVersion: 'v1.33.2',
        containerRuntimeVersion: 'containerd://2.0.5',
        osImage: '',
        kernelVersion: '',
        bootID: '',
      },
    },
  };
}

/** Engine with control-plane + workers hosts, control plane running, Nodes registered. */
export function makeCluster(
  modules: readonly SimModule[],
  opts: { seed?: number; workers?: string[]; profile?: ProfileName } = {},
): Engine {
  const e = new Engine(bareState(opts.seed ?? 1, opts.profile), modules);
  const workers = opts.workers ?? ['node1', 'node2'];
  e.state.hosts['control-plane'] = host('control-plane', 'control-plane', 0);
  workers.forEach((w, i) => {
    e.state.hosts[w] = host(w, 'worker', i + 1);
  });
  for (const c of CONTROL_PLANE_COMPONENTS) setComponent(e, c, true);
  const cause = e.cause({ actor: 'test', what: 'register nodes' });
  e.put(nodeObject(e, 'control-plane', true), 'registered', cause);
  for (const w of workers) e.put(nodeObject(e, w, false), 'registered', cause);
  return e;
}

/**
 * Stand-in kubelet: bound Pending pods become Running+Ready with an IP; graceful deletions of pods
 * on nodes whose kubelet runs are finished once the grace period passed. Hosts with the kubelet
 * service inactive are left alone.
 */
export function fakeKubelet(e: Engine): void {
  const c = e.cause({ actor: 'kubelet', what: 'test kubelet' });
  for (const p of e.list('Pod').sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))) {
    const node = p.spec.nodeName;
    if (!node) continue;
    const h = e.state.hosts[node];
    if (h?.power !== 'on' || !h.services.kubelet?.active) continue;
    const key = `${p.metadata.namespace}/${p.metadata.name}`;
    if (p.metadata.deletionTimestamp !== undefined) {
      if (e.now >= p.metadata.deletionTimestamp) e.remove('Pod', key, 'deleted', c);
      continue;
    }
    if (p.status.phase === 'Pending') {
      const next: Pod = structuredClone(p);
      next.status.phase = 'Running';
      next.status.podIP = `10.244.${h.podCidrIndex}.${e.cow.touch(h).nextPodIp++}`;
      next.status.conditions = [
        ...next.status.conditions.filter((x) => x.type === 'PodScheduled'),
        { type: 'Ready', status: 'True', lastTransitionTime: e.now },
      ];
      e.put(next, 'running', c);
    }
  }
}

/** Advance `ms` in 100ms steps, running the fake kubelet at each step. */
export function settle(e: Engine, ms: number, kubelet = true): void {
  const end = e.now + ms;
  while (e.now < end) {
    e.runUntil(Math.min(end, e.now + 100));
    if (kubelet) fakeKubelet(e);
  }
}

export function podsOf(e: Engine, prefix: string): Pod[] {
  return e
    .list('Pod')
    .filter((p) => p.metadata.name.startsWith(prefix))
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
}

export function eventsOf(e: Engine, reason: string): string[] {
  return e
    .list('Event')
    .filter((x) => x.reason === reason)
    .sort((a, b) => a.firstTimestamp - b.firstTimestamp || a.metadata.name.localeCompare(b.metadata.name))
    .map((x) => x.message);
}

/** The brief's reference scenario: control-plane + node1 + node2; Deployment web (3), StatefulSet db (2), DaemonSet fluentd, Service web. */
export function workloadScenario(seed = 1): Scenario {
  return {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: 'h4', title: 'workloads' },
    spec: {
      profile: 'v1.33',
      seed,
      settings: {},
      nodes: [
        { name: 'control-plane', roles: ['control-plane'] },
        { name: 'node1', roles: [] },
        { name: 'node2', roles: [] },
      ],
      objects: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: { replicas: 3, template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } },
        },
        {
          apiVersion: 'apps/v1',
          kind: 'StatefulSet',
          metadata: { name: 'db' },
          spec: {
            replicas: 2,
            serviceName: 'db',
            template: { spec: { containers: [{ name: 'pg', image: 'postgres:16' }] } },
          },
        },
        {
          apiVersion: 'apps/v1',
          kind: 'DaemonSet',
          metadata: { name: 'fluentd' },
          spec: { template: { spec: { containers: [{ name: 'fluentd', image: 'fluentd:v1' }] } } },
        },
        {
          apiVersion: 'v1',
          kind: 'Service',
          metadata: { name: 'web' },
          spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
        },
      ],
      staticPods: [],
      timeline: [],
      lesson: [],
      duration: 600_000,
    },
  };
}
