/**
 * `--scoreboard` and `--compare KEY=VALUE` (issue 10): the recovery scoreboard of a run, and the
 * same run with changed settings beside it, on the built-in `eviction` scenario (kubelet stopped
 * on node2 at 30s, started again at 9m; grace period 50s, toleration 300s).
 */
import { describe, expect, it } from 'vitest';
import { recordRun } from '../sim/index';
import { parseArgs } from './args';
import { runCli } from './main';
import { loadBuiltins } from './scenario-files';

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCli(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The cells of the first table row that starts with `label`, split on kubectl's column gaps. */
function row(out: string, label: string): string[] | undefined {
  return out
    .split('\n')
    .find((l) => l.startsWith(label))
    ?.split(/ {3,}/);
}

const FAULT_HEADER = [
  'FAULT',
  'AT',
  'DETECTED',
  'TAINTED',
  'EVICTED',
  'REPLACEMENT SCHEDULED',
  'REPLACEMENT RUNNING',
  'READY AGAIN',
];

describe('--scoreboard', () => {
  it('prints the recovery scoreboard after the commands, run to the scenario end', () => {
    const r = cli('eviction', '--scoreboard');
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    // The commands print as without the flag, then a blank line and the tables.
    const plain = cli('eviction', '--until', '11m').out;
    expect(r.out.startsWith(`${plain}\n\nRecovery scoreboard, t=0 to 11m:\n`)).toBe(true);
    expect(row(r.out, 'FAULT')).toEqual(FAULT_HEADER);
    expect(row(r.out, 'kubelet stopped on node2')).toEqual([
      'kubelet stopped on node2',
      '30s',
      '+49.3s',
      '+54.4s',
      '+5m54.5s',
      '+5m54.7s',
      '+5m54.8s',
      '+8m32.5s',
    ]);
    expect(row(r.out, 'WORKLOAD')).toEqual(['WORKLOAD', 'DESIRED', 'LOWEST READY', 'SHORT FOR']);
    expect(row(r.out, 'deploy/web')).toEqual(['deploy/web', '3', '2', '5m5.4s']);
    // kubectl alignment: no trailing blanks (describe's own output has some, as kubectl's has).
    expect(r.out.slice(plain.length)).not.toMatch(/ +$/m);
  });

  it('leaves steps that did not happen by --until as -', () => {
    const r = cli('eviction', '--scoreboard', '--until', '3m');
    expect(r.out).toMatch(/Recovery scoreboard, t=0 to 3m:/);
    expect(row(r.out, 'kubelet stopped on node2')?.slice(2)).toEqual(['+49.3s', '+54.4s', '-', '-', '-', '-']);
  });

  it('is the same run as the app records (same trace hash and scoreboard)', () => {
    const doc = JSON.parse(cli('eviction', '--scoreboard', '--json').out);
    const eviction = loadBuiltins().find((s) => s.metadata.name === 'eviction');
    if (!eviction) throw new Error('eviction is built in');
    expect(doc.until).toBe(eviction.spec.duration);
    const recorded = recordRun(eviction, [], eviction.spec.duration);
    expect(doc.traceHash).toBe(recorded.sim.traceHash());
    expect(doc.scoreboard).toEqual(recorded.scoreboard);
    expect(doc.compare).toBeUndefined();
  });

  it('keeps the JSON document as it was without the flag', () => {
    const doc = JSON.parse(cli('eviction', '--json').out);
    expect(Object.keys(doc)).toEqual(['scenario', 'seed', 'profile', 'outputs', 'until', 'traceHash']);
  });
});

describe('--compare', () => {
  it('prints both scoreboards labelled A and B, and what differs', () => {
    const r = cli('eviction', '--compare', 'nodeMonitorGracePeriod=40s');
    expect(r.code).toBe(0);
    const [, tail] = r.out.split('\n\nA: nodeMonitorGracePeriod 50s\n');
    expect(tail).toBeDefined();
    const [a, rest] = (tail as string).split('\n\nB: nodeMonitorGracePeriod 40s\n');
    const [b, diff] = (rest as string).split('\n\nDifferences:\n');
    expect(row(a as string, 'kubelet')?.[2]).toBe('+49.3s');
    expect(row(b as string, 'kubelet')?.[2]).toBe('+39.3s');
    expect(diff?.split('\n')).toContain(
      '  kubelet stopped on node2: detected (NotReady) +49.3s vs +39.3s (10s later in A)',
    );
  });

  it('runs A as written: its commands print as without --compare', () => {
    const plain = cli('eviction', '--until', '11m', '--at', '1m', 'kubectl get nodes').out;
    const r = cli('eviction', '--at', '1m', 'kubectl get nodes', '--compare=nodeMonitorGracePeriod=40s');
    expect(r.out.startsWith(`${plain}\n\nA: `)).toBe(true);
  });

  it('makes one B of several changes, and says when nothing differs', () => {
    const r = cli('eviction', '--compare', 'profile=v1.23-docker', '--compare', 'tolerationSeconds=30');
    expect(r.out).toMatch(/^A: profile v1\.33, tolerationSeconds 300$/m);
    expect(r.out).toMatch(/^B: profile v1\.23-docker, tolerationSeconds 30$/m);
    expect(r.out).toMatch(
      /^ {2}kubelet stopped on node2: pods evicted \+5m54\.5s vs \+1m14\.5s \(4m40s later in A\)$/m,
    );
    const same = cli('eviction', '--compare', 'nodeMonitorGracePeriod=50s');
    expect(same.out).toMatch(/\n\nNo differences\.$/);
  });

  it('adds compare (and the scoreboard of A) to the JSON document', () => {
    const doc = JSON.parse(cli('eviction', '--compare', 'nodeMonitorGracePeriod=40s', '--json').out);
    expect(doc.compare.a.label).toBe('nodeMonitorGracePeriod 50s');
    expect(doc.compare.b.label).toBe('nodeMonitorGracePeriod 40s');
    expect(doc.compare.a.scoreboard).toEqual(doc.scoreboard);
    expect(doc.compare.b.scoreboard.faults[0].detected - doc.compare.b.scoreboard.faults[0].at).toBe(39_270);
    expect(doc.compare.differences[0]).toBe(
      'kubelet stopped on node2: detected (NotReady) +49.3s vs +39.3s (10s later in A)',
    );
  });

  it('exits 2 on a bad change with the reason, before running anything', () => {
    const cases: [string[], string][] = [
      [
        ['nodeMonitorGracePeriod'],
        '--compare "nodeMonitorGracePeriod": write a change as KEY=VALUE (e.g. nodeMonitorGracePeriod=40s)',
      ],
      [['speed=2'], '--compare "speed" is not something to compare (known: profile, tolerationSeconds, '],
      [
        ['nodeMonitorGracePeriod=soon'],
        '--compare nodeMonitorGracePeriod: "soon" is not a duration (examples: 40s, 5m, 1h30m)',
      ],
      [['profile=v9'], '--compare profile "v9" is not a profile (known: v1.33, v1.23-docker)'],
      [['tolerationSeconds=30', 'tolerationSeconds=60'], '--compare tolerationSeconds is given twice'],
      // Too long is said as such, with the limit (not "write a change as KEY=VALUE").
      [
        [`nodeMonitorGracePeriod=${'0'.repeat(100)}40s`],
        `--compare "nodeMonitorGracePeriod=0000000…" is too long (126 characters; the limit is 80)`,
      ],
      [
        [
          'nodeMonitorGracePeriod=40s',
          'podGCPeriod=30s',
          'nodeMonitorPeriod=5s',
          'podGCQuarantine=40s',
          'watchLatency=1s',
          'imagePullMin=1s',
          'imagePullMax=2s',
          'nodeEvictionRate=0.1',
          'secondaryNodeEvictionRate=0.01',
        ],
        '--compare 9 changes are more than the limit of 8 in one comparison',
      ],
    ];
    for (const [changes, message] of cases) {
      // biome-ignore lint/plugin/noSpreadArguments: a test case's two or three arguments
      const r = cli('eviction', ...changes.flatMap((c) => ['--compare', c]));
      expect(r.code, changes.join(' ')).toBe(2);
      expect(r.out).toBe('');
      expect(r.err.startsWith(`error: ${message}`), r.err).toBe(true);
    }
    expect(parseArgs(['eviction', '--compare'])).toEqual({
      kind: 'error',
      message: '--compare needs a change, e.g. --compare nodeMonitorGracePeriod=40s',
    });
  });
});
