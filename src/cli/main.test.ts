import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../sim/index';
import { BUILTIN_SCENARIOS } from '../sim/scenario/builtins';
import { parseArgs } from './args';
import { formatEvent, parseEventTrace } from './format';
import { runCli } from './main';
import { builtinIndex, builtinJson, loadBuiltins, SCENARIO_DIR } from './scenario-files';

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCli(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const TINY = `apiVersion: notready/v1
kind: Scenario
metadata: {name: tiny, title: Tiny}
spec:
  nodes: [{name: cp, roles: [control-plane]}, {name: node1}]
  timeline:
    - {at: 30s, run: "ssh node1 systemctl stop kubelet"}
`;

function tmpFile(name: string, text: string): string {
  const f = join(mkdtempSync(join(tmpdir(), 'notready-cli-')), name);
  writeFileSync(f, text);
  return f;
}

describe('parseArgs', () => {
  it('reads --at pairs, sorted stably by time, and the flags', () => {
    const r = parseArgs([
      'eviction',
      '--at',
      '2m',
      'b',
      '--at',
      '55s',
      'a',
      '--at',
      '2m',
      'c',
      '--until=10m',
      '--events',
      '--json',
    ]);
    expect(r).toEqual({
      kind: 'run',
      options: {
        scenario: 'eviction',
        at: [
          { at: 55_000, command: 'a' },
          { at: 120_000, command: 'b' },
          { at: 120_000, command: 'c' },
        ],
        until: 600_000,
        events: true,
        trace: false,
        json: true,
        scoreboard: false,
        compare: [],
        force: false,
      },
    });
  });

  it('rejects bad times, unknown flags and missing scenarios', () => {
    expect(parseArgs(['x', '--at', '5x', 'kubectl get nodes'])).toEqual({
      kind: 'error',
      message: '--at "5x": not a duration (examples: 40s, 5m, 1h30m)',
    });
    expect(parseArgs(['x', '--until', 'soon'])).toEqual({
      kind: 'error',
      message: '--until "soon": not a duration (examples: 40s, 5m, 1h30m)',
    });
    expect(parseArgs(['x', '--fast'])).toEqual({ kind: 'error', message: 'unknown option --fast' });
    expect(parseArgs([])).toEqual({
      kind: 'error',
      message: 'missing SCENARIO (a file or a built-in name; see --list)',
    });
    expect(parseArgs(['x', '--at', '5s'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['x', 'kubectl get nodes'])).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/^one scenario only/),
    });
  });
});

describe('event lines', () => {
  it('formats a traced event as [TIME] TYPE REASON kind/name SOURCE: MESSAGE', () => {
    const ev = parseEventTrace(
      '350000 event Pod/web-7d9c-x2x Normal TaintManagerEviction taint-eviction-controller: Marking for deletion Pod default/web-7d9c-x2x',
    );
    expect(ev && formatEvent(ev)).toBe(
      '[5m50s] Normal TaintManagerEviction pod/web-7d9c-x2x taint-eviction-controller: Marking for deletion Pod default/web-7d9c-x2x',
    );
    expect(parseEventTrace('1000 update Node/node2 Ready=Unknown')).toBeUndefined();
  });
});

describe('runCli', () => {
  it('prints usage on --help', () => {
    const r = cli('--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: npm run sim -- SCENARIO/);
  });

  it('lists the built-ins', () => {
    const r = cli('--list');
    expect(r.code).toBe(0);
    expect(r.out.split('\n').map((l) => l.split(' ')[0])).toEqual([...BUILTIN_SCENARIOS]);
  });

  it('exits 2 with path-named errors on an invalid scenario', () => {
    const f = tmpFile('bad.yaml', TINY.replace('name: node1', 'name: Node_1'));
    const r = cli(f);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `${f}:5:54: spec.nodes[1].name: "Node_1" is not a valid node name (lowercase letters, digits and '-')`,
    );
  });

  it('exits 2 on an unknown scenario, a bad time or an unknown flag', () => {
    expect(cli('no-such-scenario').code).toBe(2);
    expect(cli('eviction', '--at', '5x', 'kubectl get nodes').code).toBe(2);
    const early = cli('eviction', '--at', '5m', 'kubectl get nodes', '--until', '1m');
    expect(early.code).toBe(2);
    expect(early.err).toBe('error: --until 1m is before the last --at (5m)');
    // Exact to the millisecond: rounded to seconds both would read 5m.
    expect(cli('eviction', '--at', '5m500ms', 'kubectl get nodes', '--until', '5m').err).toBe(
      'error: --until 5m is before the last --at (5m500ms)',
    );
    expect(cli('eviction', '--until', '24h0m0.001s').err).toMatch(/^error: --until 24h1ms is after 24h/);
    const r = cli('eviction', '--verbose');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: unknown option --verbose/);
  });

  it('runs timeline and --at commands in time order with headers', () => {
    const f = tmpFile('tiny.yaml', TINY);
    const r = cli(f, '--at', '55s', 'kubectl get nodes', '--at', '10s', 'kubectl get pods');
    expect(r.code).toBe(0);
    const headers = r.out.split('\n').filter((l) => l.startsWith('['));
    expect(headers).toEqual([
      '[10s] $ kubectl get pods',
      '[30s] $ ssh node1 systemctl stop kubelet',
      '[55s] $ kubectl get nodes',
    ]);
  });

  it('prints what kubectl prints, and streams events', () => {
    const f = tmpFile('tiny.yaml', TINY);
    const r = cli(f, '--at', '1m30s', 'kubectl get nodes', '--events');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\[1m30s\] \$ kubectl get nodes\nNAME +STATUS +ROLES +AGE +VERSION\n/);
    expect(r.out).toMatch(/^node1 +NotReady /m);
    expect(r.out).toMatch(
      /^\[1m\d+s\] Normal NodeNotReady node\/node1 node-controller: Node node1 status is now: NodeNotReady$/m,
    );
  });

  it('runs the timeline exactly as Simulation.advanceTo does (same trace hash)', () => {
    const f = tmpFile('tiny.yaml', TINY);
    const r = JSON.parse(cli(f, '--until', '3m', '--json').out);
    const parsed = parseScenario(TINY);
    if (!parsed.ok) throw new Error('tiny is valid');
    const sim = createSimulation(parsed.scenario);
    sim.advanceTo(180_000);
    expect(r.traceHash).toBe(sim.traceHash());
  });

  it('prints a JSON document with a deterministic trace hash', () => {
    const f = tmpFile('tiny.yaml', TINY);
    const a = JSON.parse(cli(f, '--at', '1m', 'kubectl get nodes', '--json').out);
    const b = JSON.parse(cli(f, '--at', '1m', 'kubectl get nodes', '--json').out);
    expect(a.scenario).toBe('tiny');
    expect(a.seed).toBe(1);
    expect(a.until).toBe(60_000);
    expect(a.outputs.map((o: { at: number; command: string; source: string }) => [o.at, o.command, o.source])).toEqual([
      [30_000, 'ssh node1 systemctl stop kubelet', 'timeline'],
      [60_000, 'kubectl get nodes', 'at'],
    ]);
    expect(a.traceHash).toMatch(/^[0-9a-f]+$/);
    expect(a.traceHash).toBe(b.traceHash);
  });
});

describe('built-in scenarios', () => {
  it('all parse, and index.json is up to date (npx tsx src/cli/write-index.ts)', () => {
    const all = loadBuiltins();
    expect(all.map((s) => s.metadata.name)).toEqual([...BUILTIN_SCENARIOS]);
    for (const s of all) expect(s.metadata.description, s.metadata.name).toBeTruthy();
    const index = JSON.parse(readFileSync(join(SCENARIO_DIR, 'index.json'), 'utf8'));
    expect(index).toEqual(builtinIndex());
  });

  it('have normalised JSON twins (the app loads them) equal to their parsed YAML', () => {
    const twins = builtinJson();
    expect(twins.length).toBe(BUILTIN_SCENARIOS.length);
    for (const [file, json] of twins) {
      expect(readFileSync(join(SCENARIO_DIR, file), 'utf8'), `${file} is stale: npx tsx src/cli/write-index.ts`).toBe(
        json,
      );
      const name = file.replace(/\.json$/, '');
      expect(JSON.parse(json).normalised).toEqual(loadBuiltins().find((s) => s.metadata.name === name));
    }
  });

  it('match their seeds: profiles and nodes', () => {
    const by = Object.fromEntries(loadBuiltins().map((s) => [s.metadata.name, s]));
    const nodes = (n: string) => by[n]?.spec.nodes.map((x) => x.name);
    expect(by['kubelet-stop-control-plane']?.spec.profile).toBe('v1.23-docker');
    expect(by['kubelet-stop-control-plane']?.spec.nodes).toEqual([
      { name: 'test', roles: ['control-plane', 'master'] },
    ]);
    for (const n of ['docker-stop', 'kubelet-stop-worker', 'node-poweroff']) {
      expect(by[n]?.spec.profile).toBe('v1.23-docker');
      expect(nodes(n)).toEqual(['kmaster', 'knode']);
    }
    expect(nodes('node-delete')).toEqual(['control-plane', 'node1', 'node2']);
    expect(nodes('pod-to-dead-kubelet')).toEqual(['controlnode', 'node1', 'node2']);
    expect(nodes('eviction')).toEqual(['control-plane', 'node1', 'node2', 'node3']);
    expect(by['docker-stop']?.spec.timeline[0]).toEqual({ at: 30_000, run: 'ssh knode systemctl stop docker' });
    expect(by['pod-to-dead-kubelet']?.spec.staticPods[0]?.node).toBe('node2');
  });
});

describe('streamed output (io.write)', () => {
  it('prints exactly what the line-by-line io prints, each output written as the engine reads it', () => {
    const argv = [
      'eviction',
      ...['--at', '1m', 'kubectl get pods -A -o yaml'],
      ...['--at', '1m', 'kubectl describe pods -A'],
      ...['--at', '1m', 'kubectl get events -o json'],
      ...['--at', '2m', 'kubectl get pods -n nowhere -o yaml'],
      ...['--at', '2m', 'kubectl describe pod nosuch'],
      ...['--at', '2m', 'ssh node1 systemctl stop kubelet'],
    ];
    // biome-ignore lint/plugin/noSpreadArguments: a dozen arguments, fixed by the test
    const lines = cli(...argv);
    const chunks: string[] = [];
    const code = runCli(argv, {
      stdout: (t) => chunks.push(`${t}\n`),
      stderr: () => {},
      write: (t) => chunks.push(t),
    });
    expect(code).toBe(0);
    expect(chunks.join('')).toBe(`${lines.out}\n`);
    // The List came in pieces (one per pod), not as one string.
    expect(chunks.filter((c) => c.startsWith('\n- apiVersion: v1\n  kind: Pod\n')).length).toBeGreaterThan(5);
  });
});
