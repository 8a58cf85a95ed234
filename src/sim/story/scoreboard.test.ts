import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { maxOf } from '../core/lists';
import type { Scenario } from '../core/scenario-types';
import { recordRun } from '../recorded-run';
import { parseScenario } from '../scenario/parse';
import { buildChart } from './chart';
import { formatSpan, SCORE_STEPS, scoreboardDifferences, stepAfter } from './scoreboard';

function builtin(name: string, settings: Record<string, number> = {}): Scenario {
  const r = parseScenario(readFileSync(new URL(`../../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return { ...r.scenario, spec: { ...r.scenario.spec, settings: { ...r.scenario.spec.settings, ...settings } } };
}

describe('recovery scoreboard', () => {
  it('eviction: every step of the recovery at the engine times (the chapters pin the same ones)', () => {
    const s = builtin('eviction');
    const run = recordRun(s, [], s.spec.duration);
    expect(run.scoreboard.faults).toEqual([
      {
        at: 30000,
        label: 'kubelet stopped on node2',
        node: 'node2',
        detected: 79270,
        tainted: 84370,
        evicted: 384470,
        evictedPods: 2,
        replacementScheduled: expect.any(Number),
        replacementRunning: 384770,
        readyAgain: 542500,
      },
    ]);
    const f = run.scoreboard.faults[0];
    if (!f?.replacementScheduled) throw new Error('no replacement');
    expect(f.replacementScheduled).toBeGreaterThan(384470);
    expect(f.replacementScheduled).toBeLessThan(384770);
    expect(SCORE_STEPS.map(([k]) => stepAfter(f, k))).toEqual([
      '+49.3s',
      '+54.4s',
      '+5m54.5s',
      `+${formatSpan(f.replacementScheduled - 30000)}`,
      '+5m54.8s',
      '+8m32.5s',
    ]);
    // The pods on node2 stop being Ready when the node goes NotReady (79.37 s, with the watch
    // latency). web is whole again when its replacement is Ready on node1; db-1 waits for node2
    // (a StatefulSet does not replace a pod it cannot confirm gone); the DaemonSet no longer
    // counts node2 while it is tainted unreachable:NoSchedule (Ready 2 of desired 2: never short),
    // and its pod on node2, adopted by the restarted kubelet, is Ready again with the node.
    expect(run.scoreboard.workloads).toEqual([
      { name: 'deploy/web', desired: 3, below: 384870 - 79470, lowest: 2 },
      { name: 'ds/node-agent', desired: 3, below: 0, lowest: 2 },
      { name: 'sts/db', desired: 3, below: 543967 - 79370, lowest: 2 },
    ]);
  });

  it("a zone's network cut (one fault on 100 nodes) is one row: each step the first among them, every evicted pod", () => {
    const s = builtin('zone-down');
    const run = recordRun(s, [], 600_000);
    const chapters = run.sim.chapters();
    const first = (kind: string) => chapters.find((c) => c.kind === kind && c.at > 60_000)?.at;
    const evicted = chapters
      .filter((c) => c.kind === 'evict')
      .reduce((n, c) => n + Number(/^(\d+) pods? evicted/.exec(c.label)?.[1] ?? 0), 0);
    expect(run.scoreboard.faults).toHaveLength(1);
    const f = run.scoreboard.faults[0];
    expect(f).toMatchObject({ at: 60_000, label: 'network cut to 100 nodes', node: '100 nodes', nodes: 100 });
    expect(f?.detected).toBe(first('detect'));
    expect(f?.tainted).toBe(first('taint'));
    expect(f?.evicted).toBe(first('evict'));
    expect(evicted).toBeGreaterThan(0);
    expect(f?.evictedPods).toBe(evicted);
  });

  it('grace 40s vs 50s: detection 10s apart, and the difference named', () => {
    const a = builtin('eviction', { nodeMonitorGracePeriod: 40_000 });
    const b = builtin('eviction', { nodeMonitorGracePeriod: 50_000 });
    const ra = recordRun(a, [], a.spec.duration);
    const rb = recordRun(b, [], b.spec.duration);
    const [fa] = ra.scoreboard.faults;
    const [fb] = rb.scoreboard.faults;
    if (!fa?.detected || !fb?.detected) throw new Error('not detected');
    expect(fb.detected - fa.detected).toBe(10_000);
    const diff = scoreboardDifferences(ra.scoreboard, rb.scoreboard);
    expect(diff[0]).toBe('kubelet stopped on node2: detected (NotReady) +39.3s vs +49.3s (10s sooner in A)');
  });

  it('formats spans to a tenth of a second', () => {
    expect([formatSpan(49_270), formatSpan(300_000), formatSpan(354_470), formatSpan(3_723_000)]).toEqual([
      '49.3s',
      '5m',
      '5m54.5s',
      '1h2m3s',
    ]);
  });
});

describe('space-time chart data', () => {
  it('eviction: node2 lanes show the silence, the grace bracket, the taint and the evicted pods', () => {
    const s = builtin('eviction');
    const run = recordRun(s, [], s.spec.duration);
    const node2 = run.chart.nodes.find((n) => n.name === 'node2');
    if (!node2) throw new Error('no node2');
    expect(node2.ready.map((b) => [b.label, b.from])).toEqual([
      ['Ready', 0],
      ['Unknown', 79270],
      // The restarted kubelet posts NotReady first (its runtime check has not completed yet).
      ['NotReady', 540119],
      ['Ready', 542500],
    ]);
    expect(node2.grace).toEqual([{ from: expect.any(Number), to: 79270, label: 'nodeMonitorGracePeriod 50s' }]);
    // The last renewal before the silence: the grace bracket starts there.
    const lastLease = maxOf(
      node2.leases.filter((l) => l <= 79270),
      (l) => l,
    );
    expect(node2.grace[0]?.from).toBe(lastLease);
    expect(node2.leases.some((l) => l > 30000 && l < 540000)).toBe(false);
    expect(node2.taints.map((t) => t.label)).toContain('unreachable:NoExecute');
    const evicted = node2.pods.filter((p) => p.toleration);
    expect(evicted.map((p) => p.toleration?.label)).toEqual(['tolerationSeconds 300', 'tolerationSeconds 300']);
    // Both truths: the API still says Running after the kubelet stopped; the containers run on.
    const web = node2.pods.find((p) => p.name.startsWith('web-') && p.toleration);
    expect(web?.host[0]?.from).toBeLessThanOrEqual(0);
    // Replacements on node1 point back at node2.
    const node1 = run.chart.nodes.find((n) => n.name === 'node1');
    expect(node1?.pods.some((p) => p.replaces?.node === 'node2')).toBe(true);
  });

  it('folds more than 24 nodes into zone lanes with counts', () => {
    const s = builtin('eviction');
    const nodes = [
      ...s.spec.nodes,
      ...Array.from({ length: 30 }, (_, i) => ({ name: `extra-${i}`, roles: [], zone: i % 2 ? 'a' : 'b' })),
    ];
    const big = { ...s, spec: { ...s.spec, nodes } } as Scenario;
    const run = recordRun(big, [], 120_000);
    const chart = buildChart(run.history, { end: 120_000, grace: 50_000 });
    expect(chart.folded).toBe(true);
    expect(chart.nodes).toEqual([]);
    expect(chart.zones.length).toBeGreaterThan(1);
    const total = chart.zones.reduce((n, z) => n + z.nodes, 0);
    expect(total).toBe(nodes.length - 1);
    const first = chart.zones.map((z) => z.samples[0]);
    expect(first.every((x) => x !== undefined && x.ready + x.notReady > 0)).toBe(true);
  });

  it("counts a zone's nodes as the overview does: a control plane in the zone is one of them", () => {
    const run = recordRun(builtin('zone-down'), [], 30_000);
    const o = run.sim.overview();
    const machines = new Map<string, number>();
    o.names.forEach((_, i) => {
      const z = o.zones[o.zone[i] ?? 0] ?? '';
      machines.set(z, (machines.get(z) ?? 0) + 1);
    });
    expect(run.chart.zones.map((z) => [z.zone, z.nodes])).toEqual([
      ['zone-a', 101],
      ['zone-b', 100],
      ['zone-c', 100],
    ]);
    for (const z of run.chart.zones) expect(machines.get(z.zone)).toBe(z.nodes);
    const a = run.chart.zones[0]?.samples.at(-1);
    expect(a?.ready).toBe(101);
  });
});
