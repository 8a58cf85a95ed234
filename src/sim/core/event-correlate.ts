/**
 * The event recorder's aggregation memory (client-go `tools/record/events_cache.go`
 * EventCorrelate, as the engine models it): which stored Event a repeat of (involved object,
 * reason, message, source component) goes to. It names the newest Event created for those fields;
 * a repeat goes to it only while it is stored and was last written at most 10 minutes before
 * (Engine.event). Derived data, not state: rebuilt from the log (`rebuildCorrelation`).
 *
 * A pair is a 32-bit hash of the fields mapping to the Event's sequence number (a bucket of two
 * on a collision); a candidate is compared field by field with the log. Only Events written in
 * the last 10 minutes can be aggregated into, so pairs naming older ones are swept now and then
 * (`sweep`, when their number has doubled and every 10 simulated minutes): a pair that is absent
 * and one naming an Event too old give the same answer, a new Event.
 *
 * Field by field equality is the old joined key's (`kind|namespace|name|uid|reason|message|
 * component`) as long as no field but the message holds a `|`: kinds, namespaces, names and uids
 * are apimachinery names, reasons CamelCase words and components fixed names (none has one).
 */
import type { ObjectReference } from './api-types';
import { type EventLog, type EventSegment, locate, SEGMENT, seqAt, slotsOf } from './event-log';

/** How long after its last write an Event can still take a repeat (EventCorrelate's 10 minutes). */
export const AGGREGATION_WINDOW_MS = 10 * 60_000;

function mix(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  // A separator, so that moving characters from one field to the next changes the hash.
  return Math.imul(h ^ 0x7c, 0x01000193);
}

/** The aggregation hash of an Event's fields (kept in the log's `hash` column). */
export function aggregationHash(o: ObjectReference, reason: string, message: string, component: string): number {
  let h = 0x811c9dc5;
  h = mix(h, o.kind);
  h = mix(h, o.namespace ?? '');
  h = mix(h, o.name);
  h = mix(h, o.uid);
  h = mix(h, reason);
  h = mix(h, message);
  h = mix(h, component);
  return h | 0;
}

function sameFields(
  log: EventLog,
  seg: EventSegment,
  slot: number,
  o: ObjectReference,
  reason: string,
  message: string,
  component: string,
): boolean {
  const f = seg.fixed;
  const i = f.object[slot] as ObjectReference;
  const c = log.codes[f.code[slot] as number];
  return (
    c !== undefined &&
    c.reason === reason &&
    f.message[slot] === message &&
    c.component === component &&
    i.name === o.name &&
    i.uid === o.uid &&
    i.kind === o.kind &&
    (i.namespace ?? '') === (o.namespace ?? '')
  );
}

export class EventCorrelation {
  private pairs = new Map<number, number | number[]>();
  private sweepAt = SWEEP_MIN;
  /** When the pairs are next swept however many they are: a burst of Events (a zone failing) left alone would keep its pairs for good. */
  private sweepTime = Number.NEGATIVE_INFINITY;

  /** Where the Event indexed for these fields is (`locate`'s answer), or -1. */
  find(log: EventLog, hash: number, o: ObjectReference, reason: string, message: string, component: string): number {
    const b = this.pairs.get(hash);
    if (b === undefined) return -1;
    if (typeof b === 'number') {
      const at = locate(log, b);
      return at >= 0 && this.matches(log, at, o, reason, message, component) ? at : -1;
    }
    for (const seq of b) {
      const at = locate(log, seq);
      if (at >= 0 && this.matches(log, at, o, reason, message, component)) return at;
    }
    return -1;
  }

  private matches(log: EventLog, at: number, o: ObjectReference, reason: string, message: string, component: string) {
    return sameFields(
      log,
      log.segments[Math.floor(at / SEGMENT)] as EventSegment,
      at % SEGMENT,
      o,
      reason,
      message,
      component,
    );
  }

  /** Event `seq` (just created, located at `at`) is now the one for its fields (replacing the pair of equal fields). */
  add(log: EventLog, seq: number, at: number, now: number): void {
    const seg = log.segments[Math.floor(at / SEGMENT)] as EventSegment;
    const slot = at % SEGMENT;
    const hash = seg.fixed.hash[slot] as number;
    const b = this.pairs.get(hash);
    if (b === undefined) this.pairs.set(hash, seq);
    else {
      const o = seg.fixed.object[slot] as ObjectReference;
      const c = log.codes[seg.fixed.code[slot] as number];
      const message = seg.fixed.message[slot] as string;
      const kept: number[] = [];
      for (const other of typeof b === 'number' ? [b] : b) {
        const oat = locate(log, other);
        // A pair naming no stored Event, or one with the same fields, would find nothing: dropped.
        if (oat >= 0 && c && !this.matches(log, oat, o, c.reason, message, c.component)) kept.push(other);
      }
      this.pairs.set(hash, kept.length === 0 ? seq : [...kept, seq]);
    }
    if (this.pairs.size >= this.sweepAt || now >= this.sweepTime) this.sweep(log, now);
  }

  /** Drops the pairs naming Events no repeat can go to any more (gone, or last written over 10 minutes ago). */
  sweep(log: EventLog, now: number): void {
    const live = (seq: number) => {
      const at = locate(log, seq);
      if (at < 0) return false;
      const seg = log.segments[Math.floor(at / SEGMENT)] as EventSegment;
      return now - (seg.last[at % SEGMENT] as number) <= AGGREGATION_WINDOW_MS;
    };
    // forEach, not for-of: no [key, value] array per pair (22 MB in a 1,000-node half hour).
    // Deleting or replacing the current entry while a Map walks is allowed.
    this.pairs.forEach((b, h) => {
      if (typeof b === 'number') {
        if (!live(b)) this.pairs.delete(h);
        return;
      }
      const kept = b.filter(live);
      if (kept.length === 0) this.pairs.delete(h);
      else this.pairs.set(h, kept.length === 1 ? (kept[0] as number) : kept);
    });
    this.sweepAt = Math.max(SWEEP_MIN, 2 * this.pairs.size);
    this.sweepTime = now + AGGREGATION_WINDOW_MS;
  }

  /** Pairs held (tests, memory). */
  get size(): number {
    return this.pairs.size;
  }
}

/** Pairs below which no sweep runs. */
const SWEEP_MIN = 4096;

/**
 * The aggregation memory of a log as it stands at `now`: every Event written in the last 10
 * minutes, in creation order (the newest of equal fields wins, as when they were created). An
 * older Event of equal fields cannot have been written after a newer one was created (repeats go
 * to the newest), so leaving out the Events written longer ago changes no answer.
 */
export function rebuildCorrelation(log: EventLog, now: number, ttl: number): EventCorrelation {
  const c = new EventCorrelation();
  const segs = log.segments;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i] as EventSegment;
    // No slot of it was written in the last 10 minutes (most of an hour's log).
    if (seg.lastMax !== undefined && now - seg.lastMax > AGGREGATION_WINDOW_MS) continue;
    const n = slotsOf(seg, log.tail);
    for (let slot = 0; slot < n; slot++) {
      const last = seg.last[slot] as number;
      const seq = seqAt(seg, slot);
      if (seq < log.head || last + ttl <= now || now - last > AGGREGATION_WINDOW_MS) continue;
      c.add(log, seq, i * SEGMENT + slot, now);
    }
  }
  return c;
}
