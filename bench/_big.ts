import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createSimulation } from '../src/sim/index';
import { gcFunction, heapMb } from './memory';
import { bigZoneFailure } from './scenarios';
import { measureState } from './state-rows';

const nodes = Number(process.argv[2]);
const wall = Number(process.argv[3] ?? 90_000);
const b0 = performance.now();
const sim = createSimulation(bigZoneFailure(nodes));
const boot = performance.now() - b0;
let adv = 0;
for (let t = 30_000; t <= 3_600_000 && adv < wall; t += 30_000) {
  const a = performance.now();
  sim.advanceTo(t);
  adv += performance.now() - a;
}
const heap = heapMb(gcFunction());
console.log(
  JSON.stringify({
    nodes,
    bootMs: Math.round(boot),
    reached: sim.now / 60_000,
    advanceMs: Math.round(adv),
    ratio: Math.round(sim.now / adv),
    heapMb: Math.round(heap),
    load: loadavg()[0],
  }),
);
console.log(JSON.stringify(measureState(sim)));
