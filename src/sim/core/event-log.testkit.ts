/** Test helpers for the Event log (core/event-log.ts). */
import { type EventLog, type EventLogCheckpoint, seqAt, slotsOf } from './event-log';

/**
 * Every Event a log (or a checkpoint) holds from its head to its tail, each as plain data with all
 * its columns, in sequence order: what it keeps, whatever its segments look like (shared, copied,
 * compacted) and whatever was written past its tail in the same columns.
 */
export function eventRows(log: EventLog | EventLogCheckpoint): unknown[][] {
  const out: unknown[][] = [];
  for (const seg of log.segments) {
    const f = seg.fixed;
    for (let slot = 0; slot < slotsOf(seg, log.tail); slot++) {
      const seq = seqAt(seg, slot);
      if (seq < log.head) continue;
      out.push([
        seq,
        f.first[slot],
        seg.last[slot],
        seg.count[slot],
        seg.rv[slot],
        f.hash[slot],
        log.codes[f.code[slot] as number],
        [...f.name.subarray(2 * slot, 2 * slot + 2)],
        [...f.uid.subarray(4 * slot, 4 * slot + 4)],
        f.object[slot],
        f.message[slot],
      ]);
    }
  }
  return out;
}
