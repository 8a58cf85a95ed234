/**
 * Derived index "controller uid -> pod keys" with per-controller counts of active and ready pods,
 * and per-controller dirty sets, so a workqueue run only reconciles the ReplicaSets / StatefulSets /
 * DaemonSets whose pods changed instead of rescanning thousands of pods. The index is not state:
 * it is built from the pods on first use, kept current by this file's own Pod watch
 * (`ownerIndexModule`, registered before every module that writes, so it sees each write once and
 * in order), and handed over with a snapshot (its Warmth): each controller's keys are a
 * `ShardedSet` (core/sharded-set.ts) that a snapshot and a restore share, so a write after either
 * copies one shard of it (rebuilding the index after a restore was 0.76 s of a 30 s replay at 5,000
 * nodes, bench/replay-prof.ts; copying a 5,000-pod set whole at its first write after each
 * checkpoint kept 4.5 MB per checkpoint alive there, bench/checkpoint-memory.ts).
 */

import type { ApiObject, Pod } from '../core/api-types';
import type { Engine, SimModule, Warmth } from '../core/engine';
import { ShardedSet } from '../core/sharded-set';
import type { SimState } from '../core/state';
import { controllerRef, isPodActive, isPodReady } from './podutil';
import { workloadMemory } from './workload-memory';

/** What one pod adds to its controller's counts. */
interface Contribution {
  uid: string;
  active: boolean;
  ready: boolean;
}

/** Active and ready (among active) pods of one controller. */
export interface OwnerCounts {
  active: number;
  ready: number;
}

interface OwnerIndex {
  keys: Map<string, ShardedSet>;
  counts: Map<string, OwnerCounts>;
}

const indexes = new WeakMap<SimState, OwnerIndex>();

/**
 * What pod `p` adds to its controller's counts, if it has one. Computed at each write (two per Pod
 * write): a cache per pod object held ~5.5 MB at 1,000 nodes for no measured speed.
 */
function contributionOf(p: ApiObject): Contribution | undefined {
  const ref = controllerRef(p);
  if (!ref) return undefined;
  const pod = p as Pod;
  const active = isPodActive(pod);
  return { uid: ref.uid, active, ready: active && isPodReady(pod) };
}

function sameContribution(a: Contribution | undefined, b: Contribution | undefined): boolean {
  return (
    a === b || (a !== undefined && b !== undefined && a.uid === b.uid && a.active === b.active && a.ready === b.ready)
  );
}

function count(ix: OwnerIndex, c: Contribution, sign: 1 | -1): void {
  let n = ix.counts.get(c.uid);
  if (!n) {
    n = { active: 0, ready: 0 };
    ix.counts.set(c.uid, n);
  }
  if (c.active) n.active += sign;
  if (c.ready) n.ready += sign;
}

/** The key set of controller `uid`, made when it has none. */
function ownSet(ix: OwnerIndex, uid: string): ShardedSet {
  let s = ix.keys.get(uid);
  if (!s) {
    s = ShardedSet.empty();
    ix.keys.set(uid, s);
  }
  return s;
}

function build(e: Engine): OwnerIndex {
  const ix: OwnerIndex = { keys: new Map(), counts: new Map() };
  e.forEachObject('Pod', (p, key) => {
    const c = contributionOf(p);
    if (!c) return;
    ownSet(ix, c.uid).add(key);
    count(ix, c, 1);
  });
  return ix;
}

function ownerIndex(e: Engine): OwnerIndex {
  let m = indexes.get(e.state);
  if (!m) {
    m = build(e);
    indexes.set(e.state, m);
  }
  return m;
}

function index(e: Engine): Map<string, ShardedSet> {
  return ownerIndex(e).keys;
}

/** One Pod write, as the store made it: the old object's part goes, the new one's comes. */
function podWritten(e: Engine, key: string, obj: ApiObject | undefined, old: ApiObject | undefined): void {
  const ix = indexes.get(e.state);
  if (!ix) return; // built lazily from the store on first use
  const before = old ? contributionOf(old) : undefined;
  const after = obj ? contributionOf(obj) : undefined;
  if (sameContribution(before, after)) return;
  if (before) count(ix, before, -1);
  if (after) count(ix, after, 1);
  if (before?.uid === after?.uid) return;
  if (before) ownSet(ix, before.uid).delete(key);
  if (after) ownSet(ix, after.uid).add(key);
}

/** The index as a snapshot keeps it: its sets shared (a shard copied on its next write), its counts copied. */
interface OwnerIndexExport {
  keys: ReadonlyMap<string, ShardedSet>;
  counts: ReadonlyMap<string, Readonly<OwnerCounts>>;
}

const copyCounts = (m: ReadonlyMap<string, Readonly<OwnerCounts>>) =>
  new Map([...m].map(([uid, n]) => [uid, { active: n.active, ready: n.ready }]));

const shareSets = (m: ReadonlyMap<string, ShardedSet>) => new Map([...m].map(([uid, s]) => [uid, s.share()]));

const ownerIndexWarmth: Warmth = {
  export(e): OwnerIndexExport | undefined {
    const ix = indexes.get(e.state);
    if (!ix) return undefined;
    return { keys: shareSets(ix.keys), counts: copyCounts(ix.counts) };
  },
  import(e, data) {
    const d = data as OwnerIndexExport | undefined;
    if (!d) return;
    indexes.set(e.state, { keys: shareSets(d.keys), counts: copyCounts(d.counts) });
  },
};

/**
 * Keeps the index: registered before every module that writes (modules.ts), so it sees each Pod
 * write once, in the order the store made them.
 */
export const ownerIndexModule: SimModule = {
  name: 'owner-index',
  watch: { Pod: podWritten },
  warmth: ownerIndexWarmth,
};

/**
 * Active and ready pods controlled by `uid`, as counting `podsOwnedBy(e, uid)` would give, without
 * walking them (a ReplicaSet pass during an eviction burst would walk ~300 pods per status change).
 */
export function ownerCounts(e: Engine, uid: string): OwnerCounts {
  const n = ownerIndex(e).counts.get(uid);
  return { active: n?.active ?? 0, ready: n?.ready ?? 0 };
}

/**
 * Pods controlled by `uid`, in no defined order (shard by shard, each in the order its keys were
 * added: core/sharded-set.ts), so callers sort whenever order can influence behaviour.
 */
export function podsOwnedBy(e: Engine, uid: string): Pod[] {
  const keys = index(e).get(uid);
  if (!keys) return [];
  const out: Pod[] = [];
  keys.eachShard((shard) => {
    for (const k of shard) {
      const p = e.get('Pod', k);
      if (p) out.push(p);
    }
  });
  return out;
}

/** Mark `uid` (or everything with `*`) for the next run of `module`, and enqueue it. */
export function markDirty(e: Engine, module: string, uid: string): void {
  const mem = workloadMemory(e);
  mem.dirty ??= {};
  let d = mem.dirty[module];
  if (!d) {
    d = {};
    mem.dirty[module] = d;
  }
  d[uid] = true;
  e.enqueue(module);
}

/** Take the dirty set of `module`: undefined means "everything". */
export function takeDirty(e: Engine, module: string): Set<string> | undefined {
  const mem = workloadMemory(e);
  const d = mem.dirty?.[module] ?? {};
  if (mem.dirty) delete mem.dirty[module];
  if (d['*']) return undefined;
  return new Set(Object.keys(d));
}
