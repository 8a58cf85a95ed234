/**
 * The state's own rows (issue 28), measured on a big run's simulation at its end: checkpoints
 * (each taken 30 simulated seconds after the previous one, as the app's worker does), restores of
 * the last one after 30 s more (a seek back), and the bytes an Event costs: V8's heap with the Events and
 * without them, plus the log's typed arrays (outside the heap: `columnBytes`), over their number.
 * Destroys the simulation's Events: call it last.
 *
 * Times are medians of several samples (with their range): a single checkpoint of ~10 ms at 5,000
 * nodes read anywhere from 6 to 70 ms depending on whether a scavenge of the run landed in it.
 */
import { performance } from 'node:perf_hooks';
import type { Simulation } from '../src/sim/index';
import { columnBytes, dropEvents, eventCount } from './event-store-parts';
import { gcFunction } from './memory';

const CHECKPOINTS = 5;
const RESTORES = 3;

/** Median and range of wall-clock samples (ms). */
export interface Sampled {
  median: number;
  min: number;
  max: number;
  n: number;
}

function sampled(xs: number[]): Sampled {
  const s = [...xs].sort((a, b) => a - b);
  const at = (i: number) => s[i] ?? Number.NaN;
  return { median: at(Math.floor(s.length / 2)), min: at(0), max: at(s.length - 1), n: s.length };
}

export interface StateFigures {
  checkpointMs: Sampled;
  restoreMs: Sampled;
  events: number;
  bytesPerEvent: number;
}

/**
 * Checkpoints 30 s after the previous one (the first untimed), then, 30 s after the last, restores
 * of it (each after 30 s more played from it): wall ms.
 */
function checkpointAndRestore(sim: Simulation): { checkpointMs: Sampled; restoreMs: Sampled } {
  sim.snapshot();
  const checkpoints: number[] = [];
  let snap: ReturnType<Simulation['snapshot']> | undefined;
  for (let i = 0; i < CHECKPOINTS; i++) {
    sim.advanceTo(sim.now + 30_000);
    const a = performance.now();
    snap = sim.snapshot();
    checkpoints.push(performance.now() - a);
  }
  const restores: number[] = [];
  for (let i = 0; i < RESTORES && snap; i++) {
    sim.advanceTo(sim.now + 30_000);
    const a = performance.now();
    sim.restore(snap);
    restores.push(performance.now() - a);
  }
  return { checkpointMs: sampled(checkpoints), restoreMs: sampled(restores) };
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
