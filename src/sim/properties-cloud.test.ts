/**
 * Property tests over random cloud clusters (issue 11 point 5): workers in node groups with the
 * cluster autoscaler, random faults including cloud ones (stop, terminate, start, scale) and
 * workload changes that make the autoscaler add and remove machines. After every traced change:
 * the invariants of a sane cluster, no Node outliving its instance longer than the controllers
 * allow, no machine terminated by a scale-down under a pod that blocks it; after healing and 15
 * quiet minutes: every workload READY, every running machine with its Node, every group at its
 * target. Runs are deterministic, also across a snapshot and restore.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ClusterShape,
  checkInvariants,
  cloudClusterArb,
  danglingOwners,
  faultArb,
  hangingCommands,
  healAll,
  scenarioOf,
  workloadsNotReady,
} from './properties.testkit';
import { CloudWatch, cloudNotRecovered } from './properties-cloud.testkit';
import { Simulation } from './simulation';

const withFaults = (max: number) =>
  cloudClusterArb.chain((c) =>
    fc.tuple(fc.constant(c), fc.array(faultArb(c.workers, 'v1.33', { zones: c.zones }), { maxLength: max })),
  );

describe('random cloud clusters with the cluster autoscaler', () => {
  it('keep the invariants after every change and recover fully 15 minutes after every fault is healed', () => {
    fc.assert(
      fc.property(withFaults(6), ([cluster, faults]) => {
        const sim = new Simulation(scenarioOf(cluster));
        const last = { t: sim.now };
        const cloud = new CloudWatch(sim);
        let violation: string | undefined;
        sim.engine.traceListeners.push((line) => {
          violation ??= checkInvariants(sim, last) ?? cloud.check() ?? cloud.line(line);
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
        expect(cloudNotRecovered(sim)).toEqual([]);
      }),
      { numRuns: 12, seed: 20261130 },
    );
  });

  it('are deterministic: the same inputs give the same trace hash, also after a snapshot and restore', () => {
    fc.assert(
      fc.property(withFaults(4), ([cluster, faults]) => {
        const scenario = scenarioOf(cluster);
        scenario.spec.timeline = [...faults].sort((a, b) => a.at - b.at);
        const a = new Simulation(scenario);
        a.advanceTo(900_000);
        const b = new Simulation(scenario);
        b.advanceTo(400_000);
        const snap = b.snapshot();
        b.advanceTo(600_000);
        b.restore(snap);
        b.advanceTo(900_000);
        expect(b.traceHash()).toBe(a.traceHash());
        expect(b.run('cloud instances').output).toBe(a.run('cloud instances').output);
        expect(b.kubectl('kubectl get pods -A -o wide')).toBe(a.kubectl('kubectl get pods -A -o wide'));
      }),
      { numRuns: 6, seed: 11 },
    );
  });
});

describe('the cloud invariants catch what they are for', () => {
  const shape: ClusterShape = {
    workers: 3,
    zones: 1,
    deployments: [2],
    statefulSets: [],
    daemonSet: false,
    probes: false,
    profile: 'v1.33',
    seed: 3,
    cloud: true,
  };

  it('flags a Node that outlives its instance (here a Ready one, which no controller deletes)', () => {
    const sim = new Simulation(scenarioOf(shape));
    const watch = new CloudWatch(sim);
    expect(watch.check()).toBeUndefined();
    // w1 stays: its bare debug pod blocks any scale-down.
    const inst = Object.values(sim.engine.state.cloud?.instances ?? {}).find((i) => i.host === 'w1');
    if (!inst || !sim.engine.get('Node', 'w1')) throw new Error('no w1');
    // The cloud forgets the machine while it keeps running: its Node stays Ready.
    inst.state = 'terminated';
    inst.since = sim.now;
    sim.advanceTo(sim.now + 60_000);
    expect(watch.check()).toBeUndefined();
    sim.advanceTo(sim.now + 30_000);
    expect(watch.check()).toMatch(/^Node w1 still exists 90000 ms after its instance i-[0-9a-f]{17} was terminated$/);
  });

  it('flags a scale-down termination under a pod that blocks it', () => {
    const sim = new Simulation(scenarioOf(shape));
    const watch = new CloudWatch(sim);
    const line = `${sim.now} cloud instance i-0 (w1) terminated: terminated by cluster-autoscaler: scale-down of w1`;
    // w1 runs the bare debug pod (no controller): NotReplicated.
    expect(watch.line(line)).toBe('instance of w1 terminated by a scale-down while debug blocked it');
    expect(watch.line(line.replaceAll('w1', 'w2'))).toBeUndefined();
  });
});
