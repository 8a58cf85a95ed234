/**
 * The height of the row under the graph (terminal, Why?, events), set by its drag handle or the
 * T key. Undefined means the designed height (20% of the window); a chosen height is kept in
 * this browser, apart from the settings (it is a workbench preference, not a presenter one).
 */
import { createStore } from 'zustand/vanilla';

const KEY = 'notready.bottomHeight';
/** Below this the terminal's prompt and one line of output no longer fit. */
export const BOTTOM_MIN = 120;
/** The graph keeps at least this share of the window. */
const MAX_SHARE = 0.7;
/** T makes the row this share of the window (and back). */
const TALL_SHARE = 0.5;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function load(): number | undefined {
  const v = Number(storage()?.getItem(KEY));
  return Number.isFinite(v) && v >= BOTTOM_MIN ? v : undefined;
}

export const bottomStore = createStore<{ height: number | undefined }>(() => ({ height: load() }));

/** The largest height the row may take in a window this tall. */
export function bottomMax(windowHeight: number): number {
  return Math.max(BOTTOM_MIN, Math.round(windowHeight * MAX_SHARE));
}

export function clampBottom(px: number, windowHeight: number): number {
  return Math.round(Math.min(bottomMax(windowHeight), Math.max(BOTTOM_MIN, px)));
}

export function setBottomHeight(px: number | undefined): void {
  const height = px === undefined ? undefined : clampBottom(px, window.innerHeight);
  bottomStore.setState({ height });
  try {
    if (height === undefined) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, String(height));
  } catch {
    // private mode: the height still holds for this page
  }
}

/** T: a tall terminal (half the window), or back to the designed height. */
export function toggleTallTerminal(): void {
  const tall = Math.round(window.innerHeight * TALL_SHARE);
  const h = bottomStore.getState().height;
  setBottomHeight(h !== undefined && h >= tall - 1 ? undefined : tall);
}
