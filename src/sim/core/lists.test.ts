/**
 * The spread-free list helpers, and the Biome plugin that keeps spread arguments out of src/
 * (lint/noSpreadArguments.grit): a list spread into a call's arguments throws RangeError past
 * ~100,000 elements, which a 5,000-node cluster's pods, Events or YAML lines exceed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { maxOf, minOf, pushAll } from './lists';

const big = Array.from({ length: 300_000 }, (_, i) => i);

describe('list helpers', () => {
  it('take lists far past the argument limit that spreads hit', () => {
    // biome-ignore lint/plugin/noSpreadArguments: the RangeError this rule keeps out of src/, shown once
    expect(() => [].push(...(big as never[]))).toThrow(RangeError);
    expect(maxOf(big, (x) => x)).toBe(299_999);
    expect(minOf(big, (x) => x + 1)).toBe(1);
    expect(pushAll([-1], big)).toHaveLength(300_001);
  });

  it('say what Math.max and Math.min say, start value and empty lists included', () => {
    expect(maxOf([], (x: number) => x)).toBe(Math.max());
    expect(minOf([], (x: number) => x)).toBe(Math.min());
    expect(maxOf([3, 1], (x) => x, 0)).toBe(Math.max(0, 3, 1));
    expect(maxOf([-3], (x) => x, 0)).toBe(0);
    expect(minOf([5, 7], (x) => x, 6)).toBe(5);
    expect(maxOf([1, Number.NaN], (x) => x)).toBeNaN();
    expect(maxOf(new Set([4, 9]).keys(), (x) => x)).toBe(9);
  });
});

describe('lint/noSpreadArguments.grit', () => {
  it('flags spread arguments of calls and constructors, not array or object spreads, nor a suppressed tuple', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), 'spread-rule-'));
    try {
      writeFileSync(
        join(dir, 'biome.json'),
        JSON.stringify({ plugins: [join(root, 'lint/noSpreadArguments.grit')], linter: { rules: { preset: 'none' } } }),
      );
      writeFileSync(
        join(dir, 'probe.ts'),
        [
          'const xs: number[] = [1];',
          'const out: number[] = [];',
          'out.push(...xs);',
          'export const m = Math.max(0, ...xs);',
          'export const d = new Date(...xs);',
          'export const copy = [...xs, 2];',
          'export const obj = { ...{ a: 1 } };',
          'const pair: [number, number] = [1, 2];',
          '// biome-ignore lint/plugin/noSpreadArguments: a pair, always two',
          'out.push(...pair);',
          '',
        ].join('\n'),
      );
      let report = '';
      try {
        execFileSync(join(root, 'node_modules/.bin/biome'), ['lint', '--reporter=json', `--config-path=${dir}`, dir], {
          cwd: dir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
      } catch (err) {
        report = (err as { stdout: string }).stdout;
      }
      const diagnostics = (
        JSON.parse(report) as { diagnostics: { category: string; location: { start: { line: number } } }[] }
      ).diagnostics;
      const lines = diagnostics.filter((d) => d.category === 'plugin').map((d) => d.location.start.line);
      expect(lines).toEqual([3, 4, 5]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
