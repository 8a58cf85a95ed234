/**
 * Checkpoints for seeking: engine snapshots at simulated times, so a seek back restores the
 * nearest one at or before the target and replays from there. Their number is bounded: past the
 * budget, far-away checkpoints are thinned (every other one of the older half goes), so memory
 * does not grow with the length of a run while recent moments stay one short replay away.
 */
import type { SimSnapshot } from '../sim/runtime';

export interface Checkpoint {
  t: number;
  /** How many of the user's logged commands had run at `t`. */
  applied: number;
  snap: SimSnapshot;
}

/** A checkpoint every 30 s of simulated time bounds the replay work of a backward seek. */
export const CHECKPOINT_EVERY = 30_000;

export class CheckpointStore {
  private list: Checkpoint[] = [];

  /**
   * @param budget how many checkpoints to keep at most (the first one, t=0 of the run, always stays).
   */
  constructor(private budget = 240) {}

  get size(): number {
    return this.list.length;
  }

  get first(): Checkpoint | undefined {
    return this.list[0];
  }

  /** Times of the checkpoints kept, for tests and the bench. */
  times(): number[] {
    return this.list.map((c) => c.t);
  }

  setBudget(budget: number): void {
    this.budget = Math.max(8, budget);
    this.thin();
  }

  add(c: Checkpoint): void {
    const last = this.list[this.list.length - 1];
    if (last && last.t >= c.t) return;
    this.list.push(c);
    this.thin();
  }

  /** The latest checkpoint at or before `t` (the first one when none is). */
  atOrBefore(t: number): Checkpoint | undefined {
    let lo = 0;
    let hi = this.list.length - 1;
    let found = this.list[0];
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = this.list[mid] as Checkpoint;
      if (c.t <= t) {
        found = c;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /** A fork at `t`: checkpoints of the old future are dropped. */
  dropAfter(t: number): void {
    this.list = this.list.filter((c) => c.t <= t);
  }

  /**
   * Over budget: drop every other checkpoint of the older half (keeping the first). Spacing then
   * doubles far back and stays fine near the end, where a class scrubs most.
   */
  private thin(): void {
    if (this.list.length <= this.budget) return;
    const half = Math.floor(this.list.length / 2);
    const kept: Checkpoint[] = [];
    for (let i = 0; i < this.list.length; i++)
      if (i === 0 || i >= half || i % 2 === 0) kept.push(this.list[i] as Checkpoint);
    this.list = kept;
  }
}
