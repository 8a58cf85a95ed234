import { describe, expect, it } from 'vitest';
import { CARD_WIDTH, layoutCluster } from './layout';

describe('layoutCluster', () => {
  it('puts the control plane on top and workers in a row below, deterministically', () => {
    const nodes = [
      { name: 'node2', role: 'worker' as const, pods: 3 },
      { name: 'control-plane', role: 'control-plane' as const, pods: 4 },
      { name: 'node1', role: 'worker' as const, pods: 1 },
    ];
    const a = layoutCluster(nodes);
    const b = layoutCluster([...nodes].reverse());
    expect(a).toEqual(b);
    const cp = a.find((p) => p.name === 'control-plane');
    const n1 = a.find((p) => p.name === 'node1');
    const n2 = a.find((p) => p.name === 'node2');
    expect(cp?.y).toBe(0);
    expect(n1?.y).toBeGreaterThan(0);
    expect(n1?.y).toBe(n2?.y);
    expect((n2?.x ?? 0) - (n1?.x ?? 0)).toBeGreaterThanOrEqual(CARD_WIDTH);
  });
  it('wraps many workers into rows without overlap', () => {
    const nodes = Array.from({ length: 10 }, (_, i) => ({
      name: `n${String(i).padStart(2, '0')}`,
      role: 'worker' as const,
      pods: 2,
    }));
    const placed = layoutCluster(nodes);
    const keys = new Set(placed.map((p) => `${p.x},${p.y}`));
    expect(keys.size).toBe(10);
    expect(new Set(placed.map((p) => p.y)).size).toBeGreaterThan(1);
  });
});
