import { describe, expect, it } from 'vitest';
import { ChangeCounters } from './change-counters';

describe('pod-write stamps', () => {
  it('change with each write, come back with an import, and are never handed out twice', () => {
    const c = new ChangeCounters();
    const before = c.podWritesOn('a');
    c.podWritten(undefined, 'a');
    const afterOne = c.podWritesOn('a');
    expect(afterOne).not.toBe(before);
    const saved = c.exportPodWrites();
    c.podWritten('a', 'b');
    const later = c.podWritesOn('a');
    expect(later).not.toBe(afterOne);
    c.importPodWrites(saved);
    expect(c.podWritesOn('a')).toBe(afterOne);
    expect(c.podWritesOn('b')).toBe(saved.base);
    // A write in the history after the import gets a stamp the abandoned history never had.
    c.podWritten(undefined, 'a');
    expect(c.podWritesOn('a')).not.toBe(later);
    expect(c.podWritesOn('a')).toBeGreaterThan(later);
  });

  it('of another engine (or none) are not trusted: every node gets a stamp never seen', () => {
    const c = new ChangeCounters();
    c.podWritten(undefined, 'a');
    const seen = new Set([c.podWritesOn('a'), c.podWritesOn('b')]);
    const other = new ChangeCounters();
    other.podWritten(undefined, 'a');
    c.importPodWrites(other.exportPodWrites());
    expect(seen.has(c.podWritesOn('a'))).toBe(false);
    expect(seen.has(c.podWritesOn('b'))).toBe(false);
    c.importPodWrites(structuredClone(c.exportPodWrites()));
    expect(seen.has(c.podWritesOn('a'))).toBe(false);
    const now = c.podWritesOn('a');
    c.importPodWrites(undefined);
    expect(c.podWritesOn('a')).not.toBe(now);
  });
});
