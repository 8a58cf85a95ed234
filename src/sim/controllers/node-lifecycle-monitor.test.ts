/**
 * The node-lifecycle-controller's pass skips the nodes whose quiet visit would change nothing
 * (node-lifecycle-monitor-cache.ts). Played with and without those skips, the built-ins that
 * stop kubelets, cut networks, power machines off and on, delete nodes and take a control plane
 * down must give the same run: the same trace, Events, node health and tainting queues.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/parse';
import { Simulation } from '../simulation';
import { setMonitorSlots } from './node-lifecycle-monitor-cache';

function play(name: string, minutes: number, slots: boolean) {
  const r = parseScenario(readFileSync(new URL(`../../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  setMonitorSlots(slots);
  const sim = new Simulation(r.scenario);
  // Seek-like: a snapshot and a restore halfway (a restore starts with no slots).
  sim.advanceTo((minutes / 2) * 60_000);
  sim.restore(sim.snapshot());
  sim.advanceTo(minutes * 60_000);
  const m = sim.engine.state.controllers;
  return {
    hash: sim.traceHash(),
    events: sim.kubectl('get events -A'),
    health: JSON.stringify(m.nodeHealth),
    queues: JSON.stringify([m.taintQueue, m.taintQueued, m.zoneStates]),
  };
}

describe('node-lifecycle-controller: skipping quiet nodes changes nothing', () => {
  afterEach(() => setMonitorSlots(true));

  it.each([
    ['zone-down', 30],
    ['zone-partly-down', 30],
    ['kubelet-stop-worker', 15],
    ['node-poweroff', 15],
    ['node-delete', 15],
    ['control-plane-outage', 15],
  ])('%s, %i minutes: the same run as visiting every node', (name, minutes) => {
    const skipping = play(name, minutes, true);
    const visiting = play(name, minutes, false);
    expect(skipping).toEqual(visiting);
  });
});
