/** `--export KIND DIR` (issue 12): arguments, directories, and what is written. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';
import { runCli } from './main';

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCli(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const fresh = () => join(mkdtempSync(join(tmpdir(), 'notready-export-cli-')), 'out');

describe('--export arguments', () => {
  it('reads a kind and a directory', () => {
    const r = parseArgs(['eviction', '--export', 'kind', 'out/']);
    expect(r.kind === 'run' && r.options.export).toEqual({ kind: 'kind', dir: 'out/' });
    const eq = parseArgs(['eviction', '--export=litmus', 'x', '--force']);
    expect(eq.kind === 'run' && [eq.options.export, eq.options.force]).toEqual([{ kind: 'litmus', dir: 'x' }, true]);
  });

  it.each([
    [['eviction', '--export'], '--export needs a kind and a directory'],
    [['eviction', '--export', 'kind'], '--export needs a kind and a directory'],
    [['eviction', '--export', 'kubeadm', 'out'], '--export "kubeadm": not an export (kinds: kind, chaos-mesh, litmus)'],
    [['eviction', '--export', 'kind', 'a', '--export', 'litmus', 'b'], '--export is given twice'],
    [['eviction', '--export', 'kind', 'a', '--json'], 'not with --json'],
    [['eviction', '--export', 'kind', 'a', '--compare', 'nodeMonitorGracePeriod=40s'], 'not with --compare'],
    [['eviction', '--force'], '--force goes with --export'],
  ])('refuses %j (exit 2)', (argv, message) => {
    // biome-ignore lint/plugin/noSpreadArguments: a test case's few arguments
    const r = cli(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });
});

describe('--export writes', () => {
  it('a kind export into a new directory, run.sh executable', () => {
    const dir = fresh();
    const r = cli('eviction', '--export', 'kind', dir);
    expect(r.code, r.err).toBe(0);
    for (const f of ['README.md', 'kind-config.yaml', 'workloads.yaml', 'run.sh'])
      expect(existsSync(join(dir, f))).toBe(true);
    expect(statSync(join(dir, 'run.sh')).mode & 0o777).toBe(0o755);
    expect(r.out).toContain(`Wrote the kind export of eviction to ${dir}:`);
    expect(readFileSync(join(dir, 'run.sh'), 'utf8')).toContain('node_exec eviction-worker2 systemctl stop kubelet');
  });

  it('refuses a directory that is not empty, unless --force (which leaves other files)', () => {
    const dir = fresh();
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const r = cli('eviction', '--export', 'chaos-mesh', dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain('is not empty');
    expect(existsSync(join(dir, 'README.md'))).toBe(false);
    const forced = cli('eviction', '--export', 'chaos-mesh', dir, '--force');
    expect(forced.code, forced.err).toBe(0);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(dir, '01-30s-kubelet-stop-node2.yaml'))).toBe(true);
  });

  it('refuses a file as the directory', () => {
    const file = `${fresh()}.txt`;
    writeFileSync(file, '');
    const r = cli('eviction', '--export', 'kind', file);
    expect(r.code).toBe(2);
    expect(r.err).toContain('is not a directory');
  });

  it('puts the --at commands into the exported timeline', () => {
    const dir = fresh();
    const r = cli('eviction', '--at', '3m', 'kubectl delete pod db-1 --force', '--export', 'litmus', dir);
    expect(r.code, r.err).toBe(0);
    const engine = readFileSync(join(dir, '02-3m-pod-delete.yaml'), 'utf8');
    expect(engine).toContain('notready.dev/step: 3m kubectl delete pod db-1 --force');
    expect(engine).toContain('value: db-1');
  });

  it('an invalid scenario is still exit 2, and nothing is written', () => {
    const dir = fresh();
    const r = cli('no-such-scenario', '--export', 'kind', dir);
    expect(r.code).toBe(2);
    expect(existsSync(dir)).toBe(false);
  });
});

describe('--export with long names (issue 27)', () => {
  const scenario = (file: string) => `apiVersion: notready/v1
kind: Scenario
metadata: {name: long-static, title: Long}
spec:
  nodes: [{name: cp, roles: [control-plane]}, {name: n1}]
  staticPods:
    - {node: n1, ${file}manifest: {apiVersion: v1, kind: Pod, metadata: {name: ${'a'.repeat(253)}}, spec: {containers: [{name: c, image: nginx}]}}}
`;

  it('a 253-character static pod name is refused at the door when its file name would be too long', () => {
    const dir = mkdtempSync(join(tmpdir(), 'notready-long-'));
    writeFileSync(join(dir, 's.yaml'), scenario(''));
    const r = cli(join(dir, 's.yaml'), '--export', 'kind', join(dir, 'out'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('is longer than 255 bytes');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('with a file name of its own it exports, the local path derived and short', () => {
    const dir = mkdtempSync(join(tmpdir(), 'notready-long-'));
    writeFileSync(join(dir, 's.yaml'), scenario('file: agent.yaml, '));
    const r = cli(join(dir, 's.yaml'), '--export', 'kind', join(dir, 'out'));
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(dir, 'out', 'static', 'n1', `01-${'a'.repeat(40)}.yaml`))).toBe(true);
    expect(readFileSync(join(dir, 'out', 'run.sh'), 'utf8')).toContain('/etc/kubernetes/manifests/agent.yaml');
  });
});
