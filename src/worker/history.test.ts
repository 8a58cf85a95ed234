import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRunner, type SimRunner } from './runner';

const text = readFileSync(new URL('../../public/scenarios/eviction.json', import.meta.url), 'utf8');

function load(): SimRunner {
  const r = loadRunner(text, []);
  if (!r.ok) throw new Error(r.message);
  return r.runner;
}

/** What the chart shows of node2 and its pods: comparable between runs. */
function node2(r: SimRunner) {
  const n = r.chart().nodes.find((x) => x.name === 'node2');
  return JSON.stringify({ ready: n?.ready, taints: n?.taints, leases: n?.leases, pods: n?.pods });
}

describe('the run history behind the space-time chart', () => {
  it('a seek back and a replay forward record nothing twice: the chart is the straight run’s', () => {
    const a = load();
    a.advance(600_000);
    a.seek(60_000);
    a.advance(300_000);
    a.seek(600_000);
    const b = load();
    b.advance(600_000);
    expect(node2(a)).toBe(node2(b));
    // While the clock is back at 1m, the chart still shows the future already seen.
    a.seek(60_000);
    expect(
      a
        .chart()
        .nodes.find((x) => x.name === 'node2')
        ?.ready.map((x) => x.label),
    ).toEqual(['Ready', 'Unknown', 'NotReady', 'Ready']);
  });

  it('acting in the past cuts the history there: the old future is gone', () => {
    const r = load();
    r.advance(600_000);
    r.seek(20_000);
    r.command('kubectl cordon node3');
    const chart = r.chart();
    const n2 = chart.nodes.find((x) => x.name === 'node2');
    // Before 30s node2 never went NotReady in this new future (the clock is at 20s).
    expect(n2?.ready.map((x) => x.label)).toEqual(['Ready']);
    expect(chart.until).toBe(20_000);
    r.advance(200_000);
    expect(
      r
        .chart()
        .nodes.find((x) => x.name === 'node2')
        ?.ready.map((x) => [x.label, x.from]),
    ).toEqual([
      ['Ready', 0],
      ['Unknown', 79_270],
    ]);
  });

  it('looking ahead for skip-quiet-time records nothing', () => {
    const r = load();
    r.advance(31_000);
    const before = r.history.version;
    const at = r.nextChangeAt(600_000);
    expect(at).toBeGreaterThan(31_000);
    expect(r.history.version).toBe(before);
  });

  it('the scoreboard measures the run to the furthest time reached', () => {
    const r = load();
    r.advance(600_000);
    const [f] = r.scoreboard().faults;
    expect(f).toMatchObject({ at: 30_000, detected: 79_270, tainted: 84_370, readyAgain: 542_500 });
  });
});
