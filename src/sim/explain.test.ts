import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPLACES_ANNOTATION } from './api/workload-memory';
import { Engine } from './core/engine';
import type { Scenario } from './core/scenario-types';
import { explain } from './explain';
import { parseScenario } from './scenario/parse';
import { initialState, Simulation } from './simulation';

function builtin(name: string, timeline?: Scenario['spec']['timeline']): Simulation {
  const r = parseScenario(readFileSync(new URL(`../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return new Simulation(timeline ? { ...r.scenario, spec: { ...r.scenario.spec, timeline } } : r.scenario);
}

const scenario: Scenario = {
  apiVersion: 'notready/v1',
  kind: 'Scenario',
  metadata: { name: 't', title: 't' },
  spec: {
    profile: 'v1.33',
    seed: 1,
    settings: {},
    nodes: [],
    objects: [],
    staticPods: [],
    timeline: [],
    lesson: [],
    duration: 600_000,
  },
};

describe('explain', () => {
  it('walks from the latest change back to the command, deduplicated, stopping at the command', () => {
    const e = new Engine(initialState(scenario), []);
    const boot = e.cause({ actor: 'scenario', what: 'boot', command: 'scenario' });
    e.state.now = 30_000;
    const cmd = e.cause({
      actor: 'user',
      what: 'kubelet stopped on node2',
      command: 'ssh node2 systemctl stop kubelet',
      parents: [boot],
    });
    e.state.now = 80_000;
    const unknown = e.cause({
      actor: 'node-lifecycle-controller',
      what: 'Ready=Unknown on node2',
      rule: 'no heartbeat for 50s',
      constant: 'nodeMonitorGracePeriod=50s',
      parents: [cmd],
    });
    const taint = e.cause({
      actor: 'node-lifecycle-controller',
      what: 'taint unreachable:NoExecute on node2',
      rule: 'Ready is Unknown',
      parents: [unknown, cmd],
    });
    e.state.now = 380_000;
    const evict = e.cause({
      actor: 'taint-eviction-controller',
      what: 'delete pod web-1',
      rule: 'tolerationSeconds 300 elapsed since taint unreachable:NoExecute',
      constant: 'defaultTolerationSeconds=300',
      parents: [taint],
    });
    e.remember('Pod/default/web-1', 'Running', boot);
    e.remember('Pod/default/web-1', 'Terminating', evict);
    e.remember('Pod/default/web-1', 'event TaintManagerEviction', evict);

    const x = explain(e, 'Pod/default/web-1');
    expect(x.chain.map((l) => l.what)).toEqual([
      'delete pod web-1',
      'taint unreachable:NoExecute on node2',
      'Ready=Unknown on node2',
      'kubelet stopped on node2',
    ]);
    expect(x.chain.at(-1)).toMatchObject({ actor: 'you', command: 'ssh node2 systemctl stop kubelet' });
    expect(x.chain.some((l) => l.what === 'boot')).toBe(false);
    // The pod is not in the store (a bare engine): the headline still names the command behind it.
    expect(x.headline).toBe('web-1 is gone: you stopped kubelet on node2 at 30s.');
    expect(x.summary).toBe(x.headline);
  });

  it('says so when an object has no history', () => {
    const e = new Engine(initialState(scenario), []);
    const x = explain(e, 'Node/nope');
    expect(x.chain).toEqual([]);
    expect(x.summary).toContain('No recorded changes');
    expect(x.headline).toBe('No recorded changes for Node/nope.');
  });
});

describe('Why? headlines: plain words first, credited, never a negative time', () => {
  it('a NotReady node whose kubelet stopped', () => {
    const sim = builtin('eviction');
    sim.advanceTo(100_000);
    const x = sim.explain('Node/node2');
    expect(x.headline).toBe(
      'node2 is NotReady: the scenario stopped kubelet on node2 at 30s and no heartbeat arrived for 50s (nodeMonitorGracePeriod).',
    );
    expect(x.chain.at(-1)).toMatchObject({
      actor: 'the scenario',
      by: 'scenario',
      command: 'ssh node2 systemctl stop kubelet',
    });
  });

  it('an evicted pod: the taint, its time and the toleration that ran out', () => {
    const sim = builtin('eviction');
    sim.advanceTo(400_000);
    // Names come from the seeded PRNG: read them from the run (the web replacement and whom it replaces).
    const replacement = sim.engine
      .list('Pod')
      .find((p) => p.metadata.name.startsWith('web-') && p.metadata.annotations[REPLACES_ANNOTATION]);
    const evicted = replacement?.metadata.annotations[REPLACES_ANNOTATION]?.split('@')[0]?.split('/')[1] ?? '';
    const name = replacement?.metadata.name ?? '';
    expect(evicted).toMatch(/^web-7d89dcd798-[a-z0-9]{5}$/);
    expect(sim.explain(`Pod/default/${evicted}`).headline).toBe(
      `${evicted} was evicted at 6m24s: the scenario stopped kubelet on node2 at 30s, node2 was tainted unreachable:NoExecute at 1m24s and the pod's toleration of 300s ran out (tolerationSeconds).`,
    );
    expect(sim.explain(`Pod/default/${name}`).headline).toBe(
      `${name} is Running on node1: it replaces ${evicted}, evicted at 6m24s, after the scenario stopped kubelet on node2 at 30s.`,
    );
  });

  it('a pod scheduled before t=0 reads "while the cluster started"', () => {
    const sim = builtin('eviction');
    sim.advanceTo(10_000);
    const x = sim.explain('Pod/default/db-0');
    expect(x.headline).toBe('db-0 is Running on node1: the scenario created its objects while the cluster started.');
    expect(x.chain.some((l) => l.at < 0)).toBe(true);
    expect(x.headline).not.toMatch(/\s-\d/);
    expect(sim.explain('Node/node1').headline).toBe('node1 is Ready: so it has been since the cluster started.');
  });

  it('a node whose docker stopped: the kubelet reports the runtime down', () => {
    const sim = builtin('docker-stop');
    sim.advanceTo(100_000);
    expect(sim.explain('Node/knode').headline).toBe(
      'knode is NotReady: the scenario stopped docker on knode at 30s and the kubelet reports container runtime is down (KubeletNotReady).',
    );
    expect(sim.explain('Host/knode').headline).toBe(
      'docker on knode is stopped: the scenario stopped docker on knode at 30s.',
    );
  });

  it("credits the learner's commands to you and the scenario's to the scenario", () => {
    const sim = builtin('eviction', []);
    sim.advanceTo(30_000);
    sim.run('ssh node2 systemctl stop kubelet');
    sim.advanceTo(100_000);
    const x = sim.explain('Node/node2');
    expect(x.headline).toBe(
      'node2 is NotReady: you stopped kubelet on node2 at 30s and no heartbeat arrived for 50s (nodeMonitorGracePeriod).',
    );
    expect(x.chain.at(-1)).toMatchObject({ actor: 'you', by: 'you' });
    sim.run('kubectl delete node node2', { by: 'scenario' });
    expect(sim.explain('Node/node2').headline).toBe(
      'node2 has no Node object: the scenario deleted Node node2 at 1m40s.',
    );
    sim.run('kubectl cordon node1');
    sim.advanceTo(130_000);
    // The kubelet wrote node1's status since (NodeNotSchedulable); the cordon still explains it.
    expect(sim.explain('Node/node1').headline).toBe('node1 is Ready,SchedulingDisabled: you cordoned node1 at 1m40s.');
  });
});
