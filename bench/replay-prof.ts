/**
 * CPU profile of the replay right after a restore (what a seek pays): `tsx bench/replay-prof.ts
 * <nodes> <minutes> <out.cpuprofile> [warm]`; with `warm`, profiles the same 30 s played straight
 * (no restore) instead, for comparison.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { createSimulation } from '../src/sim/runtime';
import { bigZoneFailure } from './scenarios';

const nodes = Number(process.argv[2] ?? 1000);
const minutes = Number(process.argv[3] ?? 30);
const out = process.argv[4] ?? 'replay.cpuprofile';
const warm = process.argv[5] === 'warm';
const sim = createSimulation(bigZoneFailure(nodes));
sim.advanceTo(minutes * 60_000 - 60_000);
sim.snapshot();
sim.advanceTo(minutes * 60_000 - 30_000);
const snap = sim.snapshot();
sim.advanceTo(minutes * 60_000);
if (!warm) sim.restore(snap);
else {
  sim.restore(snap);
  sim.advanceTo(minutes * 60_000);
  sim.restore(snap);
  sim.advanceTo(minutes * 60_000);
}
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const a = performance.now();
const to = warm ? sim.now + 30_000 : minutes * 60_000;
sim.advanceTo(to);
const ms = performance.now() - a;
const { profile } = await session.post('Profiler.stop');
writeFileSync(out, JSON.stringify(profile));
process.stdout.write(`${JSON.stringify({ warm, ms: Math.round(ms) })}\n`);
