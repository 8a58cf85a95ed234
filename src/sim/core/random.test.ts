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
