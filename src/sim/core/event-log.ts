/**
 * The stored Events as an append-only log in columns (issue 28), instead of a `KubeEvent` object
 * per Event in a record with its indexes (~490 bytes an Event, a third of a 5,000-node heap).
 * Plain data in the state (`ApiState.events`): typed arrays, arrays and numbers, so that a state
 * survives `structuredClone` and `copyState`.
 *
 * An Event is a sequence number (`seq`, in creation order, which is the order the old record's
 * keys enumerated in) and a slot in a segment of SEGMENT slots. What an Event is given once
 * (creation time, name and uid as the PRNG's 32-bit words, involved object, message, type, reason
 * and source) sits in a segment's `fixed` columns; what a repeat changes (count, lastTimestamp,
 * resourceVersion: the recorder's PATCH, client-go EventCorrelate) in its bump columns.
 *
 * Checkpoints: a checkpoint keeps the segment list, head and tail (`checkpointEventLog`) and marks
 * the segments `shared`; a count bump on a shared segment first copies its bump columns (copy on
 * write, `bumpEvent`). The fixed columns are shared by every copy of a segment and written only
 * past `written`, the slots any copy has written: a slot past a checkpoint's tail is never read by
 * it, and a slot written in another future (a seek back, then a different run) makes the writer
 * copy the columns first (`appendEvent`). So a checkpoint and a restore cost O(segments).
 *
 * Expiry (kube-apiserver --event-ttl) is derived, not written: an Event is stored while
 * lastTimestamp + TTL > now. `head` is the first Event that may still be stored; `expireEvents`
 * moves it on and drops whole segments behind it. An Event a repeat keeps alive holds the head
 * back: once every Event of a full segment was created a TTL ago, the segment's survivors are
 * moved to a compacted segment (`seqs` says which Events its slots hold), so an Event bumped for
 * hours keeps itself, not the hour of Events written after it.
 */
import type { ObjectReference } from './api-types';

/** Slots per segment. */
export const SEGMENT = 4096;

/** Columns written once per slot (when the Event is created), shared by every copy of a segment. */
export interface EventColumns {
  /** Slots written so far by any segment holding these columns (slots are written in order). */
  written: number;
  /** Simulated ms (the 24 h limit, core/limits.ts, keeps every time well within 32 bits). */
  readonly first: Int32Array;
  /** The aggregation hash (core/event-correlate.ts), kept so a restore rebuilds its index without hashing text. */
  readonly hash: Int32Array;
  /** Index into `EventLog.codes`: type, reason, source component. */
  readonly code: Uint16Array;
  /** The name's 16 hex digits (the part after `<object>.`) as two 32-bit words. */
  readonly name: Uint32Array;
  /** The uid's 32 hex digits as four 32-bit words. */
  readonly uid: Uint32Array;
  /** Shared, never changed (core/intern.ts shareEqual). */
  readonly object: ObjectReference[];
  readonly message: string[];
}

export interface EventSegment {
  /** Sequence number of slot 0 (a dense segment: slot = seq - base); a compacted one's first seq. */
  readonly base: number;
  /** A compacted segment's sequence numbers, one per slot, ascending; absent in a dense segment. */
  readonly seqs?: Int32Array;
  readonly fixed: EventColumns;
  readonly count: Int32Array;
  readonly last: Int32Array;
  /** resourceVersion: below 2^32 (a day of the biggest cluster writes ~10^8 times). */
  readonly rv: Uint32Array;
  /** Held by a checkpoint as well: a bump copies the bump columns first. */
  shared: boolean;
  /**
   * At least the newest lastTimestamp of its slots (written with them; a checkpoint's copy may see
   * a later one, never an earlier one): a rebuild of the aggregation memory skips a segment last
   * written more than 10 minutes ago (core/event-correlate.ts `rebuildCorrelation`). Absent in a
   * log saved before it: such a segment is read slot by slot.
   */
  lastMax?: number;
}

/** An Event's type, reason and source component (few distinct: an Event keeps the index). */
export interface EventCode {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly component: string;
}

export interface EventLog {
  /** In sequence order: compacted segments first, then dense ones. */
  segments: EventSegment[];
  /** Every Event before it is gone (expired); from it on, those with lastTimestamp + TTL > now are stored. */
  head: number;
  /** The next Event's sequence number. */
  tail: number;
  /** Append-only (checkpoints share it): an index names the same code in every copy. */
  codes: EventCode[];
}

/** What a checkpoint keeps of the log (`checkpointEventLog`), never changed. */
export interface EventLogCheckpoint {
  readonly segments: readonly EventSegment[];
  readonly head: number;
  readonly tail: number;
  readonly codes: readonly EventCode[];
}

export function emptyEventLog(): EventLog {
  return { segments: [], head: 0, tail: 0, codes: [] };
}

/** What a new Event is given once. */
export interface NewEvent {
  first: number;
  hash: number;
  code: number;
  /** 16 lowercase hex digits, or their two 32-bit words (the PRNG's draws: no text made to be parsed). */
  name: string | readonly number[];
  /** A uid, 8-4-4-4-12 lowercase hex digits, or its four 32-bit words. */
  uid: string | readonly number[];
  object: ObjectReference;
  message: string;
  rv: number;
  /**
   * A recorder that kept counting while it did not write (the cluster-autoscaler's occurrences
   * its spam filter held back, autoscaler/events.ts) creates its Event with its own count and
   * firstTimestamp (`first`, which may then be earlier than the slots before it), written at
   * `last`. Default: count 1, last = first.
   */
  count?: number;
  last?: number;
}

/** Empty columns for `n` slots. */
export function columns(n: number): EventColumns {
  return {
    written: 0,
    first: new Int32Array(n),
    hash: new Int32Array(n),
    code: new Uint16Array(n),
    name: new Uint32Array(2 * n),
    uid: new Uint32Array(4 * n),
    object: new Array(n),
    message: new Array(n),
  };
}

/** A segment of `n` slots over `fixed`, its bump columns empty. */
export function segment(base: number, fixed: EventColumns, n: number, seqs?: Int32Array): EventSegment {
  const s: EventSegment = {
    base,
    fixed,
    count: new Int32Array(n),
    last: new Int32Array(n),
    rv: new Uint32Array(n),
    shared: false,
    lastMax: 0,
  };
  return seqs ? { ...s, seqs } : s;
}

/** A slot of `seg` was written at `t`: its newest write is at least `t` (`EventSegment.lastMax`). */
export function noteLastWrite(seg: EventSegment, t: number): void {
  seg.lastMax = Math.max(seg.lastMax ?? t, t);
}

/** Slots a segment holds: a compacted one's Events, a dense one's written so far (≤ tail). */
export function slotsOf(seg: EventSegment, tail: number): number {
  return seg.seqs ? seg.seqs.length : Math.min(tail - seg.base, SEGMENT);
}

export function seqAt(seg: EventSegment, slot: number): number {
  return seg.seqs ? (seg.seqs[slot] as number) : seg.base + slot;
}

/** Writes `n` 32-bit words at `at`: given as words, or as their hex digits (dashes skipped). */
function writeWords(into: Uint32Array, at: number, n: number, v: string | readonly number[]): void {
  if (typeof v !== 'string') {
    for (let i = 0; i < n; i++) into[at + i] = v[i] as number;
    return;
  }
  const hex = v.replaceAll('-', '');
  for (let i = 0; i < n; i++) into[at + i] = Number.parseInt(hex.slice(8 * i, 8 * i + 8), 16);
}

/** Appends a new Event (count 1, last = first, unless `ev` says otherwise); returns its sequence number. */
export function appendEvent(log: EventLog, ev: NewEvent): number {
  const last = ev.last ?? ev.first;
  checkColumns(ev.first, ev.rv);
  checkColumns(last, ev.rv);
  const seq = log.tail;
  const segs = log.segments;
  let seg = segs[segs.length - 1];
  if (!seg || seg.seqs || seq - seg.base >= SEGMENT) {
    seg = segment(seq, columns(SEGMENT), SEGMENT);
    segs.push(seg);
  }
  const slot = seq - seg.base;
  if (seg.fixed.written !== slot) {
    // Another future wrote this slot (a checkpoint holding it may read it): write to copies.
    seg = copyDense(seg, slot);
    segs[segs.length - 1] = seg;
  }
  const f = seg.fixed;
  f.first[slot] = ev.first;
  f.hash[slot] = ev.hash;
  f.code[slot] = ev.code;
  writeWords(f.name, 2 * slot, 2, ev.name);
  writeWords(f.uid, 4 * slot, 4, ev.uid);
  f.object[slot] = ev.object;
  f.message[slot] = ev.message;
  f.written = slot + 1;
  seg.count[slot] = ev.count ?? 1;
  seg.last[slot] = last;
  seg.rv[slot] = ev.rv;
  noteLastWrite(seg, last);
  log.tail = seq + 1;
  return seq;
}

/** A dense segment's first `n` slots in new columns of its own (fixed and bump alike). */
function copyDense(seg: EventSegment, n: number): EventSegment {
  const from = seg.fixed;
  const f = columns(SEGMENT);
  f.first.set(from.first.subarray(0, n));
  f.hash.set(from.hash.subarray(0, n));
  f.code.set(from.code.subarray(0, n));
  f.name.set(from.name.subarray(0, 2 * n));
  f.uid.set(from.uid.subarray(0, 4 * n));
  for (let i = 0; i < n; i++) {
    f.object[i] = from.object[i] as ObjectReference;
    f.message[i] = from.message[i] as string;
  }
  f.written = n;
  const out = segment(seg.base, f, SEGMENT);
  out.count.set(seg.count.subarray(0, n));
  out.last.set(seg.last.subarray(0, n));
  out.rv.set(seg.rv.subarray(0, n));
  out.lastMax = seg.lastMax;
  return out;
}

/**
 * Where Event `seq` is: `index * SEGMENT + slot` (segment index in `log.segments`), or -1 when it
 * is no longer kept (expired and dropped) or not written yet.
 */
export function locate(log: EventLog, seq: number): number {
  if (seq < log.head || seq >= log.tail) return -1;
  const segs = log.segments;
  // The last segment whose first seq is at most `seq` (dense ones are the many, at the end).
  let lo = 0;
  let hi = segs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((segs[mid] as EventSegment).base <= seq) lo = mid;
    else hi = mid - 1;
  }
  const seg = segs[lo];
  if (!seg || seg.base > seq) return -1;
  const seqs = seg.seqs;
  if (!seqs) return seq - seg.base < SEGMENT ? lo * SEGMENT + (seq - seg.base) : -1;
  let a = 0;
  let b = seqs.length - 1;
  while (a <= b) {
    const m = (a + b) >> 1;
    const v = seqs[m] as number;
    if (v === seq) return lo * SEGMENT + m;
    if (v < seq) a = m + 1;
    else b = m - 1;
  }
  return -1;
}

/**
 * A repeat of Event `seq` (located at `at`, see `locate`): count + 1 (or `count`, the recorder's
 * own, client-go eventObserve's PATCH), lastTimestamp and resourceVersion moved.
 */
export function bumpEvent(log: EventLog, at: number, now: number, rv: number, count?: number): void {
  checkColumns(now, rv);
  const i = Math.floor(at / SEGMENT);
  const slot = at % SEGMENT;
  let seg = log.segments[i] as EventSegment;
  if (seg.shared) {
    // A checkpoint holds these bump columns: the live log writes to its own copy from here on.
    const copy: EventSegment = {
      base: seg.base,
      fixed: seg.fixed,
      count: seg.count.slice(),
      last: seg.last.slice(),
      rv: seg.rv.slice(),
      shared: false,
      lastMax: seg.lastMax,
    };
    seg = seg.seqs ? { ...copy, seqs: seg.seqs } : copy;
    log.segments[i] = seg;
  }
  seg.count[slot] = count ?? (seg.count[slot] as number) + 1;
  seg.last[slot] = now;
  seg.rv[slot] = rv;
  noteLastWrite(seg, now);
}

/** Keeps the log as it stands for a checkpoint: O(segments), its segments copied on their next bump. */
export function checkpointEventLog(log: EventLog): EventLogCheckpoint {
  for (const s of log.segments) s.shared = true;
  return { segments: log.segments.slice(), head: log.head, tail: log.tail, codes: log.codes };
}

/** The log a checkpoint kept, for the engine to write to (it writes around what the checkpoint holds). */
export function restoreEventLog(c: EventLogCheckpoint): EventLog {
  return { segments: c.segments.slice(), head: c.head, tail: c.tail, codes: c.codes as EventCode[] };
}

/** An independent copy (copyState): nothing shared with `log`. */
export function copyEventLog(log: EventLog): EventLog {
  const segments = log.segments.map((s): EventSegment => {
    const f = s.fixed;
    const fixed: EventColumns = {
      written: f.written,
      first: f.first.slice(),
      hash: f.hash.slice(),
      code: f.code.slice(),
      name: f.name.slice(),
      uid: f.uid.slice(),
      object: f.object.slice(),
      message: f.message.slice(),
    };
    const out: EventSegment = {
      base: s.base,
      fixed,
      count: s.count.slice(),
      last: s.last.slice(),
      rv: s.rv.slice(),
      shared: false,
      lastMax: s.lastMax,
    };
    return s.seqs ? { ...out, seqs: s.seqs.slice() } : out;
  });
  return { segments, head: log.head, tail: log.tail, codes: log.codes.slice() };
}

/** A time or resourceVersion the columns cannot hold would be written wrapped: refuse it instead. */
function checkColumns(t: number, rv: number): void {
  if (t !== (t | 0) || rv < 0 || rv > 0xffffffff || rv !== Math.floor(rv))
    throw new RangeError(`an Event at ${t} ms with resourceVersion ${rv} does not fit the Event log's columns`);
}
