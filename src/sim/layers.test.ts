/**
 * The layers of the engine, bottom to top (src/sim/CONTEXT.md): an import runs down the layers or
 * within one. The few that run back up are listed here, each with a comment at the import saying
 * why; a new one fails this test, and so does one that is gone (take it off the list).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(fileURLToPath(import.meta.url));

/** Folder (first path part under src/sim) to layer; files directly in src/sim are the top. */
const LAYER: Record<string, number> = {
  core: 0,
  api: 1,
  host: 1,
  runtime: 1,
  kubelet: 2,
  controllers: 2,
  cloud: 2,
  autoscaler: 2,
  commands: 3,
  kubectl: 3,
  story: 3,
  scenario: 3,
};
const TOP = 4;

/** The imports allowed to run up, as `from -> to` (paths under src/sim, without `.ts`). */
const UP = [
  // The host and the runtime wake the kubelet (and the leader-election loop) where upstream a
  // loop of theirs would notice by polling: pushes for speed, each explained at its import.
  'host/files -> kubelet/pod-sync-queue',
  'host/network -> kubelet/pod-sync-queue',
  'host/services -> kubelet/lifecycle',
  'runtime/containers -> controllers/control-plane-idle',
  'runtime/containers -> kubelet/pod-sync-queue',
  'runtime/module -> kubelet/memory',
  'runtime/module -> kubelet/pod-sync-queue',
  'runtime/module -> kubelet/runtime-health',
];

function layerOf(path: string): number {
  const parts = path.split('/');
  return parts.length === 1 ? TOP : (LAYER[parts[0] as string] ?? TOP);
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) for (const f of sources(p)) out.push(f);
    // Tests and their kits build whole simulations: they may import from any layer.
    else if (/\.tsx?$/.test(d.name) && !/\.test\.|testkit/.test(d.name)) out.push(p);
  }
  return out;
}

/** Every relative import and re-export of the engine's source files, as `from -> to`. */
function imports(): { edge: string; up: boolean }[] {
  const out: { edge: string; up: boolean }[] = [];
  for (const file of sources(ROOT)) {
    const from = relative(ROOT, file).replace(/\.tsx?$/, '');
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'(\.{1,2}\/[^']+)'/gms)) {
      const to = relative(ROOT, join(dirname(file), m[1] as string)).replace(/\.tsx?$/, '');
      if (to.startsWith('..')) continue;
      out.push({ edge: `${from} -> ${to}`, up: layerOf(to) > layerOf(from) });
    }
  }
  return out;
}

describe('the layers of src/sim', () => {
  const all = imports();

  it('finds the imports it checks (core is imported from above)', () => {
    expect(all.length).toBeGreaterThan(500);
    expect(all.some((i) => i.edge === 'simulation -> core/engine' && !i.up)).toBe(true);
  });

  it('runs up only where the list says why, fewer than ten times', () => {
    const up = [...new Set(all.filter((i) => i.up).map((i) => i.edge))].sort();
    expect(up).toEqual([...UP].sort());
    expect(UP.length).toBeLessThan(10);
  });

  it('comments every import that runs up', () => {
    for (const edge of UP) {
      const [from, to] = edge.split(' -> ') as [string, string];
      const text = readFileSync(join(ROOT, `${from}.ts`), 'utf8');
      const line = text.split('\n').findIndex((l) => l.includes(`'${relative(dirname(from), to)}'`));
      const above = text.split('\n')[line - 1] ?? '';
      expect({ edge, above: above.startsWith('//') }).toEqual({ edge, above: true });
    }
  });
});
