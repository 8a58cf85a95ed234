import { describe, expect, it } from 'vitest';
import { appendHistory, HISTORY_KEEP, HISTORY_RECENT, historyEntries, lastCauseIn } from './history-list';
import type { HistoryList, ObjectHistoryEntry } from './state';

/** The plain model: every entry, the last HISTORY_KEEP shown. */
function model(n: number): ObjectHistoryEntry[] {
  const all: ObjectHistoryEntry[] = [];
  for (let i = 0; i < n; i++)
    all.push({ at: i * 10, what: i % 5 === 0 ? `cordoned ${i}` : `status ${i}`, cause: i + 1 });
  return all.slice(-HISTORY_KEEP);
}

function build(n: number): HistoryList[] {
  const versions: HistoryList[] = [];
  let list: HistoryList | undefined;
  for (let i = 0; i < n; i++) {
    list = appendHistory(list, i * 10, i % 5 === 0 ? `cordoned ${i}` : `status ${i}`, i + 1);
    versions.push(list);
  }
  return versions;
}

describe('history lists', () => {
  it('show the last HISTORY_KEEP entries, oldest first, at every length', () => {
    const versions = build(100);
    versions.forEach((v, i) => {
      expect(historyEntries(v)).toEqual(model(i + 1));
    });
  });

  it('find the newest cause with a prefix among the entries shown only', () => {
    const versions = build(100);
    versions.forEach((v, i) => {
      const shown = model(i + 1);
      expect(lastCauseIn(v)).toBe(shown.at(-1)?.cause);
      expect(lastCauseIn(v, 'cordoned')).toBe(shown.findLast((x) => x.what.startsWith('cordoned'))?.cause);
      expect(lastCauseIn(v, 'nothing')).toBeUndefined();
    });
    // An entry that left the window is not found even though the shared older list may hold it.
    const only = appendHistory(undefined, 0, 'cordoned', 7);
    let list = only;
    for (let i = 1; i <= HISTORY_KEEP; i++) list = appendHistory(list, i, 'status', 100 + i);
    expect(lastCauseIn(list, 'cordoned')).toBeUndefined();
  });

  it('never change a stored list, and copy at most HISTORY_RECENT entries per write', () => {
    const versions = build(80);
    const frozen = versions.map((v) => JSON.stringify(v));
    build(80); // the same writes again change nothing already built
    let list = versions.at(-1) as HistoryList;
    for (let i = 0; i < 40; i++) {
      const next = appendHistory(list, 1_000 + i, 'more', 9);
      // The older entries are shared with the previous version unless this write folded them.
      if (Array.isArray(list[0]) && Array.isArray(next[0]) && next.length > 4) expect(next[0]).toBe(list[0]);
      expect(next.length).toBeLessThanOrEqual(1 + HISTORY_RECENT * 3);
      list = next;
    }
    expect(versions.map((v) => JSON.stringify(v))).toEqual(frozen);
  });
});
