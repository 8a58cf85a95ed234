/**
 * An object's recent history (`Engine.remember`, `Engine.history`): its last HISTORY_KEEP entries.
 *
 * A list is never written once stored (checkpoints share it), so each entry makes a new list. A
 * flat list of 24 entries meant copying up to 72 slots per write: 12 % of every byte the engine
 * allocated in a 1,000-node hour, 9/10 of it for Lease renewals and Node heartbeats (each a new
 * ~600-byte list), and ~600 bytes per renewed node kept alive by every checkpoint.
 *
 * So a list longer than HISTORY_RECENT entries keeps its older entries apart, in a flat list of
 * their own in slot 0 that every later version shares, and copies only the recent ones (at most
 * HISTORY_RECENT) per write. Once the recent ones are full, the next write folds them into a new
 * older list (its last HISTORY_KEEP - 1 entries): one copy of ~69 slots every 8 writes.
 *
 * Entries are flat, `[at, what, cause, ...]`: a record per entry took ~56 bytes with its slot,
 * three slots take 24. A list that never grew past HISTORY_RECENT entries (most pods) is just that.
 */
import type { HistoryList, ObjectHistoryEntry } from './state';

/** How many entries an object's history shows. */
export const HISTORY_KEEP = 24;
/** Entries copied per write at most (the rest are shared). */
export const HISTORY_RECENT = 8;
/** Slots per entry: time, description, cause. */
const FIELDS = 3;

type Entries = readonly (number | string)[];
const NONE: Entries = Object.freeze([]);

/** The older entries a list shares (slot 0), or undefined. */
function olderOf(list: HistoryList): Entries | undefined {
  const first = list[0];
  return Array.isArray(first) ? (first as Entries) : undefined;
}

/** `list` (or none) with one entry more; `list` is not changed. */
export function appendHistory(list: HistoryList | undefined, at: number, what: string, cause: number): HistoryList {
  if (!list) return [at, what, cause];
  const older = olderOf(list);
  const from = older ? 1 : 0;
  const recent = (list.length - from) / FIELDS;
  if (recent < HISTORY_RECENT) {
    const next: (number | string | Entries)[] = new Array(list.length + FIELDS);
    for (let i = 0; i < list.length; i++) next[i] = list[i] as number | string | Entries;
    next[list.length] = at;
    next[list.length + 1] = what;
    next[list.length + 2] = cause;
    return next as HistoryList;
  }
  // Fold the recent entries into a new older list: the last KEEP - 1 entries so far, so that with
  // the new entry the list shows KEEP.
  const olderLen = older?.length ?? 0;
  const total = olderLen + list.length - from;
  const keep = Math.min(total, (HISTORY_KEEP - 1) * FIELDS);
  const folded: (number | string)[] = new Array(keep);
  for (let i = 0; i < keep; i++) {
    const j = total - keep + i;
    folded[i] = (j < olderLen ? (older as Entries)[j] : list[from + j - olderLen]) as number | string;
  }
  return [folded, at, what, cause] as HistoryList;
}

/** The entries shown (the last HISTORY_KEEP), oldest first, as records (a new list each call). */
export function historyEntries(list: HistoryList): ObjectHistoryEntry[] {
  const older = olderOf(list) ?? NONE;
  const from = older === NONE ? 0 : 1;
  const out: ObjectHistoryEntry[] = [];
  // The shown entries of the older list are its last (KEEP - recent ones).
  const recent = (list.length - from) / FIELDS;
  const skip = Math.max(0, older.length - Math.max(0, HISTORY_KEEP - recent) * FIELDS);
  for (let o = skip; o < older.length; o += FIELDS)
    out.push({ at: older[o] as number, what: older[o + 1] as string, cause: older[o + 2] as number });
  const first = Math.max(from, list.length - HISTORY_KEEP * FIELDS);
  for (let o = first; o < list.length; o += FIELDS)
    out.push({ at: list[o] as number, what: list[o + 1] as string, cause: list[o + 2] as number });
  return out;
}

/** The cause of the newest entry shown whose description starts with `prefix` (any, if omitted). */
export function lastCauseIn(list: HistoryList, prefix?: string): number | undefined {
  const older = olderOf(list) ?? NONE;
  const from = older === NONE ? 0 : 1;
  let left = HISTORY_KEEP;
  for (let o = list.length - FIELDS; o >= from && left > 0; o -= FIELDS, left--)
    if (!prefix || (list[o + 1] as string).startsWith(prefix)) return list[o + 2] as number;
  for (let o = older.length - FIELDS; o >= 0 && left > 0; o -= FIELDS, left--)
    if (!prefix || (older[o + 1] as string).startsWith(prefix)) return older[o + 2] as number;
  return undefined;
}
