/**
 * Property tests over random clusters and random fault sequences (fast-check), with probes and
 * reboots among them. After every traced change the invariants of a sane cluster must hold; after
 * every fault is healed and 15 simulated minutes pass, every workload must be fully READY again, no
 * drain still waits and no container runs for a pod nobody knows (a ghost); and runs are
 * deterministic, also across a snapshot and restore. Faults include blocking drains (with and
 * without --timeout) and `^C`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkInvariants,
  clusterArb,
  danglingOwners,
  faultArb,
  ghosts,
  hangingCommands,
  healAll,
  scenarioOf,
  workloadsNotReady,
} from './properties.testkit';
import { Simulation } from './simulation';

describe('random clusters and fault sequences', () => {
  it('keep the invariants after every change and recover fully 15 minutes after every fault is healed', () => {
    fc.assert(
      fc.property(
        clusterArb.chain((c) => fc.tuple(fc.constant(c), fc.array(faultArb(c.workers, c.profile), { maxLength: 6 }))),
        ([cluster, faults]) => {
          const sim = new Simulation(scenarioOf(cluster));
          const last = { t: sim.now };
          let violation: string | undefined;
          sim.engine.traceListeners.push(() => {
            violation ??= checkInvariants(sim, last);
          });
          for (const f of [...faults].sort((a, b) => a.at - b.at)) {
            sim.advanceTo(f.at);
            sim.run(f.run);
          }
          sim.advanceTo(660_000);
          healAll(sim);
          sim.advanceTo(sim.now + 15 * 60_000);
          expect(violation).toBeUndefined();
          expect(workloadsNotReady(sim)).toEqual([]);
          expect(danglingOwners(sim)).toEqual([]);
          expect(hangingCommands(sim)).toEqual([]);
          expect(ghosts(sim)).toEqual([]);
        },
      ),
      { numRuns: 30, seed: 20261129 },
    );
  });

  it('are deterministic: the same inputs give the same trace hash, also after a snapshot and restore', () => {
    fc.assert(
      fc.property(
        clusterArb.chain((c) => fc.tuple(fc.constant(c), fc.array(faultArb(c.workers, c.profile), { maxLength: 4 }))),
        ([cluster, faults]) => {
          const timeline = [...faults].sort((a, b) => a.at - b.at);
          const scenario = scenarioOf(cluster);
          scenario.spec.timeline = timeline;
          const a = new Simulation(scenario);
          a.advanceTo(700_000);
          const b = new Simulation(scenario);
          b.advanceTo(300_000);
          const snap = b.snapshot();
          b.advanceTo(500_000); // diverge in time, then go back
          b.restore(snap);
          b.advanceTo(700_000);
          expect(b.traceHash()).toBe(a.traceHash());
          expect(b.kubectl('kubectl get pods -A -o wide')).toBe(a.kubectl('kubectl get pods -A -o wide'));
        },
      ),
      { numRuns: 15, seed: 7 },
    );
  });
});
