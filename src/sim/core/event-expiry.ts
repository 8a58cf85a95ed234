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
 * (another resourceVersion) or removed is skipped: a later entry holds its last write. The queue
 * is kept in chunks of CHUNK writes, never changed once full, so a snapshot's copy shares them
 * with the live queue and with the previous snapshots (a big cluster writes a million Events an
 * hour; the worker snapshots every 30 simulated seconds).
 */
import type { KubeEvent } from '../api/types';

const CHUNK = 4096;

/** Writes: parallel arrays, oldest first. */
interface Writes {
  at: number[];
  rv: number[];
  keys: string[];
}

/** The queue as plain data (a snapshot's copy): full chunks shared, never changed, and the tail. */
export interface EventWrites {
  readonly chunks: readonly Readonly<Writes>[];
  readonly tail: Readonly<Writes>;
  /** The first write not yet taken, in `chunks[0]` (or in `tail` when there are no chunks). */
  readonly head: number;
}

const empty = (): Writes => ({ at: [], rv: [], keys: [] });
const copy = (w: Readonly<Writes>): Writes => ({ at: w.at.slice(), rv: w.rv.slice(), keys: w.keys.slice() });

export class EventExpiry {
  private chunks: Readonly<Writes>[] = [];
  private tail: Writes = empty();
  private head = 0;

  /** The Event at `key` was written at `at` (no earlier than the previous write) with resourceVersion `rv`. */
  written(key: string, at: number, rv: number): void {
    const t = this.tail;
    t.at.push(at);
    t.rv.push(rv);
    t.keys.push(key);
    if (t.at.length === CHUNK) {
      this.chunks.push(t);
      this.tail = empty();
    }
  }

  /** Time of the oldest write still queued (+Infinity when none). */
  oldest(): number {
    const first = this.chunks[0] ?? this.tail;
    return this.head < first.at.length ? (first.at[this.head] as number) : Number.POSITIVE_INFINITY;
  }

  /**
   * Take the writes made at or before `cutoff`, oldest first, calling `expire(key, ev)` for each
   * whose Event in `events` still carries that write (same resourceVersion).
   */
  take(
    cutoff: number,
    events: Readonly<Record<string, KubeEvent>>,
    expire: (key: string, ev: KubeEvent) => void,
  ): void {
    for (;;) {
      const first = this.chunks[0] ?? this.tail;
      const { at, rv, keys } = first;
      let i = this.head;
      while (i < at.length && (at[i] as number) <= cutoff) {
        const key = keys[i] as string;
        const ev = events[key];
        if (ev && ev.metadata.resourceVersion === rv[i]) expire(key, ev);
        i++;
      }
      if (i < at.length || first === this.tail) {
        this.head = i;
        return;
      }
      // A full chunk all taken: the next one (or the tail) starts at its beginning.
      this.chunks.shift();
      this.head = 0;
    }
  }

  /** A copy of the queue, sharing its full chunks. */
  export(): EventWrites {
    return { chunks: this.chunks.slice(), tail: copy(this.tail), head: this.head };
  }

  /** A queue holding a copy of `w` (full chunks shared: never changed). */
  static from(w: EventWrites): EventExpiry {
    const q = new EventExpiry();
    q.chunks = w.chunks.slice();
    q.tail = copy(w.tail);
    q.head = w.head;
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
