/**
 * Worker memory at 5,000 nodes (issue 13): the app's engine worker (src/worker/runner.ts, the same
 * code, run in Node) plays the 5,000-node built-in (public/scenarios/zone-down-5000.json, 150,000
 * pods) for 2 simulated hours at its top speed, with its checkpoints, reading the heap after a
 * forced garbage collection every 30 simulated minutes; then seeks to random targets in the run.
 *
 * It runs in a child process of its own (`runBigMemoryBench` starts it), with a larger heap limit
 * than the budget and a wall-clock limit, so that a run out of memory or time is a row saying so,
 * not the end of the bench. The child prints one JSON line per reading.
 *
 * The memory row here is information (Node's V8 keeps 8-byte pointers, the browser's 4-byte ones:
 * the same state takes up to twice the heap); the verdict is the browser's (bench/memory-browser.ts).
 * The seek row is judged here: the engine's seek alone, without the page's drawing.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { MAX_SIM_PER_FRAME } from '../src/worker/pacing';
import { loadRunner } from '../src/worker/runner';
import { gcFunction, heapMb, targets } from './memory';
import { SEEK_SEED, SEEKS } from './memory-big-seeks';
import { type BenchRow, thousands } from './rows';
import { bigZoneFailure } from './scenarios';

const HOUR = 3_600_000;
const HOURS = 2;
const READ_EVERY = HOUR / 2;
const SCENARIO = new URL('../public/scenarios/zone-down-5000.json', import.meta.url);
/** The child's heap limit: well above the budget, so that the row gives a figure when it is missed. */
const CHILD_HEAP_MB = 9_000;
/** The whole child (start, 2 h, seeks) must end within this. */
const CHILD_WALL_MS = 20 * 60_000;

type Reading =
  | { kind: 'boot'; ms: number; heapMb: number }
  | { kind: 'heap'; at: number; heapMb: number; checkpoints: number; playMs: number }
  | { kind: 'seek'; target: number; ms: number }
  | { kind: 'costs'; snapshotMs: number; restoreMs: number; lookAheadMs: number; times: number[] }
  | { kind: 'error'; message: string };

/** The child: plays, reads, seeks, one JSON line per reading. */
function child(): void {
  const gc = gcFunction();
  const say = (r: Reading) => process.stdout.write(`${JSON.stringify(r)}\n`);
  try {
    const t0 = performance.now();
    // `--nodes N`: the bench's own big zone failure at N nodes (bench/scenarios.ts) instead of the built-in.
    const n = process.argv.indexOf('--nodes');
    const json =
      n >= 0
        ? JSON.stringify({ normalised: bigZoneFailure(Number(process.argv[n + 1])) })
        : readFileSync(SCENARIO, 'utf8');
    const loaded = loadRunner(json, [], 0);
    if (!loaded.ok) throw new Error(loaded.message);
    const r = loaded.runner;
    say({ kind: 'boot', ms: performance.now() - t0, heapMb: heapMb(gc) });
    r.clock.end = HOURS * HOUR;
    const p0 = performance.now();
    for (let at = READ_EVERY; at <= HOURS * HOUR; at += READ_EVERY) {
      while (r.now < at) r.advance(Math.min(at, r.now + MAX_SIM_PER_FRAME));
      say({ kind: 'heap', at, heapMb: heapMb(gc), checkpoints: r.checkpoints.size, playMs: performance.now() - p0 });
    }
    for (const target of targets(SEEKS, HOURS * HOUR, SEEK_SEED)) {
      const s0 = performance.now();
      r.seek(target);
      say({ kind: 'seek', target, ms: performance.now() - s0 });
    }
    // What a checkpoint costs at the end of the run: one snapshot, one restore, one look-ahead.
    r.seek(HOURS * HOUR);
    let c0 = performance.now();
    const snap = r.sim.snapshot();
    const snapshotMs = performance.now() - c0;
    c0 = performance.now();
    r.sim.restore(snap);
    const restoreMs = performance.now() - c0;
    c0 = performance.now();
    r.nextChangeAt(r.now + 60_000);
    say({ kind: 'costs', snapshotMs, restoreMs, lookAheadMs: performance.now() - c0, times: r.checkpoints.times() });
  } catch (err) {
    say({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
}

/** Starts the child and turns its readings into rows (what it reached, when it ran out). */
export function runBigMemoryBench(): Promise<BenchRow[]> {
  return new Promise((resolve) => {
    const readings: Reading[] = [];
    const started = performance.now();
    const proc = spawn(
      process.execPath,
      [`--max-old-space-size=${CHILD_HEAP_MB}`, '--import', 'tsx', fileURLToPath(import.meta.url), '--child'],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } },
    );
    let out = '';
    let err = '';
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      let nl = out.indexOf('\n');
      while (nl >= 0) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        try {
          readings.push(JSON.parse(line) as Reading);
        } catch {
          // not ours (a warning): ignored
        }
        nl = out.indexOf('\n');
      }
    });
    proc.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000);
    });
    const timer = setTimeout(() => proc.kill('SIGKILL'), CHILD_WALL_MS);
    proc.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve(rowsOf(readings, { code, signal, err, wallMs: performance.now() - started }));
    });
  });
}

function rowsOf(
  readings: Reading[],
  end: { code: number | null; signal: NodeJS.Signals | null; err: string; wallMs: number },
): BenchRow[] {
  const boot = readings.find((r) => r.kind === 'boot');
  const heaps = readings.filter((r): r is Extract<Reading, { kind: 'heap' }> => r.kind === 'heap');
  const seeks = readings.filter((r): r is Extract<Reading, { kind: 'seek' }> => r.kind === 'seek');
  const error = readings.find((r) => r.kind === 'error');
  const outOfMemory = /heap out of memory|Allocation failed/i.test(end.err);
  const stopped = error
    ? `stopped: ${error.message}`
    : outOfMemory
      ? `ran out of its ${thousands(CHILD_HEAP_MB)} MB heap`
      : end.signal === 'SIGKILL'
        ? `stopped after ${thousands(end.wallMs / 1000)} s (wall limit)`
        : end.code !== 0
          ? `exited ${end.code}`
          : '';
  const last = heaps[heaps.length - 1];
  const hourOne = heaps.find((h) => h.at === HOUR);
  const complete = last?.at === HOURS * HOUR;
  const growth = complete && hourOne ? (last.heapMb - hourOne.heapMb) / hourOne.heapMb : undefined;
  const readingsText = heaps.map((h) => `${h.at / 60_000}m ${thousands(h.heapMb)}`).join(', ');
  const rows: BenchRow[] = [
    {
      what: `worker memory, 5,000 nodes / 150,000 pods (zone-down-5000), ${HOURS} simulated hours at top speed, the worker's runner in Node (heap after GC; 8-byte pointers: the verdict is the browser's row, bench/memory-browser.ts)`,
      measured: last
        ? `${thousands(last.heapMb)} MB at ${last.at / 60_000}m (${readingsText} MB; ${last.checkpoints} checkpoints kept; start ${boot ? `${thousands(boot.ms)} ms, ${thousands(boot.heapMb)} MB` : '-'}; played in ${thousands(last.playMs)} ms${growth === undefined ? '' : `; second hour ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%`})${stopped ? `; ${stopped}` : ''}`
        : `no reading${boot ? ` after the start (${thousands(boot.ms)} ms, ${thousands(boot.heapMb)} MB)` : ''}${stopped ? `: ${stopped}` : ''}`,
      budget: '',
      ok: undefined,
    },
  ];
  const seekMax = seeks.length ? Math.max(...seeks.map((s) => s.ms)) : undefined;
  rows.push({
    what: `  seek anywhere in that run, max of ${seeks.length} of ${SEEKS}`,
    measured:
      seekMax === undefined
        ? '-'
        : `${thousands(seekMax)} ms (${seeks.map((s) => `${Math.round(s.target / 60_000)}m ${thousands(s.ms)}`).join(', ')} ms)`,
    budget: '<= 1,000 ms',
    ok: seekMax !== undefined && seeks.length === SEEKS && seekMax <= 1000,
  });
  return rows;
}

if (process.argv.includes('--child')) child();
