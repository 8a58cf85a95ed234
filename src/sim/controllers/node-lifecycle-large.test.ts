/**
 * The node-lifecycle-controller in a large zone (reference §2.1, node_lifecycle_controller.go):
 * above largeClusterSizeThreshold (50) nodes a zone with at least unhealthyZoneThreshold (55%) of
 * its nodes not Ready (and more than 2) is in PartialDisruption and tainted at the secondary rate,
 * 0.01 nodes/s: one node every 100 s. At 50 nodes or fewer the same zone stops tainting. With no
 * Ready node in any zone, the controller enters master disruption mode and taints nobody.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/parse';
import { Simulation } from '../simulation';

function cluster(workers: number, down: number, extra = ''): Simulation {
  const r = parseScenario(
    `apiVersion: notready/v1\nkind: Scenario\nmetadata: {name: big, title: big}\nspec:\n  nodes:\n` +
      `    - {name: cp, roles: [control-plane]}\n    - {name: n, count: ${workers}}\n` +
      `  timeline:\n    - {at: 10s, run: "network cut n{i}", each: [1, ${down}]}\n${extra}  duration: 20m\n`,
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return new Simulation(r.scenario);
}

/** When each node got its NoExecute taint, from the trace. */
function noExecuteTaints(sim: Simulation): number[] {
  return sim.engine.state.trace
    .filter((l) => / update Node\/n\d+ taint unreachable:NoExecute/.test(l))
    .map((l) => Number(l.split(' ')[0]));
}

describe('node-lifecycle-controller: a large zone partly down', () => {
  it('61 nodes, 40 cut off: PartialDisruption, one node tainted every 100 s (secondary rate)', () => {
    const sim = cluster(60, 40);
    sim.advanceTo(600_000);
    expect(sim.engine.state.controllers.zoneStates['']).toBe('PartialDisruption');
    expect(sim.engine.state.controllers.zoneQps?.['']).toBe(0.01);
    expect(sim.engine.state.trace.some((l) => l.includes('zone default is now in new state PartialDisruption'))).toBe(
      true,
    );
    const at = noExecuteTaints(sim);
    expect(at.length).toBeGreaterThanOrEqual(4);
    expect(at.length).toBeLessThanOrEqual(7);
    for (let i = 1; i < at.length; i++) expect((at[i] as number) - (at[i - 1] as number)).toBe(100_000);
  });

  it('50 nodes, 40 cut off: a small zone in PartialDisruption stops tainting', () => {
    const sim = cluster(49, 40);
    sim.advanceTo(600_000);
    expect(sim.engine.state.controllers.zoneStates['']).toBe('PartialDisruption');
    expect(sim.engine.state.controllers.zoneQps?.['']).toBe(0);
    expect(noExecuteTaints(sim).length).toBeLessThanOrEqual(1);
  });

  it('61 nodes, all down: master disruption mode, NoExecute taints removed, nobody evicted', () => {
    const sim = cluster(60, 60, '    - {at: 10s, run: "ssh cp systemctl stop kubelet"}\n');
    sim.advanceTo(600_000);
    expect(sim.engine.state.controllers.masterDisruption).toBe(true);
    expect(sim.engine.state.controllers.zoneStates['']).toBe('FullDisruption');
    expect(
      sim.engine.state.trace.some((l) =>
        l.includes('Controller detected that all Nodes are not-Ready. Entering master disruption mode'),
      ),
    ).toBe(true);
    // At most the one node the zone's bucket let through before every node was seen down.
    expect(noExecuteTaints(sim).length).toBeLessThanOrEqual(1);
    for (const n of sim.engine.list('Node')) expect(n.spec.taints.filter((t) => t.effect === 'NoExecute')).toEqual([]);
    for (const p of sim.engine.list('Pod')) expect(p.metadata.deletionTimestamp).toBeUndefined();
  });
});
