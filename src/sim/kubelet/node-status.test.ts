/**
 * Issue 9 point 7, the kubelet's side: pkg/kubelet/kubelet_node_status.go recordNodeSchedulableEvent
 * and initialNode (labels), pkg/kubelet/nodestatus/setters.go MachineInfo (capacity),
 * pkg/controller/nodelifecycle/node_lifecycle_controller.go reconcileNodeLabels,
 * pkg/kubelet/config/config.go (kubernetes.io/config.seen, kubetypes.NewTimestamp: RFC3339Nano),
 * pkg/kubelet/kuberuntime (imageID).
 */
import { describe, expect, it } from 'vitest';
import { nodeEvents, putPod, sim } from './testkit';

const sec = 1000;

function schedulableEvents(s: ReturnType<typeof sim>) {
  return s.engine
    .list('Event')
    .filter((x) => x.involvedObject.name === 'node2' && /Schedulable$/.test(x.reason))
    .map((x) => ({
      reason: x.reason,
      count: x.count,
      first: x.firstTimestamp,
      last: x.lastTimestamp,
      from: x.source.component,
      message: x.message,
    }));
}

describe('NodeNotSchedulable / NodeSchedulable come from the kubelet', () => {
  it('at the next status sync after a cordon (<= 10s) and an uncordon', () => {
    const s = sim();
    s.advanceTo(10 * sec);
    expect(s.run('kubectl cordon node2').ok).toBe(true);
    s.advanceTo(21 * sec);
    const [ev] = schedulableEvents(s);
    expect(ev).toMatchObject({
      reason: 'NodeNotSchedulable',
      from: 'kubelet',
      message: 'Node node2 status is now: NodeNotSchedulable',
    });
    expect((ev?.first ?? 0) - 10 * sec).toBeGreaterThan(0);
    expect((ev?.first ?? 0) - 10 * sec).toBeLessThanOrEqual(10.4 * sec);
    s.run('kubectl uncordon node2');
    s.advanceTo(32 * sec);
    expect(nodeEvents(s.engine, 'node2')).toContain(
      'Normal NodeSchedulable x1 kubelet: Node node2 status is now: NodeSchedulable',
    );
  });

  it('again after every kubelet restart of a cordoned node (the kubelet forgets what it saw), never for an uncordoned one', () => {
    const s = sim();
    s.advanceTo(10 * sec);
    s.run('ssh node2 systemctl restart kubelet');
    s.advanceTo(30 * sec);
    expect(schedulableEvents(s)).toEqual([]);
    s.run('kubectl cordon node2');
    s.advanceTo(45 * sec);
    s.run('ssh node2 systemctl restart kubelet');
    s.advanceTo(60 * sec);
    expect(schedulableEvents(s)).toMatchObject([{ reason: 'NodeNotSchedulable', count: 2 }]);
  });
});

describe('what the kubelet registers', () => {
  it('labels with the beta.kubernetes.io twins, capacity with ephemeral-storage and hugepages', () => {
    const s = sim();
    const node = s.engine.get('Node', 'node1');
    expect(node?.metadata.labels).toMatchObject({
      'beta.kubernetes.io/arch': 'amd64',
      'beta.kubernetes.io/os': 'linux',
      'kubernetes.io/arch': 'amd64',
      'kubernetes.io/os': 'linux',
      'kubernetes.io/hostname': 'node1',
    });
    const d = s.kubectl('kubectl describe node node1');
    expect(d).toContain(
      [
        'Capacity:',
        '  cpu:                4',
        '  ephemeral-storage:  64222328Ki',
        '  hugepages-1Gi:      0',
        '  hugepages-2Mi:      0',
      ].join('\n'),
    );
    expect(d).toMatch(
      /^Allocatable:\n {2}cpu:\s+4\n {2}ephemeral-storage:\s+59187297485\n {2}hugepages-1Gi:\s+0\n {2}hugepages-2Mi:\s+0\n/m,
    );
  });

  it('reconcileNodeLabels puts a beta label back in line with its primary', () => {
    const s = sim();
    const e = s.engine;
    const node = e.get('Node', 'node1');
    if (!node) throw new Error('no node');
    const labels = { ...node.metadata.labels, 'beta.kubernetes.io/arch': 'arm64' };
    e.put(
      { ...node, metadata: { ...node.metadata, labels } },
      'test: label edited',
      e.cause({ actor: 'test', what: 'edit' }),
    );
    s.advanceTo(1 * sec);
    expect(e.get('Node', 'node1')?.metadata.labels['beta.kubernetes.io/arch']).toBe('amd64');
  });

  it('mirror pods carry kubernetes.io/config.seen as an RFC3339Nano time; container statuses an Image ID', () => {
    const s = sim();
    const mirror = s.engine.get('Pod', 'kube-system/kube-apiserver-control-plane');
    expect(mirror?.metadata.annotations['kubernetes.io/config.seen']).toMatch(/^2025-06-02T08:5\d:\d\d\.\d{1,9}Z$/);
    putPod(s.engine, 'web', 'node1');
    s.advanceTo(15 * sec);
    expect(s.engine.get('Pod', 'default/web')?.status.containerStatuses[0]?.imageID).toMatch(
      /^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/,
    );
    const docker = sim('v1.23-docker');
    putPod(docker.engine, 'web', 'node1');
    docker.advanceTo(15 * sec);
    expect(docker.engine.get('Pod', 'default/web')?.status.containerStatuses[0]?.imageID).toMatch(
      /^docker-pullable:\/\/nginx@sha256:[0-9a-f]{64}$/,
    );
  });
});
