/**
 * The soak's short version (`npm run soak` runs the long one): a few hundred random fault actions
 * over random clusters of both profiles, with the invariants checked after every action and every
 * traced change, and full recovery after each round of faults is healed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloudClusterArb, clusterArb, soakCluster } from './properties.testkit';

describe('soak (short)', () => {
  it('300 actions over 4 clusters, both profiles: no violation', () => {
    const clusters = fc.sample(clusterArb, { seed: 20261201, numRuns: 4 });
    let actions = 0;
    const violations: string[] = [];
    clusters.forEach((c, i) => {
      const cluster = { ...c, profile: i % 2 ? ('v1.33' as const) : ('v1.23-docker' as const) };
      const r = soakCluster(cluster, i + 1, 75);
      actions += r.actions;
      for (const v of r.violations) violations.push(`cluster ${i} (${cluster.profile}, seed ${i + 1}): ${v}`);
    });
    expect(actions).toBe(300);
    expect(violations).toEqual([]);
  });

  it('120 actions over 2 cloud clusters with the cluster autoscaler: no violation', () => {
    const clusters = fc.sample(cloudClusterArb, { seed: 20261203, numRuns: 2 });
    const violations: string[] = [];
    let actions = 0;
    clusters.forEach((cluster, i) => {
      const r = soakCluster(cluster, i + 11, 60);
      actions += r.actions;
      for (const v of r.violations) violations.push(`cloud cluster ${i} (seed ${i + 11}): ${v}`);
    });
    expect(actions).toBe(120);
    expect(violations).toEqual([]);
  });
});
