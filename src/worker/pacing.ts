/**
 * How far one animation frame of playing moves the clock: speed x the wall time since the last
 * frame, never past the scenario's end (Play stops there; pressed again, free play runs on), and
 * with "skip quiet time" a jump over a quiet stretch to just before the next visible change, which
 * then plays at the chosen speed (on a big cluster, where looking ahead is dear, a run on to the
 * change itself). A presenter may also ask to pause at every new chapter.
 */
import { QUIET_LEAD_MS, type SimRunner } from './runner';

/** Never advance more than this much simulated time per frame, so a frame stays short. */
export const MAX_SIM_PER_FRAME = 120_000;
/** In free play past the end, "skip quiet time" looks at most this far ahead. */
export const QUIET_JUMP_LIMIT = 10 * 60_000;

/**
 * With a lesson waiting for its step's event, a frame advances at most this much between two looks
 * at the lesson, so the clock stops within it of the event. A small cluster's frames are shorter
 * anyway (10x: ~160 ms); a big one falls behind and asks for seconds per frame (5,000 nodes: the
 * lesson's first stop came 16 s late).
 */
export const LESSON_CHECK_EVERY = 1000;

/** Chapters less than this apart (simulated) are one pause at chapters. */
export const CHAPTER_GROUP_MS = 3000;

/** Skip quiet time on a big cluster: simulated ms run at a time, and wall ms per frame at most. */
export const RUN_ON_STRETCH = 5_000;
export const RUN_ON_WALL_MS = 250;

/**
 * Skip quiet time where a look-ahead is dear (a snapshot and a restore: seconds at 5,000 nodes):
 * the clock runs on for real, a stretch at a time, and stops at the next visible change itself
 * (not QUIET_LEAD_MS before it), spending at most RUN_ON_WALL_MS per frame so the page keeps
 * seeing the clock move. True when the lesson paused the clock on the way.
 */
function runOnUntilChange(r: SimRunner, limit: number, changes: number, lessonCheck?: () => boolean): boolean {
  const started = performance.now();
  while (r.now < limit && r.changeCount === changes) {
    r.step(Math.min(limit, r.now + RUN_ON_STRETCH));
    if (lessonCheck?.()) return true;
    if (performance.now() - started >= RUN_ON_WALL_MS) break;
  }
  return false;
}

export interface FrameOptions {
  pauseAtChapters: boolean;
  /** Skip quiet time runs on instead of looking ahead (default: the runner's lookAheadIsDear). */
  dearLookAhead?: boolean;
  /** Looks at the lesson after the clock moved; true when it paused the clock. */
  lessonCheck?: () => boolean;
}

/** Plays one frame of `wallDelta` ms. Returns true when it paused the clock (end or chapter). */
export function advanceFrame(r: SimRunner, wallDelta: number, opts: FrameOptions): boolean {
  const end = r.clock.end;
  const bounded = r.now < end;
  const from = r.now;
  const dt = Math.min(MAX_SIM_PER_FRAME, Math.max(0, Math.round(wallDelta * r.clock.speed)));
  const changes = r.changeCount;
  let target = r.now + dt;
  if (bounded) target = Math.min(target, end);
  if (opts.lessonCheck) {
    while (r.now < target) {
      r.advance(Math.min(target, r.now + LESSON_CHECK_EVERY));
      if (opts.lessonCheck()) return true;
    }
  } else if (target > r.now) r.advance(target);
  if (r.clock.skipQuiet && r.changeCount === changes && (!bounded || r.now < end)) {
    const limit = bounded ? end : r.now + QUIET_JUMP_LIMIT;
    if (opts.dearLookAhead ?? r.lookAheadIsDear) {
      if (runOnUntilChange(r, limit, changes, opts.lessonCheck)) return true;
    } else {
      // Nothing happened this frame: jump to just before the next change (or to the end).
      const next = r.nextChangeAt(limit);
      // In free play past the end, a cluster with nothing left to happen just plays on.
      const to = next === undefined ? (bounded ? limit : r.now) : next - QUIET_LEAD_MS;
      if (to > r.now) r.advance(to);
    }
  }
  if (bounded && r.now >= end) {
    r.clock.playing = false;
    return true;
  }
  // A chapter passed in this frame (new, or one this future already showed before a rewind).
  if (opts.pauseAtChapters && r.chapters.some((c) => c.at > from && c.at <= r.now)) {
    if (holdChapterGroup(r, opts.lessonCheck)) return true;
    r.clock.playing = false;
    return true;
  }
  return false;
}

/**
 * Chapters that come close together (a kubelet starting, its node Ready, the taint gone and a pod
 * running again: four within five simulated seconds) are one stop: the clock plays on until
 * CHAPTER_GROUP_MS pass without another, so a presenter presses Play once, not four times in a
 * second. True when the lesson paused the clock on the way.
 */
function holdChapterGroup(r: SimRunner, lessonCheck?: () => boolean): boolean {
  const lastChapter = () => r.chapters.reduce((at, c) => (c.at <= r.now && c.at > at ? c.at : at), 0);
  let until = lastChapter() + CHAPTER_GROUP_MS;
  while (r.now < until && r.now < r.clock.end) {
    r.advance(Math.min(until, r.clock.end, r.now + LESSON_CHECK_EVERY));
    if (lessonCheck?.()) return true;
    until = lastChapter() + CHAPTER_GROUP_MS;
  }
  return false;
}
