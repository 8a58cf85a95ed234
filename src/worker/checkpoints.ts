/**
 * Checkpoints for seeking: engine snapshots at simulated times, so a seek back restores the
 * nearest one at or before the target and replays from there. Their number is bounded by a
 * memory budget (a snapshot of a big cluster is megabytes): past it, every other checkpoint but
 * the first and the most recent ones goes, so spacing doubles evenly over the run (a seek anywhere
 * replays at most one spacing), memory does not grow with the length of a run, and the moments
 * just played stay one short replay away.
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

/** A snapshot this cheap (wall ms) is taken at every 30 s boundary, as it always was. */
export const CHEAP_SNAPSHOT_MS = 50;
/** Otherwise the next one waits until replaying from the last would cost this many snapshots. */
export const REPLAY_PER_SNAPSHOT = 2;

/**
 * Is a checkpoint due at this 30 s boundary? A small cluster's snapshot costs a few ms: every
 * boundary, as always. A big one's costs seconds (1,000 nodes: ~1 s, against ~0.1 s for the engine
 * to play those 30 s): taking it every 30 s made the worker spend over 90 % of its time copying.
 * Then the next checkpoint waits until the engine has spent REPLAY_PER_SNAPSHOT times the last
 * snapshot's cost advancing, so snapshots take at most about a third of the time, and a seek
 * replays at most about that long: its cost stays a few snapshots' worth. Which checkpoints are kept
 * changes nothing a run shows (a seek replays the same inputs to the same state), so deciding
 * this by wall time is safe.
 */
export function checkpointDue(
  lastSnapshotMs: number,
  advancedMsSince: number,
  playing?: { simMsSince: number },
): boolean {
  if (lastSnapshotMs <= CHEAP_SNAPSHOT_MS) return true;
  if (advancedMsSince < REPLAY_PER_SNAPSHOT * lastSnapshotMs) return false;
  return !playing || lastSnapshotMs <= FREEZE_MS || playing.simMsSince >= PLAYING_SPACING;
}

/**
 * A snapshot costing more than this (wall ms) stops the clock on screen while it is taken (5,000
 * nodes: 2-3 s). While the clock plays, such a checkpoint also waits for PLAYING_SPACING of
 * simulated time since the previous one: at 10x the 2x rule alone froze the clock every 15-40 s
 * of play; with it, once a wall minute. The rest are taken when the clock stops (restCheckpoint).
 */
export const FREEZE_MS = 1000;
export const PLAYING_SPACING = 10 * 60_000;

/**
 * Is a checkpoint worth taking now that the clock stands still (paused by the user, a lesson, a
 * chapter, the end)? Only a dear one waits for this, and only once the engine has played at least
 * as long as the snapshot costs since the previous one: the time is spent while nobody watches the
 * clock, and a seek back to the moment a class paused at restores it without replaying.
 */
export function restCheckpointDue(lastSnapshotMs: number, advancedMsSince: number): boolean {
  return lastSnapshotMs > FREEZE_MS && advancedMsSince >= lastSnapshotMs;
}

/** Memory the checkpoints of one run may take, in bytes (estimated, see budgetFor). */
export const CHECKPOINT_MEMORY = 250 * 1024 * 1024;
/** The most recent checkpoints are never thinned. */
const KEEP_RECENT = 8;

/**
 * How many checkpoints fit the memory budget for a cluster of this size: a snapshot costs about
 * BYTES_PER_ENTRY per pod and per container beyond what it shares with the previous one (API
 * objects and histories in shared pages, core/store-record.ts; what changed in the hosts),
 * plus a fixed part. Between MIN_CHECKPOINTS and MAX_CHECKPOINTS (4 and 40). (Before the chunks a snapshot copied every kind written
 * since the previous one, ~0.7 KB per pod and container: a 5,000-node run could keep 4.)
 */
export function budgetFor(pods: number, containers: number): number {
  const bytes = BYTES_PER_ENTRY * (pods + containers) + 50_000;
  return Math.max(MIN_CHECKPOINTS, Math.min(MAX_CHECKPOINTS, Math.floor(CHECKPOINT_MEMORY / bytes)));
}

/**
 * A checkpoint's own memory per pod and per container. Checkpoints 30 s apart share most pages
 * (5,000 nodes: ~2 MB of Events, ~18 MB of hosts each, bench/checkpoint-parts.ts), but thinned
 * ones are far apart and share little: at 120 bytes a 5,000-node run kept 6 and reached 3.5 GB
 * after 2 simulated hours (+21 % in the second), against 3.3 GB with 4 before the chunks (its
 * seeks took 2.5–59 s instead of 170–260 s).
 */
export const BYTES_PER_ENTRY = 200;

/**
 * Never more than this: the 100-node worker run (4 simulated hours) reaches it within about 2
 * hours, so its memory is about flat in the last one. Thinned checkpoints grow apart and share
 * fewer chunks, so a count reached late still grows: at 60 the last hour grew 4.4-5.3 % (3 runs),
 * at 40 2.4-3.2 % with seeks up to 0.8 s (at 209 it kept 95 and grew 5.7 %).
 */
export const MAX_CHECKPOINTS = 40;

/** The first checkpoint (t=0 of the run) and the newest ones: never fewer than this. */
export const MIN_CHECKPOINTS = 4;

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

  /** The time of the latest checkpoint (the frontier of the checkpoints), or -Infinity. */
  get lastTime(): number {
    return this.list[this.list.length - 1]?.t ?? Number.NEGATIVE_INFINITY;
  }

  /** Times of the checkpoints kept, for tests and the bench. */
  times(): number[] {
    return this.list.map((c) => c.t);
  }

  setBudget(budget: number): void {
    this.budget = Math.max(MIN_CHECKPOINTS, budget);
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
   * Over budget: drop the older checkpoint whose neighbours are closest together, one at a time,
   * so the spacing stays even over the run and the count (and memory) stays at the budget.
   */
  private thin(): void {
    // A small budget (a big cluster) keeps fewer of the newest (a quarter, at least 2), so the
    // others spread over the run and a far seek does not replay most of it.
    const recent = Math.min(KEEP_RECENT, Math.max(2, Math.floor(this.budget / 4)));
    while (this.list.length > this.budget) {
      const last = this.list.length - recent;
      const drop = last === 3 ? this.oneSlotDrop() : this.closestNeighboursDrop(last);
      if (drop < 0) return;
      this.list.splice(drop, 1);
    }
  }

  /** The older checkpoint (index 1 to last - 1) whose neighbours are closest together. */
  private closestNeighboursDrop(last: number): number {
    let drop = -1;
    let gap = Number.POSITIVE_INFINITY;
    for (let i = 1; i < last; i++) {
      const g = (this.list[i + 1] as Checkpoint).t - (this.list[i - 1] as Checkpoint).t;
      if (g < gap) {
        gap = g;
        drop = i;
      }
    }
    return drop;
  }

  /**
   * One older checkpoint may stay between the first and the newest ones (a budget of 4: a
   * 5,000-node cluster), and two compete for it: the one kept (index 1) and the one just aged out of
   * the newest (index 2). The closest-neighbours rule always drops the newer (its neighbours are 30 s
   * closer), so the slot stayed at the run's second checkpoint: a 2-hour 5,000-node run kept 0, 1 min,
   * 119.5 and 120 min, and a seek to 100 min replayed 99 minutes (bench/memory-big.ts). Here the
   * newer takes the slot once it is twice as far from the first: the spacing doubles, and the slot
   * stays within the second half of what has aged out (at 2 hours: at 64 min).
   */
  private oneSlotDrop(): number {
    const [first, kept, aged] = this.list as [Checkpoint, Checkpoint, Checkpoint];
    return aged.t - first.t >= 2 * (kept.t - first.t) ? 1 : 2;
  }
}
