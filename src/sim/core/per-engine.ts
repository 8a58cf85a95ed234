/**
 * Derived data kept per engine (speed machinery, never state): `perEngine(make)` gives each
 * engine its own value, made on first use. It outlasts the engine's restores, so what is kept
 * must name everything it was computed from in terms a restore puts back, or be dropped by a
 * change to it that moves a stamp: stored objects and records a snapshot shares by identity
 * (never changed once shared; a live record changed in place keeps its identity, so a cache on
 * one must also key on its change count or be told of its writes), stamps
 * (core/change-counters.ts), values. Keyed by node or host names, it keeps an entry per name a
 * run has seen (nodes the autoscaler removed included): a few numbers each.
 */
import type { Engine } from './engine';

export function perEngine<T>(make: () => T): (e: Engine) => T {
  const byEngine = new WeakMap<Engine, T>();
  return (e) => {
    let v = byEngine.get(e);
    if (v === undefined) {
      v = make();
      byEngine.set(e, v);
    }
    return v;
  };
}

const ids = new WeakMap<object, number>();
let lastId = 0;

/**
 * A number naming `o` for as long as it lives, never given to another object: a cache that keeps
 * it instead of `o` compares identity without keeping `o` alive (a kubelet's older quiet marks
 * would otherwise hold every older containers and pod workers record of their host).
 */
export function objectId(o: object): number {
  let id = ids.get(o);
  if (id === undefined) {
    id = ++lastId;
    ids.set(o, id);
  }
  return id;
}
