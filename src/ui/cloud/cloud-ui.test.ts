import { describe, expect, it } from 'vitest';
import { decisionsToShow, groupSlots } from './groups';
import { instanceLine, shortInstanceId } from './instance-line';

describe('a node group as slots', () => {
  it('Ready machines, then machines without a Ready Node, then the target, then room up to max', () => {
    const slots = groupSlots({ min: 1, target: 4, max: 5, instances: 3, ready: 2 });
    expect(slots.map((s) => s.kind)).toEqual(['ready', 'ready', 'live', 'wanted', 'room']);
    expect(slots.map((s) => s.belowMin)).toEqual([true, false, false, false, false]);
  });
  it('a group over its max (a scale to more than max by hand) shows every machine', () => {
    expect(groupSlots({ min: 0, target: 3, max: 2, instances: 3, ready: 3 }).map((s) => s.kind)).toEqual([
      'ready',
      'ready',
      'ready',
    ]);
  });
});

describe("the autoscaler's decisions", () => {
  const text = 'cluster-autoscaler: pods web-1 and 1 more unschedulable, group workers 2→3 (max 4)';
  it('once each, newest first, opening Why? on the first pod or node it names', () => {
    const shown = decisionsToShow([
      { ref: 'NodeGroup/workers', at: 69_427, text },
      { ref: 'Pod/default/web-1', at: 69_427, text },
      { ref: 'Pod/default/web-2', at: 69_427, text },
      { ref: 'Node/node2', at: 900_000, text: 'cluster-autoscaler: node node2 removed' },
    ]);
    expect(shown).toEqual([
      { at: 900_000, text: 'cluster-autoscaler: node node2 removed', select: { kind: 'node', name: 'node2' } },
      { at: 69_427, text, select: { kind: 'pod', key: 'default/web-1', name: 'web-1', namespace: 'default' } },
    ]);
  });
  it('keeps the latest five', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ ref: `NodeGroup/g${i}`, at: i * 1000, text: `d${i}` }));
    expect(decisionsToShow(many).map((d) => d.text)).toEqual(['d7', 'd6', 'd5', 'd4', 'd3']);
  });
});

describe("a card's instance row", () => {
  const inst = { id: 'i-25f6120defbd81d9a', state: 'running' as const, group: 'workers' };
  it('id and state in the workbench (the group in the title); the state alone for the back of a room', () => {
    expect(instanceLine(inst, 'normal')).toEqual({
      text: '☁ i-25f6120d… running',
      title: 'Cloud instance i-25f6120defbd81d9a: running, node group workers',
      cls: 'inst-running',
    });
    expect(instanceLine({ ...inst, state: 'stopped' }, 'presenter').text).toBe('☁ stopped');
    expect(instanceLine({ id: 'i-1', state: 'terminated' }, 'large').text).toBe('☁ i-1 terminated');
  });
  it('short ids stay whole', () => {
    expect(shortInstanceId('i-0abc')).toBe('i-0abc');
  });
});
