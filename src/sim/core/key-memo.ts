/**
 * `a/b` strings handed out again as the same string (derived data, never state): store keys
 * (`namespace/name`) and history refs (`Kind/key`) that the engine and its hot callers build on
 * every write or read of the same object (a node's Lease every 10 s, its health every 5 s).
 * Looking a freshly built string up in a record of 10^4 keys costs hashing it and a look-up in
 * V8's string table before the record's own; the same string object again costs the record's
 * only. The characters are those of the template `${a}/${b}`: this is speed only.
 *
 * Bounded: past JOINED_MAX strings the memo starts over (keys of objects long gone do not pile up).
 */
const JOINED_MAX = 1 << 17;

let joined = new Map<string, Map<string, string>>();
let count = 0;

/** `${a}/${b}`, the same string object while the memo holds it. */
export function joinKey(a: string, b: string): string {
  let inner = joined.get(a);
  if (!inner) {
    inner = new Map();
    joined.set(a, inner);
  }
  let s = inner.get(b);
  if (s === undefined) {
    if (count >= JOINED_MAX) {
      joined = new Map();
      count = 0;
      inner = new Map();
      joined.set(a, inner);
    }
    s = `${a}/${b}`;
    inner.set(b, s);
    count++;
  }
  return s;
}
