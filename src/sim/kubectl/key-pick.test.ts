import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyPick } from './key-pick';

describe('KeyPick', () => {
  it('keeps what sorting the keys and taking the first or last n would keep, in key order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '/', '-', '1', 'é'), maxLength: 6 }), {
          maxLength: 60,
        }),
        fc.nat(70),
        fc.constantFrom('first' as const, 'last' as const),
        (keys, n, end) => {
          const pick = new KeyPick<string>(n, end);
          for (const k of keys) pick.offer(k, `v:${k}`);
          const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          const kept = end === 'first' ? sorted.slice(0, n) : sorted.slice(Math.max(0, sorted.length - n));
          expect(pick.sorted()).toEqual(kept.map((k) => `v:${k}`));
        },
      ),
    );
  });
});
