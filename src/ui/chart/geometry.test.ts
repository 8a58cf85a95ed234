import { describe, expect, it } from 'vitest';
import type { ChartData, ChartPod } from '../../sim';
import { EM, isSteady, laneNamesWidth, layoutLanes, replacedPod, rowsOf, ticks, timeScale } from './geometry';

const pod = (name: string, over: Partial<ChartPod> = {}): ChartPod => ({
  uid: name,
  name,
  namespace: 'default',
  status: [{ from: 0, to: 600_000, label: 'Running' }],
  host: [{ from: -5_000, to: 600_000 }],
  ...over,
});

function data(pods: ChartPod[]): ChartData {
  return {
    end: 600_000,
    until: 600_000,
    folded: false,
    zones: [],
    nodes: [
      {
        name: 'node2',
        zone: '',
        role: 'worker',
        ready: [{ from: 0, to: 600_000, label: 'Ready' }],
        taints: [
          { from: 80_000, to: 540_000, label: 'unreachable:NoSchedule' },
          { from: 85_000, to: 540_000, label: 'unreachable:NoExecute' },
        ],
        leases: [],
        grace: [{ from: 30_000, to: 80_000, label: 'nodeMonitorGracePeriod 50s' }],
        pods,
      },
    ],
  };
}

describe('space-time chart geometry', () => {
  it('maps time to the plot and back, clamped to the scenario', () => {
    const s = timeScale(100, 1100, 600_000);
    expect([s.x(0), s.x(300_000), s.x(600_000), s.x(900_000)]).toEqual([100, 600, 1100, 1100]);
    expect([s.t(600), s.t(0), s.t(5000)]).toEqual([300_000, 0, 600_000]);
  });

  it('ticks at the smallest round step that leaves room for a label', () => {
    expect(ticks(timeScale(0, 1000, 600_000), 70)).toEqual([
      0, 60_000, 120_000, 180_000, 240_000, 300_000, 360_000, 420_000, 480_000, 540_000, 600_000,
    ]);
    expect(ticks(timeScale(0, 400, 3_600_000), 70).slice(0, 3)).toEqual([0, 900_000, 1_800_000]);
  });

  it('puts taints that overlap in time in rows under each other', () => {
    expect(
      rowsOf([
        { from: 0, to: 10 },
        { from: 5, to: 20 },
        { from: 12, to: 30 },
        { from: 25, to: 40 },
      ]),
    ).toEqual([0, 1, 0, 1]);
  });

  it('folds a node’s pods with nothing to see into one lane, and keeps the ones where something happened', () => {
    const evicted = pod('web-1', {
      status: [
        { from: 0, to: 384_000, label: 'Running' },
        { from: 384_000, to: 540_000, label: 'Terminating' },
      ],
      toleration: { from: 84_000, to: 384_000, label: 'tolerationSeconds 300' },
      gone: 540_000,
    });
    const steady = [pod('db-0'), pod('agent-x')];
    expect(steady.every(isSteady)).toBe(true);
    expect(isSteady(evicted)).toBe(false);
    const em = 10;
    const layout = layoutLanes(data([...steady, evicted]), em);
    expect(layout.lanes.map((l) => l.kind)).toEqual(['node', 'steady', 'pod']);
    const [node, fold, lane] = layout.lanes;
    // The node lane: grace bracket row, lease ticks, Ready band, two taint rows.
    expect(node?.h).toBeCloseTo((EM.bracket + EM.lease + EM.nodeBand + 2 * EM.taint + 0.25) * em);
    expect(node?.kind === 'node' && node.taintRows).toEqual([0, 1]);
    expect(fold?.kind === 'steady' && fold.pods.map((p) => p.name)).toEqual(['db-0', 'agent-x']);
    // The evicted pod has a bracket row for its toleration.
    expect(lane?.kind === 'pod' && lane.bracketRow).toBe(true);
  });

  it('finds the pod a replacement replaces on its old node', () => {
    const old = pod('db-1', { status: [{ from: 0, to: 540_000, label: 'Running' }], gone: 540_000 });
    const repl = pod('db-1-new', {
      name: 'db-1',
      uid: 'db-1-new',
      status: [{ from: 544_000, to: 600_000, label: 'Running' }],
      replaces: { pod: 'default/db-1', node: 'node2' },
    });
    expect(replacedPod(data([old, repl]), repl)?.uid).toBe('db-1');
  });
});

describe('laneNamesWidth', () => {
  it('fits the longest pod name a lane shows, wider than the 11em the column had', () => {
    const changed = (name: string) =>
      pod(name, {
        status: [
          { from: 0, to: 400_000, label: 'Running' },
          { from: 400_000, to: 600_000, label: 'Terminating' },
        ],
      });
    const em = 16;
    const short = laneNamesWidth(layoutLanes(data([changed('db-1')]), em), em);
    const long = laneNamesWidth(layoutLanes(data([changed('db-1'), changed('web-7d89dcd798-h24c7')]), em), em);
    // A DejaVu Sans digit is 0.636em: 20 characters at 0.85em with the 1.1em indent need 11.9em and more.
    expect(long).toBeGreaterThan(em * 12);
    expect(long).toBeGreaterThan(short);
  });
});
