/**
 * What checkpoints keep alive, in heap: `tsx bench/checkpoint-memory.ts <nodes> <minutes>` plays the
 * big zone failure (bench/scenarios.ts bigZoneFailure; 5000: the built-in zone-down-5000) to the
 * given time, then, for each part of a snapshot (hosts, controller memory, the API chunks, ...),
 * keeps that part of ten snapshots taken 30 s apart (as the worker's checkpoints), and of one
 * snapshot while the run goes 10 minutes on (a thinned one, its neighbours dropped). The heap with
 * and without them (dropped, collected) gives each part's cost per checkpoint. One JSON line each.
 *
 * A fourth argument names the parts to measure (comma-separated, e.g. `whole,warmth`); all by default.
 *
 * Run with `--expose-gc`. The snapshots are taken and dropped inside functions: a value the
 * top-level code held last stays in an interpreter register, alive, and hides what it keeps.
 */
import type { SimSnapshot } from '../src/sim/runtime';
import { createSimulation } from '../src/sim/runtime';
import { gcFunction, heapMb } from './memory';
import { zoneScenario } from './zone-scenario';

const nodes = Number(process.argv[2] ?? 1000);
const minutes = Number(process.argv[3] ?? 30);
const only = process.argv[4]?.split(',');
const gc = gcFunction();
const say = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);
const scenario = zoneScenario(nodes);
const sim = createSimulation(scenario);
sim.advanceTo(minutes * 60_000);
sim.snapshot();

const PARTS: Record<string, (s: SimSnapshot) => unknown> = {
  whole: (s) => s,
  hosts: (s) => s.state.hosts,
  controllers: (s) => s.state.controllers,
  'rest of the state': (s) => {
    const { hosts, controllers, api, ...rest } = s.state;
    return rest;
  },
  'api objects and histories (chunks)': (s) => s.api,
  events: (s) => s.events,
  indexes: (s) => s.indexes,
  warmth: (s) => s.warmth,
};

const store: { kept: unknown[] } = { kept: [] };

/** Plays `rounds` × 30 s, keeping `pick` of the snapshots `keep` says; returns nothing (see above). */
function play(pick: (s: SimSnapshot) => unknown, rounds: number, keep: (i: number) => boolean): void {
  for (let i = 0; i < rounds; i++) {
    const snap = sim.snapshot();
    if (keep(i)) store.kept.push(pick(snap));
    sim.advanceTo(sim.now + 30_000);
  }
  // A last one: the simulation's own reference (sharing with the next) is not one of those kept.
  sim.snapshot();
}

function retainedMb(): number {
  const withThem = heapMb(gc);
  store.kept = [];
  return withThem - heapMb(gc);
}

const round = (n: number) => Math.round(n * 10) / 10;
for (const [part, pick] of Object.entries(PARTS)) {
  if (only && !only.includes(part)) continue;
  play(pick, 10, () => true);
  const near = retainedMb() / 10;
  play(pick, 20, (i) => i === 0);
  const far = retainedMb();
  say({ part, mbPerCheckpoint30sApart: round(near), mbOneKept10Minutes: round(far), at: sim.now });
}
