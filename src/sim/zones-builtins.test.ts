/**
 * The two big-zone built-ins (issue 13 point 4), the same 300-worker cluster and seed, pinned at
 * the times their lessons and descriptions state (reference §2.3, node_lifecycle_controller.go):
 * - zone-partly-down: 60 of zone-c's 100 nodes cut off. 56 NotReady at the first pass is at least
 *   unhealthyZoneThreshold (0.55) of the zone and more than 2: PartialDisruption; the zone has more
 *   than largeClusterSizeThreshold (50) nodes, so NoExecute taints come at the secondary rate,
 *   0.01 nodes/s (`ReducedQPSFunc`): one node every 100 s.
 * - zone-down: all 100 cut off. One pass in PartialDisruption, then FullDisruption while zones a
 *   and b are Normal: the normal rate, 0.1 nodes/s (`HealthyQPSFunc`), one node every 10 s; no
 *   master disruption mode (that needs every zone in FullDisruption).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from './index';
import { Simulation } from './simulation';

function builtin(name: string): Scenario {
  const r = parseScenario(readFileSync(`public/scenarios/${name}.yaml`, 'utf8'));
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.errors)}`);
  return r.scenario;
}

const sec = 1000;
const min = 60 * sec;
const ZONE_C = ':\u0000:zone-c';

/** A run of the scenario that keeps the node-lifecycle controller's zone lines (the state keeps only the last trace lines). */
function play(s: Scenario): { sim: Simulation; zoneLines: string[] } {
  const sim = new Simulation(s);
  const zoneLines: string[] = [];
  sim.engine.traceListeners.push((l) => {
    if (l.includes('Controller detected')) zoneLines.push(l);
  });
  return { sim, zoneLines };
}

/** NoExecute taints as [seconds (whole), node], from the chapters. */
function noExecuteTaints(sim: Simulation): [number, string][] {
  return sim.chapters().flatMap((c) => {
    const m = /^(c\d+) tainted unreachable:NoExecute$/.exec(c.label);
    return m ? [[Math.floor(c.at / sec), m[1] as string] as [number, string]] : [];
  });
}

/** Nodes of zone-c that turned NotReady, per whole second (many at once are one chapter, `56 nodes NotReady`). */
function notReadyAt(sim: Simulation): Record<number, number> {
  const out: Record<number, number> = {};
  for (const c of sim.chapters()) {
    const m = /^(?:c\d+|(\d+) nodes) NotReady$/.exec(c.label);
    if (m) out[Math.floor(c.at / sec)] = (out[Math.floor(c.at / sec)] ?? 0) + Number(m[1] ?? 1);
  }
  return out;
}

const deployWeb = (sim: Simulation) => sim.kubectl('kubectl get deploy web').split('\n')[1]?.split(/\s+/)[1];

describe('zone-partly-down: 60 of a 100-node zone, PartialDisruption at the secondary rate', () => {
  const s = builtin('zone-partly-down');

  it('is 301 nodes in three zones, 60 cut off at 1m', () => {
    expect(s.spec.nodes.length).toBe(301);
    expect(s.spec.timeline.filter((t) => t.run.startsWith('network cut')).length).toBe(60);
  });

  it("goes PartialDisruption at 1m49s, evicts c1's pods at 6m54s, taints one node every 100 s in name order", () => {
    const { sim, zoneLines } = play(s);
    sim.advanceTo(414 * sec);
    expect(deployWeb(sim)).toBe('480/600');
    sim.advanceTo(415 * sec);
    const evictions = sim.engine.list('Event').filter((e) => e.reason === 'TaintManagerEviction');
    expect(evictions.length).toBe(2);
    expect(Math.floor((evictions[0]?.firstTimestamp ?? 0) / sec)).toBe(414);
    expect(deployWeb(sim)).toBe('482/600');

    sim.advanceTo(24 * min);
    expect(notReadyAt(sim)).toEqual({ 109: 56, 114: 4 });
    expect(zoneLines).toEqual([
      expect.stringMatching(/^109\d{3} .*zone \/zone-c is now in new state PartialDisruption$/),
    ]);
    expect(sim.engine.state.controllers.zoneStates[ZONE_C]).toBe('PartialDisruption');
    expect(sim.engine.state.controllers.zoneQps?.[ZONE_C]).toBe(0.01);
    const taints = noExecuteTaints(sim);
    expect(taints.slice(0, 3)).toEqual([
      [114, 'c1'],
      [214, 'c10'],
      [314, 'c11'],
    ]);
    expect(taints.length).toBe(14);
    expect(taints.at(-1)).toEqual([1414, 'c21']);
    for (let i = 1; i < taints.length; i++) expect(taints[i]?.[0]).toBe((taints[i - 1]?.[0] ?? 0) + 100);
    expect(deployWeb(sim)).toBe('502/600');
  });
});

describe('zone-down: the whole zone, FullDisruption at the normal rate', () => {
  const s = builtin('zone-down');

  it('is the same cluster and seed, all 100 of zone-c cut off', () => {
    const partly = builtin('zone-partly-down');
    expect(s.spec.nodes).toEqual(partly.spec.nodes);
    expect(s.spec.objects).toEqual(partly.spec.objects);
    expect(s.spec.seed).toBe(partly.spec.seed);
    expect(s.spec.timeline.filter((t) => t.run.startsWith('network cut')).length).toBe(100);
  });

  it('PartialDisruption for one pass, then FullDisruption: one node every 10 s; web whole again by 24m, none in zone-c', () => {
    const { sim, zoneLines } = play(s);
    sim.advanceTo(19 * min);
    expect(notReadyAt(sim)).toEqual({ 104: 3, 109: 89, 114: 8 });
    expect(zoneLines).toEqual([
      expect.stringMatching(/^109\d{3} .*zone \/zone-c is now in new state PartialDisruption$/),
      expect.stringMatching(/^114\d{3} .*zone \/zone-c is now in new state FullDisruption$/),
    ]);
    expect(sim.engine.state.controllers.masterDisruption).toBe(false);
    expect(sim.engine.state.controllers.zoneQps?.[ZONE_C]).toBe(0.1);
    const taints = noExecuteTaints(sim);
    expect(taints.slice(0, 4)).toEqual([
      [109, 'c64'],
      [124, 'c1'],
      [134, 'c10'],
      [144, 'c100'],
    ]);
    expect(taints.length).toBe(100);
    expect(taints.at(-1)).toEqual([1104, 'c99']);
    for (let i = 2; i < taints.length; i++) expect(taints[i]?.[0]).toBe((taints[i - 1]?.[0] ?? 0) + 10);

    sim.advanceTo(24 * min);
    const evictions = sim.engine
      .list('Event')
      .filter((e) => e.reason === 'TaintManagerEviction')
      .sort((a, b) => a.firstTimestamp - b.firstTimestamp);
    expect(evictions.length).toBe(200);
    expect(Math.floor((evictions[0]?.firstTimestamp ?? 0) / sec)).toBe(409);
    expect(Math.floor((evictions.at(-1)?.firstTimestamp ?? 0) / sec)).toBe(1404);
    expect(deployWeb(sim)).toBe('600/600');
    const live = sim.engine
      .list('Pod')
      .filter((p) => p.metadata.name.startsWith('web-') && p.metadata.deletionTimestamp === undefined);
    expect(live.length).toBe(600);
    expect(live.filter((p) => p.spec.nodeName?.startsWith('c'))).toEqual([]);
  });
});
