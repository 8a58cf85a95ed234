/**
 * How the page is shown, not what is simulated: presenter mode (also `?present=1` in the URL, so
 * a copied link opens presenting), the text size (A- / A+), high contrast, the camera following
 * the story, pausing at chapters while presenting, and the one kubectl view shown beside the
 * graph in presenter mode. Everything but presenter mode persists in local storage.
 */
import { createStore } from 'zustand/vanilla';

/** The side views presenter mode can show beside the graph (at most one). */
export const PRESENTER_VIEWS = [
  'none',
  'chapters',
  'kubectl get nodes',
  'kubectl get pods -o wide',
  'kubectl get events',
  'kubectl describe node',
  'node groups',
  'legend',
] as const;
export type PresenterView = (typeof PRESENTER_VIEWS)[number];

/** Text size steps (A- / A+): a scale factor each. Step 0 is the designed size. */
export const TEXT_STEPS = [0.9, 1, 1.15, 1.3, 1.5] as const;
export const DEFAULT_TEXT_STEP = 1;

export interface UiSettings {
  present: boolean;
  textStep: number;
  highContrast: boolean;
  /** The graph moves to what changed (a node going NotReady, an eviction...) and back. */
  follow: boolean;
  /** While presenting, the clock pauses at every new chapter. */
  pauseAtChapters: boolean;
  presenterView: PresenterView;
  /** The scenario gallery is open (first visit, or from the picker). */
  gallery: 'closed' | 'welcome' | 'dialog';
  /** What the main panel shows: the cluster graph, or the space-time chart of the run. */
  stage: 'cluster' | 'chart';
}

const KEY = 'notready.settings';
const VISITED = 'notready.visited';

type Persisted = Pick<UiSettings, 'textStep' | 'highContrast' | 'follow' | 'pauseAtChapters' | 'presenterView'>;

const DEFAULTS: Persisted = {
  textStep: DEFAULT_TEXT_STEP,
  highContrast: false,
  follow: true,
  pauseAtChapters: true,
  presenterView: 'none',
};

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Reads the saved settings; anything unreadable or out of range falls back to the default. */
export function loadSettings(s: Storage | undefined = storage()): Persisted {
  let raw: unknown;
  try {
    raw = JSON.parse(s?.getItem(KEY) ?? 'null');
  } catch {
    raw = null;
  }
  const o = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof Persisted, unknown>>;
  const step = o.textStep;
  return {
    textStep:
      typeof step === 'number' && Number.isInteger(step) && step >= 0 && step < TEXT_STEPS.length
        ? step
        : DEFAULTS.textStep,
    highContrast: typeof o.highContrast === 'boolean' ? o.highContrast : DEFAULTS.highContrast,
    follow: typeof o.follow === 'boolean' ? o.follow : DEFAULTS.follow,
    pauseAtChapters: typeof o.pauseAtChapters === 'boolean' ? o.pauseAtChapters : DEFAULTS.pauseAtChapters,
    presenterView: (PRESENTER_VIEWS as readonly unknown[]).includes(o.presenterView)
      ? (o.presenterView as PresenterView)
      : DEFAULTS.presenterView,
  };
}

/** `?present=1` (or `true`) in the query. */
export function presentInUrl(search: string): boolean {
  const v = new URLSearchParams(search).get('present');
  return v === '1' || v === 'true';
}

export const settingsStore = createStore<UiSettings>(() => ({
  ...loadSettings(),
  present: typeof location === 'undefined' ? false : presentInUrl(location.search),
  gallery: 'closed',
  stage: 'cluster',
}));

settingsStore.subscribe((s, prev) => {
  const changed = (Object.keys(DEFAULTS) as (keyof Persisted)[]).some((k) => s[k] !== prev[k]);
  if (!changed) return;
  const out: Persisted = {
    textStep: s.textStep,
    highContrast: s.highContrast,
    follow: s.follow,
    pauseAtChapters: s.pauseAtChapters,
    presenterView: s.presenterView,
  };
  try {
    storage()?.setItem(KEY, JSON.stringify(out));
  } catch {
    // private mode or full storage: the setting still holds for this page
  }
});

/** Presenter mode on or off; the URL's query follows (`present=1`), the hash (the run) is kept. */
export function setPresent(on: boolean): void {
  settingsStore.setState({ present: on });
  if (typeof history === 'undefined') return;
  const u = new URL(location.href);
  if (on) u.searchParams.set('present', '1');
  else u.searchParams.delete('present');
  if (u.href !== location.href) history.replaceState(history.state, '', u.href);
}

export function changeTextSize(delta: number): void {
  settingsStore.setState((s) => ({
    textStep: Math.max(0, Math.min(TEXT_STEPS.length - 1, s.textStep + delta)),
  }));
}

export function textScale(step: number): number {
  return TEXT_STEPS[step] ?? 1;
}

/** First visit: nothing saved says the gallery was seen. Remembers the visit. */
export function firstVisit(): boolean {
  const s = storage();
  try {
    if (s?.getItem(VISITED)) return false;
    s?.setItem(VISITED, '1');
  } catch {
    return false;
  }
  return true;
}
