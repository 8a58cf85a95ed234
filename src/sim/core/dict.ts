/**
 * Records keyed by names that come from users: node names, zone names, image names, file names,
 * container names, API object keys. Such a record has no prototype, so a node called
 * `constructor` or `__proto__` is an ordinary key: looking it up finds nothing inherited
 * (`rec.constructor` is undefined until it is set) and assigning it writes an own property
 * instead of changing a prototype (`rec.__proto__ = x` on a plain `{}` would replace the
 * object's prototype, or for `Object.prototype` itself pollute every object of the process).
 *
 * `{...rec}`, `structuredClone` and `JSON.parse` give ordinary objects again: anything that copies
 * or rebuilds one of these records uses `dictOf` (core/snapshot.ts does for snapshots).
 */

/** An empty record without a prototype. */
export function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * An empty record without a prototype, for a few keys from a small vocabulary (a pod worker's
 * container names). `Object.create(null)` gives a V8 dictionary: ~190 bytes for one key against
 * ~60 here (measured with node --expose-gc, 100,000 records), ~4.4 MB of the 1,000-node hour's
 * heap. Not for records keyed by node names or uids: every new key would make a new hidden class.
 */
export function smallDict<T>(): Record<string, T> {
  return Object.setPrototypeOf({}, null) as Record<string, T>;
}

/** A prototype-free copy of `src`'s own enumerable entries (the order is kept). */
export function dictOf<T>(src: Readonly<Record<string, T>>): Record<string, T> {
  const out = dict<T>();
  for (const k of Object.keys(src)) out[k] = src[k] as T;
  return out;
}

/** `table[key]` for a constant lookup table, ignoring what `Object.prototype` would answer. */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
