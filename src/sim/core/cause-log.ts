/**
 * The causes of a run ("Why?" walks them back to a command), kept as an append-only log in
 * chunks of CAUSE_CHUNK: every chunk but the last is full, frozen and never changed again, and the
 * last is the log's own. So a copy (a checkpoint, a restore) shares the full chunks and copies only
 * the last: O(chunks) instead of a copy of every cause of the run (~270,000 at 1,000 nodes after
 * 30 minutes, ~1.5 million at 5,000 nodes after an hour).
 *
 * Plain data, like the rest of the state: a `structuredClone` of it is a complete copy.
 * A cause's id is its position: `causeAt(log, id)`.
 */

/** One link of the causal chain behind a state: who did what, by which rule and constant. */
export interface Cause {
  id: number;
  at: number;
  actor: string;
  what: string;
  rule?: string;
  constant?: string;
  command?: string;
  /** For a command: who ran it, the scenario's timeline or the learner (not part of the trace). */
  by?: CommandBy;
  parents: number[];
}

/** Who ran a command: the scenario (its timeline) or the learner. */
export type CommandBy = 'scenario' | 'you';

/** Causes per chunk (a power of two: the chunk of an id is a shift away). */
export const CAUSE_CHUNK = 4096;
const SHIFT = 12;
const MASK = CAUSE_CHUNK - 1;

export interface CauseLog {
  /** Full chunks (frozen), then the last one, which may be full too. Never empty. */
  readonly chunks: readonly (readonly Cause[])[];
  /** Causes in the log: the next cause's id. */
  readonly length: number;
}

/** A log with no cause yet. */
export function emptyCauseLog(): CauseLog {
  return { chunks: [[]], length: 0 };
}

/** The cause of `id`, or undefined for an id the log does not hold (negative, past the end, not whole). */
export function causeAt(log: CauseLog, id: number): Cause | undefined {
  if (!(id >= 0 && id < log.length && (id | 0) === id)) return undefined;
  return log.chunks[id >>> SHIFT]?.[id & MASK];
}

/** Appends `c`, whose id must be `log.length` (the engine's `cause` makes it so). */
export function appendCause(log: CauseLog, c: Cause): void {
  const w = log as { chunks: Cause[][]; length: number };
  let last = w.chunks[w.chunks.length - 1] as Cause[];
  if (last.length === CAUSE_CHUNK) {
    // Full: from now on shared by every copy and never written, which the freeze makes sure of.
    Object.freeze(last);
    last = [];
    w.chunks.push(last);
  }
  last.push(c);
  w.length++;
}

/**
 * An independent copy of `log` (later appends to either never show in the other): the full chunks
 * shared, the last copied.
 */
export function copyCauseLog(log: CauseLog): CauseLog {
  const n = log.chunks.length;
  const chunks = log.chunks.slice(0, n - 1) as Cause[][];
  chunks.push((log.chunks[n - 1] as Cause[]).slice());
  return { chunks, length: log.length };
}

/** Every cause, oldest first (a new array: tests, and code that searches the whole log). */
export function allCauses(log: CauseLog): Cause[] {
  return log.chunks.flat();
}
