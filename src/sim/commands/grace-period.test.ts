/**
 * `kubectl delete pod --grace-period` as kubectl reads it (kubernetes/kubectl
 * pkg/cmd/delete/delete.go): -1 is the flag's default and means "the pod's own grace period"; any
 * negative value does the same; 0 without --force becomes 1; --force with no or a negative grace
 * period deletes at once.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../index';

function db() {
  const r = parseScenario(`apiVersion: notready/v1
kind: Scenario
metadata: {name: s, title: s}
spec:
  nodes: [{name: cp, roles: [control-plane]}, {name: n1}]
  objects:
    - apiVersion: apps/v1
      kind: StatefulSet
      metadata: {name: db}
      spec: {replicas: 2, serviceName: db, template: {spec: {terminationGracePeriodSeconds: 45, containers: [{name: c, image: redis}]}}}
`);
  if (!r.ok) throw new Error('invalid');
  const sim = createSimulation(r.scenario);
  sim.advanceTo(60_000);
  return sim;
}

const deletion = (sim: ReturnType<typeof db>) => {
  const p = sim.engine.get('Pod', 'default/db-1');
  return p && { at: p.metadata.deletionTimestamp, grace: p.metadata.deletionGracePeriodSeconds };
};

describe('kubectl delete pod --grace-period', () => {
  it('-1 (and any negative) uses the pod’s own terminationGracePeriodSeconds, not an immediate delete', () => {
    for (const flag of ['--grace-period=-1', '--grace-period=-5', '--grace-period -1']) {
      const sim = db();
      const r = sim.run(`kubectl delete pod db-1 ${flag}`);
      expect(r).toMatchObject({ ok: true, output: 'pod "db-1" deleted' });
      expect(deletion(sim)).toEqual({ at: sim.now + 45_000, grace: 45 });
    }
  });

  it('0 without --force becomes 1; --force with 0, -1 or none deletes at once', () => {
    const sim = db();
    expect(sim.run('kubectl delete pod db-1 --grace-period=0').output).toBe('pod "db-1" deleted');
    expect(deletion(sim)).toEqual({ at: sim.now + 1000, grace: 1 });
    for (const flags of ['--force --grace-period=0', '--force --grace-period=-1', '--force']) {
      const s = db();
      expect(s.run(`kubectl delete pod db-1 ${flags}`).output).toMatch(/\npod "db-1" force deleted$/);
      expect(deletion(s)).toBeUndefined();
    }
  });

  it('an explicit positive grace period is used as given', () => {
    const sim = db();
    sim.run('kubectl delete pod db-1 --grace-period=10');
    expect(deletion(sim)).toEqual({ at: sim.now + 10_000, grace: 10 });
  });
});
