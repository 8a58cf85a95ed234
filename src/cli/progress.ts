/**
 * Progress of a long CLI run, on a terminal's stderr only (a pipe or a test gets nothing): a big
 * cluster (thousands of machines bought by the autoscaler, issue 27) can take a minute of engine
 * time, and silence would look like a hang. One line, rewritten in place, at most once a second
 * and only once the run has taken two seconds; cleared when the run ends.
 */
import { formatSimTime } from '../sim/index';

/** Writes the progress line (`undefined`: clear it). */
export type ProgressLine = (line: string | undefined) => void;

export const PROGRESS_AFTER_MS = 2000;
export const PROGRESS_EVERY_MS = 1000;

export class CliProgress {
  private readonly started: number;
  private last = Number.NEGATIVE_INFINITY;
  private shown = false;

  /** `now`: the wall clock in ms (performance.now); `until`: the simulated time the run goes to. */
  constructor(
    private readonly write: ProgressLine,
    private readonly now: () => number,
    private readonly until: number,
  ) {
    this.started = now();
  }

  /** The engine reached simulated time `at` (negative while the cluster starts). */
  at(at: number): void {
    const t = this.now();
    if (t - this.started < PROGRESS_AFTER_MS || t - this.last < PROGRESS_EVERY_MS) return;
    this.last = t;
    this.shown = true;
    const where =
      at < 0
        ? `the cluster is starting (${formatSimTime(at)})`
        : `${formatSimTime(at)} of ${formatSimTime(this.until)}`;
    this.write(`simulating: ${where}, ${Math.round((t - this.started) / 1000)}s so far`);
  }

  /** The run ended: the line goes. */
  done(): void {
    if (this.shown) this.write(undefined);
    this.shown = false;
  }
}
