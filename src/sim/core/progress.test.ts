/**
 * The kernel's guard on work per instant: a would-be endless instant ends with one clear error,
 * from the kernel and from a simulation whose settings bypassed validation.
 */
import { describe, expect, it } from 'vitest';
import { emptyState, Simulation } from '../simulation';
import { Engine } from './engine';
import { PROFILES } from './profiles';
import { MAX_STEPS_PER_INSTANT, SimulationStuckError } from './progress';
import type { Scenario } from './scenario-types';

describe('Engine.runUntil', () => {
  it('stops a timer that reschedules itself with no delay, naming the instant', () => {
    const p = PROFILES['v1.33'];
    const e = new Engine(emptyState(p, 1, { ...p.defaults }, 0), [
      { name: 'loop', timers: { tick: (en) => en.schedule(0, 'tick', 'x') } },
    ]);
    e.maxStepsPerInstant = 10_000;
    e.runUntil(80_000);
    e.schedule(0, 'tick', 'x');
    expect(() => e.runUntil(90_000)).toThrow(
      'the simulation made no progress at 1m20s: more than 10,000 steps at one instant (a zero period?)',
    );
    expect(() => e.runUntil(90_000)).toThrow(SimulationStuckError);
  });

  it('lets much work run at one instant as long as time moves on', () => {
    const p = PROFILES['v1.33'];
    let ticks = 0;
    const e = new Engine(emptyState(p, 1, { ...p.defaults }, 0), [
      { name: 'loop', timers: { tick: (en) => ticks++ < 50_000 && en.schedule(ticks % 2 ? 0 : 1, 'tick', 'x') } },
    ]);
    e.maxStepsPerInstant = 10;
    e.schedule(0, 'tick', 'x');
    expect(() => e.runUntil(1_000_000)).not.toThrow();
    expect(MAX_STEPS_PER_INSTANT).toBe(1_000_000);
  });

  it('a zero period that got past validation ends with the error instead of a hang', () => {
    const scenario: Scenario = {
      apiVersion: 'notready/v1',
      kind: 'Scenario',
      metadata: { name: 'zero', title: 'zero' },
      spec: {
        profile: 'v1.33',
        seed: 1,
        settings: { podGCPeriod: 0 },
        nodes: [
          { name: 'cp', roles: ['control-plane'] },
          { name: 'n1', roles: [] },
        ],
        objects: [],
        staticPods: [],
        timeline: [],
        lesson: [],
        duration: 600_000,
      },
    };
    expect(() => new Simulation(scenario)).toThrow(
      /^the simulation made no progress at -9m\d+s: more than 1,000,000 steps/,
    );
  });
});
