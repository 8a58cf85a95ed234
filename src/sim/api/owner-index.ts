/**
 * Derived index "controller uid -> pod keys" and per-controller dirty sets, so a workqueue run only
 * reconciles the ReplicaSets / StatefulSets / DaemonSets whose pods changed instead of rescanning
 * thousands of pods. The index is not state: it is rebuilt from the pods whenever the engine's
 * state object changes (restore), and kept current by the Pod watches of the controllers.
 */
import type { Engine } from '../core/engine';
import type { SimState } from '../core/state';
import { controllerRef } from './podutil';
import type { ApiObject, Pod } from './types';
import { workloadMemory } from './workload-memory';

const indexes = new WeakMap<SimState, Map<string, Set<string>>>();

function build(e: Engine): Map<string, Set<string>> {
  const m = new Map<string, Set<string>>();
  for (const [key, p] of Object.entries(e.state.api.objects.Pod)) {
    const ref = controllerRef(p);
    if (!ref) continue;
    let s = m.get(ref.uid);
    if (!s) {
      s = new Set();
      m.set(ref.uid, s);
    }
    s.add(key);
  }
  return m;
}

function index(e: Engine): Map<string, Set<string>> {
  let m = indexes.get(e.state);
  if (!m) {
    m = build(e);
    indexes.set(e.state, m);
  }
  return m;
}

/** Pod watch hook: keep the index current (idempotent, several modules may call it). */
export function updateOwnerIndex(e: Engine, key: string, obj: ApiObject | undefined, old: ApiObject | undefined): void {
  const m = indexes.get(e.state);
  if (!m) return; // built lazily from the store on first use
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
