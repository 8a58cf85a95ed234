/**
 * A host's journal as the state keeps it: its newest lines (at most `keep` + `slack`, the oldest
 * cut first) in chunks of JOURNAL_CHUNK. Every chunk but the tail is full, frozen and shared by
 * every copy; the tail and the list of chunks are copied on write (core/copy-on-write.ts), so the
 * first line after a checkpoint copies at most JOURNAL_CHUNK entries and a list of ~17 chunks,
 * not the whole journal. A 5,000-node zone outage writes to ~1,750 full journals (500 lines)
 * between two checkpoints: copied whole, they were ~7 MB of each checkpoint's own memory.
 *
 * Plain data: a `structuredClone` of it is a complete copy. Line `i` counts from the oldest kept.
 */
import type { CopyOnWrite } from './copy-on-write';
import type { JournalLine } from './state';

/** Lines per chunk. */
export const JOURNAL_CHUNK = 32;

export interface JournalLog {
  /** Full chunks of JOURNAL_CHUNK lines, oldest first, frozen. */
  readonly chunks: readonly (readonly JournalLine[])[];
  /** Lines already cut from the front of the first chunk (of the tail when there is no chunk). */
  readonly start: number;
  /** The newest lines, fewer than JOURNAL_CHUNK. */
  readonly tail: readonly JournalLine[];
}

export function emptyJournal(): JournalLog {
  return { chunks: [], start: 0, tail: [] };
}

/** Lines kept. */
export function journalLength(j: JournalLog): number {
  return j.chunks.length * JOURNAL_CHUNK + j.tail.length - j.start;
}

/** Line `i` (0: the oldest kept), or undefined past the ends. */
export function journalLine(j: JournalLog, i: number): JournalLine | undefined {
  if (i < 0) return undefined;
  const at = i + j.start;
  const full = j.chunks.length * JOURNAL_CHUNK;
  if (at < full) return j.chunks[Math.floor(at / JOURNAL_CHUNK)]?.[at % JOURNAL_CHUNK];
  return j.tail[at - full];
}

/** Every line kept, oldest first (for tests and whole reads). */
export function journalEntries(j: JournalLog): JournalLine[] {
  const out: JournalLine[] = [];
  const n = journalLength(j);
  for (let i = 0; i < n; i++) out.push(journalLine(j, i) as JournalLine);
  return out;
}

/**
 * Appends `line` to `owner.journal` (the owner is the live state's own, as a host always is) and
 * cuts the oldest lines down to `keep` once more than `keep` + `slack` are kept.
 */
export function appendJournal(
  cow: CopyOnWrite,
  owner: { journal: JournalLog },
  line: JournalLine,
  keep: number,
  slack: number,
): void {
  const j = cow.field(owner, 'journal');
  const tail = cow.field(j, 'tail');
  tail.push(line);
  if (tail.length === JOURNAL_CHUNK) {
    cow.field(j, 'chunks').push(Object.freeze(tail));
    j.tail = cow.adopt([]);
  }
  const length = journalLength(j);
  if (length <= keep + slack) return;
  j.start += length - keep;
  if (j.start < JOURNAL_CHUNK || j.chunks.length === 0) return;
  const drop = Math.min(j.chunks.length, Math.floor(j.start / JOURNAL_CHUNK));
  j.chunks = cow.adopt(j.chunks.slice(drop));
  j.start -= drop * JOURNAL_CHUNK;
}
