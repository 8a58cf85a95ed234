/**
 * Change counters of the API store (derived, not state), so that caches of derived data can tell
 * cheaply that their inputs did not change: pod writes per node, pods joining or leaving a node,
 * and keys created or removed per kind. They only ever grow, restores included, so a value seen
 * once is never seen again for different contents (caches also key on the state or record they
 * were computed from, which a restore replaces).
 */
import type { Kind } from './api-types';

function bump<K>(m: Map<K, number>, k: K): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

export class ChangeCounters {
  private readonly podWrites = new Map<string, number>();
  private readonly podMoves = new Map<string, number>();
  private readonly keys = new Map<Kind, number>();

  /** A pod bound to `before` and/or `after` (its old and new spec.nodeName) was written or removed. */
  podWritten(before: string | undefined, after: string | undefined): void {
    if (before) bump(this.podWrites, before);
    if (after && after !== before) bump(this.podWrites, after);
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
    return this.podWrites.get(node) ?? 0;
  }

  podMovesOn(node: string): number {
    return this.podMoves.get(node) ?? 0;
  }

  keysVersion(kind: Kind): number {
    return this.keys.get(kind) ?? 0;
  }
}
