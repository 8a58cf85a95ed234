/**
 * Memos of pure functions that make text, for writers that make the same text again on every
 * loop (the cluster-autoscaler's status ConfigMap every 10 s: its times, quoted scalars, and the
 * comparison with the text it wrote the loop before). Derived, never state: a result is the
 * function's own, with or without the memo.
 */

/**
 * `fn` remembering its last argument and result: a writer that compares what it writes now with
 * what it wrote last time through the same function passes, first, the text stored last time,
 * which was the previous call's argument.
 */
export function lastMemo(fn: (s: string) => string): (s: string) => string {
  let lastArg: string | undefined;
  let lastResult = '';
  return (s) => {
    if (s !== lastArg) {
      lastResult = fn(s);
      lastArg = s;
    }
    return lastResult;
  };
}

/** Entries a `boundedMemo` holds before it starts over. */
const BOUNDED_MAX = 1 << 12;

/**
 * `fn` remembering its results (bounded: past 4,096 arguments it starts over). The result for an
 * argument seen before is the same string object, whose hash V8 keeps: a caller that looks it up
 * again (a scalar quoted once per text) skips hashing a fresh copy.
 */
export function boundedMemo<K extends string | number>(fn: (k: K) => string): (k: K) => string {
  let memo = new Map<K, string>();
  return (k) => {
    let s = memo.get(k);
    if (s === undefined) {
      if (memo.size >= BOUNDED_MAX) memo = new Map();
      s = fn(k);
      memo.set(k, s);
    }
    return s;
  };
}
