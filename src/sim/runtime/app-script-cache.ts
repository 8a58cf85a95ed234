/**
 * Speed machinery for app-script.ts: what a container's process does, keyed by its container
 * record. Valid because a container record is never changed once written (its fields are readonly;
 * a change writes a new record, a restore brings new records).
 */
import type { HostContainer } from '../core/state';

const scripts = new WeakMap<HostContainer, object>();

/** `compute(c)` once per container record. */
export function scriptFor<S extends object>(c: HostContainer, compute: (c: HostContainer) => S): S {
  let s = scripts.get(c) as S | undefined;
  if (!s) {
    s = compute(c);
    scripts.set(c, s);
  }
  return s;
}
