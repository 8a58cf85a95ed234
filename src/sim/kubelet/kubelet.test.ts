import { describe, expect, it } from 'vitest';
import type { Toleration } from '../core/api-types';
import { journalctl } from '../host/journal';
import { systemctl } from '../host/systemctl';
import { runningContainersOf } from '../runtime/containers';
import { kubeletEndpointError } from './module';
import { nodeEvents, podEvents, putPod, sim } from './testkit';

const TOLERATE: Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];

function ready(s: ReturnType<typeof sim>, node: string) {
  return s.engine.get('Node', node)?.status.conditions.find((c) => c.type === 'Ready');
}

describe('kubelet start-up and heartbeats', () => {
  it('registers every node, Ready at t=0, with the reference conditions and node info', () => {
    const s = sim();
    const e = s.engine;
    for (const n of ['control-plane', 'node1', 'node2']) {
      const node = e.get('Node', n);
      expect(node, n).toBeDefined();
      expect(node?.status.conditions.map((c) => c.type)).toEqual([
        'NetworkUnavailable',
        'MemoryPressure',
        'DiskPressure',
        'PIDPressure',
        'Ready',
      ]);
      expect(ready(s, n)).toMatchObject({
        status: 'True',
        reason: 'KubeletReady',
        message: 'kubelet is posting ready status',
      });
      expect(node?.status.nodeInfo.kubeletVersion).toBe('v1.33.2');
      expect(node?.status.nodeInfo.bootID).toBe(e.state.hosts[n]?.bootId);
      expect(node?.status.addresses[0]).toEqual({ type: 'InternalIP', address: e.state.hosts[n]?.ip });
    }
    // Control-plane static pods run with mirrors owned by the Node.
    const api = e.get('Pod', 'kube-system/kube-apiserver-control-plane');
    expect(api?.metadata.ownerReferences[0]).toMatchObject({ kind: 'Node', name: 'control-plane', controller: true });
    expect(api?.status.phase).toBe('Running');
  });

  it('emits the start-up events: Starting, pressure events, NodeAllocatableEnforced, NodeReady', () => {
    const s = sim();
    const ev = nodeEvents(s.engine, 'node2');
    expect(ev).toContain('Normal Starting x1 kubelet: Starting kubelet.');
    expect(ev).toContain(
      'Normal NodeHasSufficientMemory x1 kubelet: Node node2 status is now: NodeHasSufficientMemory',
    );
    expect(ev).toContain('Normal NodeAllocatableEnforced x1 kubelet: Updated Node Allocatable limit across pods');
    expect(ev).toContain('Normal NodeReady x1 kubelet: Node node2 status is now: NodeReady');
    expect(ev).toContain('Normal Starting x1 kube-proxy: ');
  });

  it('renews the lease every ~10s (10s..10.4s) with an owner reference to the Node', () => {
    const s = sim();
    const e = s.engine;
    const renewals: number[] = [];
    let last = e.get('Lease', 'kube-node-lease/node1')?.spec.renewTime ?? 0;
    for (let t = 0; t < 60_000; t += 100) {
      s.advanceTo(t);
      const r = e.get('Lease', 'kube-node-lease/node1')?.spec.renewTime ?? 0;
      if (r !== last) renewals.push(r - last);
      last = r;
    }
    expect(renewals.length).toBeGreaterThanOrEqual(5);
    for (const d of renewals) expect(d >= 10_000 && d <= 10_400).toBe(true);
    const lease = e.get('Lease', 'kube-node-lease/node1');
    expect(lease?.spec.leaseDurationSeconds).toBe(40);
    expect(lease?.metadata.ownerReferences[0]).toMatchObject({
      kind: 'Node',
      name: 'node1',
      uid: e.get('Node', 'node1')?.metadata.uid,
    });
  });

  it('systemctl stop kubelet: lease frozen, containers keep running; restart gives the seed-000 event sequence', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'web', 'node2').spec.tolerations = TOLERATE;
    s.advanceTo(20_000);
    const uid = e.get('Pod', 'default/web')?.metadata.uid ?? '';
    const c = e.cause({ actor: 'test', what: 'stop' });
    expect(systemctl(e, 'node2', 'stop', 'kubelet', c).ok).toBe(true);
    const frozen = e.get('Lease', 'kube-node-lease/node2')?.spec.renewTime;
    s.advanceTo(120_000);
    expect(e.get('Lease', 'kube-node-lease/node2')?.spec.renewTime).toBe(frozen);
    const host = e.state.hosts.node2;
    expect(host && runningContainersOf(host, uid).length).toBe(1);
    expect(systemctl(e, 'node2', 'status', 'kubelet', c).output).toMatch(
      /Active: inactive \(dead\) since Mon 2025-06-02 09:00:20 UTC; 1min 40s ago/,
    );
    expect(kubeletEndpointError(e, 'node2')).toBe(
      'error: error upgrading connection: error dialing backend: dial tcp 192.168.56.12:10250: connect: connection refused',
    );
    // Force the stale state the node-lifecycle controller would have written (independent of it).
    const node = e.get('Node', 'node2');
    if (!node) throw new Error('no node');
    const stale = node.status.conditions.map((x) =>
      x.type === 'NetworkUnavailable'
        ? x
        : {
            ...x,
            status: 'Unknown' as const,
            reason: 'NodeStatusUnknown',
            message: 'Kubelet stopped posting node status.',
          },
    );
    e.put({ ...node, status: { ...node.status, conditions: stale } }, 'test: Unknown', c);
    const before = e.list('Event').length;
    systemctl(e, 'node2', 'start', 'kubelet', c);
    s.advanceTo(122_000);
    const fresh = e
      .list('Event')
      .filter(
        (x) => x.involvedObject.name === 'node2' && x.source.component === 'kubelet' && x.lastTimestamp >= 120_000,
      )
      .map((x) => `${x.reason} x${x.count}`);
    expect(e.list('Event').length).toBeGreaterThan(before);
    expect(fresh).toEqual(
      expect.arrayContaining([
        'Starting x1',
        'NodeHasSufficientMemory x2',
        'NodeHasNoDiskPressure x2',
        'NodeHasSufficientPID x2',
        'NodeNotReady x1',
        'NodeAllocatableEnforced x1',
      ]),
    );
    s.advanceTo(135_000);
    expect(ready(s, 'node2')?.status).toBe('True');
    expect(journalctl(e, 'node2', 'kubelet')).toContain('"Node was previously registered" node="node2"');
    expect(e.get('Pod', 'default/web')?.status.containerStatuses[0]?.restartCount).toBe(0);
  });
});

describe('runtime health', () => {
  it('v1.23-docker: docker stop gives the exact seed-001 Ready message, Completed pods, ContainerGCFailed; docker start restarts them', () => {
    const s = sim('v1.23-docker');
    const e = s.engine;
    putPod(e, 'web', 'node2').spec.tolerations = TOLERATE;
    s.advanceTo(20_000);
    const c = e.cause({ actor: 'test', what: 'stop docker' });
    systemctl(e, 'node2', 'stop', 'docker', c);
    s.advanceTo(35_000);
    const notReady =
      'Container runtime not ready: RuntimeReady=false reason:DockerDaemonNotReady message:docker: failed to get docker version: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?';
    expect(ready(s, 'node2')).toMatchObject({ status: 'False', reason: 'KubeletNotReady', message: notReady });
    const cs = e.get('Pod', 'default/web')?.status.containerStatuses[0];
    expect(cs?.state).toMatchObject({ terminated: { reason: 'Completed', exitCode: 0 } });
    expect(cs?.ready).toBe(false);
    s.advanceTo(90_000);
    expect(ready(s, 'node2')?.message).toBe(`[container runtime is down, ${notReady}]`);
    expect(
      nodeEvents(e, 'node2').some(
        (x) =>
          x.startsWith('Warning ContainerGCFailed') &&
          x.endsWith(
            'rpc error: code = Unknown desc = Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?',
          ),
      ),
    ).toBe(true);
    expect(journalctl(e, 'node2', 'kubelet')).toContain('"Skipping pod synchronization"');
    systemctl(e, 'node2', 'start', 'docker', c);
    s.advanceTo(120_000);
    expect(ready(s, 'node2')?.status).toBe('True');
    const after = e.get('Pod', 'default/web')?.status.containerStatuses[0];
    expect(after?.restartCount).toBe(1);
    expect(after?.state).toHaveProperty('running');
  });

  it('v1.33: containerd stop keeps containers; "container runtime is down" after 30s, PLEG after 3m', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'web', 'node2').spec.tolerations = TOLERATE;
    s.advanceTo(20_000);
    const uid = e.get('Pod', 'default/web')?.metadata.uid ?? '';
    systemctl(e, 'node2', 'stop', 'containerd', e.cause({ actor: 'test', what: 'stop containerd' }));
    s.advanceTo(40_000);
    expect(ready(s, 'node2')?.status).toBe('True');
    s.advanceTo(70_000);
    expect(ready(s, 'node2')).toMatchObject({
      status: 'False',
      reason: 'KubeletNotReady',
      message: 'container runtime is down',
    });
    const host = e.state.hosts.node2;
    expect(host && runningContainersOf(host, uid).length).toBe(1);
    expect(e.get('Pod', 'default/web')?.status.containerStatuses[0]?.ready).toBe(true);
    s.advanceTo(20_000 + 200_000);
    expect(ready(s, 'node2')?.message).toMatch(
      /^\[container runtime is down, PLEG is not healthy: pleg was last seen active 3m\d+(\.\d+)?s ago; threshold is 3m0s\]$/,
    );
    expect(journalctl(e, 'node2', 'kubelet')).toContain('"Container runtime sanity check failed"');
  });
});

describe('pods', () => {
  it('starts a bound pod: events, Running, pod IP from the node CIDR', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'web', 'node2');
    s.advanceTo(15_000);
    const p = e.get('Pod', 'default/web');
    expect(p?.status.phase).toBe('Running');
    expect(p?.status.podIP).toMatch(/^10\.244\.2\.\d+$/);
    expect(p?.status.hostIP).toBe('192.168.56.12');
    expect(p?.status.conditions.map((x) => `${x.type}=${x.status}`)).toEqual([
      'PodReadyToStartContainers=True',
      'Initialized=True',
      'Ready=True',
      'ContainersReady=True',
      'PodScheduled=True',
    ]);
    const ev = podEvents(e, 'web');
    expect(ev[0]).toBe('Normal Pulling x1: Pulling image "nginx:1.27"');
    expect(ev[1]).toMatch(
      /^Normal Pulled x1: Successfully pulled image "nginx:1.27" in \d+(\.\d+)?s \(\d+(\.\d+)?s including waiting\)\. Image size: \d+ bytes\.$/,
    );
    expect(ev.slice(2)).toEqual([
      'Normal Created x1: Created container: nginx',
      'Normal Started x1: Started container nginx',
    ]);
  });

  it('registry down: ErrImagePull then ImagePullBackOff with the back-off events', () => {
    const s = sim();
    const e = s.engine;
    e.state.registryUp = false;
    putPod(e, 'web', 'node2', 'nginx');
    const reasons = new Set<string>();
    for (let t = 0; t < 60_000; t += 200) {
      s.advanceTo(t);
      const st = e.get('Pod', 'default/web')?.status.containerStatuses[0]?.state;
      if (st && 'waiting' in st) reasons.add(st.waiting.reason);
    }
    expect([...reasons]).toEqual(['ContainerCreating', 'ErrImagePull', 'ImagePullBackOff']);
    const ev = podEvents(e, 'web').map((x) => x.replace(/ x\d+:/, ':'));
    expect(ev).toContain('Warning Failed: Error: ErrImagePull');
    expect(ev).toContain('Normal BackOff: Back-off pulling image "nginx"');
    expect(ev).toContain('Warning Failed: Error: ImagePullBackOff');
    expect(ev.some((x) => x.startsWith('Warning Failed: Failed to pull image "nginx": '))).toBe(true);
    expect(e.get('Pod', 'default/web')?.status.phase).toBe('Pending');
  });

  it('a pod with a deletionTimestamp is killed then removed by the kubelet', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'web', 'node2');
    s.advanceTo(15_000);
    const p = e.get('Pod', 'default/web');
    if (!p) throw new Error('no pod');
    const uid = p.metadata.uid;
    e.put(
      { ...p, metadata: { ...p.metadata, deletionTimestamp: e.now + 30_000, deletionGracePeriodSeconds: 30 } },
      'delete',
      e.cause({ actor: 'test', what: 'delete' }),
    );
    s.advanceTo(20_000);
    expect(e.get('Pod', 'default/web')).toBeUndefined();
    expect(e.state.hosts.node2 && runningContainersOf(e.state.hosts.node2, uid)).toEqual([]);
    expect(podEvents(e, 'web')).toContain('Normal Killing x1: Stopping container nginx');
  });

  it('a pod removed from the API (force delete) has its containers killed (SyncLoop REMOVE)', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'ds-pod', 'node2');
    s.advanceTo(15_000);
    const uid = e.get('Pod', 'default/ds-pod')?.metadata.uid ?? '';
    e.remove('Pod', 'default/ds-pod', 'force', e.cause({ actor: 'test', what: 'force delete' }));
    s.advanceTo(16_000);
    expect(e.state.hosts.node2 && runningContainersOf(e.state.hosts.node2, uid)).toEqual([]);
    expect(journalctl(e, 'node2', 'kubelet')).toContain('"SyncLoop REMOVE" source="api" pods=["default/ds-pod"]');
  });

  it('a pod bound while the kubelet is stopped stays Pending, then starts when it returns (seed 003)', () => {
    const s = sim();
    const e = s.engine;
    const c = e.cause({ actor: 'test', what: 'stop' });
    systemctl(e, 'node2', 'stop', 'kubelet', c);
    putPod(e, 'nginx1', 'node2').spec.tolerations = TOLERATE;
    s.advanceTo(30_000);
    expect(e.get('Pod', 'default/nginx1')?.status.phase).toBe('Pending');
    systemctl(e, 'node2', 'start', 'kubelet', c);
    s.advanceTo(45_000);
    expect(e.get('Pod', 'default/nginx1')?.status.phase).toBe('Running');
  });
});

describe('kubelet return', () => {
  it('finishes pods that became Terminating while it was stopped', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'web', 'node2').spec.tolerations = TOLERATE;
    s.advanceTo(15_000);
    systemctl(e, 'node2', 'stop', 'kubelet', 0);
    const p = e.get('Pod', 'default/web');
    if (!p) throw new Error('no pod');
    e.put(
      { ...p, metadata: { ...p.metadata, deletionTimestamp: e.now + 30_000, deletionGracePeriodSeconds: 30 } },
      'delete',
      0,
    );
    s.advanceTo(60_000);
    expect(e.get('Pod', 'default/web')?.metadata.deletionTimestamp).toBeDefined();
    systemctl(e, 'node2', 'start', 'kubelet', 0);
    s.advanceTo(70_000);
    expect(e.get('Pod', 'default/web')).toBeUndefined();
    expect(journalctl(e, 'node2', 'kubelet')).toContain(
      '"Pod fully terminated and removed from etcd" pod="default/web"',
    );
  });

  it('containerd down for 11m: ImageGCFailed after two failed image GC passes', () => {
    const s = sim();
    const e = s.engine;
    systemctl(e, 'node1', 'stop', 'containerd', 0);
    s.advanceTo(660_000);
    const ev = nodeEvents(e, 'node1');
    expect(ev.some((x) => x.startsWith('Warning ImageGCFailed'))).toBe(true);
    expect(
      ev.some((x) =>
        /^Warning ContainerGCFailed x(9|10|11) kubelet: rpc error: code = Unavailable desc = connection error/.test(x),
      ),
    ).toBe(true);
  });
});
