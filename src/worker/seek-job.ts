/**
 * A seek carried out in slices. At 5,000 nodes a seek replays up to tens of simulated minutes from
 * a checkpoint (seconds per simulated minute): done in one go, the worker heard nothing for minutes,
 * a seek aimed at the wrong moment had to run to its end, and the next one waited behind it. A job
 * replays a slice at a time (`SLICE_MS` of wall time) and lets the messages waiting in between run:
 * a new seek changes the job's target (going on from where the replay is when the new target lies
 * ahead, restoring a checkpoint when it lies behind), and `cancelSeek` stops it where it is, a
 * moment of the same run like any other. A seek that fits in a slice (any small cluster) is over
 * before the worker reads its next message, as it always was.
 */
import type { FromWorker } from './protocol';
import type { SimRunner } from './runner';

/** Wall time a slice of replay takes before the worker reads its messages again. */
export const SLICE_MS = 200;

/** What the job needs from the worker around it (sim.worker.ts; a test's fakes). */
export interface SeekHost {
  post(msg: FromWorker): void;
  /** Runs `fn` once the messages waiting have been read (a macrotask). */
  later(fn: () => void): void;
  /** The job is over, the clock where it stopped: the lesson, the page's snapshot, the frame loop. */
  landed(): void;
  /** The engine threw: the worker reports it (a crash the page restarts from). */
  fail(err: unknown): void;
  /** Every seek counts as a long one (the test hook that slows seeks down), not only a dear cluster's. */
  long?: boolean;
}

/**
 * A big cluster's seek takes seconds to minutes: its target drawn from the run's history goes to
 * the page first (`seekPreview`, no overview when the history cannot tell), for the time it takes.
 */
export function postPreview(r: SimRunner, t: number, post: (msg: FromWorker) => void): void {
  const overview = r.previewAt(t);
  post(overview ? { type: 'seekPreview', at: t, overview } : { type: 'seekPreview', at: t });
}

export class SeekJob {
  /** Settles when the job is over (landed, stopped or failed): messages after the seek wait for it. */
  readonly over: Promise<void>;
  private settle!: () => void;
  private target: number;
  /** A target asked for since the last slice (the latest wins). */
  private next: number | undefined;
  private stopped = false;
  /** Landed, stopped or failed. */
  finished = false;

  constructor(
    private readonly r: SimRunner,
    t: number,
    private readonly host: SeekHost,
    private readonly sliceMs = SLICE_MS,
  ) {
    this.over = new Promise((resolve) => {
      this.settle = resolve;
    });
    this.target = t;
    this.next = t;
    this.slice();
  }

  /** Where the job is going now. */
  get goingTo(): number {
    return this.next ?? this.target;
  }

  /** A new seek while this one runs: it goes there instead, from where the replay is. */
  retarget(t: number): void {
    this.next = t;
  }

  /** Stop at the moment the replay has reached (after the slice under way). */
  stop(): void {
    this.stopped = true;
  }

  private progress(at: number, target: number, leftMs: number | undefined): void {
    const msg: FromWorker = { type: 'progress', at, target, phase: 'seek' };
    if (leftMs !== undefined) msg.leftMs = leftMs;
    this.host.post(msg);
  }

  private readonly slice = (): void => {
    const r = this.r;
    try {
      if (this.next !== undefined && !this.stopped) {
        const t = this.next;
        this.next = undefined;
        // Restoring a checkpoint alone takes seconds at 5,000 nodes: say where from at once, and
        // draw the moment gone to from the run's history meanwhile.
        if (r.lookAheadIsDear || this.host.long) {
          const from = r.seekFrom(t);
          this.progress(from, t, r.replayEstimate(from, t, from !== r.now));
          postPreview(r, t, this.host.post);
        }
        this.target = r.seekStart(t);
      }
      const there = r.seekToward(this.target, this.sliceMs);
      if (there && this.next !== undefined && !this.stopped) {
        this.host.later(this.slice);
        return;
      }
      if (!there && !this.stopped) {
        this.progress(r.now, this.target, r.replayEstimate(r.now, this.target));
        this.host.later(this.slice);
        return;
      }
      r.seekEnd();
      this.finished = true;
      this.host.landed();
    } catch (err) {
      this.finished = true;
      this.host.fail(err);
    }
    this.settle();
  };
}
