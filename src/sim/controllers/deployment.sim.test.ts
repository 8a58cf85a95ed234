import { describe, expect, it } from 'vitest';
import { workloadScenario } from '../api/testkit';
import { Simulation } from '../simulation';

describe('workloads in the full simulation', () => {
  it('boots to a steady state: all workload pods Running on workers, deterministic names', () => {
    const sim = new Simulation(workloadScenario());
    const e = sim.engine;
    const pods = e.list('Pod').filter((p) => !p.metadata.namespace?.startsWith('kube-'));
    const names = pods.map((p) => `${p.metadata.name}@${p.spec.nodeName}:${p.status.phase}`).sort();
    expect(pods.filter((p) => p.metadata.name.startsWith('web-'))).toHaveLength(3);
    expect(
      pods
        .filter((p) => p.metadata.name.startsWith('db-'))
        .map((p) => p.metadata.name)
        .sort(),
    ).toEqual(['db-0', 'db-1']);
    expect(pods.filter((p) => p.metadata.name.startsWith('fluentd-'))).toHaveLength(2);
    for (const p of pods) {
      expect(p.spec.nodeName).not.toBe('control-plane');
      expect(p.status.phase).toBe('Running');
    }
    expect(e.get('Deployment', 'default/web')!.status.readyReplicas).toBe(3);
    expect(e.get('StatefulSet', 'default/db')!.status.readyReplicas).toBe(2);
    expect(e.get('DaemonSet', 'default/fluentd')!.status.numberReady).toBe(2);
    expect(
      e
        .list('EndpointSlice')
        .find((s) => s.metadata.labels['kubernetes.io/service-name'] === 'web')!
        .endpoints.filter((x) => x.conditions.ready),
    ).toHaveLength(3);
    const again = new Simulation(workloadScenario());
    const names2 = again.engine
      .list('Pod')
      .filter((p) => !p.metadata.namespace?.startsWith('kube-'))
      .map((p) => `${p.metadata.name}@${p.spec.nodeName}:${p.status.phase}`)
      .sort();
    expect(names2).toEqual(names);
    expect(again.traceHash()).toBe(sim.traceHash());
  });

  it('kubelet stopped on a worker: Deployment pods replaced after eviction, StatefulSet pod not; restore replays identically', () => {
    const sim = new Simulation(workloadScenario());
    const e = sim.engine;
    const node = e.get('Pod', 'default/db-0')!.spec.nodeName!;
    expect(sim.run(`ssh ${node} systemctl stop kubelet`).ok).toBe(true);
    sim.advanceTo(3 * 60_000);
    const snap = sim.snapshot();
    sim.advanceTo(8 * 60_000);
    const hash = sim.traceHash();
    const web = e.list('Pod').filter((p) => p.metadata.name.startsWith('web-'));
    const terminating = web.filter((p) => p.metadata.deletionTimestamp !== undefined);
    expect(terminating.every((p) => p.spec.nodeName === node)).toBe(true);
    expect(web.filter((p) => !p.metadata.deletionTimestamp)).toHaveLength(3);
    for (const p of web.filter((x) => x.metadata.annotations['notready.dev/replaces'])) {
      expect(p.spec.nodeName).not.toBe(node);
      expect(p.metadata.annotations['notready.dev/replaces']).toMatch(new RegExp(`^default/web-\\w+-\\w+@${node}$`));
    }
    const db0 = e.get('Pod', 'default/db-0')!;
    expect(db0.metadata.deletionTimestamp).toBeDefined();
    expect(db0.spec.nodeName).toBe(node);
    expect(e.get('Deployment', 'default/web')!.status.readyReplicas).toBe(3);
    sim.restore(snap);
    sim.advanceTo(8 * 60_000);
    expect(sim.traceHash()).toBe(hash);
  });
});
