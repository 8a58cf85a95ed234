import { describe, expect, it } from 'vitest';
import { applyManifest } from '../api/apply';
import { fakeKubelet, makeCluster, WORKLOAD_MODULES } from '../api/testkit';
import { maxOf, minOf } from '../core/lists';

describe('workload controllers at scale', () => {
  it('100 nodes / 3000 pods: created, scheduled and an hour simulated quickly', () => {
    const workers = Array.from({ length: 99 }, (_, i) => `node${String(i + 1).padStart(3, '0')}`);
    const e = makeCluster(WORKLOAD_MODULES, { workers });
    const c = e.cause({ actor: 'test', what: 'apply' });
    // Wall clock through process.hrtime: the engine's lint bans `performance` in src/sim.
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 10; i++) {
      applyManifest(
        e,
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: `app${i}` },
          spec: { replicas: 290, template: { spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
        },
        c,
      );
    }
    applyManifest(
      e,
      {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: { name: 'fluentd' },
        spec: { template: { spec: { containers: [{ name: 'c', image: 'fluentd' }] } } },
      },
      c,
    );
    applyManifest(
      e,
      {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'app0' },
        spec: { selector: { app: 'app0' }, ports: [{ port: 80 }] },
      },
      c,
    );
    for (let t = 0; t < 10_000; t += 1000) {
      e.runUntil(e.now + 1000);
      fakeKubelet(e);
    }
    e.runUntil(e.now + 3_600_000);
    const ms = Number((process.hrtime.bigint() - t0) / 1_000_000n);
    const pods = e.list('Pod');
    expect(pods).toHaveLength(2900 + 99);
    expect(pods.every((p) => p.spec.nodeName && p.spec.nodeName !== 'control-plane')).toBe(true);
    const perNode = new Map<string, number>();
    for (const p of pods) perNode.set(p.spec.nodeName!, (perNode.get(p.spec.nodeName!) ?? 0) + 1);
    // LeastAllocated spreads evenly: 2999 pods over 99 nodes.
    const counts = [...perNode.values()];
    expect(maxOf(counts, (n) => n) - minOf(counts, (n) => n)).toBeLessThanOrEqual(1);
    expect(e.list('EndpointSlice')[0]!.endpoints).toHaveLength(290);
    // Generous bound for CI machines; typically well under a second.
    expect(ms).toBeLessThan(8000);
    console.log(`scale test: ${Math.round(ms)} ms`);
  });
});
