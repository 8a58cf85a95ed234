/**
 * Worker memory (DESIGN section 8): the app's engine worker (src/worker/runner.ts, the same code,
 * run here in Node) plays the 100-node scenario for 4 simulated hours at its top speed (120
 * simulated seconds per frame, checkpoints every 30 s as in the worker), and the heap is read
 * after a forced garbage collection at every simulated hour. Then seeks to random targets in the
 * 4 hours (restore the nearest checkpoint kept, replay). The budget: <= 500 MB after 4 h, growing
 * <= 5% in the last hour, seeks <= 1 s.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MAX_SIM_PER_FRAME } from '../src/worker/pacing';
import { SimRunner } from '../src/worker/runner';
import { type BenchRow, thousands } from './rows';
import { largeZoneFailure } from './scenarios';

const HOUR = 3_600_000;
const HOURS = 4;
const MB = 1024 * 1024;

export function gcFunction(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Heap after a forced GC, with the memory of ArrayBuffers: typed arrays keep their contents outside
 * V8's heap, and heapUsed alone does not count the Event log's columns (core/event-log.ts).
 */
export function heapMb(gc: () => void): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / MB;
}

/** Deterministic seek targets (a small LCG, like the engine rows'). */
export function targets(n: number, max: number, seed = 987654): number[] {
  let x = seed;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(Math.floor((x / 2147483648) * max));
  }
  return out;
}

export function runMemoryBench(): BenchRow[] {
  const gc = gcFunction();
  const before = heapMb(gc);
  const r = new SimRunner(largeZoneFailure(), []);
  r.clock.end = HOURS * HOUR;
  const perHour: number[] = [];
  const t0 = performance.now();
  for (let h = 1; h <= HOURS; h++) {
    while (r.now < h * HOUR) r.advance(Math.min(h * HOUR, r.now + MAX_SIM_PER_FRAME));
    perHour.push(heapMb(gc) - before);
  }
  const playMs = performance.now() - t0;
  const last = perHour[HOURS - 1] as number;
  const prev = perHour[HOURS - 2] as number;
  const growth = prev > 0 ? (last - prev) / prev : 0;
  const seeks: number[] = [];
  for (const t of targets(8, HOURS * HOUR)) {
    const s0 = performance.now();
    r.seek(t);
    seeks.push(performance.now() - s0);
  }
  const seekMax = Math.max(...seeks);
  return [
    {
      what: `worker memory, 100 nodes / 3,000 pods, ${HOURS} simulated hours at top speed (the worker's runner in Node, heap after GC)`,
      measured: `${thousands(last)} MB (per hour: ${perHour.map((x) => thousands(x)).join(', ')} MB; last hour ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%; ${r.checkpoints.size} checkpoints kept; played in ${thousands(playMs)} ms)`,
      budget: '<= 500 MB, <= +5% in the last hour',
      ok: last <= 500 && growth <= 0.05,
    },
    {
      what: `  seek anywhere in those ${HOURS} hours, max of ${seeks.length} (mean ${thousands(seeks.reduce((a, b) => a + b, 0) / seeks.length)} ms)`,
      measured: `${thousands(seekMax)} ms`,
      budget: '<= 1,000 ms',
      ok: seekMax <= 1000,
    },
  ];
}
