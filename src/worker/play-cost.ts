/**
 * What replaying a stretch of the run will take: the wall time the engine took to play it the
 * first time, per stretch of SPAN simulated ms. The same inputs make the same work, so this is a
 * better guess than the run's average pace, which a quiet hour makes look fast: at 5,000 nodes a
 * seek back across a zone failure took 59 s while the average pace said 25 s.
 */
export class PlayCost {
  /** Wall ms per stretch `[i * span, (i + 1) * span)`, as far as `covered`. */
  private readonly cost: number[] = [];
  /** Simulated time up to which the first play was measured. */
  private covered = 0;

  constructor(private readonly span: number) {}

  /**
   * The engine advanced from `from` to `to` in `wallMs`: the part past what was measured already is
   * recorded (a replay is not), spread evenly over the simulated time it covers.
   */
  add(from: number, to: number, wallMs: number): void {
    if (to <= this.covered || to <= from) return;
    const start = Math.max(from, this.covered);
    const perMs = (wallMs * (to - start)) / (to - from) / (to - start);
    for (let t = start; t < to; ) {
      const i = Math.floor(t / this.span);
      const end = Math.min(to, (i + 1) * this.span);
      this.cost[i] = (this.cost[i] ?? 0) + perMs * (end - t);
      t = end;
    }
    this.covered = to;
  }

  /**
   * Wall ms to replay from `from` to `to`: what the first play of that stretch took, and for any
   * part not played yet, its length at `pace` (simulated ms per wall ms).
   */
  estimate(from: number, to: number, pace: number): number {
    let ms = 0;
    const played = Math.min(to, this.covered);
    for (let t = Math.max(0, from); t < played; ) {
      const i = Math.floor(t / this.span);
      const end = Math.min(played, (i + 1) * this.span);
      // The part of stretch i played so far (the last one may be partly played).
      const length = Math.min(this.covered, (i + 1) * this.span) - i * this.span;
      ms += ((this.cost[i] ?? 0) * (end - t)) / length;
      t = end;
    }
    const unplayed = to - Math.max(from, played);
    return unplayed > 0 ? ms + unplayed / pace : ms;
  }
}
