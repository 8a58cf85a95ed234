/**
 * The overview of a big cluster (issue 13 point 3): its per-zone summary agrees with the full
 * view model (kubectl's truth) at fixed times of a zone failure, and it is compact.
 */
import { describe, expect, it } from 'vitest';
import { largeZoneFailure } from '../../../bench/scenarios';
import { createSimulation } from '../index';
import type { ClusterView } from '../view';
import { NODE_FLAG, NODE_STATE, summarizeOverview } from './overview';

/** The same summary, counted from the view model the cards are drawn from. */
function fromView(v: ClusterView) {
  const zones = [...new Set(v.nodes.map((n) => n.zone ?? ''))].sort();
  return zones.map((zone) => {
    const nodes = v.nodes.filter((n) => (n.zone ?? '') === zone);
    const names = new Set(nodes.map((n) => n.name));
    const pods = v.pods.filter((p) => p.node && names.has(p.node) && p.inApi);
    return {
      zone,
      nodes: nodes.length,
      ready: nodes.filter((n) => n.apiExists && n.status.startsWith('Ready')).length,
      notReady: nodes.filter((n) => n.apiExists && !n.status.startsWith('Ready')).length,
      tainted: nodes.filter((n) => n.taints.some((t) => t.endsWith(':NoExecute'))).length,
      terminating: pods.filter((p) => p.terminating).length,
      pods: pods.length,
    };
  });
}

describe('overview of 100 nodes losing zone-c', () => {
  const sim = createSimulation(largeZoneFailure());

  it.each([0, 11 * 60_000, 16 * 60_000, 45 * 60_000])('agrees with the view model at %i ms', (at) => {
    sim.advanceTo(at);
    const o = sim.overview();
    const summary = summarizeOverview(o);
    expect(
      summary.map((s) => ({
        zone: s.zone,
        nodes: s.nodes,
        ready: s.ready,
        notReady: s.notReady,
        tainted: s.tainted,
        terminating: s.pods.terminating,
        pods: Object.values(s.pods).reduce((a, b) => a + b, 0),
      })),
    ).toEqual(fromView(sim.view()));
  });

  // A second run of the same scenario, held at 16m (the first has moved on to 45m).
  const at16 = createSimulation(largeZoneFailure());
  at16.advanceTo(16 * 60_000);

  it('zone-c at 16m: its 33 workers NotReady and powered off, the zone in FullDisruption', () => {
    const c = summarizeOverview(at16.overview()).find((s) => s.zone === 'zone-c');
    expect(c?.notReady).toBe(33);
    expect(c?.zoneState).toBe('FullDisruption');
    expect(c?.poweredOff).toBe(33);
  });

  it('a machine is a state and flags; its pods a state each, sorted, in one array', () => {
    const o = at16.overview();
    const i = o.names.indexOf('node3'); // zone-c
    expect(o.state[i]).toBe(NODE_STATE.unknown);
    expect((o.flags[i] ?? 0) & NODE_FLAG.off).toBe(NODE_FLAG.off);
    const mine = [...o.podState.subarray(o.podStart[i], o.podStart[i + 1])];
    expect(mine).toEqual([...mine].sort());
    expect(o.podState.length).toBe(o.podStart[o.names.length]);
  });

  it('a view of a few machines has their cards and their pods only', () => {
    const v = at16.view(new Set(['node1', 'node2']));
    expect(v.nodes.map((n) => n.name)).toEqual(['node1', 'node2']);
    expect(new Set(v.pods.map((p) => p.node))).toEqual(new Set(['node1', 'node2']));
  });
});

describe('overview order', () => {
  it('a zone reads in the order its nodes were numbered (node2 before node10)', () => {
    const o = createSimulation(largeZoneFailure()).overview();
    const zoneC = o.names.filter((_, i) => o.zones[o.zone[i] ?? 0] === 'zone-c');
    expect(zoneC.slice(0, 4)).toEqual(['node3', 'node6', 'node9', 'node12']);
  });
});
