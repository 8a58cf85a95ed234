import { describe, expect, it } from 'vitest';
import { bareState } from '../api/testkit';
import { Engine, type SimModule } from './engine';
import { copyState } from './snapshot';

const ran: string[] = [];
const wakeups: SimModule = {
  name: 'wakeups',
  pendingTimers: ['wake'],
  timers: {
    wake: (e, t) => ran.push(`${e.now} ${t.target} gen${t.gen}`),
    other: () => {},
  },
};

describe('Engine.timerPending: the queued timers of the kinds a module names', () => {
  it('answers from the queue as timers are queued and run, by target, gen and time', () => {
    ran.length = 0;
    const e = new Engine(bareState(1), [wakeups]);
    const t0 = e.now;
    e.schedule(1000, 'wake', 'node1', 2);
    e.schedule(1000, 'other', 'node1', 2);
    e.schedule(3000, 'wake', 'node1', 2);
    e.schedule(1000, 'wake', 'node2', 1);
    expect(e.timerPending('wake', 'node1', 2, t0 + 1000)).toBe(true);
    expect(e.timerPending('wake', 'node1', 3, t0 + 1000)).toBe(false);
    expect(e.timerPending('wake', 'node1', 2, t0 + 2000)).toBe(false);
    expect(e.timerPending('wake', 'node3', 2, t0 + 1000)).toBe(false);
    expect(e.timerPendingWithin('wake', 'node1', 2, t0, t0 + 2000)).toBe(true);
    expect(e.timerPendingWithin('wake', 'node1', 2, t0 + 1000, t0 + 2999)).toBe(false);
    expect(e.timerPendingWithin('wake', 'node1', 2, t0 + 1000, t0 + 3000)).toBe(true);
    e.runUntil(t0 + 1000);
    expect(ran).toEqual([`${t0 + 1000} node1 gen2`, `${t0 + 1000} node2 gen1`]);
    expect(e.timerPending('wake', 'node1', 2, t0 + 1000)).toBe(false);
    expect(e.timerPending('wake', 'node2', 1, t0 + 1000)).toBe(false);
    expect(e.timerPending('wake', 'node1', 2, t0 + 3000)).toBe(true);
    // Queued after the index was built: seen too.
    e.schedule(500, 'wake', 'node2', 1);
    expect(e.timerPending('wake', 'node2', 1, t0 + 1500)).toBe(true);
  });

  it('is built again from the queue of another state (a restore), never carried in one', () => {
    const e = new Engine(bareState(1), [wakeups]);
    const t0 = e.now;
    e.schedule(1000, 'wake', 'node1', 0);
    expect(e.timerPending('wake', 'node1', 0, t0 + 1000)).toBe(true);
    const saved = copyState(e.state);
    e.runUntil(t0 + 1000);
    expect(e.timerPending('wake', 'node1', 0, t0 + 1000)).toBe(false);
    e.state = saved;
    expect(e.timerPending('wake', 'node1', 0, t0 + 1000)).toBe(true);
    // Kinds no module names are not indexed.
    expect(() => e.schedule(0, 'unknown', 'x')).toThrow('no handler for timer kind unknown');
    e.schedule(0, 'other', 'node1', 0);
    expect(e.timerPending('other', 'node1', 0, e.now)).toBe(false);
  });
});
