import { createSimulation } from '../src/sim/index';
import { smallKubeletFailure, largeZoneFailure } from './scenarios';
const which = process.argv[2] ?? 'small';
const sim = createSimulation(which === 'small' ? smallKubeletFailure() : largeZoneFailure());
const t0 = performance.now();
const H = which === 'small' ? 3_600_000 * 5 : 1_800_000;
for (let t = 60000; t <= H; t += 60000) sim.advanceTo(t);
console.log('advance ms', performance.now() - t0, 'causes', sim.engine.state.causes.length, 'events', Object.keys(sim.engine.state.api.objects.Event).length, 'timers', sim.engine.state.timers.length);
const s0 = performance.now(); const snap = sim.snapshot(); console.log('snapshot ms', performance.now()-s0, 'json bytes', JSON.stringify(snap).length);
