/**
 * The scheduler's per-node sums of requests (scheduler-usage.ts) across a snapshot and restore:
 * the sums current at the snapshot travel with it (its Warmth) and equal a fresh sum afterwards.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../core/engine';
import { parseScenario } from '../index';
import { Simulation } from '../simulation';
import { boundUsage, boundUsageWarmth, sumUsage, type Usage } from './scheduler-usage';

/** A sum made now from the node's pods, without the cache. */
const fresh = (e: Engine, node: string): Usage => sumUsage(e.podsOnNode(node));

describe('bound usage across a snapshot', () => {
  it('travels with it and equals a fresh sum after a restore, and after playing on', () => {
    const r = parseScenario(readFileSync('public/scenarios/eviction.yaml', 'utf8'));
    if (!r.ok) throw new Error('eviction');
    const sim = new Simulation(r.scenario);
    const e = sim.engine;
    sim.advanceTo(30_000);
    const nodes = e.keysOf('Node');
    for (const n of nodes) boundUsage(e, n);
    const snap = sim.snapshot();
    const kept = snap.warmth?.get('scheduler') as ReadonlyMap<string, Usage>;
    expect([...kept.keys()].sort()).toEqual([...nodes].sort());
    const at = Object.fromEntries(nodes.map((n) => [n, { ...boundUsage(e, n) }]));
    sim.advanceTo(10 * 60_000);
    for (const n of nodes) expect(boundUsage(e, n)).toEqual(fresh(e, n));
    sim.restore(snap);
    for (const n of nodes) {
      // The snapshot's own sum, not one computed again.
      expect(boundUsage(e, n)).toBe(kept.get(n));
      expect(boundUsage(e, n)).toEqual(at[n]);
      expect(boundUsage(e, n)).toEqual(fresh(e, n));
    }
    sim.advanceTo(10 * 60_000);
    for (const n of nodes) expect(boundUsage(e, n)).toEqual(fresh(e, n));
    // Only sums still current are exported: every one of them equals a fresh sum.
    const now = boundUsageWarmth.export(e) as ReadonlyMap<string, Usage>;
    for (const [n, u] of now) expect(u).toEqual(fresh(e, n));
  });
});
