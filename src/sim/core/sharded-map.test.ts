import { describe, expect, it } from 'vitest';
import { ShardedMap } from './sharded-map';

describe('ShardedMap', () => {
  it('a shared copy and the original each keep their own values after either is written', () => {
    const live = new ShardedMap<number>();
    for (let i = 0; i < 200; i++) live.set(`node-${i}`, i);
    const saved = live.share();
    live.set('node-1', 1001);
    live.set('node-new', 7);
    expect(saved.get('node-1')).toBe(1);
    expect(saved.get('node-new')).toBeUndefined();
    expect(live.get('node-1')).toBe(1001);
    // Put back twice (a restore of the same checkpoint twice): the saved copy never changes.
    const restored = saved.share();
    restored.set('node-2', 2002);
    expect(saved.get('node-2')).toBe(2);
    expect(saved.share().get('node-2')).toBe(2);
    saved.set('node-3', 3003);
    expect(restored.get('node-3')).toBe(3);
    expect(live.get('node-199')).toBe(199);
  });
});
