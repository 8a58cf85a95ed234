/**
 * Change counters of the API store (derived, not state), so that caches of derived data can tell
 * cheaply that their inputs did not change: pod writes per node, pods joining or leaving a node,
 * and keys created or removed per kind.
 *
 * Pod writes per node are stamps: each write takes the next value of a clock that only grows,
 * restores included, so a stamp names one history of the node's pods. A snapshot carries the
 * stamps (`exportPodWrites`) and a restore puts them back, so a cache keyed on them holds across
 * restores: an entry made before the snapshot, or after it with nothing written on the node
 * since, matches the restored node; one made on a later write never matches again (its stamp is
 * never handed out twice). The other counters only ever grow, restores included, so a value seen
 * once is never seen again for different contents (their caches also key on the state or record
 * they were computed from, which a restore replaces).
 */
import type { Kind } from './api-types';

function bump<K>(m: Map<K, number>, k: K): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

/** The pod-write stamps of a state, as a snapshot carries them. */
export interface PodWriteStamps {
  readonly byNode: ReadonlyMap<string, number>;
  /** The stamp of every node absent from `byNode`. */
  readonly base: number;
  /** The counters that handed them out: another engine's (or a copy's) are not trusted. */
  readonly owner: object;
}

export class ChangeCounters {
  /** The last stamp handed out. */
  private clock = 0;
  private podWrites = new Map<string, number>();
  private podWritesBase = 0;
  private readonly podMoves = new Map<string, number>();
  private readonly keys = new Map<Kind, number>();
  private readonly token = {};

  /** A pod bound to `before` and/or `after` (its old and new spec.nodeName) was written or removed. */
  podWritten(before: string | undefined, after: string | undefined): void {
    if (before) this.podWrites.set(before, ++this.clock);
    if (after && after !== before) this.podWrites.set(after, ++this.clock);
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
    return this.podWrites.get(node) ?? this.podWritesBase;
  }

  /** The stamps of the state as it stands (O(nodes)). */
  exportPodWrites(): PodWriteStamps {
    return { byNode: new Map(this.podWrites), base: this.podWritesBase, owner: this.token };
  }

  /**
   * The stamps of the state now put in place: `s`, exported by these counters with it, or none
   * (a state from elsewhere): then every node gets a stamp never handed out, which no cache holds.
   */
  importPodWrites(s: PodWriteStamps | undefined): void {
    if (s && s.owner === this.token) {
      this.podWrites = new Map(s.byNode);
      this.podWritesBase = s.base;
      return;
    }
    this.podWrites = new Map();
    this.podWritesBase = ++this.clock;
  }

  podMovesOn(node: string): number {
    return this.podMoves.get(node) ?? 0;
  }

  keysVersion(kind: Kind): number {
    return this.keys.get(kind) ?? 0;
  }
}
