import { describe, expect, it } from 'vitest';
import { ChangeCounters } from './change-counters';

describe('pod-write stamps', () => {
  it('change with each write, come back with an import, and are never handed out twice', () => {
    const c = new ChangeCounters();
    const before = c.podWritesOn('a');
    c.podWritten(undefined, 'a');
    const afterOne = c.podWritesOn('a');
    expect(afterOne).not.toBe(before);
    const saved = c.exportStamps();
    c.podWritten('a', 'b');
    const later = c.podWritesOn('a');
    expect(later).not.toBe(afterOne);
    c.importStamps(saved);
    expect(c.podWritesOn('a')).toBe(afterOne);
    expect(c.podWritesOn('b')).toBe(saved.podWrites.base);
    // A write in the history after the import gets a stamp the abandoned history never had.
    c.podWritten(undefined, 'a');
    expect(c.podWritesOn('a')).not.toBe(later);
    expect(c.podWritesOn('a')).toBeGreaterThan(later);
  });

  it('count sync requests per host the same way', () => {
    const c = new ChangeCounters();
    const before = c.syncRequestsOn('h');
    const saved = c.exportStamps();
    c.syncRequested('h');
    const later = c.syncRequestsOn('h');
    expect(later).not.toBe(before);
    c.importStamps(saved);
    expect(c.syncRequestsOn('h')).toBe(before);
    c.syncRequested('h');
    expect(c.syncRequestsOn('h')).not.toBe(later);
  });

  it('of another engine (or none) are not trusted: every node gets a stamp never seen', () => {
    const c = new ChangeCounters();
    c.podWritten(undefined, 'a');
    const seen = new Set([c.podWritesOn('a'), c.podWritesOn('b')]);
    const other = new ChangeCounters();
    other.podWritten(undefined, 'a');
    c.importStamps(other.exportStamps());
    expect(seen.has(c.podWritesOn('a'))).toBe(false);
    expect(seen.has(c.podWritesOn('b'))).toBe(false);
    c.importStamps(structuredClone(c.exportStamps()));
    expect(seen.has(c.podWritesOn('a'))).toBe(false);
    const now = c.podWritesOn('a');
    c.importStamps(undefined);
    expect(c.podWritesOn('a')).not.toBe(now);
  });
});
