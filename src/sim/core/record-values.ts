/**
 * The values of a record in a fixed order (a sort of them), kept while the record holds exactly
 * those values: a periodic reader of a small record it never changes (the cluster-autoscaler's
 * node groups, listed five times a loop every 10 s) skips copying and sorting it each time. Keyed
 * by the record object (a restore brings another); checked against the record on every call, so
 * a value replaced, added or removed is seen. Derived, never state.
 */
const memos = new WeakMap<object, readonly unknown[]>();

/** `Object.values(record)` sorted by `compare`, the same array while the record holds the same values. */
export function sortedValues<T>(record: Readonly<Record<string, T>>, compare: (a: T, b: T) => number): readonly T[] {
  const hit = memos.get(record) as readonly T[] | undefined;
  if (hit && holdsExactly(record, hit)) return hit;
  const values = Object.freeze(Object.values(record).sort(compare));
  memos.set(record, values);
  return values;
}

/** Whether `record`'s values are exactly `values` (each once, none other). */
function holdsExactly<T>(record: Readonly<Record<string, T>>, values: readonly T[]): boolean {
  let n = 0;
  for (const k in record) {
    if (!values.includes(record[k] as T)) return false;
    n++;
  }
  return n === values.length;
}
