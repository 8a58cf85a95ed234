/**
 * When stored Events expire: kube-apiserver's `--event-ttl` (default 1h, profile `eventTTL`).
 *
 * Upstream the Event registry gives every write, create and update alike, the same TTL
 * (kk `pkg/registry/core/event/storage/storage.go`: `TTLFunc` returns `ttl` whatever `update`
 * says), and etcd deletes the key when the lease attached by that write runs out. So an Event
 * lives until its last write plus the TTL: a repeat aggregated into it (count + 1) gives it
 * another hour. Here it is deleted at exactly last write + TTL, before anything else happens at
 * that instant. (The real deletion is a little later: the apiserver's lease manager reuses one
 * lease for writes close together and asks etcd for `ttl + min(5 % of ttl, 60 s)`, kk
 * `staging/src/k8s.io/apiserver/pkg/storage/etcd3/lease_manager.go` `GetLease`, so a real Event
 * goes between 1h and 1h1m after its last write; the engine takes the lower bound.)
 *
 * Derived data, not state: a queue of the Event writes in write order (write times never go back),
 * each with the resourceVersion it gave the Event. An entry whose Event was written again since
 * (another resourceVersion) or removed is skipped: a later entry holds its last write.
 */
import type { KubeEvent } from '../api/types';

/** The queue as plain arrays (a snapshot's copy), oldest write first. */
export interface EventWrites {
  readonly at: readonly number[];
  readonly rv: readonly number[];
  readonly keys: readonly string[];
}

export class EventExpiry {
  private at: number[] = [];
  private rv: number[] = [];
  private keys: string[] = [];
  private head = 0;

  /** The Event at `key` was written at `at` (no earlier than the previous write) with resourceVersion `rv`. */
  written(key: string, at: number, rv: number): void {
    this.at.push(at);
    this.rv.push(rv);
    this.keys.push(key);
  }

  /** Time of the oldest write still queued (+Infinity when none). */
  oldest(): number {
    return this.head < this.at.length ? (this.at[this.head] as number) : Number.POSITIVE_INFINITY;
  }

  /**
   * Take the writes made at or before `cutoff`, oldest first, calling `expire(key)` for each whose
   * Event in `events` still carries that write (same resourceVersion).
   */
  take(
    cutoff: number,
    events: Readonly<Record<string, KubeEvent>>,
    expire: (key: string, ev: KubeEvent) => void,
  ): void {
    const { at, rv, keys } = this;
    let i = this.head;
    while (i < at.length && (at[i] as number) <= cutoff) {
      const key = keys[i] as string;
      const ev = events[key];
      if (ev && ev.metadata.resourceVersion === rv[i]) expire(key, ev);
      i++;
    }
    this.head = i;
    // Drop the taken part once it is most of the arrays (amortised O(1) a write).
    if (i > 4096 && i * 2 > at.length) {
      this.at = at.slice(i);
      this.rv = rv.slice(i);
      this.keys = keys.slice(i);
      this.head = 0;
    }
  }

  /** A copy of the queued writes. */
  export(): EventWrites {
    const h = this.head;
    return { at: this.at.slice(h), rv: this.rv.slice(h), keys: this.keys.slice(h) };
  }

  /** A queue holding a copy of `w`. */
  static from(w: EventWrites): EventExpiry {
    const q = new EventExpiry();
    q.at = w.at.slice();
    q.rv = w.rv.slice();
    q.keys = w.keys.slice();
    return q;
  }

  /**
   * The queue rebuilt from the stored Events: their last writes in resourceVersion order (the
   * order they were made in), each at its `lastTimestamp` (the engine writes an Event at its
   * lastTimestamp).
   */
  static ofStore(events: Readonly<Record<string, KubeEvent>>): EventExpiry {
    const list = Object.entries(events).sort((a, b) => a[1].metadata.resourceVersion - b[1].metadata.resourceVersion);
    const q = new EventExpiry();
    for (const [k, ev] of list) q.written(k, ev.lastTimestamp, ev.metadata.resourceVersion);
    return q;
  }
}
