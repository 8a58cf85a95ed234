import { describe, expect, it } from 'vitest';
import { type HeapKeys, heapPop, heapPush, keysOf, type Timer } from './heap';

function timer(at: number, seq: number): Timer {
  return { at, seq, kind: 'k', target: '', gen: 0 };
}

function sameKeys(heap: readonly Timer[], keys: HeapKeys): boolean {
  return heap.every((t, i) => keys.ats[i] === t.at && keys.seqs[i] === t.seq) && keys.ats.length === heap.length;
}

describe('timer heap', () => {
  it('pops the least (at, seq) queued, ties in time by seq, its key arrays slot for slot', () => {
    // A small LCG: the test needs many ties in time, not good randomness.
    let x = 7;
    const next = (n: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % n;
    };
    const heap: Timer[] = [];
    const keys = keysOf(heap);
    const model: Timer[] = [];
    const first = () =>
      model.reduce<Timer | undefined>(
        (a, t) => (!a || t.at < a.at || (t.at === a.at && t.seq < a.seq) ? t : a),
        undefined,
      );
    let seq = 0;
    let pops = 0;
    for (let round = 0; round < 3_000; round++) {
      if (next(3) > 0 || round > 2_000) {
        const t = timer(next(20), seq++);
        heapPush(heap, keys, t);
        model.push(t);
      }
      if (next(3) === 0 || round > 2_000) {
        const want = first();
        expect(heapPop(heap, keys)).toBe(want);
        if (want) {
          model.splice(model.indexOf(want), 1);
          pops++;
        }
      }
      expect(sameKeys(heap, keys)).toBe(true);
    }
    expect(pops).toBeGreaterThan(1_000);
  });

  it('drains a heap built elsewhere (a restored state) in order, from keys derived from it', () => {
    const heap: Timer[] = [];
    const keys = keysOf(heap);
    const input = [5, 1, 5, 3, 1, 9, 0, 5].map((at, i) => timer(at, i));
    for (const t of input) heapPush(heap, keys, t);
    const copy = heap.slice();
    const copyKeys = keysOf(copy);
    const order: [number, number][] = [];
    for (let t = heapPop(copy, copyKeys); t; t = heapPop(copy, copyKeys)) order.push([t.at, t.seq]);
    expect(order).toEqual([
      [0, 6],
      [1, 1],
      [1, 4],
      [3, 3],
      [5, 0],
      [5, 2],
      [5, 7],
      [9, 5],
    ]);
  });
});
