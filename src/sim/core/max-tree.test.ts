import { describe, expect, it } from 'vitest';
import { MaxTree } from './max-tree';

/** The scan MaxTree replaces: the first index strictly above the best so far, from -1. */
function scan(values: number[]): number {
  let best = -1;
  let bestValue = -1;
  values.forEach((v, i) => {
    if (v > bestValue) {
      bestValue = v;
      best = i;
    }
  });
  return best;
}

describe('MaxTree', () => {
  it('answers what the scan answers, ties and NaN included, through fills and sets', () => {
    let x = 7;
    const rand = (n: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % n;
    };
    for (const n of [0, 1, 2, 3, 5, 8, 13, 100]) {
      const values = Array.from({ length: n }, () => rand(6) - 1);
      const t = new MaxTree(n);
      t.fill((i) => values[i] as number);
      expect(t.best()).toBe(scan(values));
      for (let k = 0; k < 200 && n > 0; k++) {
        const i = rand(n);
        const v = rand(10) === 0 ? Number.NaN : rand(6) - 1;
        values[i] = v;
        t.set(i, v);
        expect(t.best()).toBe(scan(values));
      }
    }
  });
});
