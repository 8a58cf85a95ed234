/**
 * A host's journal as the state keeps it: its newest entries (at most `keep` + `slack`, the oldest
 * cut first), each as its time and its body (core/state.ts `JournalBody`), in chunks of
 * JOURNAL_CHUNK.
 *
 * - Every chunk but the tail is full, frozen and shared by every copy; the tail and the list of
 *   chunks are copied on write (core/copy-on-write.ts), so the first entry after a checkpoint
 *   copies at most JOURNAL_CHUNK times and bodies and a list of ~17 chunks, not the whole journal.
 *   A 5,000-node zone outage writes to ~1,750 full journals (500 entries) between two checkpoints:
 *   copied whole, the hosts part of each checkpoint was 15.0 MB; in chunks 5.2 MB
 *   (bench/checkpoint-memory.ts, checkpoints 30 s apart).
 * - A body equal to one of the last few is that one (`appendJournal` looks back SHARE_BACK): a
 *   failing kubelet repeats a few messages in turn, so an entry costs its time and a
 *   reference (~16 bytes) instead of a record of six fields (~72 bytes). A checkpoint kept while
 *   the run goes on holds the entries the live journal has cut since: the hosts part of a
 *   5,000-node checkpoint kept 10 minutes went from 55.5 to 41.6 MB with shared bodies.
 *
 * Plain data: a `structuredClone` of it is a complete copy. Entry `i` counts from the oldest kept.
 */
import type { CopyOnWrite } from './copy-on-write';
import type { JournalBody, JournalLine } from './state';

/** Entries per chunk. */
export const JOURNAL_CHUNK = 32;

/**
 * How far back an entry looks for an equal body to share. A kubelet cut off from the API writes
 * its lease failure, its node status retries and "Unable to update node status" in a cycle of
 * about 15 entries: 8 found ~25% of them (86 body objects for 17 distinct lines in 30 minutes,
 * host/journal.test.ts), 32 all of them.
 */
const SHARE_BACK = 32;

/** Entries in order: `at[i]` is when `body[i]` was written. */
export interface JournalChunk {
  readonly at: readonly number[];
  readonly body: readonly JournalBody[];
}

export interface JournalLog {
  /** Full chunks of JOURNAL_CHUNK entries, oldest first, frozen. */
  readonly chunks: readonly JournalChunk[];
  /** Entries already cut from the front of the first chunk (of the tail when there is no chunk). */
  readonly start: number;
  /** The newest entries, fewer than JOURNAL_CHUNK. */
  readonly tail: JournalChunk;
  /** Entries ever written: a pass that wrote one changed it (kubelet/quiet-sync.ts). */
  readonly written: number;
}

export function emptyJournal(): JournalLog {
  return { chunks: [], start: 0, tail: { at: [], body: [] }, written: 0 };
}

/** Entries kept. */
export function journalLength(j: JournalLog): number {
  return j.chunks.length * JOURNAL_CHUNK + j.tail.at.length - j.start;
}

/** The chunk and index within it of entry `i`, or undefined past the ends. */
function locate(j: JournalLog, i: number): [JournalChunk, number] | undefined {
  if (i < 0) return undefined;
  const at = i + j.start;
  const full = j.chunks.length * JOURNAL_CHUNK;
  if (at < full) return [j.chunks[Math.floor(at / JOURNAL_CHUNK)] as JournalChunk, at % JOURNAL_CHUNK];
  return at - full < j.tail.at.length ? [j.tail, at - full] : undefined;
}

/** The body of entry `i` (0: the oldest kept), shared: no record is built. */
export function journalBody(j: JournalLog, i: number): JournalBody | undefined {
  const c = locate(j, i);
  return c ? c[0].body[c[1]] : undefined;
}

/** Entry `i` (0: the oldest kept) as a line, or undefined past the ends. */
export function journalLine(j: JournalLog, i: number): JournalLine | undefined {
  const c = locate(j, i);
  if (!c) return undefined;
  return { t: c[0].at[c[1]] as number, ...(c[0].body[c[1]] as JournalBody) } as JournalLine;
}

/** Every entry kept, oldest first (for tests and whole reads). */
export function journalEntries(j: JournalLog): JournalLine[] {
  const out: JournalLine[] = [];
  const n = journalLength(j);
  for (let i = 0; i < n; i++) out.push(journalLine(j, i) as JournalLine);
  return out;
}

function sameBody(a: JournalBody, b: JournalBody): boolean {
  if (a === b) return true;
  if (a.unit !== b.unit) return false;
  if ('msg' in a)
    return 'msg' in b && a.msg === b.msg && a.pid === b.pid && a.severity === b.severity && a.fileLine === b.fileLine;
  if ('text' in a) return 'text' in b && a.text === b.text && a.ident === b.ident;
  return 'boot' in b && a.boot === b.boot;
}

/** `body`, or an equal one among the last SHARE_BACK entries (kept once, shared). */
function sharedBody(j: JournalLog, body: JournalBody): JournalBody {
  const n = journalLength(j);
  for (let i = n - 1, stop = Math.max(0, n - SHARE_BACK); i >= stop; i--) {
    const seen = journalBody(j, i) as JournalBody;
    if (sameBody(seen, body)) return seen;
  }
  return body;
}

/**
 * Appends an entry written at `t` to `owner.journal` (the owner is the live state's own, as a host
 * always is) and cuts the oldest entries down to `keep` once more than `keep` + `slack` are kept.
 */
export function appendJournal(
  cow: CopyOnWrite,
  owner: { journal: JournalLog },
  t: number,
  body: JournalBody,
  keep: number,
  slack: number,
): void {
  const shared = sharedBody(owner.journal, body);
  const j = cow.field(owner, 'journal');
  const tail = cow.field(j, 'tail');
  cow.field(tail, 'at').push(t);
  cow.field(tail, 'body').push(shared);
  j.written++;
  if (tail.at.length === JOURNAL_CHUNK) {
    Object.freeze(tail.at);
    Object.freeze(tail.body);
    cow.field(j, 'chunks').push(Object.freeze(tail));
    j.tail = cow.adopt({ at: cow.adopt([]), body: cow.adopt([]) });
  }
  const length = journalLength(j);
  if (length <= keep + slack) return;
  j.start += length - keep;
  if (j.start < JOURNAL_CHUNK || j.chunks.length === 0) return;
  const drop = Math.min(j.chunks.length, Math.floor(j.start / JOURNAL_CHUNK));
  j.chunks = cow.adopt(j.chunks.slice(drop));
  j.start -= drop * JOURNAL_CHUNK;
}
