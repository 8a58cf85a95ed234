import { describe, expect, it } from 'vitest';
import type { Node, Pod } from './core/api-types';
import { Engine } from './core/engine';
import { emptyJournal } from './core/journal-log';
import type { Scenario } from './core/scenario-types';
import type { Host } from './core/state';
import { placeContainer } from './runtime/containers';
import { initialState } from './simulation';
import { buildView, nodeStatusColumn, podStatusColumns } from './view';

const scenario: Scenario = {
  apiVersion: 'notready/v1',
  kind: 'Scenario',
  metadata: { name: 't', title: 't' },
  spec: {
    profile: 'v1.33',
    seed: 1,
    settings: {},
    nodes: [],
    objects: [],
    staticPods: [],
    timeline: [],
    lesson: [],
    duration: 600_000,
  },
};

function meta(name: string, namespace?: string) {
  return {
    name,
    ...(namespace ? { namespace } : {}),
    uid: `uid-${name}`,
    resourceVersion: 0,
    creationTimestamp: 0,
    labels: {},
    annotations: {} as Record<string, string>,
    ownerReferences: [],
  };
}

function host(name: string): Host {
  return {
    name,
    role: name === 'cp' ? 'control-plane' : 'worker',
    zone: '',
    ip: '10.0.0.1',
    labels: {},
    power: 'on',
    powerCause: 0,
    bootId: 'b',
    networkCut: false,
    networkCause: 0,
    services: {
      kubelet: { active: false, since: 0, pid: 1, gen: 0, cause: 0 },
      containerd: { active: true, since: 0, pid: 2, gen: 0, cause: 0 },
    },
    containers: {},
    images: {},
    manifests: {},
    stash: {},
    journal: emptyJournal(),
    kubelet: null,
    nextPodIp: 2,
    podCidrIndex: 0,
  };
}

function runningPod(name: string, node: string): Pod {
  return {
    kind: 'Pod',
    metadata: meta(name, 'default'),
    spec: {
      nodeName: node,
      containers: [{ name: 'c', image: 'nginx' }],
      tolerations: [],
      terminationGracePeriodSeconds: 30,
    },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: 0 }],
      containerStatuses: [
        {
          name: 'c',
          image: 'nginx',
          ready: true,
          started: true,
          restartCount: 0,
          state: { running: { startedAt: 0 } },
        },
      ],
    },
  };
}

function node(name: string, ready: 'True' | 'False' | 'Unknown'): Node {
  return {
    kind: 'Node',
    metadata: meta(name),
    spec: { taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }] },
    status: {
      conditions: [
        {
          type: 'Ready',
          status: ready,
          lastHeartbeatTime: 0,
          lastTransitionTime: 0,
          reason: 'NodeStatusUnknown',
          message: '',
        },
      ],
      addresses: [],
      capacity: { cpu: 1, memory: 1, pods: 1 },
      allocatable: { cpu: 1, memory: 1, pods: 1 },
      nodeInfo: { kubeletVersion: '', containerRuntimeVersion: '', osImage: '', kernelVersion: '', bootID: '' },
    },
  };
}

function engine(): Engine {
  const e = new Engine(initialState(scenario), []);
  e.state.now = 60_000;
  return e;
}

describe('podStatusColumns', () => {
  it('prints Running 1/1 for a ready running pod and Terminating once deleted', () => {
    const p = runningPod('web', 'n1');
    expect(podStatusColumns(p)).toEqual({ status: 'Running', ready: '1/1' });
    p.metadata.deletionTimestamp = 5;
    expect(podStatusColumns(p).status).toBe('Terminating');
  });
  it('uses a waiting reason and a terminated exit code', () => {
    const p = runningPod('web', 'n1');
    p.status.containerStatuses = [
      {
        name: 'c',
        image: 'x',
        ready: false,
        started: false,
        restartCount: 0,
        state: { waiting: { reason: 'ImagePullBackOff' } },
      },
    ];
    expect(podStatusColumns(p)).toEqual({ status: 'ImagePullBackOff', ready: '0/1' });
    p.status.containerStatuses = [
      {
        name: 'c',
        image: 'x',
        ready: false,
        started: false,
        restartCount: 0,
        state: { terminated: { reason: '', exitCode: 137, finishedAt: 1 } },
      },
    ];
    expect(podStatusColumns(p).status).toBe('ExitCode:137');
  });
});

describe('nodeStatusColumn', () => {
  it('maps Unknown and False to NotReady and adds SchedulingDisabled', () => {
    expect(nodeStatusColumn(node('a', 'Unknown'))).toBe('NotReady');
    const n = node('a', 'True');
    n.spec.unschedulable = true;
    expect(nodeStatusColumn(n)).toBe('Ready,SchedulingDisabled');
  });
});

describe('buildView', () => {
  it('shows both truths: a zombie, a ghost, heartbeat age, taints and eviction time', () => {
    const e = engine();
    e.state.hosts.n1 = host('n1');
    e.state.hosts.n2 = host('n2');
    e.cow.touch(e.state.hosts.n2).power = 'off';
    e.put(node('n1', 'Unknown'), 'create', 0);
    e.put(
      {
        kind: 'Lease',
        metadata: meta('n1', 'kube-node-lease'),
        spec: { holderIdentity: 'n1', leaseDurationSeconds: 40, renewTime: 20_000 },
      },
      'renew',
      0,
    );
    // Pod on n1 with a running container: host truth and API agree.
    e.put(runningPod('web-a', 'n1'), 'create', 0);
    placeContainer(e, e.state.hosts.n1, {
      id: 'c1',
      podUid: 'uid-web-a',
      podName: 'web-a',
      namespace: 'default',
      name: 'c',
      image: 'nginx',
      state: 'running',
      startedAt: 0,
      staticPod: false,
    });
    // Pod on powered-off n2: API still says Running -> zombie.
    const z = runningPod('web-b', 'n2');
    z.metadata.annotations['notready.dev/replaces'] = 'default/web-old@n1';
    e.put(z, 'create', 0);
    // A container with no API pod on n1 -> ghost.
    placeContainer(e, e.state.hosts.n1, {
      id: 'c2',
      podUid: 'uid-gone',
      podName: 'old',
      namespace: 'default',
      name: 'c',
      image: 'nginx',
      state: 'running',
      startedAt: 0,
      staticPod: true,
    });
    e.state.controllers.evictions['default/web-a'] = { at: 350_000, node: 'n1', cause: 0 };

    const v = buildView(e);
    const n1 = v.nodes.find((n) => n.name === 'n1');
    expect(n1?.status).toBe('NotReady');
    expect(n1?.heartbeatAge).toBe(40_000);
    expect(n1?.taints).toEqual(['node.kubernetes.io/unreachable:NoExecute']);
    expect(n1?.conditions).toEqual([{ type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown' }]);
    expect(n1?.services).toEqual([
      { name: 'kubelet', active: false },
      { name: 'containerd', active: true },
    ]);
    const n2 = v.nodes.find((n) => n.name === 'n2');
    expect(n2?.apiExists).toBe(false);
    expect(n2?.status).toBe('');

    const a = v.pods.find((p) => p.key === 'default/web-a');
    expect(a).toMatchObject({ hostRunning: true, zombie: false, ghost: false, evictionAt: 350_000, status: 'Running' });
    const b = v.pods.find((p) => p.key === 'default/web-b');
    expect(b).toMatchObject({ hostRunning: false, zombie: true, fromNode: 'n1' });
    const g = v.pods.find((p) => p.ghost);
    expect(g).toMatchObject({ key: 'host:c2', name: 'old', node: 'n1', inApi: false, staticPod: true });
  });
});
