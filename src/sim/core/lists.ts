/**
 * List helpers that never spread a list into a call's arguments. `Math.max(...xs)` and
 * `out.push(...xs)` put every element on the call stack, and past ~100,000 elements (a big
 * cluster's pods, its Events, the lines of their YAML) V8 throws `RangeError: Maximum call stack
 * size exceeded`. Biome's `noSpreadArguments` plugin (lint/) keeps such spreads out of src/.
 */

/** `Math.max(start, ...items.map(f))` for any number of items (`-Infinity` when there are none and no start). */
export function maxOf<T>(items: Iterable<T>, f: (x: T) => number, start = Number.NEGATIVE_INFINITY): number {
  let m = start;
  for (const x of items) m = Math.max(m, f(x));
  return m;
}

/** `Math.min(start, ...items.map(f))` for any number of items (`Infinity` when there are none and no start). */
export function minOf<T>(items: Iterable<T>, f: (x: T) => number, start = Number.POSITIVE_INFINITY): number {
  let m = start;
  for (const x of items) m = Math.min(m, f(x));
  return m;
}

/** `target.push(...items)` for any number of items; returns `target`. */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const x of items) target.push(x);
  return target;
}
