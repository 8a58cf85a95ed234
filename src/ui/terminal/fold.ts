/**
 * The terminal's rows: the run's entries, with a run of numbered commands at one instant that
 * printed nothing (a scenario's `each`, e.g. `network cut c1` … `network cut c1666`) folded into
 * one row, as the chapters and share links fold them. 1,666 identical-looking rows would bury the
 * commands around them (and cost the page a long layout).
 */
import { numberedRunEnd } from '../../share/numbered-runs';
import type { RunEntry } from '../../worker/protocol';

export type TermRow =
  | { kind: 'entry'; entry: RunEntry }
  | { kind: 'group'; first: RunEntry; last: RunEntry; count: number; key: number };

/** Fewer than this many in a row stay as they are. */
const MIN_GROUP = 3;

function foldable(e: RunEntry): boolean {
  return e.kind === 'command' && !e.output && e.ok !== false && !e.running;
}

export function foldRuns(entries: readonly RunEntry[]): TermRow[] {
  const out: TermRow[] = [];
  let i = 0;
  while (i < entries.length) {
    const first = entries[i] as RunEntry;
    const j = foldable(first)
      ? numberedRunEnd(
          entries,
          i,
          (e) => e.text,
          (a, e) => foldable(e) && e.at === a.at && e.by === a.by,
        )
      : i + 1;
    if (j - i >= MIN_GROUP) {
      out.push({ kind: 'group', first, last: entries[j - 1] as RunEntry, count: j - i, key: first.id });
      i = j;
    } else {
      out.push({ kind: 'entry', entry: first });
      i++;
    }
  }
  return out;
}
