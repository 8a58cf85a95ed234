import { describe, expect, it } from 'vitest';
import { type ClusterView, createSimulation, parseScenario, type Simulation } from '../sim';
import { CHALLENGE_COUNT } from './challenge-store';
import {
  CHALLENGES,
  type Challenge,
  type ClusterTruth,
  challengeScenario,
  checkFixed,
  FAULT_KINDS,
  type FaultKind,
  fixCommand,
  guessFault,
  type HiddenFault,
  hideFault,
  startSession,
} from './challenges';

function truthOf(v: ClusterView): ClusterTruth {
  return {
    nodes: Object.fromEntries(v.nodes.map((n) => [n.name, n])),
    schedulerRunning: v.controlPlane?.components.find((c) => c.name === 'kube-scheduler')?.running === true,
  };
}

function start(c: Challenge, f: HiddenFault): Simulation {
  const r = parseScenario(challengeScenario(c, f));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return createSimulation(r.scenario);
}

/** What a learner sees in kubectl that says something is wrong, per fault (no host truth). */
function kubectlSymptom(sim: Simulation, f: HiddenFault): boolean {
  const nodes = sim.kubectl('kubectl get nodes');
  switch (f.kind) {
    case 'kubelet-stopped':
    case 'runtime-stopped':
    case 'node-powered-off':
    case 'network-cut':
      return new RegExp(`${f.node}\\s+NotReady`).test(nodes);
    case 'node-object-deleted':
      // The Node is gone from the list (its pods were garbage-collected and replaced elsewhere).
      return !nodes.includes(f.node) && /node1\s+Ready/.test(nodes);
    case 'scheduler-stopped':
      return (
        /web-\S+\s+0\/1\s+Pending/.test(sim.kubectl('kubectl get pods')) &&
        !sim.kubectl('kubectl get pods -n kube-system').includes('kube-scheduler')
      );
  }
}

describe('challenges', () => {
  it('there is one per seed failure', () => {
    expect(CHALLENGES.map((c) => c.kind)).toEqual([...FAULT_KINDS]);
    expect(FAULT_KINDS.length).toBeGreaterThanOrEqual(6);
    // The main bundle counts them without loading the definitions.
    expect(CHALLENGE_COUNT).toBe(CHALLENGES.length);
  });

  it('hides the fault at a time in its window, on a worker (the control plane for the scheduler)', () => {
    let x = 0;
    const random = () => {
      x = (x * 9301 + 49297) % 233280;
      return x / 233280;
    };
    for (const kind of FAULT_KINDS)
      for (let i = 0; i < 20; i++) {
        const f = hideFault(kind, random);
        expect(f.at).toBeGreaterThanOrEqual(30_000);
        expect(f.at).toBeLessThanOrEqual(90_000);
        expect(f.node).toBe(kind === 'scheduler-stopped' ? 'control-plane' : f.node);
        if (kind !== 'scheduler-stopped') expect(['node1', 'node2']).toContain(f.node);
      }
  });

  for (const c of CHALLENGES) {
    const fault: HiddenFault = {
      kind: c.kind,
      node: c.kind === 'scheduler-stopped' ? 'control-plane' : 'node2',
      at: 47_000,
    };
    it(`${c.n}. ${c.kind}: shows in kubectl only after its hidden time; the right name scores, a wrong one is a wrong guess; the fix solves it`, () => {
      const sim = start(c, fault);
      sim.advanceTo(fault.at - 1000);
      expect(kubectlSymptom(sim, fault), 'no symptom before the fault').toBe(false);
      let s = startSession(c, fault);
      // A guess before anything happened is wrong even when it names the right kind: nothing is broken yet.
      s = guessFault(s, truthOf(sim.view()), c.kind, sim.now, 0);
      expect(s.wrongGuesses).toBe(1);
      expect(s.solved).toBeUndefined();

      sim.advanceTo(fault.at + 3 * 60_000);
      expect(kubectlSymptom(sim, fault), 'the symptom in kubectl').toBe(true);
      const truth = truthOf(sim.view());
      for (const other of FAULT_KINDS.filter((k): k is FaultKind => k !== c.kind)) {
        const next = guessFault(s, truth, other, sim.now, 4);
        expect(next.wrongGuesses, `${other} is wrong`).toBe(s.wrongGuesses + 1);
        expect(next.solved).toBeUndefined();
      }
      const named = guessFault(s, truth, c.kind, sim.now, 4);
      expect(named.solved?.by).toBe('named');
      expect(named.solved?.score).toEqual({ afterFault: 3 * 60_000, commands: 4, wrongGuesses: 1, points: 85 });

      // Or fixed by a command: the check is the simulation's state, not the command's text.
      expect(checkFixed(s, truth, sim.now, 4).solved).toBeUndefined();
      const fixed = sim.run(fixCommand(fault));
      expect(fixed.ok, fixed.output).toBe(true);
      sim.advanceTo(sim.now + 60_000);
      const after = checkFixed(s, truthOf(sim.view()), sim.now, 5);
      expect(after.solved?.by).toBe('fixed');
      // Four simulated minutes after the fault: one minute past the first three.
      expect(after.solved?.score.points).toBe(100 - 15 - 1);
      if (c.kind !== 'scheduler-stopped')
        expect(sim.kubectl('kubectl get nodes')).toMatch(new RegExp(`${fault.node}\\s+Ready`));
    });
  }

  it('a fix of something else does not solve it', () => {
    const c = CHALLENGES.find((x) => x.kind === 'kubelet-stopped') as Challenge;
    const fault: HiddenFault = { kind: c.kind, node: 'node2', at: 40_000 };
    const sim = start(c, fault);
    sim.advanceTo(100_000);
    sim.run('ssh node1 systemctl restart kubelet');
    sim.run('ssh node2 systemctl restart containerd');
    sim.advanceTo(130_000);
    expect(checkFixed(startSession(c, fault), truthOf(sim.view()), sim.now, 2).solved).toBeUndefined();
  });
});
