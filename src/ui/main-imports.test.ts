/**
 * What the page loads before its first render: src/main.tsx and its static imports (dynamic
 * `import()` starts a lazy chunk). The bench sizes that bundle against DESIGN's 175 KB; this test
 * guards the two known ways it grew: the engine (src/sim, but for the dependency-free
 * builtins and duration tables) and the link codec's parsers (yaml, valibot) reached through a
 * helper the terminal shares with the link format (212.8 KB gzip before share/numbered-runs.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

/** Static imports of one file: `import … from 'x'` and `export … from 'x'`, not `import type`. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  const re = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1] as string);
  return out;
}

function resolveLocal(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx'])
    if (existsSync(base + ext) && !(base + ext).endsWith('/')) {
      const p = base + ext;
      if (/\.(ts|tsx)$/.test(p)) return p;
    }
  return undefined;
}

/** Files and packages reachable from src/main.tsx through static imports. */
function mainGraph(): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [join(ROOT, 'src/main.tsx')];
  while (todo.length) {
    const f = todo.pop() as string;
    if (files.has(f)) continue;
    files.add(f);
    for (const spec of staticImports(f)) {
      if (spec.startsWith('.')) {
        const r = resolveLocal(f, spec);
        if (r) todo.push(r);
      } else
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
    }
  }
  return { files, packages };
}

describe('the main bundle', () => {
  const { files, packages } = mainGraph();

  it('is found from src/main.tsx (the walk follows the app)', () => {
    expect(files.has(join(ROOT, 'src/ui/App.tsx'))).toBe(true);
    expect(files.has(join(ROOT, 'src/ui/terminal/fold.ts'))).toBe(true);
    expect(packages.has('react')).toBe(true);
  });

  it('leaves the link codec parsers (yaml, valibot) to lazy chunks', () => {
    expect(packages.has('yaml')).toBe(false);
    expect(packages.has('valibot')).toBe(false);
    expect(files.has(join(ROOT, 'src/share/formats.ts'))).toBe(false);
  });

  it('holds no engine file but the dependency-free tables it shares', () => {
    const sim = [...files].filter((f) => f.includes('/src/sim/')).map((f) => f.slice(ROOT.length + 1));
    // limits.ts: the link length limit, checked before the codec loads (share/link-length.ts).
    expect(sim.sort()).toEqual(['src/sim/core/duration.ts', 'src/sim/core/limits.ts', 'src/sim/scenario/builtins.ts']);
  });
});
