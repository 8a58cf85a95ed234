import { describe, expect, it } from 'vitest';
import { ShardedSet } from './sharded-set';

const keys = (s: ShardedSet) => [...s].sort();

describe('ShardedSet', () => {
  it('holds what was added and not deleted, like a Set', () => {
    const s = ShardedSet.empty();
    const model = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const k = `default/web-${(i * 7919) % 300}`;
      if (i % 3 === 2) {
        s.delete(k);
        model.delete(k);
      } else {
        s.add(k);
        model.add(k);
      }
      expect(s.size).toBe(model.size);
    }
    expect(keys(s)).toEqual([...model].sort());
    for (const k of model) expect(s.has(k)).toBe(true);
    expect(s.has('default/none')).toBe(false);
    const seen: string[] = [];
    s.eachShard((keys) => {
      for (const k of keys) seen.push(k);
    });
    expect(seen).toEqual([...s]);
  });

  it('a shared copy and the original never see each other’s later writes', () => {
    const a = ShardedSet.empty();
    for (let i = 0; i < 200; i++) a.add(`ns/p${i}`);
    const b = a.share();
    expect(b.sharesAllShardsWith(a)).toBe(true);
    a.delete('ns/p1');
    a.add('ns/new-in-a');
    b.add('ns/new-in-b');
    b.delete('ns/p2');
    expect(a.has('ns/p1')).toBe(false);
    expect(b.has('ns/p1')).toBe(true);
    expect(a.has('ns/p2')).toBe(true);
    expect(b.has('ns/p2')).toBe(false);
    expect(a.has('ns/new-in-b')).toBe(false);
    expect(b.has('ns/new-in-a')).toBe(false);
    expect([a.size, b.size]).toEqual([200, 200]);
    // Only the shards written were copied: the others are still the same.
    expect(b.sharesAllShardsWith(a)).toBe(false);
    // A copy of a copy, written after: the first copy stays as it was.
    const c = b.share();
    c.delete('ns/p3');
    expect(b.has('ns/p3')).toBe(true);
    expect(keys(b)).toHaveLength(200);
  });
});
