import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Chunks, chunkedSize, chunksOfRecord, recordOfChunks } from './chunks';
import { dict } from './dict';

const entries = (r: object) => Object.entries(r);

describe('chunks of a record', () => {
  it('give the record back in its order, and share the chunks an edit did not touch', () => {
    const rec = dict<number>();
    for (let i = 0; i < 2000; i++) rec[`default/pod-${i}`] = i;
    const a = chunksOfRecord(rec);
    expect(a.length).toBeGreaterThan(20);
    expect(entries(recordOfChunks(a))).toEqual(entries(rec));
    expect(chunksOfRecord(rec, a)).toBe(a);
    // An update in place, a delete, a delete and re-add (the key moves to the end), a new key.
    rec['default/pod-500'] = -1;
    delete rec['default/pod-10'];
    delete rec['default/pod-1500'];
    rec['default/pod-1500'] = 1500;
    rec['default/pod-new'] = 0;
    const b = chunksOfRecord(rec, a);
    expect(entries(recordOfChunks(b))).toEqual(entries(rec));
    expect(Object.keys(recordOfChunks(b)).slice(-2)).toEqual(['default/pod-1500', 'default/pod-new']);
    const shared = b.filter((c) => a.includes(c)).length;
    expect(shared).toBeGreaterThan(b.length - 8);
    expect(chunkedSize(b)).toBe(2000);
  });

  it('keep the enumeration order of integer-like keys and prototype-free records', () => {
    const rec = dict<string>();
    for (const k of ['b', '10', '__proto__', '2', 'constructor', 'a']) rec[k] = k;
    const back = recordOfChunks(chunksOfRecord(rec));
    expect(Object.getPrototypeOf(back)).toBe(null);
    expect(Object.keys(back)).toEqual(Object.keys(rec));
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value).toBe('__proto__');
  });

  it('random edits: every copy equals the record, in order, whatever it shares', () => {
    const op = fc.oneof(
      fc.record({ t: fc.constant('set' as const), k: fc.integer({ min: 0, max: 300 }), v: fc.integer() }),
      fc.record({ t: fc.constant('del' as const), k: fc.integer({ min: 0, max: 300 }) }),
      fc.record({ t: fc.constant('snap' as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), fc.boolean(), (ops, numeric) => {
        const rec = dict<number>();
        const key = (k: number) => (numeric && k % 7 === 0 ? String(k) : `ns/o-${k}`);
        let prev: Chunks<number> | undefined;
        const copies: [Chunks<number>, [string, number][]][] = [];
        for (const o of ops) {
          if (o.t === 'set') rec[key(o.k)] = o.v;
          else if (o.t === 'del') delete rec[key(o.k)];
          else {
            prev = chunksOfRecord(rec, prev);
            copies.push([prev, entries(rec)]);
          }
        }
        for (const [c, want] of copies) expect(entries(recordOfChunks(c))).toEqual(want);
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('keep: a mutable value is copied unless equal to the earlier one', () => {
    const rec = dict<number[]>();
    for (let i = 0; i < 100; i++) rec[`k${i}`] = [i];
    const keep = (v: number[], earlier: number[] | undefined) =>
      earlier && earlier.length === v.length && v.every((x, i) => x === earlier[i]) ? earlier : v.slice();
    const a = chunksOfRecord(rec, undefined, keep);
    expect(recordOfChunks(a).k5).not.toBe(rec.k5);
    rec.k5?.push(1);
    const b = chunksOfRecord(rec, a, keep);
    expect(recordOfChunks(b).k5).toEqual([5, 1]);
    expect(recordOfChunks(a).k5).toEqual([5]);
    expect(recordOfChunks(b).k6).toBe(recordOfChunks(a).k6);
  });
});
