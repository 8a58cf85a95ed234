/**
 * A map from strings kept as SHARDS smaller maps, shared by a snapshot in O(SHARDS) and copied a
 * shard at a time after it: the string-keyed sibling of core/sharded-set.ts, for a derived table
 * a snapshot carries and the run writes all the time (the pod-write and sync-request stamps,
 * core/change-counters.ts: at 5,000 nodes copying both whole took ~2.5 ms of every checkpoint).
 * Lookups and writes only: no iteration, so the shard order never shows.
 */
import { SHARDS, shardOf } from './sharded-set';

export class ShardedMap<V> {
  private readonly shards: (Map<string, V> | undefined)[];
  /** Which shards this map may write in place (made or copied since it was last shared). */
  private readonly own: boolean[];

  constructor(shards?: (Map<string, V> | undefined)[]) {
    this.shards = shards ?? new Array<Map<string, V> | undefined>(SHARDS).fill(undefined);
    this.own = new Array<boolean>(SHARDS).fill(false);
  }

  /** A copy that shares every shard with this map: from now on both copy a shard before writing it. */
  share(): ShardedMap<V> {
    this.own.fill(false);
    return new ShardedMap(this.shards.slice());
  }

  get(key: string): V | undefined {
    return this.shards[shardOf(key)]?.get(key);
  }

  set(key: string, value: V): void {
    const i = shardOf(key);
    let s = this.shards[i];
    if (!s || !this.own[i]) {
      s = new Map(s);
      this.shards[i] = s;
      this.own[i] = true;
    }
    s.set(key, value);
  }
}
