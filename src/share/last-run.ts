/**
 * Keeps the user's last good run so that a reload, or a bad link, never loses their work
 * (DESIGN section 6). The run is stored as a share link (same codec, same hostile-input decoding
 * on the way back: storage can hold anything, e.g. a run from an older or newer version), with a
 * larger length limit than a URL since storage is not a chat message.
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

export const LAST_RUN_KEY = 'notready:last-run';
/** Stored runs may be longer than a link; decompression stays bounded by the codec. */
export const LAST_RUN_MAX_CHARS = 400_000;

/** Saves `run` as the last good run. Returns false (and keeps the previous one) if it cannot. */
export function saveLastRun(storage: RunStorage, run: ShareRun, builtins?: readonly string[]): boolean {
  const enc = encodeLink(run, { maxChars: LAST_RUN_MAX_CHARS, ...(builtins ? { builtins } : {}) });
  return enc.ok && saveLastRunLink(storage, enc.hash);
}

/**
 * Saves a run already encoded (`#s=…`, as encodeLink gives it with maxChars LAST_RUN_MAX_CHARS):
 * the page encodes once for its address and its last run (a big imported scenario takes ~100 ms
 * to compress). False (the previous one kept) if it is too long or storage refuses it.
 */
export function saveLastRunLink(storage: RunStorage, hash: string): boolean {
  if (hash.length > LAST_RUN_MAX_CHARS) return false;
  try {
    storage.setItem(LAST_RUN_KEY, hash);
    return true;
  } catch {
    return false;
  }
}

/**
 * The last good run, or undefined if none is stored. A stored value that no longer decodes comes
 * back as a refusal (with its sentence) rather than being thrown away silently.
 */
export function loadLastRun(storage: RunStorage, opts: DecodeOptions): DecodeResult | undefined {
  let raw: string | null;
  try {
    raw = storage.getItem(LAST_RUN_KEY);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  return decodeLink(raw, { ...opts, maxChars: LAST_RUN_MAX_CHARS });
}

export function clearLastRun(storage: RunStorage): void {
  try {
    storage.removeItem(LAST_RUN_KEY);
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
export function chooseStartRun(hash: string, storage: RunStorage | undefined, opts: DecodeOptions): StartChoice {
  let linkError: string | undefined;
  if (hasRunLink(hash)) {
    const r = decodeLink(hash, opts);
    if (r.ok) return { source: 'link', run: r.run, notices: r.notices };
    linkError = r.error;
  }
  const last = storage ? loadLastRun(storage, opts) : undefined;
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
