/**
 * The owner index (api/owner-index.ts) against a walk of the store: kept by its own Pod watch,
 * handed over with a snapshot (its Warmth) and copied on write, so a restore's index is the
 * snapshot's and no later write reaches a snapshot's copy.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiObject } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { ShardedSet } from '../core/sharded-set';
import { parseScenario } from '../index';
import { Simulation } from '../simulation';
import { ownerCounts, ownerIndexModule, podsOwnedBy } from './owner-index';
import { controllerRef, isPodActive, isPodReady } from './podutil';

function builtin(name: string) {
  const r = parseScenario(readFileSync(`public/scenarios/${name}.yaml`, 'utf8'));
  if (!r.ok) throw new Error(name);
  return r.scenario;
}

/** Per controller uid: its pods' keys (sorted) and counts, from the index. */
function fromIndex(e: Engine, uids: string[]) {
  return Object.fromEntries(
    uids.map((uid) => [
      uid,
      {
        keys: podsOwnedBy(e, uid)
          .map((p) => `${p.metadata.namespace}/${p.metadata.name}`)
          .sort(),
        ...ownerCounts(e, uid),
      },
    ]),
  );
}

/** The same, by a walk of every stored pod. */
function walked(e: Engine, uids: string[]) {
  const out = Object.fromEntries(uids.map((uid) => [uid, { keys: [] as string[], active: 0, ready: 0 }]));
  for (const [key, p] of e.state.api.objects.Pod.entries()) {
    const o = out[controllerRef(p as ApiObject)?.uid ?? ''];
    if (!o) continue;
    o.keys.push(key);
    if (isPodActive(p)) {
      o.active++;
      if (isPodReady(p)) o.ready++;
    }
  }
  for (const o of Object.values(out)) o.keys.sort();
  return out;
}

/** A snapshot's exported sets, as sorted lists (to compare before and after later writes). */
const sortedSets = (keys: Map<string, Set<string>>) => new Map([...keys].map(([uid, s]) => [uid, [...s].sort()]));

function controllers(e: Engine): string[] {
  return [...e.list('ReplicaSet'), ...e.list('DaemonSet'), ...e.list('StatefulSet')].map((c) => c.metadata.uid);
}

describe('owner index', () => {
  it('matches a walk of the store while pods are evicted and replaced, and after restores', () => {
    const sim = new Simulation(builtin('eviction'));
    const e = sim.engine;
    const uids = controllers(e);
    expect(uids.length).toBeGreaterThan(1);
    sim.advanceTo(30_000);
    expect(fromIndex(e, uids)).toEqual(walked(e, uids));
    const snap = sim.snapshot();
    const atSnap = fromIndex(e, uids);
    const exported = snap.warmth?.get('owner-index') as { keys: Map<string, Set<string>> };
    const exportedKeys = sortedSets(exported.keys);
    // Far enough for taint evictions and their replacements (the built-in's lesson).
    sim.advanceTo(10 * 60_000);
    const later = fromIndex(e, uids);
    expect(later).toEqual(walked(e, uids));
    expect(later).not.toEqual(atSnap);
    // No write after the snapshot reached the sets it holds.
    expect(sortedSets(exported.keys)).toEqual(exportedKeys);
    sim.restore(snap);
    expect(fromIndex(e, uids)).toEqual(atSnap);
    expect(fromIndex(e, uids)).toEqual(walked(e, uids));
    // Playing on from the restore writes copies, never the snapshot's sets; a second restore is the same.
    sim.advanceTo(10 * 60_000);
    expect(fromIndex(e, uids)).toEqual(later);
    sim.restore(snap);
    expect(fromIndex(e, uids)).toEqual(atSnap);
    expect(sortedSets(exported.keys)).toEqual(exportedKeys);
  });

  it('is handed over with a snapshot, not rebuilt: the restored index holds the snapshot’s sets', () => {
    const sim = new Simulation(builtin('eviction'));
    const e = sim.engine;
    sim.advanceTo(30_000);
    const uid = controllers(e)[0] as string;
    podsOwnedBy(e, uid);
    const snap = sim.snapshot();
    const exported = snap.warmth?.get('owner-index') as { keys: Map<string, ShardedSet> };
    sim.restore(snap);
    const again = ownerIndexModule.warmth?.export(e) as { keys: Map<string, ShardedSet> };
    const before = exported.keys.get(uid) as ShardedSet;
    expect(before.size).toBeGreaterThan(0);
    expect(again.keys.get(uid)?.sharesAllShardsWith(before)).toBe(true);
  });
});
