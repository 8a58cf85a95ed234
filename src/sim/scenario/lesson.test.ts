import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../core/scenario-types';
import { Simulation } from '../simulation';
import {
  checkCondition,
  compileLesson,
  type LessonCondition,
  parseCondition,
  printCondition,
  stepComplete,
} from './lesson';
import { parseScenario } from './parse';

function cond(text: string): LessonCondition {
  const r = parseCondition(text);
  if (!r.ok) throw new Error(r.error);
  return r.condition;
}

function builtin(name: string): Scenario {
  const r = parseScenario(readFileSync(new URL(`../../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

describe('parseCondition', () => {
  it('reads every form and prints it back canonically', () => {
    const texts = [
      'time 1m',
      'time +30s',
      'time 1m30s',
      'node node2 NotReady',
      'node node2 Ready,SchedulingDisabled',
      'node-gone node2',
      'condition node2 Ready Unknown',
      'condition node2 Ready Unknown NodeStatusUnknown',
      'taint node2 node.kubernetes.io/unreachable:NoExecute',
      'taint node2 node.kubernetes.io/unreachable',
      'taint node2 dedicated=db:NoSchedule',
      'event TaintManagerEviction',
      'event TaintManagerEviction pod/web',
      'event NodeNotReady node/node2',
      'pod db-0 Terminating',
      'pod kube-system/coredns-* Running',
      'pod-gone db-0',
      'pod-gone web-*',
    ];
    for (const t of texts) expect(printCondition(cond(t))).toBe(t);
    expect(cond('  node   node2   NotReady ')).toEqual({ kind: 'node', node: 'node2', status: 'NotReady' });
    expect(printCondition(cond('time 60s'))).toBe('time 1m');
    expect(cond('time 90')).toEqual({ kind: 'time', at: 90_000, relative: false });
    expect(cond('pod web-* Running')).toEqual({
      kind: 'pod',
      namespace: 'default',
      name: 'web-',
      prefix: true,
      status: 'Running',
    });
  });

  it('canonicalises a command that parses, keeps a partial one as written', () => {
    expect(cond('command ssh   node2 systemctl stop kubelet')).toEqual({
      kind: 'command',
      prefix: 'ssh node2 systemctl stop kubelet',
    });
    expect(cond('command ssh node2 systemctl')).toEqual({ kind: 'command', prefix: 'ssh node2 systemctl' });
  });

  it('explains what is wrong and shows the expected form', () => {
    const err = (t: string) => {
      const r = parseCondition(t);
      return r.ok ? 'parsed' : r.error;
    };
    expect(err('')).toBe('the condition is empty');
    expect(err('nodes node2 NotReady')).toBe(
      '"nodes" is not a condition (time, node, node-gone, condition, taint, event, pod, pod-gone, command, instance, group)',
    );
    expect(err('time soon')).toBe('"soon" is not a duration (write `time 60s` or `time +30s`)');
    expect(err('node node2')).toBe('node needs a node name and a STATUS (write `node node2 NotReady`)');
    expect(err('node node2 Down')).toBe(
      '"Down" is not a node STATUS (Ready, NotReady, Unknown, SchedulingDisabled) (write `node node2 NotReady`)',
    );
    expect(err('condition node2 Ready Maybe')).toBe(
      '"Maybe" is not a condition status (True, False, Unknown) (write `condition node2 Ready Unknown`)',
    );
    expect(err('condition node2 Healthy True')).toMatch(/^"Healthy" is not a node condition/);
    expect(err('taint node2 a:NoRun')).toMatch(/^"NoRun" is not a taint effect/);
    expect(err('event')).toBe(
      'event needs a reason (write `event TaintManagerEviction` or `event TaintManagerEviction pod/web`)',
    );
    expect(err('pod DB-0 Running')).toBe('"DB-0" is not a pod name (write `pod db-0 Terminating`)');
    expect(err('command')).toBe(
      'command needs the start of a command (write `command ssh node2 systemctl stop kubelet`)',
    );
  });
});

describe('checkCondition against the engine (built-in kubelet-stop-worker: kubelet on knode stops at 30s)', () => {
  const sim = new Simulation(builtin('kubelet-stop-worker'));
  const e = sim.engine;
  const at = (t: number, texts: string[]) => {
    sim.advanceTo(t);
    return Object.fromEntries(texts.map((x) => [x, checkCondition(e, cond(x))]));
  };
  const ALL = [
    'time 30s',
    'command ssh knode systemctl stop kubelet',
    'node knode Ready',
    'node knode NotReady',
    'condition knode Ready Unknown',
    'condition knode Ready Unknown NodeStatusUnknown',
    'taint knode node.kubernetes.io/unreachable:NoExecute',
    'taint knode node.kubernetes.io/unreachable',
    'event NodeNotReady',
    'event TaintManagerEviction',
    'event TaintManagerEviction pod/db',
    'event TaintManagerEviction node/knode',
    'pod db-0 Running',
    'pod db-0 Terminating',
    'pod web-* Terminating',
    'pod-gone db-1',
    'node-gone knode',
  ];

  it('follows the run step by step', () => {
    expect(at(20_000, ALL)).toMatchObject({
      'time 30s': false,
      'command ssh knode systemctl stop kubelet': false,
      'node knode Ready': true,
      'node knode NotReady': false,
      'pod db-0 Running': true,
      'node-gone knode': false,
    });
    expect(at(30_000, ALL)).toMatchObject({
      'time 30s': true,
      'command ssh knode systemctl stop kubelet': true,
      'node knode NotReady': false,
    });
    // After the grace period: Unknown conditions, NotReady, unreachable taints.
    expect(at(120_000, ALL)).toMatchObject({
      'node knode Ready': false,
      'node knode NotReady': true,
      'condition knode Ready Unknown': true,
      'condition knode Ready Unknown NodeStatusUnknown': true,
      'taint knode node.kubernetes.io/unreachable:NoExecute': true,
      'taint knode node.kubernetes.io/unreachable': true,
      'event NodeNotReady': true,
      'event TaintManagerEviction': false,
      'pod db-0 Running': true,
      'pod web-* Terminating': false,
    });
    // Past the 300s toleration: eviction, pods Terminating (the kubelet cannot confirm).
    expect(at(420_000, ALL)).toMatchObject({
      'event TaintManagerEviction': true,
      'event TaintManagerEviction pod/db': true,
      'event TaintManagerEviction node/knode': false,
      'pod db-0 Running': false,
      'pod db-0 Terminating': true,
      'pod web-* Terminating': true,
      'pod-gone db-1': false,
    });
    sim.run('kubectl delete pod db-1 --force --grace-period=0');
    expect(at(421_000, ['pod-gone db-1'])).toEqual({ 'pod-gone db-1': true });
  });

  it('counts events, commands and relative time from the step start', () => {
    const now = e.now;
    expect(checkCondition(e, cond('event TaintManagerEviction'), { since: now + 1 })).toBe(false);
    expect(checkCondition(e, cond('command ssh knode systemctl stop kubelet'), { since: 31_000 })).toBe(false);
    expect(checkCondition(e, cond('command kubectl delete pod db-1'), { since: 400_000 })).toBe(true);
    expect(checkCondition(e, cond('time +30s'), { since: now - 29_000 })).toBe(false);
    expect(checkCondition(e, cond('time +30s'), { since: now - 30_000 })).toBe(true);
  });
});

describe('compileLesson / stepComplete', () => {
  it('compiles every built-in lesson', () => {
    for (const name of ['kubelet-stop-worker', 'node-poweroff', 'node-delete', 'eviction']) {
      const r = compileLesson(builtin(name).spec.lesson);
      expect(r.ok, name).toBe(true);
    }
  });

  it('reports bad waitFor and run with the scenario path', () => {
    const r = compileLesson([
      { id: 'a', text: 'x', waitFor: 'node knode NotReady' },
      { id: 'b', text: 'y', waitFor: 'node knode Sad' },
      { id: 'c', text: 'z', run: 'kubectl frobnicate' },
    ]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((x) => x.path)).toEqual(['spec.lesson[1].waitFor', 'spec.lesson[2].run']);
  });

  it('a step is complete when its condition holds; narration waits for the learner', () => {
    const sim = new Simulation(builtin('kubelet-stop-worker'));
    const r = compileLesson([
      { id: 'wait', text: 'w', waitFor: 'time +10s' },
      { id: 'read', text: 'r' },
    ]);
    if (!r.ok) throw new Error('compile');
    const [wait, read] = r.steps as [(typeof r.steps)[0], (typeof r.steps)[0]];
    sim.advanceTo(5_000);
    expect(stepComplete(sim.engine, wait, 0)).toBe(false);
    sim.advanceTo(10_000);
    expect(stepComplete(sim.engine, wait, 0)).toBe(true);
    expect(stepComplete(sim.engine, read, 0)).toBe(false);
  });
});

describe('cloud conditions (issue 11)', () => {
  it('parses instance and group conditions and prints them back', () => {
    const inst = parseCondition('instance node2 terminated');
    expect(inst.ok && printCondition(inst.condition)).toBe('instance node2 terminated');
    const group = parseCondition('group workers 3');
    expect(group.ok && group.condition).toEqual({ kind: 'group', group: 'workers', target: 3 });
    const bad = parseCondition('instance node2 gone');
    expect(bad.ok ? '' : bad.error).toBe(
      '"gone" is not an instance state (pending, running, stopping, stopped, terminated) (write `instance node2 terminated`)',
    );
  });
});
