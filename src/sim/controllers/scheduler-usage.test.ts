/**
 * The scheduler's per-node sums of requests (scheduler-usage.ts) across a snapshot and restore:
 * kept per engine and keyed on the pod-write stamps a restore puts back, a sum made before the
 * snapshot is used again after it, and one made on later writes never is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../core/engine';
import { parseScenario } from '../index';
import { Simulation } from '../simulation';
import { boundUsage, sumUsage, type Usage } from './scheduler-usage';

/** A sum made now from the node's pods, without the cache. */
const fresh = (e: Engine, node: string): Usage => sumUsage(e.podsOnNode(node));

describe('bound usage across a snapshot', () => {
  it('holds across a restore where the node is unchanged, and equals a fresh sum everywhere', () => {
    const r = parseScenario(readFileSync('public/scenarios/eviction.yaml', 'utf8'));
    if (!r.ok) throw new Error('eviction');
    const sim = new Simulation(r.scenario);
    const e = sim.engine;
    sim.advanceTo(30_000);
    const nodes = e.keysOf('Node');
    const at = new Map(nodes.map((n) => [n, boundUsage(e, n)]));
    const snap = sim.snapshot();
    sim.advanceTo(10 * 60_000);
    const later = new Map(nodes.map((n) => [n, boundUsage(e, n)]));
    for (const n of nodes) expect(later.get(n)).toEqual(fresh(e, n));
    // The eviction moved pods: some node's sum changed, and its cached sum is a later one.
    const moved = nodes.filter((n) => JSON.stringify(later.get(n)) !== JSON.stringify(at.get(n)));
    expect(moved.length).toBeGreaterThan(0);
    sim.restore(snap);
    for (const n of nodes) {
      expect(boundUsage(e, n)).toEqual(fresh(e, n));
      expect(boundUsage(e, n)).toEqual(at.get(n));
    }
    // A node no pod write touched after the snapshot keeps the sum made before it (no new sum).
    for (const n of nodes) if (later.get(n) === at.get(n)) expect(boundUsage(e, n)).toBe(at.get(n));
    sim.advanceTo(10 * 60_000);
    for (const n of nodes) expect(boundUsage(e, n)).toEqual(fresh(e, n));
  });
});
