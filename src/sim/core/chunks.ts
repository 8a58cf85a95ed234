/**
 * A record kept by a snapshot as a list of chunks of its entries, in its order, each
 * chunk shared with the previous snapshot's when it holds the same keys and values: a checkpoint
 * of a big cluster (5,000 nodes: ~150,000 Pods) costs the chunks written since the
 * previous one, not a copy of every entry.
 *
 * Where a chunk ends is decided by its last key alone (a cheap hash of the key), not by a
 * position: a key inserted or deleted changes only the chunk around it, and the chunks after it
 * are found again by their first key. A record built back from the chunks gets the keys in the
 * same order of insertion, so it enumerates exactly as the record copied (integer-like keys
 * included: the engine's records and their rebuilt copies follow the same rules).
 */
import { dict } from './dict';

/** Records have string keys; number keys (a Map's) are supported too, though no snapshot part uses them now. */
export type ChunkKey = string | number;

export interface Chunk<V, K extends ChunkKey = string> {
  readonly keys: readonly K[];
  readonly values: readonly V[];
}

/** A record's entries in order, cut in chunks (never changed once made: snapshots share them). */
export type Chunks<V, K extends ChunkKey = string> = readonly Chunk<V, K>[];

/** Entries per chunk on average (one key in 32 ends a chunk), and at most. */
const AVERAGE_MASK = 31;
const MAX_CHUNK = 256;

/** Does a chunk end after this key? A hash of a number, or of a string's length and last 8 characters. */
function endsChunk(key: ChunkKey): boolean {
  let h: number;
  if (typeof key === 'number') h = Math.imul(key | 0, 0x9e3779b1) ^ Math.imul((key / 4294967296) | 0, 0x85ebca6b);
  else {
    h = Math.imul(key.length, 0x9e3779b1);
    for (let i = Math.max(0, key.length - 8); i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  }
  h ^= h >>> 15;
  return ((Math.imul(h, 0x2c1b3c6d) >>> 27) & AVERAGE_MASK) === 0;
}

/** The chunks of an earlier copy by their first key (made once per chunk list, when first shared with). */
const byFirstKey = new WeakMap<object, Map<ChunkKey, unknown>>();

function indexOf<V, K extends ChunkKey>(chunks: Chunks<V, K>): Map<K, Chunk<V, K>> {
  let m = byFirstKey.get(chunks) as Map<K, Chunk<V, K>> | undefined;
  if (!m) {
    m = new Map();
    for (const c of chunks) if (c.keys.length) m.set(c.keys[0] as K, c);
    byFirstKey.set(chunks, m as Map<ChunkKey, unknown>);
  }
  return m;
}

/**
 * Builds the chunks of a record or Map given entry by entry in its order (`add`), sharing every
 * chunk of `prev` (an earlier result, never changed) that holds the same keys and values.
 * `keep(value, earlier)` gives the value to store, from the live value and the value the same key
 * has in the earlier chunk met at that place (if any): absent, the live value is stored (immutable
 * values); for mutable ones, `earlier` when equal, else a copy. `finish` returns `prev` itself when
 * nothing differs.
 */
export class ChunkBuilder<V, K extends ChunkKey = string> {
  private readonly index: Map<K, Chunk<V, K>> | undefined;
  private readonly out: Chunk<V, K>[] = [];
  private keys: K[] = [];
  private values: V[] = [];
  private cand: Chunk<V, K> | undefined;
  private same = false;
  /** Entries in chunks not shared with `prev` (what this copy costs). */
  fresh = 0;

  constructor(
    private readonly prev?: Chunks<V, K>,
    private readonly keep?: (value: V, earlier: V | undefined) => V,
  ) {
    this.index = prev?.length ? indexOf(prev) : undefined;
  }

  add(k: K, live: V): void {
    const pos = this.keys.length;
    if (pos === 0) {
      this.cand = this.index?.get(k);
      this.same = this.cand !== undefined;
    }
    const cand = this.cand;
    let earlier: V | undefined;
    if (cand) {
      if (cand.keys[pos] === k) earlier = cand.values[pos];
      else {
        this.same = false;
        if (this.keep) {
          const i = cand.keys.indexOf(k);
          if (i >= 0) earlier = cand.values[i];
        }
      }
    }
    const v = this.keep ? this.keep(live, earlier) : live;
    if (this.same && v !== earlier) this.same = false;
    this.keys.push(k);
    this.values.push(v);
    if (this.keys.length >= MAX_CHUNK || endsChunk(k)) this.flush();
  }

  private flush(): void {
    const cand = this.cand;
    if (this.same && cand && this.keys.length === cand.keys.length) this.out.push(cand);
    else {
      this.out.push({ keys: this.keys, values: this.values });
      this.fresh += this.keys.length;
    }
    this.keys = [];
    this.values = [];
    this.cand = undefined;
  }

  finish(): Chunks<V, K> {
    if (this.keys.length) this.flush();
    const { out, prev } = this;
    if (prev && prev.length === out.length && out.every((c, i) => c === prev[i])) return prev;
    return out;
  }
}

/** A record's chunks (see ChunkBuilder), sharing `prev`'s equal chunks. */
export function chunksOfRecord<V>(
  rec: Readonly<Record<string, V>>,
  prev?: Chunks<V>,
  keep?: (value: V, earlier: V | undefined) => V,
): Chunks<V> {
  const b = new ChunkBuilder(prev, keep);
  for (const k in rec) b.add(k, rec[k] as V);
  return b.finish();
}

/** The record the chunks were made from (prototype-free), with `copy` applied to each value. */
export function recordOfChunks<V>(chunks: Chunks<V>, copy?: (v: V) => V): Record<string, V> {
  const out = dict<V>();
  for (const { keys, values } of chunks)
    for (let i = 0; i < keys.length; i++) out[keys[i] as string] = copy ? copy(values[i] as V) : (values[i] as V);
  return out;
}

/** The record the chunks were made from (as recordOfChunks) and a Map of the same entries in the same order. */
export function recordAndMapOfChunks<V>(chunks: Chunks<V>): { record: Record<string, V>; map: Map<string, V> } {
  const record = dict<V>();
  const map = new Map<string, V>();
  for (const { keys, values } of chunks)
    for (let i = 0; i < keys.length; i++) {
      record[keys[i] as string] = values[i] as V;
      map.set(keys[i] as string, values[i] as V);
    }
  return { record, map };
}

/** How many entries the chunks hold. */
export function chunkedSize(chunks: Chunks<unknown, ChunkKey>): number {
  let n = 0;
  for (const c of chunks) n += c.keys.length;
  return n;
}
