import { describe, expect, it } from 'vitest';
import { Engine } from './core/engine';
import { explain } from './explain';
import type { Scenario } from './scenario/types';
import { initialState } from './simulation';

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
    expect(x.summary).toMatch(/^Terminating since 6m20s, taint-eviction-controller: tolerationSeconds 300 elapsed/);
    expect(x.summary).toContain('you ran "ssh node2 systemctl stop kubelet" at 30s');
  });

  it('says so when an object has no history', () => {
    const e = new Engine(initialState(scenario), []);
    const x = explain(e, 'Node/nope');
    expect(x.chain).toEqual([]);
    expect(x.summary).toContain('No recorded changes');
  });
});
