import { describe, expect, it } from 'vitest';
import { causeAt } from '../core/cause-log';
import { advanceUntil, cond, events, kitSim, node, run, taintKeys, workloadPodsOn } from './node-lifecycle.testkit';

const UNREACHABLE_NE = 'node.kubernetes.io/unreachable:NoExecute';
const UNREACHABLE_NS = 'node.kubernetes.io/unreachable:NoSchedule';

describe('node-lifecycle-controller: kubelet stopped on node2 (v1.33)', () => {
  const sim = kitSim({ workers: 2, replicas: 4 });
  const e = sim.engine;
  const before = structuredClone(node(sim, 'node2'));
  run(sim, 'ssh node2 systemctl stop kubelet');
  const unknownAt = advanceUntil(sim, () => cond(node(sim, 'node2'), 'Ready')?.status === 'Unknown', 120_000);

  it('sets Ready Unknown about 50s later (40–60s)', () => {
    expect(unknownAt).toBeDefined();
    expect(unknownAt).toBeGreaterThanOrEqual(40_000);
    expect(unknownAt).toBeLessThanOrEqual(60_000);
  });

  it('writes the exact reasons and messages, keeps heartbeats and NetworkUnavailable', () => {
    const n = node(sim, 'node2');
    for (const type of ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'] as const) {
      const c = cond(n, type);
      expect(c?.status).toBe('Unknown');
      expect(c?.reason).toBe('NodeStatusUnknown');
      expect(c?.message).toBe('Kubelet stopped posting node status.');
      expect(c?.lastHeartbeatTime).toBe(cond(before, type)?.lastHeartbeatTime);
      expect(c?.lastTransitionTime).toBeGreaterThanOrEqual(40_000);
    }
    expect(cond(n, 'NetworkUnavailable')).toEqual(cond(before, 'NetworkUnavailable'));
  });

  it('records NodeNotReady from node-controller and marks the pods not ready', () => {
    const ev = events(sim, 'NodeNotReady', 'node2').filter((x) => x.source.component === 'node-controller');
    expect(ev).toHaveLength(1);
    expect(ev[0]?.message).toBe('Node node2 status is now: NodeNotReady');
    const pods = workloadPodsOn(sim, 'node2');
    expect(pods.length).toBeGreaterThan(0);
    for (const p of pods) {
      expect(p.status.conditions.find((c) => c.type === 'Ready')?.status).toBe('False');
      // containerStatuses are untouched: kubectl still prints 1/1
      expect(p.status.containerStatuses.every((c) => c.ready)).toBe(true);
      const pe = events(sim, 'NodeNotReady', p.metadata.name);
      expect(pe[0]?.type).toBe('Warning');
      expect(pe[0]?.message).toBe('Node is not ready');
      expect(pe[0]?.source.component).toBe('node-controller');
    }
  });

  it('explains Unknown with the grace period and the kubelet stop', () => {
    const id = e.lastCause('Node/node2', 'Ready=Unknown');
    expect(id).toBeDefined();
    const c = causeAt(e.state.causes, id as number);
    expect(c?.actor).toBe('node-lifecycle-controller');
    expect(c?.rule).toMatch(/^no heartbeat for 50s/);
    expect(c?.constant).toBe('nodeMonitorGracePeriod=50s');
    expect(c?.parents).toContain(e.state.hosts.node2?.services.kubelet?.cause);
  });

  let taintedAt = 0;
  it('taints unreachable NoSchedule at once and NoExecute on the next pass', () => {
    const t = advanceUntil(
      sim,
      () => taintKeys(node(sim, 'node2')).includes(UNREACHABLE_NE),
      (unknownAt ?? 0) + 10_000,
    );
    expect(t).toBeDefined();
    taintedAt = t as number;
    const n = node(sim, 'node2');
    expect(taintKeys(n)).toEqual([UNREACHABLE_NE, UNREACHABLE_NS]);
    const ns = n.spec.taints.find((x) => x.effect === 'NoSchedule');
    const ne = n.spec.taints.find((x) => x.effect === 'NoExecute');
    expect(ns?.timeAdded).toBeLessThanOrEqual((unknownAt ?? 0) + 1000);
    // processTaintBaseEviction uses the status observed at the start of a pass: one monitor period later.
    expect(ne?.timeAdded).toBeGreaterThan(unknownAt ?? 0);
    expect(ne?.timeAdded).toBeLessThanOrEqual((unknownAt ?? 0) + 6_000);
    const tc = causeAt(e.state.causes, e.lastCause('Node/node2', 'taint unreachable:NoExecute') as number);
    expect(tc?.parents).toContain(e.lastCause('Node/node2', 'Ready=Unknown'));
  });

  it('evicts 300s after the NoExecute taint, gracefully, with DisruptionTarget', () => {
    const pods = workloadPodsOn(sim, 'node2').map((p) => `${p.metadata.namespace}/${p.metadata.name}`);
    sim.advanceTo(taintedAt + 299_000);
    for (const k of pods) expect(e.get('Pod', k)?.metadata.deletionTimestamp).toBeUndefined();
    sim.advanceTo(taintedAt + 301_000);
    for (const k of pods) {
      const p = e.get('Pod', k);
      expect(p?.metadata.deletionTimestamp).toBeDefined();
      expect(p?.metadata.deletionGracePeriodSeconds).toBe(30);
      const dt = p?.status.conditions.find((c) => c.type === 'DisruptionTarget');
      expect(dt).toMatchObject({
        status: 'True',
        reason: 'DeletionByTaintManager',
        message: 'Taint manager: deleting due to NoExecute taint',
      });
      expect(p?.status.phase).toBe('Running');
      const ev = events(sim, 'TaintManagerEviction', p?.metadata.name);
      expect(ev[0]?.message).toBe(`Marking for deletion Pod ${k}`);
      expect(ev[0]?.source.component).toBe('taint-eviction-controller');
      const c = causeAt(e.state.causes, e.lastCause(`Pod/${k}`, 'DisruptionTarget') as number);
      expect(c?.rule).toBe('tolerationSeconds 300 elapsed since taint unreachable:NoExecute');
      expect(c?.constant).toBe('tolerationSeconds=300');
      expect(c?.parents).toContain(e.lastCause('Node/node2', 'taint unreachable:NoExecute'));
    }
    // Pods stay Terminating while the kubelet is away.
    sim.advanceTo(taintedAt + 400_000);
    for (const k of pods) expect(e.get('Pod', k)?.metadata.deletionTimestamp).toBeDefined();
  });
});

describe('node-lifecycle-controller: v1.23-docker', () => {
  it('uses the 40s grace and the taint-controller source, without DisruptionTarget', () => {
    const sim = kitSim({ profile: 'v1.23-docker', workers: 2 });
    const e = sim.engine;
    run(sim, 'ssh node2 systemctl stop kubelet');
    const t = advanceUntil(sim, () => cond(node(sim, 'node2'), 'Ready')?.status === 'Unknown', 120_000);
    expect(t).toBeGreaterThanOrEqual(30_000);
    expect(t).toBeLessThanOrEqual(50_000);
    const c = causeAt(e.state.causes, e.lastCause('Node/node2', 'Ready=Unknown') as number);
    expect(c?.constant).toBe('nodeMonitorGracePeriod=40s');
    sim.advanceTo((t as number) + 320_000);
    const pods = workloadPodsOn(sim, 'node2');
    expect(pods.length).toBeGreaterThan(0);
    for (const p of pods) {
      expect(p.metadata.deletionTimestamp).toBeDefined();
      expect(p.status.conditions.some((x) => x.type === 'DisruptionTarget')).toBe(false);
      expect(events(sim, 'TaintManagerEviction', p.metadata.name)[0]?.source.component).toBe('taint-controller');
    }
  });
});

describe('node-lifecycle-controller: kubelet back before eviction', () => {
  it('removes the taints and cancels the scheduled deletions', () => {
    const sim = kitSim({ workers: 2 });
    run(sim, 'ssh node2 systemctl stop kubelet');
    sim.advanceTo(90_000);
    expect(taintKeys(node(sim, 'node2'))).toContain(UNREACHABLE_NE);
    const pods = workloadPodsOn(sim, 'node2');
    run(sim, 'ssh node2 systemctl start kubelet');
    const back = advanceUntil(sim, () => node(sim, 'node2').spec.taints.length === 0, 200_000);
    expect(back).toBeDefined();
    expect(cond(node(sim, 'node2'), 'Ready')?.status).toBe('True');
    sim.advanceTo((back as number) + 1000);
    for (const p of pods) {
      const ev = events(sim, 'TaintManagerEviction', p.metadata.name);
      expect(ev.map((x) => x.message)).toContain(
        `Cancelling deletion of Pod ${p.metadata.namespace}/${p.metadata.name}`,
      );
    }
    sim.advanceTo(500_000);
    for (const p of pods)
      expect(
        sim.engine.get('Pod', `${p.metadata.namespace}/${p.metadata.name}`)?.metadata.deletionTimestamp,
      ).toBeUndefined();
  });
});

describe('node-lifecycle-controller: zone disruption', () => {
  it('3 of 4 workers lost (3 of 5 nodes) → PartialDisruption: NoSchedule taints but no NoExecute', () => {
    const sim = kitSim({ workers: 4, replicas: 4 });
    for (const n of ['node1', 'node2', 'node3']) run(sim, `ssh ${n} systemctl stop kubelet`);
    sim.advanceTo(200_000);
    const m = sim.engine.state.controllers;
    expect(m.zoneStates['']).toBe('PartialDisruption');
    for (const n of ['node1', 'node2', 'node3']) {
      expect(cond(node(sim, n), 'Ready')?.status).toBe('Unknown');
      expect(taintKeys(node(sim, n))).toEqual([UNREACHABLE_NS]);
    }
    sim.advanceTo(700_000);
    for (const n of ['node1', 'node2', 'node3']) {
      for (const p of workloadPodsOn(sim, n)) expect(p.metadata.deletionTimestamp).toBeUndefined();
    }
  });

  it('two nodes lost in a Normal zone are NoExecute-tainted 10s apart', () => {
    const sim = kitSim({ workers: 4, replicas: 2 });
    for (const n of ['node1', 'node2']) run(sim, `ssh ${n} systemctl stop kubelet`);
    sim.advanceTo(150_000);
    const times = ['node1', 'node2']
      .map((n) => node(sim, n).spec.taints.find((t) => t.effect === 'NoExecute')?.timeAdded as number)
      .sort((a, b) => a - b);
    expect(times.every((t) => t !== undefined)).toBe(true);
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(10_000);
    expect((times[1] as number) - (times[0] as number)).toBeLessThan(10_200);
  });
});
