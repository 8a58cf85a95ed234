/**
 * The kubelet's and the controllers' memory stay in V8's fast mode (core/state.ts, KubeletMemory):
 * one `delete` of a field turns such a record into a dictionary for good, and every read and copy
 * of it slows down (a 1,000-node zone-failure hour took 7.4 s instead of 4.8 s). V8's own
 * `%HasFastProperties` tells, with `--allow-natives-syntax` (vitest.config.ts gives it to the
 * unit workers). So do the pod workers and their containers records (core/dict.ts smallDict:
 * `Object.create(null)` would make each one a dictionary, ~190 bytes instead of ~60).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario/parse';
import { Simulation } from './simulation';

function hasFastProperties(): (o: object) => boolean {
  try {
    return new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
  } catch {
    throw new Error('this test needs node --allow-natives-syntax (vitest.config.ts test.execArgv)');
  }
}

function builtin(name: string) {
  const r = parseScenario(readFileSync(new URL(`../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

describe("the kubelet's and the controllers' memory stay fast records", () => {
  it('the probe tells a record made a dictionary by a delete', () => {
    const fast = hasFastProperties();
    const o: Record<string, number> = { a: 1, b: 2, c: 3 };
    expect(fast(o)).toBe(true);
    delete o.a;
    expect(fast(o)).toBe(false);
  });

  // docker-stop: the runtime error set and cleared, the runtime-up loop woken (v1.23-docker);
  // eviction and zone-down: NoExecute ticks, taint evictions; control-plane-outage: a new
  // kube-controller-manager process resets its memory.
  for (const name of ['docker-stop', 'eviction', 'zone-down', 'control-plane-outage'])
    it(`${name}: every kubelet's memory and the controllers' memory, each simulated minute`, () => {
      const fast = hasFastProperties();
      const scenario = builtin(name);
      const sim = new Simulation(scenario);
      let checked = 0;
      let workers = 0;
      for (let t = 60_000; t <= scenario.spec.duration; t += 60_000) {
        sim.advanceTo(t);
        // A checkpoint each minute: the writes after it go to copy-on-write copies.
        sim.snapshot();
        const s = sim.engine.state;
        for (const h of Object.values(s.hosts)) {
          if (!h.kubelet) continue;
          expect(fast(h.kubelet), `${h.name}'s kubelet memory at ${t / 1000}s`).toBe(true);
          checked++;
          // A worker's containers record has no prototype but stays fast (core/dict.ts smallDict),
          // also in the copies copy-on-write makes after a checkpoint.
          for (const w of Object.values(h.kubelet.pods)) {
            expect(fast(w), `worker ${w.key} at ${t / 1000}s`).toBe(true);
            expect(Object.getPrototypeOf(w.containers)).toBeNull();
            expect(fast(w.containers), `containers of ${w.key} at ${t / 1000}s`).toBe(true);
            workers++;
          }
        }
        expect(fast(s.controllers), `the controllers' memory at ${t / 1000}s`).toBe(true);
      }
      expect(checked).toBeGreaterThan(10);
      expect(workers).toBeGreaterThan(10);
    });
});
