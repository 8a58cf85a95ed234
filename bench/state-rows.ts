/**
 * The state's own rows (issue 28), measured on a big run's simulation at its end: a checkpoint
 * (taken 30 simulated seconds after the previous one, as the app's worker does), a restore of it
 * after 30 s more (a seek back), and the bytes an Event costs: V8's heap with the Events and
 * without them, plus the log's typed arrays (outside the heap: `columnBytes`), over their number.
 * Destroys the simulation's Events: call it last.
 */
import { performance } from 'node:perf_hooks';
import type { Simulation } from '../src/sim/index';
import { columnBytes, dropEvents, eventCount } from './event-store-parts';
import { gcFunction } from './memory';

export interface StateFigures {
  checkpointMs: number;
  restoreMs: number;
  events: number;
  bytesPerEvent: number;
}

/** A checkpoint 30 s after the previous one, then 30 s more and a restore of it (wall ms). */
function checkpointAndRestore(sim: Simulation): { checkpointMs: number; restoreMs: number } {
  sim.snapshot();
  sim.advanceTo(sim.now + 30_000);
  let a = performance.now();
  const snap = sim.snapshot();
  const checkpointMs = performance.now() - a;
  sim.advanceTo(sim.now + 30_000);
  a = performance.now();
  sim.restore(snap);
  return { checkpointMs, restoreMs: performance.now() - a };
}

/** V8's heap in use after a forced GC (bytes). */
function heapUsed(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

export function measureState(sim: Simulation): StateFigures {
  const gc = gcFunction();
  const { checkpointMs, restoreMs } = checkpointAndRestore(sim);
  // No checkpoint is held from here (one shares the Events): the heap is then the engine's alone.
  const heapWith = heapUsed(gc);
  const columns = columnBytes(sim);
  const events = eventCount(sim);
  dropEvents(sim);
  const bytes = heapWith - heapUsed(gc) + columns;
  return { checkpointMs, restoreMs, events, bytesPerEvent: events > 0 ? bytes / events : Number.NaN };
}
