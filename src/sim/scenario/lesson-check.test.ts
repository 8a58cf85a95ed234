import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { maxOf } from '../core/lists';
import type { Scenario } from '../core/scenario-types';
import { Simulation } from '../simulation';
import { BIG_BUILTINS, BUILTIN_SCENARIOS } from './builtins';
import { type CompiledStep, compileLesson, conditionSince, parseCondition, stepComplete } from './lesson';
import { parseScenario } from './parse';

function builtin(name: string): Scenario {
  const r = parseScenario(readFileSync(new URL(`../../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

function step(waitFor: string): CompiledStep {
  const r = parseCondition(waitFor);
  if (!r.ok) throw new Error(r.error);
  return { id: 'x', text: 'x', waitFor, condition: r.condition };
}

describe('conditionSince: when a step condition became true (the eviction scenario)', () => {
  const sim = new Simulation(builtin('eviction'));
  const since = (waitFor: string, from?: number) => conditionSince(sim.engine, step(waitFor), from);

  it('gives the moment of the change itself, not the time it is asked', () => {
    sim.advanceTo(7 * 60_000);
    expect(since('time 30s')).toBe(30_000);
    expect(since('time +30s', 100_000)).toBe(130_000);
    expect(since('command ssh node2 systemctl stop kubelet')).toBe(30_000);
    // The Ready condition's lastTransitionTime, the taint's timeAdded, the Event's firstTimestamp.
    expect(since('node node2 NotReady')).toBe(79_270);
    expect(since('condition node2 Ready Unknown NodeStatusUnknown')).toBe(79_270);
    expect(since('taint node2 node.kubernetes.io/unreachable:NoExecute')).toBe(84_370);
    expect(since('event NodeNotReady node/node2')).toBe(79_270);
    expect(since('event TaintManagerEviction')).toBe(384_470);
    expect(since('event TaintManagerEviction pod/db-1')).toBe(384_470);
    // Terminating from the deletion request (deletionTimestamp minus the grace period).
    expect(since('pod db-1 Terminating')).toBe(384_470);
    expect(since('node node1 Ready')).toBeLessThan(0);
  });

  it('is undefined while the condition does not hold, and for a step without one', () => {
    expect(since('node node2 Ready')).toBeUndefined();
    expect(since('event TaintManagerEviction', 400_000)).toBeUndefined();
    expect(since('pod-gone db-1')).toBeUndefined();
    expect(conditionSince(sim.engine, { id: 'read', text: 'Read this.' })).toBeUndefined();
  });

  it('reads removals from the object history', () => {
    // The StatefulSet controller recreates db-1 a watch latency later: ask at once.
    sim.run('kubectl delete pod db-1 --force --grace-period=0');
    expect(since('pod-gone db-1')).toBe(420_000);
    // A prefix: the last of the matching pods to go, read from every object history.
    expect(since('pod-gone db-1*')).toBe(420_000);
    const gone = new Simulation(builtin('node-delete'));
    gone.advanceTo(40_000);
    expect(conditionSince(gone.engine, step('node-gone node2'))).toBe(30_000);
    expect(conditionSince(gone.engine, step('pod-gone nope-*'))).toBe(undefined);
  });

  it('the earliest match for events since the step started, and for pods', () => {
    const s = new Simulation(builtin('eviction'));
    s.advanceTo(545_500);
    // The web ReplicaSet's only SuccessfulCreate since t=0: the replacement, a watch latency after the eviction.
    expect(conditionSince(s.engine, step('event SuccessfulCreate replicaset/web'), 0)).toBe(384_570);
    // db-1 runs again: since its container started (the replacement on node2).
    expect(conditionSince(s.engine, step('pod db-1 Running'))).toBeGreaterThan(542_500);
    expect(conditionSince(s.engine, step('pod db-1 Running'))).toBeLessThanOrEqual(545_500);
  });
});

/**
 * A learner who follows each built-in lesson: every step with a condition starts when the step
 * before it was done and waits on the engine; a step without one is read at once. Every step is
 * reached within the scenario's duration, and its "happened at" is its event's own time.
 */
const walks = new Map<string, [string, number][]>();

/** walk(), once per scenario and test file: the big built-ins take seconds. */
function walked(name: string): [string, number][] {
  let w = walks.get(name);
  if (!w) {
    w = walk(name);
    walks.set(name, w);
  }
  return w;
}

function walk(name: string): [string, number][] {
  const s = builtin(name);
  const compiled = compileLesson(s.spec.lesson);
  if (!compiled.ok) throw new Error(`${name}: ${JSON.stringify(compiled.errors)}`);
  const sim = new Simulation(s);
  let startedAt = 0;
  const out: [string, number][] = [];
  for (const st of compiled.steps) {
    if (!st.condition) continue;
    while (!stepComplete(sim.engine, st, startedAt)) {
      const t = sim.step(s.spec.duration);
      if (t !== undefined) continue;
      if (sim.now >= s.spec.duration) throw new Error(`${name}/${st.id}: not done by the end (${s.spec.duration} ms)`);
      // Nothing visible happens before the end, but the app's clock runs on: a second at a time.
      sim.advanceTo(Math.min(sim.now + 1000, s.spec.duration));
    }
    const at = conditionSince(sim.engine, st, startedAt);
    if (at === undefined) throw new Error(`${name}/${st.id}: done but no time`);
    expect(at, `${name}/${st.id}`).toBeLessThanOrEqual(sim.now);
    out.push([st.id, at]);
    startedAt = sim.now;
  }
  return out;
}

describe('built-in lessons hold', () => {
  it('eviction: failure, detection, taint, eviction, replacement, recovery, in order', () => {
    expect(walk('eviction')).toEqual([
      ['stop', 30_000],
      ['unknown', 79_270],
      ['taint', 84_370],
      ['evicted', 384_470],
      ['replaced', 384_570],
      ['start', 542_500],
      ['db', expect.any(Number)],
    ]);
  });

  it('pdb-drain: cordoned at 30s, the 4th pod at 1m30s, evicted at the 1m35s retry, drained at 1m37s', () => {
    expect(walk('pdb-drain')).toEqual([
      ['drain', 30_000],
      ['blocked', 50_000],
      ['scale', 90_200],
      ['evicted', 95_100],
      ['replaced', 95_100],
      ['drained', 97_000],
    ]);
  });

  it('volume-out-of-service: off at 30s, NotReady at 1m19s, tainted out-of-service at 2m, db-0 back on node2 at 2m9s, Running at 2m13s', () => {
    expect(walk('volume-out-of-service')).toEqual([
      ['volume', 10_000],
      ['off', 30_000],
      ['notready', 79_270],
      ['taint', 120_000],
      ['recreated', 129_370],
      ['running', 133_565],
    ]);
  });

  it("graceful-shutdown: node2 lost at 30s and Unknown at 1m19s; node1 shut down at 2m, its pod replaced at 2m1s; node2's at 6m24s", () => {
    expect(walk('graceful-shutdown')).toEqual([
      ['cut', 30_000],
      ['unknown', 79_270],
      ['shutdown', 120_000],
      ['replaced', 121_224],
      ['compare', 125_000],
      ['evicted', 384_470],
    ]);
  });

  it('every step of every built-in lesson happens, in order, before the scenario ends', () => {
    // The 5,000-node built-in is walked by its own test (src/sim/zone-down-5000.test.ts).
    for (const name of BUILTIN_SCENARIOS) {
      if (BIG_BUILTINS.includes(name)) continue;
      const s = builtin(name);
      if (!s.spec.lesson.length) continue;
      const times = walked(name).map(([, at]) => at);
      expect(times, name).toEqual([...times].sort((a, b) => a - b));
      expect(
        maxOf(times, (t) => t),
        name,
      ).toBeLessThanOrEqual(s.spec.duration);
    }
  });
});

describe('the big-zone lessons hold at the times they narrate', () => {
  it('zone-partly-down: NotReady at 1m49s, c1 tainted at 1m54s, c10 100 s later, c1 evicted 300 s after its taint', () => {
    expect(walked('zone-partly-down')).toEqual([
      ['cut', 60_000],
      ['notready', 109_229],
      ['first-taint', 114_329],
      ['second-taint', 214_329],
      ['evicted', 414_429],
      ['end', 1_440_000],
    ]);
  });

  it('zone-down: FullDisruption at 1m54s, c10 at 2m14s, c64 evicted at 6m49s, the 100th taint at 18m24s', () => {
    expect(walked('zone-down')).toEqual([
      ['cut', 60_000],
      ['notready', 109_229],
      ['full', 114_229],
      ['taints', 134_229],
      ['evicted', 409_429],
      ['last-taint', 1_104_229],
      ['end', 1_440_000],
    ]);
  });
});
