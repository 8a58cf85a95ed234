/**
 * When stored Events expire: kube-apiserver's `--event-ttl` (default 1h, profile `eventTTL`).
 *
 * Upstream the Event registry gives every write, create and update alike, the same TTL
 * (kk `pkg/registry/core/event/storage/storage.go`: `TTLFunc` returns `ttl` whatever `update`
 * says), and etcd deletes the key when the lease attached by that write runs out. So an Event
 * lives until its last write plus the TTL: a repeat aggregated into it (count + 1) gives it
 * another hour. Here it is gone at exactly last write + TTL, before anything else happens at
 * that instant. (The real deletion is a little later: the apiserver's lease manager reuses one
 * lease for writes close together and asks etcd for `ttl + min(5 % of ttl, 60 s)`, kk
 * `staging/src/k8s.io/apiserver/pkg/storage/etcd3/lease_manager.go` `GetLease`, so a real Event
 * goes between 1h and 1h1m after its last write; the engine takes the lower bound.)
 *
 * In the log (core/event-log.ts) an Event is stored while `last + ttl > now`: expiry writes
 * nothing an Event holds. `expireEvents` only frees memory: it moves the head past the expired
 * Events, drops segments wholly behind it, and compacts the full segments every Event of which
 * was created a TTL ago, keeping only their survivors (Events repeats kept alive).
 */
import {
  columns,
  type EventColumns,
  type EventLog,
  type EventSegment,
  noteLastWrite,
  SEGMENT,
  segment,
  seqAt,
  slotsOf,
} from './event-log';

/** Whether the Event in `slot` of `seg` is still stored at `now`. */
export function isStored(seg: EventSegment, slot: number, now: number, ttl: number): boolean {
  return (seg.last[slot] as number) + ttl > now;
}

/** The first slot of `seg` holding an Event at or after `seq`. */
function slotFrom(seg: EventSegment, seq: number): number {
  const seqs = seg.seqs;
  if (!seqs) return Math.max(0, seq - seg.base);
  let i = 0;
  while (i < seqs.length && (seqs[i] as number) < seq) i++;
  return i;
}

/** Moves the head to the first Event still stored, dropping every segment wholly behind it. */
function advanceHead(log: EventLog, now: number, ttl: number): void {
  const segs = log.segments;
  for (;;) {
    const seg = segs[0];
    if (!seg) {
      log.head = log.tail;
      return;
    }
    const n = slotsOf(seg, log.tail);
    let slot = slotFrom(seg, log.head);
    while (slot < n && (seg.last[slot] as number) + ttl <= now) slot++;
    if (slot < n) {
      log.head = seqAt(seg, slot);
      return;
    }
    // The segment being written stays (appends go on in it) until it is full.
    if (segs.length === 1 && !seg.seqs && n < SEGMENT) {
      log.head = log.tail;
      return;
    }
    segs.shift();
    log.head = segs[0] ? seqAt(segs[0], 0) : log.tail;
  }
}

/** The first dense segment, full and not the only one left, every Event of which was created at or before `cutoff`. */
function compactable(log: EventLog, cutoff: number): number {
  const segs = log.segments;
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i] as EventSegment;
    if (s.seqs) continue;
    const full = log.tail - s.base >= SEGMENT;
    return full && (s.fixed.first[SEGMENT - 1] as number) <= cutoff ? i : -1;
  }
  return -1;
}

/**
 * Moves the survivors of the compacted segments and of the dense segments up to `upTo` into new
 * compacted segments of at most SEGMENT slots (new columns: checkpoints keep the old ones).
 */
function compact(log: EventLog, upTo: number, now: number, ttl: number): void {
  const segs = log.segments;
  const out: EventSegment[] = [];
  let seqs: number[] = [];
  let from: { seg: EventSegment; slot: number }[] = [];
  const flush = () => {
    if (seqs.length === 0) return;
    out.push(compacted(seqs, from));
    seqs = [];
    from = [];
  };
  for (let i = 0; i <= upTo; i++) {
    const seg = segs[i] as EventSegment;
    const n = slotsOf(seg, log.tail);
    for (let slot = slotFrom(seg, log.head); slot < n; slot++) {
      if ((seg.last[slot] as number) + ttl <= now) continue;
      seqs.push(seqAt(seg, slot));
      from.push({ seg, slot });
      if (seqs.length === SEGMENT) flush();
    }
  }
  flush();
  // The compacted segments replace the ones they came from (no spread: a long log has many).
  const rest = segs.slice(upTo + 1);
  segs.length = 0;
  for (const seg of out) segs.push(seg);
  for (const seg of rest) segs.push(seg);
}

function compacted(seqs: number[], from: { seg: EventSegment; slot: number }[]): EventSegment {
  const n = seqs.length;
  const f = columns(n);
  f.written = n;
  const seg = segment(seqs[0] as number, f, n, Int32Array.from(seqs));
  for (let i = 0; i < n; i++) {
    const { seg: s, slot } = from[i] as { seg: EventSegment; slot: number };
    const g = s.fixed;
    f.first[i] = g.first[slot] as number;
    f.hash[i] = g.hash[slot] as number;
    f.code[i] = g.code[slot] as number;
    f.name[2 * i] = g.name[2 * slot] as number;
    f.name[2 * i + 1] = g.name[2 * slot + 1] as number;
    for (let k = 0; k < 4; k++) f.uid[4 * i + k] = g.uid[4 * slot + k] as number;
    f.object[i] = g.object[slot] as EventColumns['object'][number];
    f.message[i] = g.message[slot] as string;
    seg.count[i] = s.count[slot] as number;
    seg.last[i] = s.last[slot] as number;
    seg.rv[i] = s.rv[slot] as number;
    noteLastWrite(seg, s.last[slot] as number);
  }
  return seg;
}

/** Frees the memory of the Events expired at `now` (see the file's comment): what is stored does not change. */
export function expireEvents(log: EventLog, now: number, ttl: number): void {
  advanceHead(log, now, ttl);
  let upTo = -1;
  for (let i = compactable(log, now - ttl); i >= 0 && i < log.segments.length; ) {
    upTo = i;
    const next = log.segments[i + 1];
    if (!next || next.seqs || log.tail - next.base < SEGMENT) break;
    if ((next.fixed.first[SEGMENT - 1] as number) > now - ttl) break;
    i++;
  }
  if (upTo >= 0) {
    compact(log, upTo, now, ttl);
    advanceHead(log, now, ttl);
  }
}

/**
 * When `expireEvents` next has something to do: the head's Event expiring, or the first full
 * segment all created a TTL before (+Infinity when neither will come without a write).
 */
export function expiryDue(log: EventLog, ttl: number): number {
  let due = Number.POSITIVE_INFINITY;
  const first = log.segments[0];
  if (first && log.head < log.tail) {
    const slot = slotFrom(first, log.head);
    if (slot < slotsOf(first, log.tail)) due = (first.last[slot] as number) + ttl;
  }
  for (const s of log.segments) {
    if (s.seqs) continue;
    if (log.tail - s.base >= SEGMENT) due = Math.min(due, (s.fixed.first[SEGMENT - 1] as number) + ttl);
    break;
  }
  return due;
}

/** Calls `fn` for every Event stored at `now`, in sequence (creation) order. */
export function forEachStored(
  log: EventLog,
  now: number,
  ttl: number,
  fn: (seg: EventSegment, slot: number, seq: number) => void,
): void {
  for (const seg of log.segments) {
    const n = slotsOf(seg, log.tail);
    for (let slot = slotFrom(seg, log.head); slot < n; slot++)
      if ((seg.last[slot] as number) + ttl > now) fn(seg, slot, seqAt(seg, slot));
  }
}
