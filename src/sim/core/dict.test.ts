import { describe, expect, it } from 'vitest';
import { dict, smallDict } from './dict';

describe('records keyed by user names (core/dict.ts)', () => {
  for (const [name, make] of [
    ['dict', dict],
    ['smallDict', smallDict],
  ] as const)
    it(`${name}: no prototype; __proto__ and constructor are ordinary own keys`, () => {
      const r = make<number>();
      // Names as a user would give them (typed string, as they come from a manifest).
      const proto: string = '__proto__';
      const ctor: string = 'constructor';
      expect(Object.getPrototypeOf(r)).toBeNull();
      expect(r[ctor]).toBeUndefined();
      r[proto] = 1;
      r[ctor] = 2;
      expect(Object.getPrototypeOf(r)).toBeNull();
      expect(Object.keys(r)).toEqual(['__proto__', 'constructor']);
      expect(r[proto]).toBe(1);
      // Object.prototype is untouched.
      expect(({} as Record<string, unknown>).constructor).toBe(Object);
    });
});
