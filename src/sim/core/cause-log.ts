/**
 * The causes of a run ("Why?" walks them back to a command), kept as an append-only log in
 * chunks of CAUSE_CHUNK: every chunk but the last is full, frozen and never changed again, and the
 * last is the log's own. So a copy (a checkpoint, a restore) shares the full chunks and copies only
 * the last: O(chunks) instead of a copy of every cause of the run (~330,000 at 1,000 nodes after
 * an hour, ~1.5 million at 5,000 nodes).
 *
 * A chunk keeps its causes in columns, not as a record each: the time in a Float64Array, the
 * description, the parents as a run of one shared Int32Array, and who/which rule/which constant as
 * a shared head record (`CauseHead`: a few thousand distinct ones in a big run, against a record
 * per cause). A record is built only when asked for (`causeAt`). Measured at 1,000 nodes after the
 * zone-failure hour (heap snapshot, 326,868 causes): as records, 69 bytes each plus 139,728
 * parent lists (10.8 MB) and out-of-object property arrays; in columns 28 bytes and 4 per parent.
 * Everything the log holds, descriptions included: 53.4 MB as records, 27.0 MB in columns.
 *
 * Plain data, like the rest of the state: a `structuredClone` of it is a complete copy.
 * A cause's id is its position: `causeAt(log, id)`.
 */
import { internRecord } from './intern';

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

/** What many causes share: who, by which rule and constant (frozen, shared between logs). */
export interface CauseHead {
  readonly actor: string;
  readonly rule?: string;
  readonly constant?: string;
  readonly command?: string;
  readonly by?: CommandBy;
}

/** Causes per chunk (a power of two: the chunk of an id is a shift away). */
export const CAUSE_CHUNK = 4096;
const SHIFT = 12;
const MASK = CAUSE_CHUNK - 1;

/** `length` causes in columns: cause `i` has parents `parents[i ? parentEnd[i - 1] : 0 .. parentEnd[i])`. */
export interface CauseChunk {
  readonly at: Float64Array;
  readonly head: CauseHead[];
  readonly what: string[];
  readonly parentEnd: Uint32Array;
  /** Grown by doubling; only its first `parentEnd[length - 1]` entries are used. */
  parents: Int32Array;
  length: number;
}

export interface CauseLog {
  /** Full chunks (frozen), then the last one, which may be full too. Never empty. */
  readonly chunks: readonly CauseChunk[];
  /** Causes in the log: the next cause's id. */
  readonly length: number;
}

function emptyChunk(): CauseChunk {
  return {
    at: new Float64Array(CAUSE_CHUNK),
    head: [],
    what: [],
    parentEnd: new Uint32Array(CAUSE_CHUNK),
    parents: new Int32Array(CAUSE_CHUNK),
    length: 0,
  };
}

/** A log with no cause yet. */
export function emptyCauseLog(): CauseLog {
  return { chunks: [emptyChunk()], length: 0 };
}

/** The cause of `id`, or undefined for an id the log does not hold (negative, past the end, not whole). */
export function causeAt(log: CauseLog, id: number): Cause | undefined {
  if (!(id >= 0 && id < log.length && (id | 0) === id)) return undefined;
  const c = log.chunks[id >>> SHIFT];
  if (!c) return undefined;
  const i = id & MASK;
  const h = c.head[i] as CauseHead;
  const from = i === 0 ? 0 : (c.parentEnd[i - 1] as number);
  const parents = Array.from(c.parents.subarray(from, c.parentEnd[i]));
  // The keys a record had when causes were kept as records: tests and views compare them whole.
  const out: Cause = { id, at: c.at[i] as number, actor: h.actor, what: c.what[i] as string, parents };
  if (h.rule) out.rule = h.rule;
  if (h.constant) out.constant = h.constant;
  if (h.command) out.command = h.command;
  if (h.by) out.by = h.by;
  return out;
}

/** The shared heads (core/intern.ts `internRecord`: frozen, bounded). */
const heads = new Map<string, CauseHead>();

/** The shared head for these fields (the longer key only for the rare extras). */
function headOf(c: Cause): CauseHead {
  const key =
    c.constant || c.command || c.by
      ? `${c.actor}\0${c.rule ?? ''}\0${c.constant ?? ''}\0${c.command ?? ''}\0${c.by ?? ''}`
      : c.rule
        ? `${c.actor}\0${c.rule}`
        : c.actor;
  return internRecord(heads, key, () => {
    const r: { -readonly [K in keyof CauseHead]: CauseHead[K] } = { actor: c.actor };
    if (c.rule) r.rule = c.rule;
    if (c.constant) r.constant = c.constant;
    if (c.command) r.command = c.command;
    if (c.by) r.by = c.by;
    return r;
  });
}

/** Appends `c`, whose id must be `log.length` (the engine's `cause` makes it so). */
export function appendCause(log: CauseLog, c: Cause): void {
  const w = log as { chunks: CauseChunk[]; length: number };
  let last = w.chunks[w.chunks.length - 1] as CauseChunk;
  if (last.length === CAUSE_CHUNK) {
    // Full: from now on shared by every copy and never written, which the freeze makes sure of
    // for its fields (a typed array's contents cannot be frozen; nothing writes a full chunk).
    Object.freeze(last.head);
    Object.freeze(last.what);
    Object.freeze(last);
    last = emptyChunk();
    w.chunks.push(last);
  }
  const i = last.length;
  const from = i === 0 ? 0 : (last.parentEnd[i - 1] as number);
  const end = from + c.parents.length;
  if (end > last.parents.length) {
    const grown = new Int32Array(Math.max(end, last.parents.length * 2));
    grown.set(last.parents.subarray(0, from));
    last.parents = grown;
  }
  for (let k = 0; k < c.parents.length; k++) last.parents[from + k] = c.parents[k] as number;
  last.parentEnd[i] = end;
  last.at[i] = c.at;
  last.head.push(headOf(c));
  last.what.push(c.what);
  last.length = i + 1;
  w.length++;
}

/** An own copy of a chunk that is still being written. */
function copyChunk(c: CauseChunk): CauseChunk {
  const used = c.length === 0 ? 0 : (c.parentEnd[c.length - 1] as number);
  const parents = new Int32Array(Math.max(CAUSE_CHUNK, used));
  parents.set(c.parents.subarray(0, used));
  return {
    at: c.at.slice(),
    head: c.head.slice(),
    what: c.what.slice(),
    parentEnd: c.parentEnd.slice(),
    parents,
    length: c.length,
  };
}

/**
 * An independent copy of `log` (later appends to either never show in the other): the full chunks
 * shared, the last copied.
 */
export function copyCauseLog(log: CauseLog): CauseLog {
  const n = log.chunks.length;
  const chunks = log.chunks.slice(0, n - 1);
  chunks.push(copyChunk(log.chunks[n - 1] as CauseChunk));
  return { chunks, length: log.length };
}

/** Every cause, oldest first (a new array: tests, and code that searches the whole log). */
export function allCauses(log: CauseLog): Cause[] {
  const out: Cause[] = [];
  for (let id = 0; id < log.length; id++) out.push(causeAt(log, id) as Cause);
  return out;
}
