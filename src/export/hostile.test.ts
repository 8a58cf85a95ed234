/**
 * Issue 27: a scenario from a stranger's link must never make its export run or apply what its
 * author wrote. Every free-text field of a scenario carries each hostile payload; each export is
 * written out and its scripts are run with stub `kind`, `kubectl` and `docker` that log their
 * arguments (and stub `sleep`/`date` that make the timeline's minutes pass at once). The payloads
 * try to create a marker file: it must never exist. Every docker call must name a node container
 * of the exported cluster, every file must be free of the characters that end a line for some
 * reader (YAML 1.1's CR, NEL, LS, PS) or hide text from a person, and every YAML file must read
 * the same to a 1.1 reader as to a 1.2 one.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { parseScenario, type Scenario } from '../sim/index';
import { EXPORT_KINDS, type ExportFile, exportScenarioFor } from './index';
import { mapNodes } from './nodes';

const ROOT = mkdtempSync(join(tmpdir(), 'notready-hostile-'));
const MARK = join(ROOT, 'PWNED');
const touch = `touch ${MARK}`;

/** What an attacker writes into a text field. */
const PAYLOADS: Record<string, string> = {
  LF: `x\n${touch}`,
  CR: 'x\rnetworking: {apiServerAddress: 0.0.0.0}',
  CRLF: `x\r\n${touch}`,
  NEL: `x\u0085${touch}`,
  LS: `x\u2028${touch}`,
  PS: `x\u2029${touch}`,
  VT: `x\u000b${touch}`,
  substitution: `$(${touch})`,
  backticks: `\`${touch}\``,
  semicolon: `; ${touch};`,
  singleQuote: `'; ${touch}; '`,
  doubleQuote: `"; ${touch}; "`,
  dashes: '-- --help',
  yamlDocument:
    'x\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata: {name: pwn}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}\nsubjects: [{kind: User, name: system:anonymous}]',
  bidi: `x\u202e${touch}`,
  long: 'a'.repeat(300),
};

/** A small cluster with every field an author writes freely set to `p`. */
function hostileScenario(p: string): unknown {
  const meta = { annotations: { 'example.com/note': p } };
  const container = { name: 'c', image: 'nginx:1.27', env: [{ name: 'NOTE', value: p }], args: [p] };
  return {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: 'hostile', title: p, description: p },
    spec: {
      nodes: [{ name: 'cp', roles: ['control-plane'] }, { name: 'n1' }, { name: 'n2' }],
      objects: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web', ...meta },
          spec: { replicas: 2, template: { metadata: meta, spec: { containers: [container] } } },
        },
        { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'solo', ...meta }, spec: { containers: [container] } },
      ],
      staticPods: [
        {
          node: 'n2',
          // A privileged agent with the host's PIDs and files: what the export must name for review.
          manifest: {
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: { name: 'agent', ...meta },
            spec: {
              hostPID: true,
              volumes: [{ name: 'root', hostPath: { path: '/' } }],
              containers: [{ ...container, securityContext: { privileged: true } }],
            },
          },
        },
      ],
      duration: '3m',
      timeline: [
        { at: '10s', run: `ssh n1 systemctl stop kubelet\n${p}` },
        { at: '5s', run: `kubectl exec solo -- echo ${shellish(p)}` },
        { at: '30s', run: `ssh n2 mv /etc/kubernetes/manifests/agent.yaml ${shellish(`/tmp/${p}`)}` },
        { at: '40s', run: `kubectl delete pod ${shellish(p)}` },
        { at: '50s', run: `kubectl run ${shellish(p)} --image ${shellish(p)}` },
        { at: '1m', run: 'ssh my-prod-postgres poweroff' },
        { at: '1m', run: 'ssh my-prod-postgres mv /var/lib/postgresql/data /tmp/gone' },
        { at: '1m', run: 'network cut my-prod-api' },
        { at: '70s', run: `network cut n2\n${p}` },
        { at: '2m', run: 'network heal n2' },
        { at: '2m', run: 'ssh n1 systemctl start kubelet' },
      ],
    },
  };
}

/** A payload as one shell word of the command language. */
const shellish = (p: string) => `'${p.replaceAll("'", "'\\''")}'`;

/**
 * Stub tools: each call's tool and arguments, NUL-separated, in a file of its own under the
 * directory `$STUB_LOG` named by the time of the call (scripts run some tools in the background,
 * and two calls appending to one file interleave their records). `kind` knows the cluster
 * `cluster` once `kind create cluster` has run (or from the start: `exists`).
 */
function stubs(dir: string, cluster: string, nodes: readonly string[], exists = false): void {
  mkdirSync(dir, { recursive: true });
  // EPOCHREALTIME has ten digits of seconds and six of microseconds: names sort by time.
  const log = (name: string) =>
    `mkdir -p "$STUB_LOG"; printf "%s\\0" ${name} "$@" >"$STUB_LOG/$EPOCHREALTIME-$$-$RANDOM"`;
  const write = (name: string, body: string) => {
    writeFileSync(join(dir, name), `#!/usr/bin/env bash\n${log(name)}\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  };
  const made = join(dir, 'cluster-made');
  if (exists) writeFileSync(made, '');
  write(
    'kind',
    [
      `if [[ "$1 $2" == "create cluster" ]]; then : >${made}; fi`,
      `if [[ "$1 $2" == "get clusters" && -f ${made} ]]; then echo ${cluster}; fi`,
      `if [[ "$1 $2" == "get nodes" && -f ${made} ]]; then printf '%s\\n' ${nodes.join(' ')}; fi`,
      'exit 0',
    ].join('\n'),
  );
  write('kubectl', 'exit 0');
  write('docker', 'exit 0');
  // Time passes only when the script sleeps: minutes of timeline in a moment. A check's poll
  // (`sleep 2`) counts ten-fold, so that a check the stubs never satisfy gives up in a few polls.
  const clock = join(dir, 'clock');
  writeFileSync(clock, '1000000');
  const sleepBody = `s=\${1%%.*}; (( s <= 2 )) && s=$(( s * 10 )); c=$(cat ${clock}); printf '%s' $(( c + s )) >${clock}`;
  writeFileSync(join(dir, 'sleep'), `#!/usr/bin/env bash\n${sleepBody}\n`);
  writeFileSync(
    join(dir, 'date'),
    `#!/usr/bin/env bash\nif [[ "$1" == "+%s" ]]; then cat ${clock}; echo; else exec /bin/date "$@"; fi\n`,
  );
  writeFileSync(join(dir, 'timeout'), '#!/usr/bin/env bash\nshift\nexec "$@"\n');
  for (const f of ['sleep', 'date', 'timeout']) chmodSync(join(dir, f), 0o755);
}

function calls(logDir: string): string[][] {
  if (!existsSync(logDir)) return [];
  return readdirSync(logDir)
    .sort()
    .map((f) => readFileSync(join(logDir, f), 'utf8').split('\0').slice(0, -1));
}

/** The container a docker call acts on. */
function dockerTarget(args: readonly string[]): string | undefined {
  const [action] = args;
  if (action === 'exec' || action === 'stop' || action === 'start' || action === 'restart') return args[1];
  if (action === 'cp') return args[2]?.split(':')[0];
  if (action === 'inspect' || action === 'network') return args[args.length - 1];
  return `unexpected docker ${action}`;
}

/** Line breaks for some reader, and characters that hide text from a person. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const FORBIDDEN = /[\r\v\f\u0085\u2028\u2029\u0000-\u0008\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/u;
const KINDS = new Set([
  'Cluster',
  'Deployment',
  'Pod',
  'PodChaos',
  'NetworkChaos',
  'PhysicalMachineChaos',
  'ChaosEngine',
]);

function load(p: string): Scenario {
  const r = parseScenario(JSON.stringify(hostileScenario(p)));
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return r.scenario;
}

function checkFiles(files: readonly ExportFile[]): void {
  for (const f of files) {
    const bad = FORBIDDEN.exec(f.content);
    expect(bad, `${f.path}: raw U+${bad?.[0].codePointAt(0)?.toString(16)}`).toBeNull();
    expect(f.path, 'a derived path').toMatch(/^[A-Za-z0-9][A-Za-z0-9./-]*$/);
    if (!f.path.endsWith('.yaml')) continue;
    // A YAML 1.1 reader (go-yaml, kind, kubectl) reads what a 1.2 reader reads.
    const v12 = parseAllDocuments(f.content).map((d) => d.toJS());
    const v11 = parseAllDocuments(f.content, { version: '1.1' }).map((d) => d.toJS());
    expect(v11).toEqual(v12);
    for (const doc of v12) expect(KINDS.has(String((doc as { kind?: string }).kind)), f.path).toBe(true);
  }
}

function runScripts(name: string, files: readonly ExportFile[], scenario: Scenario): string[][] {
  const dir = join(ROOT, name);
  for (const f of files) {
    mkdirSync(join(dir, f.path.split('/').slice(0, -1).join('/')), { recursive: true });
    writeFileSync(join(dir, f.path), f.content, { mode: f.executable ? 0o755 : 0o644 });
  }
  const m = mapNodes(scenario);
  const bin = join(dir, '.bin');
  stubs(
    bin,
    m.cluster,
    m.nodes.map((n) => n.kindName),
  );
  const log = join(dir, '.calls');
  for (const f of files.filter((x) => x.executable)) {
    for (const args of [['--help'], ['--reviewed']]) {
      const r = spawnSync('bash', [join(dir, f.path), ...args], {
        cwd: dir,
        env: { PATH: `${bin}:/usr/bin:/bin`, STUB_LOG: log, HOME: dir },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(r.error, `${f.path} ${args.join(' ')} ran`).toBeUndefined();
    }
  }
  return calls(log);
}

describe('hostile scenarios export nothing their author wrote as code', () => {
  for (const [label, payload] of Object.entries(PAYLOADS)) {
    it(`${label}: every export, scripts run with stub tools`, () => {
      const scenario = load(payload);
      const containers = new Set(mapNodes(scenario).nodes.map((n) => n.kindName));
      for (const kind of EXPORT_KINDS) {
        const files = exportScenarioFor(kind, scenario);
        checkFiles(files);
        const log = runScripts(`${label}-${kind}`, files, scenario);
        expect(existsSync(MARK), `${label} ${kind}: the payload ran`).toBe(false);
        for (const [tool, ...args] of log) {
          if (tool === 'docker') expect(containers.has(dockerTarget(args) ?? ''), args.join(' ')).toBe(true);
          // kubectl in run.sh speaks to the kind cluster's context only.
          if (tool === 'kubectl' && kind === 'kind') expect(args.slice(0, 2)).toEqual(['--context', 'kind-hostile']);
          expect(args.join('\0'), `${tool}: a name from outside the scenario`).not.toMatch(/my-prod/);
        }
        if (kind === 'kind') {
          // The timeline's docker steps ran (the stubs saw them), on the scenario's nodes only.
          const docker = log.filter(([t]) => t === 'docker').map(([, ...a]) => dockerTarget(a));
          expect(docker).toContain('hostile-worker');
          const readme = files.find((f) => f.path === 'README.md')?.content ?? '';
          expect(readme).toContain('ssh: Could not resolve hostname my-prod-postgres');
          expect(readme).toContain('Review before running');
        }
      }
    }, 300_000);
  }

  it('a script with something to review stops before it acts unless started with --reviewed', () => {
    const scenario = load('x');
    const files = exportScenarioFor('kind', scenario);
    const dir = join(ROOT, 'unreviewed');
    mkdirSync(dir, { recursive: true });
    const run = files.find((f) => f.path === 'run.sh');
    writeFileSync(join(dir, 'run.sh'), run?.content ?? '', { mode: 0o755 });
    const m = mapNodes(scenario);
    stubs(
      join(dir, '.bin'),
      m.cluster,
      m.nodes.map((n) => n.kindName),
    );
    const r = spawnSync('bash', [join(dir, 'run.sh')], {
      env: { PATH: `${join(dir, '.bin')}:/usr/bin:/bin`, STUB_LOG: join(dir, '.calls') },
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('REVIEW BEFORE RUNNING');
    expect(r.stderr).toContain('privileged container');
    expect(r.stderr).toContain('hostPath volume "/"');
    expect(calls(join(dir, '.calls'))).toEqual([]);
  });

  it('a run.sh refuses a cluster it did not create (--no-create without the cluster)', () => {
    const scenario = load('x');
    const run = exportScenarioFor('kind', scenario).find((f) => f.path === 'run.sh');
    const dir = join(ROOT, 'no-cluster');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'run.sh'), run?.content ?? '', { mode: 0o755 });
    stubs(join(dir, '.bin'), 'someone-else', ['someone-else-control-plane'], true);
    const r = spawnSync('bash', [join(dir, 'run.sh'), '--no-create', '--reviewed'], {
      env: { PATH: `${join(dir, '.bin')}:/usr/bin:/bin`, STUB_LOG: join(dir, '.calls') },
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no kind cluster named hostile');
    expect(calls(join(dir, '.calls')).filter(([t]) => t !== 'kind')).toEqual([]);
  });

  it('cleans up', () => {
    rmSync(ROOT, { recursive: true, force: true });
  });
});
