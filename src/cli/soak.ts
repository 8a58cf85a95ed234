/**
 * `npm run soak [-- --clusters N --actions N --seed N]`: the long soak.
 *
 * 1. Random fault actions over random clusters (properties.testkit.ts), alternating the two
 *    profiles (v1.33, v1.23-docker), every third one in a cloud with the cluster autoscaler and
 *    cloud faults (properties-cloud.testkit.ts): the invariants of a sane cluster are checked after
 *    every action and every traced change, and full recovery 15 minutes after each round is healed.
 * 2. The hostile-input corpus (hostile/corpus.ts) through the CLI, one child process per input
 *    with a time and a heap limit.
 *
 * Prints actions, runs, violations and the slowest input; exits 1 on any violation or failed
 * input. The short version of both runs in `npm test` (sim/soak.test.ts, hostile/corpus.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { formatSimTime } from '../sim/index';
import { clusterArb, soakCluster } from '../sim/properties.testkit';
import { CASE_HEAP_MB, CASE_TIMEOUT_MS, runCorpus, writeGenerated } from './hostile/corpus';

export interface SoakOptions {
  clusters: number;
  /** Fault actions per cluster. */
  actions: number;
  seed: number;
}

const DEFAULTS: SoakOptions = { clusters: 50, actions: 200, seed: 1 };

function parse(argv: readonly string[]): SoakOptions | string {
  const o = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, '');
    const n = Number(argv[i + 1]);
    if (key !== 'clusters' && key !== 'actions' && key !== 'seed') return `unknown option ${argv[i]}`;
    if (!Number.isSafeInteger(n) || n < (key === 'seed' ? 0 : 1)) return `--${key} needs a whole number`;
    o[key] = n;
  }
  return o;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const now = () => Number(process.hrtime.bigint()) / 1e6;

async function main(argv: readonly string[]): Promise<number> {
  const o = parse(argv);
  if (typeof o === 'string') {
    console.error(`soak: ${o} (options: --clusters N --actions N --seed N)`);
    return 2;
  }
  console.log(`soak: ${o.clusters} random clusters x ${o.actions} fault actions, seed ${o.seed}`);
  const t0 = now();
  const clusters = fc.sample(clusterArb, { seed: o.seed, numRuns: o.clusters });
  let actions = 0;
  let simulated = 0;
  let slowestRun = { ms: 0, what: '' };
  const violations: string[] = [];
  const profiles = { 'v1.33': 0, 'v1.23-docker': 0 };
  clusters.forEach((c, i) => {
    // Every third cluster runs in a cloud with the cluster autoscaler (v1.33, 1 to 12 workers).
    const cloud = i % 3 === 2;
    const cluster = cloud
      ? { ...c, profile: 'v1.33' as const, cloud, workers: Math.max(1, Math.min(12, c.workers)) }
      : { ...c, profile: i % 2 ? ('v1.33' as const) : ('v1.23-docker' as const) };
    const seed = o.seed * 100_000 + i;
    const t = now();
    const r = soakCluster(cluster, seed, o.actions);
    const ms = now() - t;
    const what = `cluster ${i + 1}: ${cluster.workers + 1} nodes, ${cluster.profile}${cloud ? ' in a cloud' : ''}, seed ${seed}`;
    if (ms > slowestRun.ms) slowestRun = { ms, what };
    actions += r.actions;
    simulated += r.simulated;
    profiles[cluster.profile]++;
    for (const v of r.violations) violations.push(`${what}: ${v}`);
    console.log(
      `  ${what}: ${r.actions} actions in ${r.rounds} rounds, ${formatSimTime(r.simulated)} simulated, ${seconds(ms)}, ${r.violations.length} violations`,
    );
  });
  const soakMs = now() - t0;

  console.log(`hostile inputs: each through the CLI with ${CASE_HEAP_MB} MB of heap and ${seconds(CASE_TIMEOUT_MS)}`);
  const tmp = mkdtempSync(join(tmpdir(), 'notready-soak-'));
  let corpus: Awaited<ReturnType<typeof runCorpus>>;
  try {
    writeGenerated(tmp);
    // One at a time, so that each time is the input's own.
    corpus = await runCorpus(tmp, 1);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  for (const r of corpus)
    console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${seconds(r.ms).padStart(7)}  ${r.name}${r.ok ? '' : `: ${r.problem}`}`);
  const failed = corpus.filter((r) => !r.ok);
  const slowest = corpus.reduce((a, b) => (b.ms > a.ms ? b : a));

  console.log('');
  for (const v of violations) console.log(`violation: ${v}`);
  console.log(`actions: ${actions}`);
  console.log(
    `runs: ${clusters.length} clusters (${profiles['v1.33']} v1.33, ${profiles['v1.23-docker']} v1.23-docker), ${formatSimTime(simulated)} simulated in ${seconds(soakMs)}; slowest run: ${slowestRun.what} (${seconds(slowestRun.ms)})`,
  );
  console.log(`violations: ${violations.length}`);
  console.log(
    `hostile inputs: ${corpus.length - failed.length}/${corpus.length} refused or run as expected; slowest input: ${slowest.name} (${seconds(slowest.ms)})`,
  );
  return violations.length > 0 || failed.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
