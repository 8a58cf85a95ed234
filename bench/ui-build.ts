/**
 * The UI bench's production build and bundle sizes. The build goes to a temporary folder (never
 * the repo's dist/, which `vite preview` may be serving to the e2e tests at that moment); the
 * bench then serves that folder itself, with its generated large scenario dropped in.
 *
 * Bundle groups: "main" is the entry chunk of index.html plus everything it imports statically
 * (what the browser must fetch before the app runs); "worker" is the engine's `sim.worker-*.js`
 * chunk plus its static imports; every other chunk is loaded on demand (`import()`) and listed as information.
 * Sizes are gzip level 9 (zlib), in KB of 1,000 bytes, as served by a typical static host.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './rows';

/** The repository root (bench/..). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `vite build` into `outDir`; returns the wall time, or throws with vite's output. Hidden source
 * maps add `.map` files for the profiler without changing a byte of the chunks.
 */
export function buildApp(outDir: string): number {
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const t0 = Date.now();
  const r = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--sourcemap', 'hidden', '--logLevel', 'error'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) {
    const out = `${r.stderr ?? ''}${r.stdout ?? ''}`.trim().split('\n').slice(0, 5).join(' / ');
    throw new Error(`vite build failed (${r.status ?? r.signal}): ${out}`);
  }
  return Date.now() - t0;
}

export interface Bundle {
  files: string[];
  raw: number;
  gzip: number;
}

export interface Bundles {
  main: Bundle;
  worker: Bundle;
  css: Bundle;
  lazy: { file: string; raw: number; gzip: number }[];
}

/** Relative chunk names a chunk imports statically (`import"./x.js"`, `from"./x.js"`; not `import(...)`). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) out.push(m[1] as string);
  return out;
}

function closure(assets: string, start: string[]): string[] {
  const seen = new Set<string>();
  const todo = [...start];
  while (todo.length) {
    const f = todo.pop() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...staticImports(readFileSync(join(assets, f), 'utf8')));
  }
  return [...seen].sort();
}

function measure(assets: string, files: string[]): Bundle {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const buf = readFileSync(join(assets, f));
    raw += buf.length;
    gzip += gzipSync(buf, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

/** Groups and measures the built assets of `outDir`. */
export function bundleSizes(outDir: string): Bundles {
  const assets = join(outDir, 'assets');
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const local = (re: RegExp) =>
    [...html.matchAll(re)].map((m) => (m[1] as string).replace(/^\.?\/?assets\//, '')).filter((f) => !f.includes('/'));
  const entries = local(/<script[^>]*type="module"[^>]*src="([^"]+)"/g);
  const preloads = local(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g);
  const css = local(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  if (entries.length === 0) throw new Error('no module entry script in index.html');
  const all = readdirSync(assets);
  const mainFiles = closure(assets, [...entries, ...preloads]);
  // The engine worker (the scenario parser's worker loads only for imports: a lazy chunk).
  const workerFiles = closure(
    assets,
    all.filter((f) => /^sim\.worker-[\w-]+\.js$/.test(f)),
  );
  const taken = new Set([...mainFiles, ...workerFiles, ...css]);
  const lazy = all
    .filter((f) => !taken.has(f) && /\.(js|css)$/.test(f))
    .sort()
    .map((file) => {
      const b = measure(assets, [file]);
      return { file, raw: b.raw, gzip: b.gzip };
    });
  return { main: measure(assets, mainFiles), worker: measure(assets, workerFiles), css: measure(assets, css), lazy };
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

/** Rows: main / worker / CSS against their budgets, then each lazy chunk as information. */
export function bundleRows(b: Bundles): BenchRow[] {
  const budget = { main: 175_000, worker: 60_000, css: 15_000 };
  const row = (label: string, x: Bundle, max: number): BenchRow => ({
    what: `bundle gzip: ${label} [${x.files.join(', ') || 'none found'}]`,
    measured: `${kb(x.gzip)} (raw ${kb(x.raw)})`,
    budget: `<= ${max / 1000} KB`,
    ok: x.files.length > 0 && x.gzip <= max,
  });
  return [
    row('main', b.main, budget.main),
    row('worker', b.worker, budget.worker),
    row('CSS', b.css, budget.css),
    ...b.lazy.map((l) => ({
      what: `  lazy chunk ${l.file}`,
      measured: `${kb(l.gzip)} (raw ${kb(l.raw)})`,
      budget: '',
      ok: undefined,
    })),
  ];
}
