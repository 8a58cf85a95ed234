/**
 * What a checkpoint costs, by part: `tsx bench/checkpoint-parts.ts <nodes> <minutes>` plays the
 * big zone failure (bench/scenarios.ts bigZoneFailure; 5000: the built-in zone-down-5000) to the
 * given time, takes a snapshot, plays 30 s more and takes another (sharing with the first, as
 * checkpoints do), and reports per part the wall time and the heap retained by the second; then
 * a restore by part and the engine's replay speed after it. One JSON line per reading.
 */
import { performance } from 'node:perf_hooks';
import { copyCauseLog } from '../src/sim/core/cause-log';
import { EventStore } from '../src/sim/core/event-store';
import { copyState } from '../src/sim/core/snapshot';
import { createSimulation } from '../src/sim/runtime';
import { stateOfSnapshot } from '../src/sim/simulation';
import { gcFunction, heapMb } from './memory';
import { zoneScenario } from './zone-scenario';

const nodes = Number(process.argv[2] ?? 1000);
const minutes = Number(process.argv[3] ?? 30);
const gc = gcFunction();
const say = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);

const scenario = zoneScenario(nodes);
let t0 = performance.now();
const sim = createSimulation(scenario);
say({ boot: performance.now() - t0 });
t0 = performance.now();
sim.advanceTo(minutes * 60_000 - 30_000);
say({ playedTo: sim.now, ms: performance.now() - t0 });
// The checkpoint 30 s before: the one measured below shares with it (as the worker's do).
sim.snapshot();
t0 = performance.now();
sim.advanceTo(minutes * 60_000);
say({ played30sMs: performance.now() - t0 });
const e = sim.engine;
const st = e.state;
const counts: Record<string, number> = {};
for (const [k, r] of Object.entries(st.api.objects)) counts[k] = r.size;
say({
  counts,
  causes: st.causes.length,
  history: st.api.history.size,
  hosts: Object.keys(st.hosts).length,
});

const keep: unknown[] = [];
function part(name: string, f: () => unknown): unknown {
  const h0 = heapMb(gc);
  const a = performance.now();
  const v = f();
  const ms = performance.now() - a;
  keep.push(v);
  const h1 = heapMb(gc);
  say({ part: name, ms: Math.round(ms * 10) / 10, retainedMb: Math.round((h1 - h0) * 10) / 10 });
  return v;
}
part("api (every record's page table)", () => e.checkpointApi());
part('events (the log: segments, head, tail)', () => e.checkpointEvents());
part('rest (copyState without api: host shells, controllers, causes)', () => copyState(st, false));
part('causes (core/cause-log.ts copyCauseLog)', () => copyCauseLog(st.causes));
part('indexes', () => e.exportIndexes());
keep.length = 0;
const snap = part('whole snapshot()', () => sim.snapshot()) as ReturnType<typeof sim.snapshot>;
keep.length = 0;
// restore, by part
part('restore: copyState', () => copyState(snap.state));
part('restore: causes', () => copyCauseLog(snap.state.causes));
part('restore: objects + history (a whole copy: stateOfSnapshot)', () => stateOfSnapshot(snap));
part('restore: events (log and aggregation memory)', () =>
  snap.events ? EventStore.restore(snap.events, snap.state.now, st.profile.eventTTL ?? 3_600_000) : undefined,
);
keep.length = 0;
for (let i = 0; i < 3; i++) {
  const a = performance.now();
  sim.restore(snap);
  say({ restoreMs: performance.now() - a });
}
const hb = heapMb(gc);
for (const span of [10_000, 30_000, 60_000, 300_000]) {
  sim.restore(snap);
  const a = performance.now();
  sim.advanceTo(sim.now + span);
  say({ replaySimMs: span, wallMs: Math.round(performance.now() - a) });
}
sim.restore(snap);
let a = performance.now();
sim.advanceTo(sim.now + 30_000);
say({ straight30sAfterRestore: Math.round(performance.now() - a) });
a = performance.now();
sim.advanceTo(sim.now + 30_000);
say({ next30s: Math.round(performance.now() - a) });
say({ heapMb: hb });
