/**
 * The Event store alone (issue 28): `tsx bench/event-store.ts <nodes> [runs] [minutes]` plays the big
 * zone failure (bench/scenarios.ts bigZoneFailure) for `minutes` simulated minutes (default 60) `runs` times (the ratio is the
 * median, as `npm run bench`'s engine rows), then with the last run's simulation:
 * - heap after a forced GC with the Events and without them (the store emptied), and the
 *   difference divided by the number of live Events: bytes per Event;
 * - a checkpoint at 1 h (after one at 59m30s, as the worker's every 30 simulated seconds), then
 *   30 s more and a restore of it (a seek back): wall time of each, whole and the Event part.
 * One JSON line per reading, with the 1-minute load average.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createSimulation, type Simulation } from '../src/sim/index';
import { dropEvents, eventCount, eventPartOfCheckpoint, eventPartOfRestore } from './event-store-parts';
import { gcFunction, heapMb } from './memory';
import { bigZoneFailure } from './scenarios';

const nodes = Number(process.argv[2] ?? 1000);
const runs = Number(process.argv[3] ?? 1);
const gc = gcFunction();
const load = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;
const say = (o: object) => process.stdout.write(`${JSON.stringify({ nodes, ...o, load: load() })}\n`);
const HOUR = Number(process.argv[4] ?? 60) * 60_000;

let sim: Simulation | undefined;
const ratios: number[] = [];
let early: ReturnType<Simulation['snapshot']> | undefined;
for (let r = 0; r < runs; r++) {
  sim = undefined;
  early = undefined;
  const b0 = performance.now();
  sim = createSimulation(bigZoneFailure(nodes));
  const bootMs = performance.now() - b0;
  let advanceMs = 0;
  for (let t = 30_000; t <= HOUR; t += 30_000) {
    const a = performance.now();
    sim.advanceTo(t);
    advanceMs += performance.now() - a;
    // The last run keeps a checkpoint at 59m30s (not timed), as the worker's every 30 simulated s.
    if (r === runs - 1 && t === HOUR - 30_000) early = sim.snapshot();
  }
  ratios.push(HOUR / advanceMs);
  say({ run: r, bootMs: Math.round(bootMs), advanceMs: Math.round(advanceMs), ratio: Math.round(HOUR / advanceMs) });
}
const s = sim as Simulation;
ratios.sort((a, b) => a - b);
say({ medianRatio: Math.round(ratios[Math.floor((ratios.length - 1) / 2)] as number), ratios: ratios.map(Math.round) });

// A checkpoint at 1 h sharing with the one at 59m30s, 30 s more, then a seek back to it.
const eventPart = eventPartOfCheckpoint(s, early);
let a = performance.now();
let snap: ReturnType<Simulation['snapshot']> | undefined = s.snapshot();
const snapshotMs = performance.now() - a;
say({ snapshotMs: Math.round(snapshotMs * 10) / 10, eventPartMs: eventPart });
s.advanceTo(s.now + 30_000);
const restorePart = eventPartOfRestore(s, snap);
a = performance.now();
s.restore(snap);
const restoreMs = performance.now() - a;
say({ restoreMs: Math.round(restoreMs * 10) / 10, eventPartMs: restorePart });
early = undefined;
snap = undefined;
// No checkpoint may be held below (one shares the Events): the heap below is the engine's alone,
// with the Events and then without them.

const heapWith = heapMb(gc);
const n = eventCount(s);
say({ events: n, heapWithMb: Math.round(heapWith) });
dropEvents(s);
const heapWithout = heapMb(gc);
say({
  heapWithoutMb: Math.round(heapWithout),
  bytesPerEvent: Math.round(((heapWith - heapWithout) * 1024 * 1024) / n),
});
