/**
 * Derived index "controller uid -> pod keys" and per-controller dirty sets, so a workqueue run only
 * reconciles the ReplicaSets / StatefulSets / DaemonSets whose pods changed instead of rescanning
 * thousands of pods. The index is not state: it is rebuilt from the pods whenever the engine's
 * state object changes (restore), and kept current by the Pod watches of the controllers.
 */

import type { ApiObject, Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
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
  keys: Map<string, Set<string>>;
  /** Per pod key: what it adds to `counts` (kept per key so that repeated updates stay idempotent). */
  contrib: Map<string, Contribution>;
  counts: Map<string, OwnerCounts>;
}

const indexes = new WeakMap<SimState, OwnerIndex>();

/** Per stored pod object (never mutated, shared by snapshots): rebuilding after a restore reuses them. */
const contributions = new WeakMap<ApiObject, Contribution | null>();

function contributionOf(p: ApiObject): Contribution | undefined {
  let c = contributions.get(p);
  if (c === undefined) {
    const ref = controllerRef(p);
    const pod = p as Pod;
    const active = isPodActive(pod);
    c = ref ? { uid: ref.uid, active, ready: active && isPodReady(pod) } : null;
    contributions.set(p, c);
  }
  return c ?? undefined;
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

function setContribution(ix: OwnerIndex, key: string, next: Contribution | undefined): void {
  const prev = ix.contrib.get(key);
  if (prev && next && prev.uid === next.uid && prev.active === next.active && prev.ready === next.ready) return;
  if (prev) count(ix, prev, -1);
  if (next) {
    count(ix, next, 1);
    ix.contrib.set(key, next);
  } else ix.contrib.delete(key);
}

function build(e: Engine): OwnerIndex {
  const ix: OwnerIndex = { keys: new Map(), contrib: new Map(), counts: new Map() };
  // Through the store's Map mirror (a restore builds it with the records): an entries() copy of a
  // record of ~150,000 pods was most of a rebuild's cost after a restore at 5,000 nodes.
  const pods: Iterable<[string, ApiObject]> =
    e.storeMirror('Pod') ?? Object.entries(e.state.api.objects.Pod as Record<string, ApiObject>);
  // From scratch, each key once: its contribution (kept per stored pod, which a restore shares)
  // goes straight in, as setContribution would put it into an empty index.
  for (const [key, p] of pods) {
    const c = contributionOf(p);
    if (!c) continue;
    let s = ix.keys.get(c.uid);
    if (!s) {
      s = new Set();
      ix.keys.set(c.uid, s);
    }
    s.add(key);
    ix.contrib.set(key, c);
    count(ix, c, 1);
  }
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

function index(e: Engine): Map<string, Set<string>> {
  return ownerIndex(e).keys;
}

/** Pod watch hook: keep the index current (idempotent, several modules may call it). */
export function updateOwnerIndex(e: Engine, key: string, obj: ApiObject | undefined, old: ApiObject | undefined): void {
  const ix = indexes.get(e.state);
  if (!ix) return; // built lazily from the store on first use
  const m = ix.keys;
  const before = old ? controllerRef(old)?.uid : undefined;
  const after = obj ? controllerRef(obj)?.uid : undefined;
  if (before && before !== after) m.get(before)?.delete(key);
  if (after) {
    let s = m.get(after);
    if (!s) {
      s = new Set();
      m.set(after, s);
    }
    s.add(key);
  }
  setContribution(ix, key, obj ? contributionOf(obj) : undefined);
}

/**
 * Active and ready pods controlled by `uid`, as counting `podsOwnedBy(e, uid)` would give, without
 * walking them (a ReplicaSet pass during an eviction burst would walk ~300 pods per status change).
 */
export function ownerCounts(e: Engine, uid: string): OwnerCounts {
  const n = ownerIndex(e).counts.get(uid);
  return { active: n?.active ?? 0, ready: n?.ready ?? 0 };
}

/**
 * Pods controlled by `uid`, in no defined order: Set order depends on history (and differs after a
 * restore), so callers sort whenever order can influence behaviour.
 */
export function podsOwnedBy(e: Engine, uid: string): Pod[] {
  const keys = index(e).get(uid);
  if (!keys) return [];
  const out: Pod[] = [];
  for (const k of keys) {
    const p = e.state.api.objects.Pod[k];
    if (p) out.push(p);
  }
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
