import { describe, expect, it } from 'vitest';
import { nextUint32, randomHex, seedRng } from './random';

describe('randomHex', () => {
  it('gives the digits of toString(16), zero-padded, for every length', () => {
    const a = seedRng(42);
    const b = seedRng(42);
    for (let i = 0; i < 2000; i++) {
      const n = 1 + (i % 70);
      let want = '';
      while (want.length < n) want += nextUint32(b).toString(16).padStart(8, '0');
      expect(randomHex(a, n)).toBe(want.slice(0, n));
    }
    expect(a).toEqual(b);
  });
});

describe('Engine.keyedInt', () => {
  it('depends on the seed and the key only, draws nothing, stays in range and spreads evenly', async () => {
    const { Engine } = await import('./engine');
    const { bareState } = await import('../api/testkit');
    const e = new Engine(bareState(7), []);
    const rng = structuredClone(e.state.rng);
    const keys = Array.from({ length: 10_000 }, (_, i) => `node${i % 100}|pod-${i}|c|readiness|0`);
    const values = keys.map((k) => e.keyedInt(k, 0, 9_999));
    expect(e.state.rng).toEqual(rng);
    expect(keys.map((k) => e.keyedInt(k, 0, 9_999))).toEqual(values);
    expect(values.every((v) => Number.isInteger(v) && v >= 0 && v <= 9_999)).toBe(true);
    // Ten buckets of a thousand: each within 15% of its share.
    const buckets = new Array(10).fill(0);
    for (const v of values) buckets[Math.floor(v / 1000)]++;
    for (const b of buckets) expect(Math.abs(b - 1000)).toBeLessThan(150);
    const other = new Engine(bareState(8), []);
    expect(keys.filter((k, i) => other.keyedInt(k, 0, 9_999) === values[i]).length).toBeLessThan(10);
  });
});
