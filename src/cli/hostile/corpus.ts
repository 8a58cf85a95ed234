/**
 * The hostile-input corpus: scenario files and arguments a careless or hostile user could give the
 * CLI, each with the exit status and the sentence it must end with. Every case runs the real CLI
 * as a child process with a time limit and a heap limit, so a hang, a crash or an out-of-memory
 * shows as a failure rather than taking the test run down. The small files live beside this one;
 * the big ones (deep nesting, a 5 MB scenario, an oversized file) are written to a temporary
 * folder by `writeGenerated`, to keep megabytes out of the repository.
 *
 * Used by corpus.test.ts (in `npm test`) and scripts/soak.ts (`npm run soak`).
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../..');
const CLI = join(ROOT, 'src/cli/main.ts');

export interface HostileCase {
  name: string;
  /** CLI arguments; `{dir}` is this folder, `{tmp}` the folder writeGenerated wrote to. */
  args: string[];
  /** Expected exit status: 2 for invalid input, 0 for a run whose commands are refused as output. */
  exit: number;
  /** What stderr (exit ≠ 0) or stdout (exit 0) must say. */
  says: RegExp;
}

export interface CaseResult {
  name: string;
  ok: boolean;
  ms: number;
  exit: number | null;
  /** Why it failed (empty when ok). */
  problem: string;
}

/** Wall-clock limit per case (the CLI starts in about half a second; a refusal adds milliseconds). */
export const CASE_TIMEOUT_MS = 20_000;
/** Heap limit per case: a run-away input must fail here instead of eating the machine. */
export const CASE_HEAP_MB = 256;

const ZERO = /is less than the minimum of/;

export const HOSTILE_CASES: readonly HostileCase[] = [
  {
    name: 'replicas: 1e9',
    args: ['{dir}/replicas-1e9.yaml'],
    exit: 2,
    says: /replicas 1000000000 is more than the limit of 5,000 per workload/,
  },
  {
    name: 'replicas: 1 and 400 zeros',
    args: ['{dir}/replicas-huge.yaml'],
    exit: 2,
    says: /replicas \(a number too large to represent\) is more than the limit/,
  },
  {
    name: 'replicas: 1e400 in JSON',
    args: ['{dir}/replicas-huge.json'],
    exit: 2,
    says: /replicas \(a number too large to represent\) is more than the limit/,
  },
  {
    name: 'replicas: -3',
    args: ['{dir}/replicas-negative.yaml'],
    exit: 2,
    says: /Invalid value: -3: must be greater than or equal to 0/,
  },
  {
    name: 'replicas: 2.5',
    args: ['{dir}/replicas-fraction.yaml'],
    exit: 2,
    says: /Invalid value: 2.5: must be a whole number/,
  },
  {
    name: 'replicas: .nan',
    args: ['{dir}/replicas-nan.yaml'],
    exit: 2,
    says: /Invalid value: NaN: must be a whole number/,
  },
  { name: 'nodeMonitorPeriod: 0', args: ['{dir}/zero-node-monitor-period.yaml'], exit: 2, says: ZERO },
  {
    name: 'nodeStatusUpdateFrequency: 0s',
    args: ['{dir}/zero-node-status-update-frequency.yaml'],
    exit: 2,
    says: ZERO,
  },
  { name: 'podGCPeriod: 0ms', args: ['{dir}/zero-podgc-period.yaml'], exit: 2, says: ZERO },
  { name: 'nodeLeaseDurationSeconds: 0', args: ['{dir}/zero-node-lease-duration.yaml'], exit: 2, says: ZERO },
  {
    name: '__proto__ and constructor keys',
    args: ['{dir}/prototype-keys.yaml'],
    exit: 2,
    says: /unknown field "__proto__"/,
  },
  {
    name: 'a node and objects called constructor, commands naming __proto__',
    args: ['{dir}/prototype-names.yaml'],
    exit: 0,
    says: /constructor-\w+-\w+\s+1\/1\s+Running/,
  },
  { name: 'billion laughs', args: ['{dir}/billion-laughs.yaml'], exit: 2, says: /Excessive alias count/ },
  {
    name: 'nested explicit keys (1.2 KB)',
    args: ['{dir}/nested-explicit-keys.yaml'],
    exit: 2,
    says: /nested too deeply/,
  },
  {
    name: 'hostile typed commands in a timeline',
    args: ['{dir}/hostile-commands.yaml'],
    exit: 0,
    says: /more than the limit of 5,000 per workload[\s\S]*value out of range[\s\S]*resource exhaustion[\s\S]*nested too deeply[\s\S]*web\s+2\/2/,
  },
  { name: 'nesting 100,000 levels deep', args: ['{tmp}/deep-nesting.yaml'], exit: 2, says: /nested too deeply/ },
  { name: 'a 5 MB scenario', args: ['{tmp}/five-mb.yaml'], exit: 2, says: /too large to read/ },
  { name: 'a 25 MB file', args: ['{tmp}/oversized.yaml'], exit: 2, says: /more than a scenario can be/ },
  {
    name: '--until 1 and 400 zeros',
    args: ['node-poweroff', '--until', `1${'0'.repeat(400)}`],
    exit: 2,
    says: /not a duration/,
  },
  {
    name: '--at 25h',
    args: ['node-poweroff', '--at', '25h', 'kubectl get nodes'],
    exit: 2,
    says: /after 24h, the limit/,
  },
  {
    name: 'a command longer than 64 KiB',
    args: ['node-poweroff', '--at', '10s', `kubectl get pods ${'x'.repeat(70_000)}`],
    exit: 0,
    says: /the command is 70,017 characters long, more than the limit of 65,536/,
  },
];

/** Writes the big generated inputs into `dir`. */
export function writeGenerated(dir: string): void {
  const head = 'apiVersion: notready/v1\nkind: Scenario\nmetadata: {name: hostile, title: Hostile input}\nspec:\n';
  writeFileSync(join(dir, 'deep-nesting.yaml'), `${head}  nodes: ${'- '.repeat(100_000)}x\n`);
  const objects: string[] = [];
  let size = 0;
  for (let i = 0; size < 5_000_000; i++) {
    const line = `    - {apiVersion: apps/v1, kind: Deployment, metadata: {name: app${i}}, spec: {replicas: 1, template: {spec: {containers: [{name: c, image: nginx}]}}}}`;
    objects.push(line);
    size += line.length + 1;
  }
  writeFileSync(
    join(dir, 'five-mb.yaml'),
    `${head}  nodes: [{name: control-plane, roles: [control-plane]}]\n  objects:\n${objects.join('\n')}\n`,
  );
  writeFileSync(join(dir, 'oversized.yaml'), `# ${'x'.repeat(25 * 1024 * 1024)}\n`);
}

/** Runs one case as `node --max-old-space-size=… --import tsx src/cli/main.ts ARGS`. */
export function runCase(c: HostileCase, tmp: string): Promise<CaseResult> {
  const args = c.args.map((a) => a.replace('{dir}', HERE).replace('{tmp}', tmp));
  const t0 = process.hrtime.bigint();
  return new Promise((done) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${CASE_HEAP_MB}`, '--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: CASE_TIMEOUT_MS,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      if (out.length < 1_000_000) out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 1_000_000) err += d.toString();
    });
    child.on('close', (exit, signal) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const text = c.exit === 0 ? out : err;
      let problem = '';
      if (signal) problem = `killed by ${signal} after ${Math.round(ms)} ms (time limit ${CASE_TIMEOUT_MS} ms)`;
      else if (exit !== c.exit) problem = `exit ${exit}, expected ${c.exit}: ${(err || out).slice(0, 300)}`;
      else if (!c.says.test(text)) problem = `output does not say ${c.says}: ${text.slice(0, 300)}`;
      else if (/internal error|TypeError|RangeError|heap out of memory/.test(err))
        problem = `crashed: ${err.slice(0, 300)}`;
      done({ name: c.name, ok: problem === '', ms, exit, problem });
    });
  });
}

/** Runs every case, `parallel` at a time, in the table's order. */
export async function runCorpus(tmp: string, parallel = 2): Promise<CaseResult[]> {
  const results: CaseResult[] = new Array(HOSTILE_CASES.length);
  let next = 0;
  const worker = async () => {
    while (next < HOSTILE_CASES.length) {
      const i = next++;
      results[i] = await runCase(HOSTILE_CASES[i] as HostileCase, tmp);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}
