/**
 * Which timers of some kinds are pending, by kind, target and generation: `Engine.timerPending`
 * answers "is a wake-up already queued for this process at this ms?" from the timer queue itself,
 * so a module need not keep its own record of what it queued (the kubelet's sync loop did: a record
 * in its memory written at every wake-up, which made every kubelet's memory a new copy at every
 * checkpoint of a big run; core/copy-on-write.ts `touch`).
 *
 * Derived from `SimState.timers` alone: the engine keeps it up to date as it queues and runs
 * timers, and builds it again from the queue for another state (a restore), so it is never part
 * of a snapshot. Only the kinds a module names in `SimModule.pendingTimers` are indexed.
 */
import type { Timer } from './heap';

export class PendingTimers {
  /** By target, the queued timers of the indexed kinds (a few at most): no key to build per query. */
  private readonly byTarget = new Map<string, Timer[]>();

  constructor(readonly kinds: ReadonlySet<string>) {}

  /** The index of `timers` (a whole queue). */
  static of(kinds: ReadonlySet<string>, timers: readonly Timer[]): PendingTimers {
    const p = new PendingTimers(kinds);
    for (const t of timers) p.queued(t);
    return p;
  }

  queued(t: Timer): void {
    if (!this.kinds.has(t.kind)) return;
    const list = this.byTarget.get(t.target);
    if (list) list.push(t);
    else this.byTarget.set(t.target, [t]);
  }

  ran(t: Timer): void {
    if (!this.kinds.has(t.kind)) return;
    const list = this.byTarget.get(t.target);
    const i = list ? list.indexOf(t) : -1;
    if (!list || i < 0) return;
    if (list.length === 1) this.byTarget.delete(t.target);
    else list.splice(i, 1);
  }

  /** A timer of `kind` for `target` and `gen` is queued at `at`. */
  has(kind: string, target: string, gen: number, at: number): boolean {
    const list = this.byTarget.get(target);
    if (!list) return false;
    for (const t of list) if (t.at === at && t.gen === gen && t.kind === kind) return true;
    return false;
  }

  /** A timer of `kind` for `target` and `gen` is queued after `from`, up to `to` included. */
  within(kind: string, target: string, gen: number, from: number, to: number): boolean {
    const list = this.byTarget.get(target);
    if (!list) return false;
    for (const t of list) if (t.at > from && t.at <= to && t.gen === gen && t.kind === kind) return true;
    return false;
  }
}
