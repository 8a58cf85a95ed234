import { describe, expect, it } from 'vitest';
import type { StatefulSet } from '../core/api-types';
import { EPOCH_MS } from '../core/dates';
import { describeNode } from './describe-node';
import { describePod, podTemplateBlock } from './describe-pod';
import { describeStatefulSet } from './describe-workloads';
import { describeText } from './table';
import { bareEngine, condition, makeNode, makePod } from './testkit';

/** Simulated ms of a wall-clock UTC time (the tests may use Date; the engine may not). */
const at = (y: number, mo: number, d: number, h: number, mi: number, s: number) =>
  Date.UTC(y, mo - 1, d, h, mi, s) - EPOCH_MS;

function block(text: string, title: string): string[] {
  const lines = text.split('\n');
  const i = lines.indexOf(title);
  const out = [title];
  for (const l of lines.slice(i + 1)) {
    if (!l.startsWith(' ')) break;
    out.push(l);
  }
  return out;
}

describe('kubectl describe node', () => {
  it('prints the Conditions table exactly as in reference 2.2 when the kubelet stopped posting', () => {
    const e = bareEngine();
    const hb = at(2021, 11, 21, 14, 37, 8);
    const tr = at(2021, 11, 21, 14, 39, 39);
    const calico = at(2021, 10, 17, 12, 42, 39);
    const msg = 'Kubelet stopped posting node status.';
    const node = makeNode('node2', '192.168.56.12', [
      condition('NetworkUnavailable', 'False', 'CalicoIsUp', 'Calico is running on this node', calico, calico),
      condition('MemoryPressure', 'Unknown', 'NodeStatusUnknown', msg, hb, tr),
      condition('DiskPressure', 'Unknown', 'NodeStatusUnknown', msg, hb, tr),
      condition('PIDPressure', 'Unknown', 'NodeStatusUnknown', msg, hb, tr),
      condition('Ready', 'Unknown', 'NodeStatusUnknown', msg, hb, tr),
    ]);
    node.spec.taints = [
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: tr },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: tr },
    ];
    e.put(node, 'test', 0);
    const out = describeNode(e, node);
    expect(block(out, 'Conditions:')).toEqual([
      'Conditions:',
      '  Type                 Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message',
      '  ----                 ------    -----------------                 ------------------                ------              -------',
      '  NetworkUnavailable   False     Sun, 17 Oct 2021 12:42:39 +0000   Sun, 17 Oct 2021 12:42:39 +0000   CalicoIsUp          Calico is running on this node',
      '  MemoryPressure       Unknown   Sun, 21 Nov 2021 14:37:08 +0000   Sun, 21 Nov 2021 14:39:39 +0000   NodeStatusUnknown   Kubelet stopped posting node status.',
      '  DiskPressure         Unknown   Sun, 21 Nov 2021 14:37:08 +0000   Sun, 21 Nov 2021 14:39:39 +0000   NodeStatusUnknown   Kubelet stopped posting node status.',
      '  PIDPressure          Unknown   Sun, 21 Nov 2021 14:37:08 +0000   Sun, 21 Nov 2021 14:39:39 +0000   NodeStatusUnknown   Kubelet stopped posting node status.',
      '  Ready                Unknown   Sun, 21 Nov 2021 14:37:08 +0000   Sun, 21 Nov 2021 14:39:39 +0000   NodeStatusUnknown   Kubelet stopped posting node status.',
    ]);
    // Taints one per line, NoExecute first; aligned with the other header fields.
    const lines = out.split('\n');
    const t = lines.findIndex((l) => l.startsWith('Taints:'));
    expect(lines[t]).toMatch(/^Taints: +node\.kubernetes\.io\/unreachable:NoExecute$/);
    expect(lines[t + 1]).toMatch(/^ +node\.kubernetes\.io\/unreachable:NoSchedule$/);
    expect(lines[t + 1]?.indexOf('node.')).toBe(lines[t]?.indexOf('node.'));
    expect(lines[t + 2]).toMatch(/^Unschedulable: +false$/);
    expect(out.startsWith('Name:               node2\nRoles:              <none>\n')).toBe(true);
  });

  it('prints the Events block of seed 000 after a kubelet restart, with (x2 over 2s)', () => {
    const e = bareEngine('v1.23-docker');
    const node = makeNode('test', '192.168.56.10', []);
    e.put(node, 'test', 0);
    const ref = { kind: 'Node', name: 'test', uid: 'test' };
    e.state.now = 10_000;
    e.event(ref, 'Normal', 'Starting', 'Starting kubelet.', 'kubelet', 0);
    for (const r of ['NodeHasSufficientMemory', 'NodeHasNoDiskPressure', 'NodeHasSufficientPID']) {
      e.event(ref, 'Normal', r, `Node test status is now: ${r}`, 'kubelet', 0);
    }
    e.state.now = 10_300;
    for (const r of ['NodeHasSufficientMemory', 'NodeHasNoDiskPressure', 'NodeHasSufficientPID']) {
      e.event(ref, 'Normal', r, `Node test status is now: ${r}`, 'kubelet', 0);
    }
    e.event(ref, 'Normal', 'NodeNotReady', 'Node test status is now: NodeNotReady', 'kubelet', 0);
    e.state.now = 11_000;
    e.event(ref, 'Normal', 'NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods', 'kubelet', 0);
    e.state.now = 12_500;
    expect(block(describeNode(e, node), 'Events:')).toEqual([
      'Events:',
      '  Type    Reason                   Age              From     Message',
      '  ----    ------                   ----             ----     -------',
      '  Normal  Starting                 2s               kubelet  Starting kubelet.',
      '  Normal  NodeHasSufficientMemory  2s (x2 over 2s)  kubelet  Node test status is now: NodeHasSufficientMemory',
      '  Normal  NodeHasNoDiskPressure    2s (x2 over 2s)  kubelet  Node test status is now: NodeHasNoDiskPressure',
      '  Normal  NodeHasSufficientPID     2s (x2 over 2s)  kubelet  Node test status is now: NodeHasSufficientPID',
      '  Normal  NodeNotReady             2s               kubelet  Node test status is now: NodeNotReady',
      '  Normal  NodeAllocatableEnforced  1s               kubelet  Updated Node Allocatable limit across pods',
    ]);
  });

  it('shows the Lease block and Events: <none>', () => {
    const e = bareEngine();
    const node = makeNode('node1', '192.168.56.11', []);
    e.put(node, 'test', 0);
    e.put(
      {
        kind: 'Lease',
        metadata: {
          name: 'node1',
          namespace: 'kube-node-lease',
          uid: 'l',
          resourceVersion: 0,
          creationTimestamp: 0,
          labels: {},
          annotations: {},
          ownerReferences: [],
        },
        spec: { holderIdentity: 'node1', leaseDurationSeconds: 40, renewTime: 5_000 },
      },
      'test',
      0,
    );
    const out = describeNode(e, node);
    expect(block(out, 'Lease:')).toEqual([
      'Lease:',
      '  HolderIdentity:  node1',
      '  AcquireTime:     <unset>',
      '  RenewTime:       Mon, 02 Jun 2025 09:00:05 +0000',
    ]);
    expect(out.split('\n').at(-1)).toMatch(/^Events: +<none>$/);
  });
});

describe('kubectl describe pod', () => {
  it('mirror pod: no Service Account, Controlled By Node/node2, Node name/ip, keyless NoExecute toleration', () => {
    const e = bareEngine();
    const p = makePod('nginx-node2', 'node2', { hostIP: '192.168.56.12' });
    p.metadata.annotations = { 'kubernetes.io/config.mirror': 'abc' };
    p.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'Node', name: 'node2', uid: 'n', controller: true }];
    p.spec.tolerations = [{ operator: 'Exists', effect: 'NoExecute' }];
    e.put(p, 'test', 0);
    const out = describePod(e, p);
    const lines = out.split('\n');
    // Seed 003's lines (column widths follow the widest label of the block, here Annotations:).
    expect(lines.slice(0, 4)).toEqual([
      'Name:         nginx-node2',
      'Namespace:    default',
      'Priority:     0',
      'Node:         node2/192.168.56.12',
    ]);
    expect(out).not.toContain('Service Account');
    expect(lines).toContain('Controlled By:  Node/node2');
    expect(lines.find((l) => l.startsWith('Tolerations:'))).toBe('Tolerations:        :NoExecute op=Exists');
    expect(lines.at(-1)).toBe('Events:             <none>');
  });

  it('regular pod being deleted: Terminating (lasts ...), default tolerations, conditions with Ready False', () => {
    const e = bareEngine();
    const p = makePod('web-7d9c-abcde', 'node2', {
      conditions: [
        { type: 'Initialized', status: 'True', lastTransitionTime: 0 },
        { type: 'Ready', status: 'False', lastTransitionTime: 0 },
        { type: 'ContainersReady', status: 'True', lastTransitionTime: 0 },
        { type: 'PodScheduled', status: 'True', lastTransitionTime: 0 },
      ],
    });
    p.metadata.ownerReferences = [
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d9c', uid: 'rs', controller: true },
    ];
    p.metadata.deletionTimestamp = 30_000;
    p.metadata.deletionGracePeriodSeconds = 30;
    e.put(p, 'test', 0);
    e.state.now = 150_000;
    const out = describePod(e, p);
    const lines = out.split('\n');
    expect(lines).toContain('Service Account:           default');
    expect(lines).toContain('Status:                    Terminating (lasts 2m)');
    expect(lines).toContain('Termination Grace Period:  30s');
    expect(lines).toContain('Controlled By:  ReplicaSet/web-7d9c');
    expect(block(out, 'Conditions:')).toEqual([
      'Conditions:',
      '  Type              Status',
      '  Initialized       True ',
      '  Ready             False ',
      '  ContainersReady   True ',
      '  PodScheduled      True ',
    ]);
    const t = lines.findIndex((l) => l.startsWith('Tolerations:'));
    expect(lines[t]).toBe('Tolerations:        node.kubernetes.io/not-ready:NoExecute op=Exists for 300s');
    expect(lines[t + 1]).toBe('                    node.kubernetes.io/unreachable:NoExecute op=Exists for 300s');
    expect(block(out, 'Containers:').slice(0, 9)).toEqual([
      'Containers:',
      '  nginx:',
      '    Container ID:   ',
      '    Image:          nginx:1.27',
      '    Image ID:       ',
      '    Port:           <none>',
      '    Host Port:      <none>',
      '    State:          Running',
      '      Started:      Mon, 02 Jun 2025 08:55:10 +0000',
    ]);
  });
});

describe('kubectl describe statefulset', () => {
  it('Pods Status counts phases (seed 001: 2 Running while READY is 0/2)', () => {
    const e = bareEngine();
    const sts: StatefulSet = {
      kind: 'StatefulSet',
      metadata: {
        name: 'db',
        namespace: 'default',
        uid: 'sts',
        resourceVersion: 0,
        creationTimestamp: 0,
        labels: {},
        annotations: {},
        ownerReferences: [],
      },
      spec: {
        replicas: 2,
        serviceName: 'db',
        selector: { matchLabels: { app: 'db' } },
        template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'postgres' }] } },
      },
      status: { replicas: 2, readyReplicas: 0, currentReplicas: 2, availableReplicas: 0 },
    };
    e.put(sts, 'test', 0);
    for (const n of ['db-0', 'db-1']) {
      const p = makePod(n, 'node2');
      p.metadata.labels = { app: 'db' };
      p.metadata.ownerReferences = [
        { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: 'sts', controller: true },
      ];
      e.put(p, 'test', 0);
    }
    const lines = describeStatefulSet(e, sts).split('\n');
    expect(lines).toContain('Pods Status:        2 Running / 0 Waiting / 0 Succeeded / 0 Failed');
    expect(lines).toContain('Replicas:           2 desired | 2 total');
  });
});

describe('Pod Template block', () => {
  it('indents the Containers title, then names by three spaces and fields by four, aligned with Node-Selectors as in real output', () => {
    const text = describeText(
      podTemplateBlock({
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
      }).join('\n'),
    );
    expect(text.split('\n')).toEqual([
      'Pod Template:',
      '  Labels:  app=web',
      '  Containers:',
      '   nginx:',
      '    Image:         nginx:1.27',
      '    Port:          <none>',
      '    Host Port:     <none>',
      '    Environment:   <none>',
      '    Mounts:        <none>',
      '  Volumes:         <none>',
      '  Node-Selectors:  <none>',
      '  Tolerations:     <none>',
    ]);
  });
});
