/**
 * Test fixtures for the kubectl and commands tests: a bare Engine (no behaviour modules) with hosts
 * and hand-made API objects, so printers can be checked against the seeds without a running cluster.
 */
import type { Node, NodeCondition, Pod } from '../core/api-types';
import { dict } from '../core/dict';
import { Engine } from '../core/engine';
import { emptyJournal } from '../core/journal-log';
import { PROFILES, type ProfileName } from '../core/profiles';
import type { Host, SimState } from '../core/state';
import { placeContainer } from '../runtime/containers';
import { emptyState } from '../simulation';

export function bareState(profile: ProfileName = 'v1.33'): SimState {
  const p = PROFILES[profile];
  return emptyState(p, 1, { ...p.defaults }, 0);
}

export function bareHost(name: string, ip: string, role: Host['role'] = 'worker'): Host {
  const svc = { active: true, since: -600_000, pid: 1000, gen: 1, cause: 0 };
  return {
    name,
    role,
    zone: '',
    ip,
    labels: {},
    power: 'on',
    powerCause: 0,
    bootId: 'b00t',
    networkCut: false,
    networkCause: 0,
    services: { kubelet: { ...svc }, containerd: { ...svc }, 'kube-proxy': { ...svc } },
    containers: {},
    images: dict(),
    manifests: dict(),
    stash: dict(),
    journal: emptyJournal(),
    kubelet: null,
    nextPodIp: 2,
    podCidrIndex: 0,
  };
}

/** An engine with a running control plane (API up) and workers node1, node2. */
export function bareEngine(profile: ProfileName = 'v1.33'): Engine {
  const e = new Engine(bareState(profile), []);
  const cp = bareHost('control-plane', '192.168.56.10', 'control-plane');
  for (const c of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']) {
    placeContainer(e, cp, {
      id: c,
      podUid: c,
      podName: `${c}-control-plane`,
      namespace: 'kube-system',
      name: c,
      image: c,
      state: 'running',
      startedAt: -590_000,
      staticPod: true,
    });
    e.cow.field(cp, 'manifests')[`${c}.yaml`] = {
      file: `${c}.yaml`,
      name: c,
      namespace: 'kube-system',
      labels: {},
      spec: { containers: [] },
      hash: c,
    };
  }
  e.state.hosts[cp.name] = cp;
  e.state.hosts.node1 = bareHost('node1', '192.168.56.11');
  e.state.hosts.node2 = bareHost('node2', '192.168.56.12');
  return e;
}

export function condition(
  type: NodeCondition['type'],
  status: NodeCondition['status'],
  reason: string,
  message: string,
  hb: number,
  tr: number,
): NodeCondition {
  return { type, status, reason, message, lastHeartbeatTime: hb, lastTransitionTime: tr };
}

export function makeNode(
  name: string,
  ip: string,
  conditions: NodeCondition[],
  labels: Record<string, string> = {},
): Node {
  return {
    kind: 'Node',
    metadata: {
      name,
      uid: `uid-${name}`,
      resourceVersion: 0,
      creationTimestamp: -580_000,
      labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64', ...labels },
      annotations: {},
      ownerReferences: [],
    },
    spec: { taints: [], podCIDR: '10.244.1.0/24' },
    status: {
      conditions,
      addresses: [
        { type: 'InternalIP', address: ip },
        { type: 'Hostname', address: name },
      ],
      capacity: { cpu: 4000, memory: 8192, pods: 110 },
      allocatable: { cpu: 4000, memory: 8192, pods: 110 },
      nodeInfo: {
        kubeletVersion: 'v1.33.2',
        containerRuntimeVersion: 'containerd://2.0.5',
        osImage: 'Ubuntu 24.04.2 LTS',
        kernelVersion: '6.8.0-60-generic',
        bootID: 'b00t',
      },
    },
  };
}

export function makePod(
  name: string,
  node: string | undefined,
  opts: Partial<Pod['status']> = {},
  namespace = 'default',
): Pod {
  return {
    kind: 'Pod',
    metadata: {
      name,
      namespace,
      uid: `uid-${name}`,
      resourceVersion: 0,
      creationTimestamp: -300_000,
      labels: { app: 'web' },
      annotations: {},
      ownerReferences: [],
    },
    spec: {
      ...(node ? { nodeName: node } : {}),
      containers: [{ name: 'nginx', image: 'nginx:1.27' }],
      tolerations: [
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      ],
      terminationGracePeriodSeconds: 30,
    },
    status: {
      phase: 'Running',
      conditions: [],
      containerStatuses: [
        {
          name: 'nginx',
          image: 'nginx:1.27',
          ready: true,
          started: true,
          restartCount: 0,
          state: { running: { startedAt: -290_000 } },
        },
      ],
      podIP: '10.244.1.5',
      hostIP: '192.168.56.12',
      startTime: -295_000,
      ...opts,
    },
  };
}
