/**
 * A set of strings kept as SHARDS smaller sets (by a hash of the string), so that a snapshot
 * shares it in O(SHARDS) and a write after the snapshot copies one shard, ~1/32 of the set, not
 * all of it. For a derived index that travels with snapshots and holds big sets (the owner index:
 * a ReplicaSet or DaemonSet of 5,000 pods; copying such a set whole at the first write after every
 * checkpoint kept 4.5 MB per 30 s checkpoint of the 5,000-node zone failure alive,
 * bench/checkpoint-memory.ts). Iteration order is not insertion order: callers that let order
 * matter sort. A class, not plain data: a snapshot's Warmth that holds one survives no
 * `structuredClone` (nothing posts or stores a whole snapshot; the worker keeps them in memory).
 *
 * Why not a library: `immutable`'s Set allocates a new path of trie nodes on every write and
 * iterates through iterator objects; here a write is one native Set operation (plus one shard
 * copy after a snapshot) and iteration walks native Sets.
 */
export const SHARDS = 32;

/** FNV-1a over the string's UTF-16 units, folded to a shard. */
export function shardOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % SHARDS;
}

export class ShardedSet implements Iterable<string> {
  private readonly shards: (Set<string> | undefined)[];
  /** Which shards this set may write in place (made or copied since it was last shared). */
  private readonly own: boolean[];
  private count = 0;

  private constructor(shards: (Set<string> | undefined)[], count: number) {
    this.shards = shards;
    this.own = new Array<boolean>(SHARDS).fill(false);
    this.count = count;
  }

  static empty(): ShardedSet {
    return new ShardedSet(new Array<Set<string> | undefined>(SHARDS).fill(undefined), 0);
  }

  /** A copy that shares every shard with this set: from now on both copy a shard before writing it. */
  share(): ShardedSet {
    this.own.fill(false);
    return new ShardedSet(this.shards.slice(), this.count);
  }

  get size(): number {
    return this.count;
  }

  has(key: string): boolean {
    return this.shards[shardOf(key)]?.has(key) ?? false;
  }

  add(key: string): void {
    const i = shardOf(key);
    if (this.shards[i]?.has(key)) return;
    this.writable(i).add(key);
    this.count++;
  }

  delete(key: string): void {
    const i = shardOf(key);
    if (!this.shards[i]?.has(key)) return;
    this.writable(i).delete(key);
    this.count--;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (const s of this.shards) if (s) yield* s;
  }

  /** Calls `f` on each non-empty shard (a hot caller walks them with a plain loop, no generator). */
  eachShard(f: (keys: ReadonlySet<string>) => void): void {
    for (const s of this.shards) if (s && s.size > 0) f(s);
  }

  /** True when the two hold the very same shards (tests: a set shared, not rebuilt). */
  sharesAllShardsWith(other: ShardedSet): boolean {
    return this.shards.every((s, i) => s === other.shards[i]);
  }

  private writable(i: number): Set<string> {
    const s = this.shards[i];
    if (s && this.own[i]) return s;
    const mine = new Set(s);
    this.shards[i] = mine;
    this.own[i] = true;
    return mine;
  }
}
