/**
 * Change counters of the API store and of the hosts (derived, not state), so that caches of
 * derived data can tell cheaply that their inputs did not change: pod writes per node, pods
 * joining or leaving a node, keys created or removed per kind, and requests for a kubelet sync
 * pass per host.
 *
 * Pod writes per node and sync requests per host are stamps: each takes the next value of a clock
 * that only grows, restores included, so a stamp names one history of what it counts. A snapshot
 * carries the stamps (`exportStamps`) and a restore puts them back, so a cache keyed on them holds
 * across restores: an entry made before the snapshot, or after it with nothing counted since,
 * matches the restored state; one made after a later change never matches again (its stamp is
 * never handed out twice). The other counters only ever grow, restores included, so a value seen
 * once is never seen again for different contents (their caches also key on the state or record
 * they were computed from, which a restore replaces).
 */
import type { Kind } from './api-types';
import { ShardedMap } from './sharded-map';

function bump<K>(m: Map<K, number>, k: K): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

/** Stamps by key, and the stamp of every key absent. */
interface StampTable {
  /** Shared with the counters that exported it (a shard is copied before either writes it). */
  readonly byKey: ShardedMap<number>;
  readonly base: number;
}

/** The stamps of a state, as a snapshot carries them. */
export interface Stamps {
  /** Per node: the last write of a pod bound to it. */
  readonly podWrites: StampTable;
  /** Per host: the last request for a kubelet sync pass that may follow a change it cannot see. */
  readonly syncRequests: StampTable;
  /** The counters that handed them out: another engine's (or a copy's) are not trusted. */
  readonly owner: object;
}

/** Stamps by key from a shared clock; `base` is the stamp of every key not written since a reset. */
class StampMap {
  private byKey = new ShardedMap<number>();
  private base = 0;

  constructor(private readonly clock: { last: number }) {}

  stamp(key: string): void {
    this.byKey.set(key, ++this.clock.last);
  }

  on(key: string): number {
    return this.byKey.get(key) ?? this.base;
  }

  export(): StampTable {
    return { byKey: this.byKey.share(), base: this.base };
  }

  /** `t` put back, or (none) every key given a stamp never handed out. */
  import(t: StampTable | undefined): void {
    this.byKey = t ? t.byKey.share() : new ShardedMap();
    this.base = t ? t.base : ++this.clock.last;
  }
}

export class ChangeCounters {
  /** The last stamp handed out. */
  private readonly clock = { last: 0 };
  private readonly podWrites = new StampMap(this.clock);
  private readonly syncRequests = new StampMap(this.clock);
  private readonly podMoves = new Map<string, number>();
  private readonly keys = new Map<Kind, number>();
  private readonly token = {};

  /** A pod bound to `before` and/or `after` (its old and new spec.nodeName) was written or removed. */
  podWritten(before: string | undefined, after: string | undefined): void {
    if (before) this.podWrites.stamp(before);
    if (after && after !== before) this.podWrites.stamp(after);
  }

  /** A pod left `before` and/or joined `after`. */
  podMoved(before: string | undefined, after: string | undefined): void {
    if (before) bump(this.podMoves, before);
    if (after) bump(this.podMoves, after);
  }

  /** An object of `kind` was created or removed (or a whole state was put in place). */
  keysChanged(kind: Kind): void {
    bump(this.keys, kind);
  }

  podWritesOn(node: string): number {
    return this.podWrites.on(node);
  }

  /** Something the kubelet of `host` cannot see changed: it asked for a sync pass. */
  syncRequested(host: string): void {
    this.syncRequests.stamp(host);
  }

  syncRequestsOn(host: string): number {
    return this.syncRequests.on(host);
  }

  /** The stamps of the state as it stands (O(nodes)). */
  exportStamps(): Stamps {
    return { podWrites: this.podWrites.export(), syncRequests: this.syncRequests.export(), owner: this.token };
  }

  /**
   * The stamps of the state now put in place: `s`, exported by these counters with it, or none
   * (a state from elsewhere): then every key gets a stamp never handed out, which no cache holds.
   */
  importStamps(s: Stamps | undefined): void {
    const own = s?.owner === this.token ? s : undefined;
    this.podWrites.import(own?.podWrites);
    this.syncRequests.import(own?.syncRequests);
  }

  podMovesOn(node: string): number {
    return this.podMoves.get(node) ?? 0;
  }

  keysVersion(kind: Kind): number {
    return this.keys.get(kind) ?? 0;
  }
}
