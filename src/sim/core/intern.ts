/**
 * One shared flat copy per distinct text among the strings the state keeps for long (causes'
 * actors and descriptions, history entries, Event messages and sources). Most of them repeat:
 * `kubelet`, `event Pulled`, `status Running (running)`, `Started container main` come back for
 * every pod, and a flat copy per use (core/flat.ts) took ~40-60 bytes each time, a few hundred
 * thousand times in a big cluster's hour. The value never changes: this is memory only.
 *
 * Bounded: past INTERN_MAX distinct strings the table starts over (texts naming one pod do not
 * pile up; a frequent one is shared again from its next use).
 */
import { flat } from './flat';

const INTERN_MAX = 1 << 16;

let table = new Map<string, string>();

/** `s`, as the same flat string object as the previous equal text the table still holds. */
export function intern(s: string): string {
  const got = table.get(s);
  if (got !== undefined) return got;
  if (table.size >= INTERN_MAX) table = new Map();
  const f = flat(s);
  table.set(f, f);
  return f;
}

/** A shared object per distinct value of `make`'s argument, for small frozen records. */
export function internRecord<T extends object>(memo: Map<string, T>, key: string, make: () => T): T {
  let r = memo.get(key);
  if (r === undefined) {
    if (memo.size >= INTERN_MAX) memo.clear();
    r = Object.freeze(make());
    memo.set(key, r);
  }
  return r;
}

/** `v`, frozen all the way down. */
function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/**
 * The value `make` gives for `source`, made once and frozen all the way down, then shared by all
 * that is made from `source` (the containers of every pod stamped from one template). Only for
 * values nobody changes once stored: a change throws.
 */
export function sharedFrom<K extends object, T>(memo: WeakMap<K, T>, source: K, make: () => T): T {
  let v = memo.get(source);
  if (v === undefined) {
    v = deepFreeze(make());
    memo.set(source, v);
  }
  return v;
}

/** Same own keys in the same order, with identical values. */
function sameShallow(a: object, b: object): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as string;
    if (k !== kb[i] || (a as Record<string, unknown>)[k] !== (b as Record<string, unknown>)[k]) return false;
  }
  return true;
}

/**
 * `obj`, or the object kept under `key` when it has the same keys and values (shallow): many
 * stored objects then share one (an Event's `involvedObject`, the same for each Event about a
 * pod). Only for objects nobody changes once stored.
 */
export function shareEqual<T extends object>(memo: Map<string, T>, key: string, obj: T): T {
  const got = memo.get(key);
  if (got !== undefined && (got === obj || sameShallow(got, obj))) return got;
  if (memo.size >= INTERN_MAX) memo.clear();
  memo.set(key, obj);
  return obj;
}
