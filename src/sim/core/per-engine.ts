/**
 * Derived data kept per engine (speed machinery, never state): `perEngine(make)` gives each
 * engine its own value, made on first use. It outlasts the engine's restores, so what is kept
 * must say what it was computed from in terms a restore keeps true: stored objects and shared
 * records by identity (never changed once a snapshot holds them), pod-write stamps
 * (core/change-counters.ts), values.
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
