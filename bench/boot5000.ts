/** Boots the 5,000-node built-in once (for `tsx --cpu-prof bench/boot5000.ts`). */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseScenario } from '../src/sim/index';
import { Simulation } from '../src/sim/simulation';

const r = parseScenario(readFileSync('public/scenarios/zone-down-5000.yaml', 'utf8'));
if (!r.ok) throw new Error('parse');
const t0 = performance.now();
const sim = new Simulation(r.scenario);
process.stdout.write(`${JSON.stringify({ boot: Math.round(performance.now() - t0), now: sim.now })}\n`);
