import { describe, expect, it } from 'vitest';
import { runPod } from '../api/apply';
import { cordon, uncordon } from '../api/delete';
import { eventsOf, makeCluster, setComponent, settle, WORKLOAD_MODULES } from '../api/testkit';
import type { Node } from '../core/api-types';
import type { Engine } from '../core/engine';

function taint(e: Engine, name: string, key: string, effect: 'NoSchedule' | 'NoExecute') {
  const n = structuredClone(e.get('Node', name)!) as Node;
  n.spec.taints.push({ key, effect, timeAdded: e.now });
  e.put(n, `taint ${key}:${effect}`, e.cause({ actor: 'node-lifecycle-controller', what: `taint ${key}` }));
}

describe('scheduler', () => {
  it('binds a pod with Scheduled event and PodScheduled=True', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    expect(runPod(e, 'nginx1', 'nginx', e.cause({ actor: 'test', what: 'kubectl run' }))).toBe('pod/nginx1 created');
    settle(e, 500, false);
    const p = e.get('Pod', 'default/nginx1')!;
    expect(p.metadata.labels).toEqual({ run: 'nginx1' });
    expect(p.spec.nodeName).toBe('node1');
    expect(p.status.conditions.find((c) => c.type === 'PodScheduled')?.status).toBe('True');
    expect(eventsOf(e, 'Scheduled')).toEqual(['Successfully assigned default/nginx1 to node1']);
  });

  it('reports FailedScheduling with the real message, counted and sorted per reason', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    taint(e, 'node1', 'node.kubernetes.io/unreachable', 'NoSchedule');
    taint(e, 'node2', 'node.kubernetes.io/unreachable', 'NoSchedule');
    runPod(e, 'nginx1', 'nginx', e.cause({ actor: 'test', what: 'kubectl run' }));
    settle(e, 500, false);
    const msg =
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.';
    expect(eventsOf(e, 'FailedScheduling')).toEqual([msg]);
    const p = e.get('Pod', 'default/nginx1')!;
    expect(p.spec.nodeName).toBeUndefined();
    expect(p.status.conditions).toContainEqual(
      expect.objectContaining({ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: msg }),
    );
    // Parked: no retries without a cluster change.
    settle(e, 60_000, false);
    expect(e.list('Event').find((x) => x.reason === 'FailedScheduling')!.count).toBe(1);
    // Cordon changes a node: retried (still failing, now with "were unschedulable" first in filter order).
    cordon(e, 'node1', e.cause({ actor: 'test', what: 'kubectl cordon node1' }));
    settle(e, 2000, false);
    expect(eventsOf(e, 'FailedScheduling')[1]).toBe(
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 1 node(s) were unschedulable. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    );
    // Taint removed from node2: the pod gets bound there.
    const n2 = structuredClone(e.get('Node', 'node2')!);
    n2.spec.taints = [];
    e.put(n2, 'untaint', e.cause({ actor: 'node-lifecycle-controller', what: 'untaint node2' }));
    settle(e, 11_000, false);
    expect(e.get('Pod', 'default/nginx1')!.spec.nodeName).toBe('node2');
    uncordon(e, 'node1', e.cause({ actor: 'test', what: 'kubectl uncordon node1' }));
  });

  it('uses the older wording on the v1.23 profile', () => {
    const e = makeCluster(WORKLOAD_MODULES, { profile: 'v1.23-docker', workers: ['node1'] });
    taint(e, 'node1', 'node.kubernetes.io/not-ready', 'NoSchedule');
    runPod(e, 'x', 'nginx', e.cause({ actor: 'test', what: 'kubectl run' }));
    settle(e, 500, false);
    expect(eventsOf(e, 'FailedScheduling')).toEqual([
      "0/2 nodes are available: 1 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate, 1 node(s) had taint {node.kubernetes.io/not-ready: }, that the pod didn't tolerate.",
    ]);
  });

  it('reports Insufficient cpu with "No preemption victims"', () => {
    const e = makeCluster(WORKLOAD_MODULES, { workers: ['node1'] });
    const c = e.cause({ actor: 'test', what: 'apply' });
    runPod(e, 'small', 'nginx', c);
    const big = e.get('Pod', 'default/small')!;
    const next = structuredClone(big);
    next.metadata.name = 'big';
    next.metadata.uid = 'big';
    next.spec.containers[0]!.resources = { requests: { cpu: 8000 } };
    e.put(next, 'created', c);
    settle(e, 500, false);
    expect(eventsOf(e, 'FailedScheduling')).toEqual([
      '0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.',
    ]);
  });

  it('with kube-scheduler down, pods stay Pending with no events and no condition; bound when it returns', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    setComponent(e, 'kube-scheduler', false);
    runPod(e, 'nginx1', 'nginx', e.cause({ actor: 'test', what: 'kubectl run' }));
    settle(e, 30_000, false);
    const p = e.get('Pod', 'default/nginx1')!;
    expect(p.spec.nodeName).toBeUndefined();
    expect(p.status.conditions).toEqual([]);
    expect(e.list('Event')).toHaveLength(0);
    setComponent(e, 'kube-scheduler', true, 'sched-2');
    settle(e, 3000, false);
    expect(e.get('Pod', 'default/nginx1')!.spec.nodeName).toBeDefined();
    expect(eventsOf(e, 'Scheduled')).toHaveLength(1);
  });
});
