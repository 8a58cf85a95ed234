import { describe, expect, it } from 'vitest';
import { cond, events, kitSim, node, run, taintKeys, workloadPodsOn } from './node-lifecycle.testkit';

describe('node-lifecycle-controller: container runtime stopped (Ready=False from the kubelet)', () => {
  const sim = kitSim({ workers: 2, replicas: 4 });
  const e = sim.engine;
  run(sim, 'ssh node2 systemctl stop containerd');
  sim.advanceTo(120_000);

  it('taints not-ready NoSchedule and NoExecute', () => {
    expect(cond(node(sim, 'node2'), 'Ready')?.status).toBe('False');
    expect(taintKeys(node(sim, 'node2'))).toEqual([
      'node.kubernetes.io/not-ready:NoExecute',
      'node.kubernetes.io/not-ready:NoSchedule',
    ]);
  });

  it('does not mark pods NotReady and records no node-controller NodeNotReady', () => {
    expect(events(sim, 'NodeNotReady').filter((x) => x.source.component === 'node-controller')).toHaveLength(0);
    for (const p of workloadPodsOn(sim, 'node2')) {
      expect(
        e
          .history(`Pod/${p.metadata.namespace}/${p.metadata.name}`)
          ?.some((h) => h.what.startsWith('Ready=False (NodeNotReady)')),
      ).toBe(false);
    }
  });

  it('False → Unknown (kubelet stopped too) swaps to unreachable at once and still does not mark pods (kk#112733)', () => {
    run(sim, 'ssh node2 systemctl stop kubelet');
    sim.advanceTo(260_000);
    expect(cond(node(sim, 'node2'), 'Ready')?.status).toBe('Unknown');
    expect(taintKeys(node(sim, 'node2'))).toEqual([
      'node.kubernetes.io/unreachable:NoExecute',
      'node.kubernetes.io/unreachable:NoSchedule',
    ]);
    expect(events(sim, 'NodeNotReady').filter((x) => x.source.component === 'node-controller')).toHaveLength(0);
  });
});

describe('node-lifecycle-controller: master disruption mode', () => {
  it('every kubelet stopped → all zones FullDisruption: no NoExecute taints, no eviction', () => {
    const sim = kitSim({ workers: 2, replicas: 4 });
    const e = sim.engine;
    for (const n of ['cp', 'node1', 'node2']) run(sim, `ssh ${n} systemctl stop kubelet`);
    sim.advanceTo(120_000);
    expect(e.state.controllers.masterDisruption).toBe(true);
    expect(e.state.controllers.zoneStates['']).toBe('FullDisruption');
    expect(e.state.trace.some((l) => l.includes('Entering master disruption mode'))).toBe(true);
    for (const n of ['cp', 'node1', 'node2']) {
      expect(cond(node(sim, n), 'Ready')?.status).toBe('Unknown');
      expect(node(sim, n).spec.taints.filter((t) => t.effect === 'NoExecute')).toEqual([]);
    }
    sim.advanceTo(600_000);
    for (const n of ['node1', 'node2']) {
      for (const p of workloadPodsOn(sim, n)) expect(p.metadata.deletionTimestamp).toBeUndefined();
    }
  });

  it('leaving it gives every node a fresh grace period', () => {
    const sim = kitSim({ workers: 2, replicas: 2 });
    const e = sim.engine;
    for (const n of ['cp', 'node1', 'node2']) run(sim, `ssh ${n} systemctl stop kubelet`);
    sim.advanceTo(120_000);
    run(sim, 'ssh node1 systemctl start kubelet');
    sim.advanceTo(160_000);
    expect(e.state.controllers.masterDisruption).toBe(false);
    expect(e.state.trace.some((l) => l.includes('Exiting master disruption mode'))).toBe(true);
    const exitLine = e.state.trace.find((l) => l.includes('Exiting master disruption mode')) as string;
    const exitAt = Number(exitLine.split(' ')[0]);
    const h = e.state.controllers.nodeHealth.node2;
    expect(h?.probeTimestamp).toBe(exitAt);
  });
});
