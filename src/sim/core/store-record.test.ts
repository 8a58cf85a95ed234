import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RecordCheckpoint, StoreRecord } from './store-record';

/** What a plain object does with the same writes: the order every trace hash was made with. */
function objectModel(ops: readonly Op[]): [string, number][] {
  const o: Record<string, number> = Object.create(null);
  for (const op of ops) {
    if (op.del) delete o[op.key];
    else o[op.key] = op.value;
  }
  return Object.entries(o);
}

interface Op {
  key: string;
  value: number;
  del: boolean;
}

const keyArb = fc.oneof(
  fc.constantFrom('default/web-1', 'default/web-2', 'kube-system/dns', 'node1', 'node2', '1', '10', '2', '007', 'x'),
  fc.stringMatching(/^[a-z0-9]{1,3}$/),
);
const opArb = fc.record({ key: keyArb, value: fc.integer(), del: fc.boolean() });

function apply(r: StoreRecord<number>, ops: readonly Op[]): void {
  for (const op of ops) {
    if (op.del) r.delete(op.key);
    else r.set(op.key, op.value);
  }
}

function freezePages(cp: RecordCheckpoint): void {
  Object.freeze(cp.pages);
  for (const p of cp.pages) Object.freeze(p);
}

describe('StoreRecord', () => {
  it('enumerates as a plain object does: array-index keys first, then insertion order, a re-added key last', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 400 }), (ops) => {
        const r = new StoreRecord<number>();
        apply(r, ops);
        expect(r.entries()).toEqual(objectModel(ops));
        expect(r.size).toBe(objectModel(ops).length);
        for (const [k, v] of objectModel(ops)) expect(r.get(k)).toBe(v);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('keeps its order through compaction (many keys deleted and added)', () => {
    const r = new StoreRecord<number>();
    const ops: Op[] = [];
    for (let i = 0; i < 3000; i++) ops.push({ key: `k${i}`, value: i, del: false });
    for (let i = 0; i < 2900; i++) ops.push({ key: `k${i}`, value: 0, del: true });
    for (let i = 0; i < 500; i++) ops.push({ key: `k${i % 7}`, value: i, del: i % 3 === 0 });
    apply(r, ops);
    expect(r.entries()).toEqual(objectModel(ops));
  });

  it('a checkpoint never changes after it is taken, and a restore gives back exactly what it held', () => {
    fc.assert(
      fc.property(fc.array(fc.array(opArb, { maxLength: 150 }), { minLength: 1, maxLength: 6 }), (batches) => {
        const live = new StoreRecord<number>();
        const kept: { cp: RecordCheckpoint; entries: [string, number][] }[] = [];
        for (const ops of batches) {
          apply(live, ops);
          const cp = live.checkpoint();
          // Frozen: a write that reached a checkpoint's page would throw (ES modules are strict).
          freezePages(cp);
          kept.push({ cp, entries: live.entries() });
        }
        apply(live, batches.flat());
        // Restores in any order patch the index from the pages that differ; each equals its checkpoint.
        for (const k of [...kept].reverse().concat(kept)) {
          live.restore(k.cp);
          expect(live.entries()).toEqual(k.entries);
          for (const [key, v] of k.entries) expect(live.get(key)).toBe(v);
          expect(live.size).toBe(k.entries.length);
          // And goes on from there without touching the checkpoint.
          apply(live, batches[0] ?? []);
          expect(StoreRecord.of<number>(k.cp).entries()).toEqual(k.entries);
        }
      }),
      { numRuns: 150, seed: 11 },
    );
  });

  it('a checkpoint shares the pages nothing wrote since; the first write copies only its page', () => {
    const r = new StoreRecord<string>();
    for (let i = 0; i < 1000; i++) r.set(`default/pod-${i}`, `v${i}`);
    const a = r.checkpoint();
    r.set('default/pod-500', 'changed');
    const b = r.checkpoint();
    const differ = a.pages.filter((p, i) => p !== b.pages[i]).length;
    expect(a.pages.length).toBe(16);
    expect(differ).toBe(1);
    expect(StoreRecord.of<string>(a).get('default/pod-500')).toBe('v500');
    expect(r.get('default/pod-500')).toBe('changed');
  });

  it('a walk visits entries added during it and skips those deleted before their turn, as a Map', () => {
    const r = StoreRecord.from<number>([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const m = new Map(r.entries());
    const seenR: string[] = [];
    const seenM: string[] = [];
    r.forEach((_, k) => {
      seenR.push(k);
      if (k === 'a') {
        r.delete('b');
        r.set('d', 4);
      }
    });
    m.forEach((_, k) => {
      seenM.push(k);
      if (k === 'a') {
        m.delete('b');
        m.set('d', 4);
      }
    });
    expect(seenR).toEqual(seenM);
  });

  it('is rebuilt from what a structuredClone of it keeps', () => {
    const r = StoreRecord.from<number>([
      ['x', 1],
      ['2', 2],
      ['y', 3],
    ]);
    const clone = structuredClone(r) as unknown as {
      pages: unknown[][];
      next: number;
      live: number;
      numeric: string[];
    };
    const back = StoreRecord.of<number>({
      pages: clone.pages,
      next: clone.next,
      size: clone.live,
      numeric: clone.numeric,
    });
    expect(back.entries()).toEqual(r.entries());
  });
});
