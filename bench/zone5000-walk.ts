/**
 * Where the 5,000-node built-in's test time goes: `tsx bench/zone5000-walk.ts` boots zone-down-5000
 * and walks its lesson a second at a time (as src/sim/zone-down-5000.test.ts does), timing the
 * engine's advance apart from the lesson checks. One JSON line per part.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseScenario } from '../src/sim/index';
import { compileLesson, conditionSince, stepComplete } from '../src/sim/scenario/lesson';
import { Simulation } from '../src/sim/simulation';

const say = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);
const r = parseScenario(readFileSync('public/scenarios/zone-down-5000.yaml', 'utf8'));
if (!r.ok) throw new Error('parse');
const s = r.scenario;
const t0 = performance.now();
const sim = new Simulation(s);
say({ boot: Math.round(performance.now() - t0) });
const compiled = compileLesson(s.spec.lesson);
if (!compiled.ok) throw new Error('lesson');
let adv = 0;
let check = 0;
let startedAt = 0;
for (const st of compiled.steps) {
  if (!st.condition) continue;
  const s0 = performance.now();
  for (;;) {
    let a = performance.now();
    const done = stepComplete(sim.engine, st, startedAt);
    check += performance.now() - a;
    if (done) break;
    a = performance.now();
    sim.advanceTo(Math.min(sim.now + 1000, s.spec.duration));
    adv += performance.now() - a;
  }
  const at = conditionSince(sim.engine, st, startedAt);
  say({
    step: st.id,
    at,
    wallMs: Math.round(performance.now() - s0),
    advMs: Math.round(adv),
    checkMs: Math.round(check),
  });
  startedAt = sim.now;
}
