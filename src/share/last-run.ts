/**
 * Keeps the user's last good run so that a reload, or a bad link, never loses their work
 * (DESIGN section 6). The run is stored as a share link (same codec, same hostile-input decoding
 * on the way back: storage can hold anything, e.g. a run from an older or newer version), with a
 * larger length limit than a URL since storage is not a chat message.
 *
 * Each tab keeps its own last run (two tabs never overwrite each other's; a reload of one never
 * reopens the other's): its slot is named by an id in the tab's session storage (`tabId`), and a
 * short list of the tabs that saved most recently lets a new tab offer the newest run.
 *
 * Storage is passed in (a `Storage`-like object), so this runs in Node tests and never touches
 * `window` at import time. Storage that throws (Safari private mode, quota, disabled cookies) is
 * treated as absent.
 */
import { type DecodeOptions, type DecodeResult, decodeLink, encodeLink, hasRunLink } from './link';
import type { ShareRun } from './run';

/** The subset of the Web Storage API this module uses. */
export interface RunStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Before runs were kept per tab, one slot held the last run of every tab (the last writer won, so
 * a reload of one tab could reopen another's run). Still read when no tab has saved since; the
 * first save in the new slots removes it.
 */
export const LAST_RUN_KEY = 'notready:last-run';
/** Each tab's own last run: `notready:last-run:<tab id>` in local storage. */
export const LAST_RUN_SLOT_PREFIX = 'notready:last-run:';
/** The tabs with a slot, most recently saved first (JSON list of ids), so a new tab opens the newest. */
export const LAST_RUN_TABS_KEY = 'notready:last-run-tabs';
/** The tab's id, in session storage: it survives the tab's reloads and is not shared with other tabs. */
export const TAB_ID_KEY = 'notready:tab';
/** Slots kept: the tabs that saved most recently (a stored run may be up to LAST_RUN_MAX_CHARS). */
export const MAX_TAB_SLOTS = 4;
/** The slot used when no tab id is given (a single tab). */
export const DEFAULT_TAB = 'tab';
/** Stored runs may be longer than a link; decompression stays bounded by the codec. */
export const LAST_RUN_MAX_CHARS = 400_000;

const TAB_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * This tab's id: the one in session storage (kept across reloads of the tab, not seen by other
 * tabs), else a new one from `newId`, stored there. Without session storage, a new id (the
 * caller keeps it for the page's life).
 */
export function tabId(session: RunStorage | undefined, newId: () => string): string {
  try {
    const id = session?.getItem(TAB_ID_KEY);
    if (id && TAB_ID.test(id)) return id;
  } catch {
    // Storage that throws is absent storage.
  }
  const id =
    newId()
      .replace(/[^A-Za-z0-9-]/g, '')
      .slice(0, 64) || DEFAULT_TAB;
  try {
    session?.setItem(TAB_ID_KEY, id);
  } catch {
    // Kept in the page only: a reload starts a new slot.
  }
  return id;
}

/** The tabs with a slot, most recent first; anything unreadable in storage counts as none. */
function tabsOf(storage: RunStorage): string[] {
  let raw: string | null;
  try {
    raw = storage.getItem(LAST_RUN_TABS_KEY);
  } catch {
    return [];
  }
  if (raw === null) return [];
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return [];
    const ids = list.filter((x): x is string => typeof x === 'string' && TAB_ID.test(x));
    return [...new Set(ids)].slice(0, MAX_TAB_SLOTS * 2);
  } catch {
    return [];
  }
}

function removeQuietly(storage: RunStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to remove if storage is unavailable.
  }
}

/** Saves `run` as this tab's last good run. Returns false (and keeps the previous one) if it cannot. */
export function saveLastRun(
  storage: RunStorage,
  run: ShareRun,
  builtins?: readonly string[],
  tab: string = DEFAULT_TAB,
): boolean {
  const enc = encodeLink(run, { maxChars: LAST_RUN_MAX_CHARS, ...(builtins ? { builtins } : {}) });
  return enc.ok && saveLastRunLink(storage, enc.hash, tab);
}

/**
 * Saves a run already encoded (`#s=…`, as encodeLink gives it with maxChars LAST_RUN_MAX_CHARS)
 * in this tab's slot: the page encodes once for its address and its last run (a big imported
 * scenario takes ~100 ms to compress). The tab becomes the most recent; past MAX_TAB_SLOTS the
 * oldest tabs' slots go, and they go first when storage is full. False (the previous run kept)
 * if it is too long or storage refuses it.
 */
export function saveLastRunLink(storage: RunStorage, hash: string, tab: string = DEFAULT_TAB): boolean {
  if (hash.length > LAST_RUN_MAX_CHARS || !TAB_ID.test(tab)) return false;
  const others = tabsOf(storage).filter((t) => t !== tab);
  for (;;) {
    try {
      storage.setItem(LAST_RUN_SLOT_PREFIX + tab, hash);
      break;
    } catch {
      // Full (or refused): make room by dropping the oldest other tab's run, then try again.
      const oldest = others.pop();
      if (oldest === undefined) return false;
      removeQuietly(storage, LAST_RUN_SLOT_PREFIX + oldest);
    }
  }
  const kept = [tab, ...others].slice(0, MAX_TAB_SLOTS);
  for (const t of others.slice(MAX_TAB_SLOTS - 1)) removeQuietly(storage, LAST_RUN_SLOT_PREFIX + t);
  try {
    storage.setItem(LAST_RUN_TABS_KEY, JSON.stringify(kept));
  } catch {
    // The slot is saved; this tab still finds it, a new tab does not see it as the newest.
  }
  removeQuietly(storage, LAST_RUN_KEY);
  return true;
}

function read(storage: RunStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * This tab's last good run; in a tab that has saved none (a new tab), the most recently saved run
 * of any tab (then the run of the old single slot); undefined if none is stored. A stored value
 * that no longer decodes comes back as a refusal (with its sentence) rather than being thrown
 * away silently.
 */
export function loadLastRun(
  storage: RunStorage,
  opts: DecodeOptions,
  tab: string = DEFAULT_TAB,
): DecodeResult | undefined {
  let raw = read(storage, LAST_RUN_SLOT_PREFIX + tab);
  for (const t of tabsOf(storage)) {
    if (raw !== null) break;
    raw = read(storage, LAST_RUN_SLOT_PREFIX + t);
  }
  raw ??= read(storage, LAST_RUN_KEY);
  if (raw === null) return undefined;
  return decodeLink(raw, { ...opts, maxChars: LAST_RUN_MAX_CHARS });
}

/** Forgets this tab's last run (other tabs keep theirs). */
export function clearLastRun(storage: RunStorage, tab: string = DEFAULT_TAB): void {
  removeQuietly(storage, LAST_RUN_SLOT_PREFIX + tab);
  const rest = tabsOf(storage).filter((t) => t !== tab);
  try {
    storage.setItem(LAST_RUN_TABS_KEY, JSON.stringify(rest));
  } catch {
    // Nothing to clear if storage is unavailable.
  }
}

/** What the app should open at start-up, and what to tell the user about it. */
export type StartChoice =
  | { source: 'link'; run: ShareRun; notices: string[] }
  | { source: 'last-run'; run: ShareRun; notices: string[]; linkError?: string }
  | { source: 'default'; notices: string[]; linkError?: string };

/**
 * Start-up decision: a valid link in the hash wins; a broken link shows its error and falls back
 * to the last good run (never overwriting it), then to the default scenario. Never throws.
 */
export function chooseStartRun(
  hash: string,
  storage: RunStorage | undefined,
  opts: DecodeOptions,
  tab: string = DEFAULT_TAB,
): StartChoice {
  let linkError: string | undefined;
  if (hasRunLink(hash)) {
    const r = decodeLink(hash, opts);
    if (r.ok) return { source: 'link', run: r.run, notices: r.notices };
    linkError = r.error;
  }
  const last = storage ? loadLastRun(storage, opts, tab) : undefined;
  const notices: string[] = [];
  if (last?.ok) {
    const choice: StartChoice = { source: 'last-run', run: last.run, notices: [...notices, ...last.notices] };
    if (linkError) choice.linkError = linkError;
    return choice;
  }
  if (last && !last.ok) notices.push(`Your last run could not be restored: ${lowerFirst(last.error)}`);
  const choice: StartChoice = { source: 'default', notices };
  if (linkError) choice.linkError = linkError;
  return choice;
}

function lowerFirst(s: string): string {
  return s.replace(/^The link/, 'the saved run');
}
