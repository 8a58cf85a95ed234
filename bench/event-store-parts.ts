/** The Event store's parts for bench/event-store.ts: the columnar log (core/event-log.ts). */
import { performance } from 'node:perf_hooks';
import { type EventLog, emptyEventLog } from '../src/sim/core/event-log';
import { EventStore } from '../src/sim/core/event-store';
import type { Simulation } from '../src/sim/index';

type Snap = ReturnType<Simulation['snapshot']>;
const ms = (a: number) => Math.round((performance.now() - a) * 1000) / 1000;

export function eventCount(s: Simulation): number {
  let n = 0;
  s.engine.forEachEvent(() => {
    n++;
  });
  return n;
}

/** The Event part of a checkpoint: the log's segments, head and tail (`prev` is not needed). */
export function eventPartOfCheckpoint(s: Simulation, _prev: Snap | undefined): number {
  const a = performance.now();
  s.engine.checkpointEvents();
  return ms(a);
}

/** The Event part of a restore: the log taken back, its aggregation memory rebuilt. */
export function eventPartOfRestore(s: Simulation, snap: Snap): number {
  if (!snap.events) return Number.NaN;
  const a = performance.now();
  EventStore.restore(snap.events, snap.state.now, s.engine.state.profile.eventTTL ?? 3_600_000);
  return ms(a);
}

export function dropEvents(s: Simulation): void {
  s.engine.state.api.events = emptyEventLog();
  s.engine.importIndexes(s.engine.exportIndexes());
}

/**
 * Bytes held outside V8's heap by the Event log's typed arrays (each counted once: segments share
 * columns). `process.memoryUsage().arrayBuffers` is no measure of them: a dropped buffer's memory
 * is given back by a sweeper some time after the GC that found it dead, so heap readings taken
 * right after a GC still count it.
 */
export function columnBytes(s: Simulation): number {
  const seen = new Set<ArrayBufferView>();
  let bytes = 0;
  const add = (a: ArrayBufferView | undefined) => {
    if (!a || seen.has(a)) return;
    seen.add(a);
    bytes += a.byteLength;
  };
  for (const seg of (s.engine.state.api.events as EventLog).segments) {
    const f = seg.fixed;
    for (const a of [f.first, f.hash, f.code, f.name, f.uid, seg.count, seg.last, seg.rv, seg.seqs]) add(a);
  }
  return bytes;
}
