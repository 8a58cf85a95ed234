/**
 * Sharing verbs (DESIGN section 6): open the run a link carries (on load and on `hashchange`),
 * copy the current run as a link, keep the last good run in local storage, restore it, and start
 * runs from built-in names, imported files and the builder. The link codec and the last-run store
 * are loaded on demand (dynamic import) so the main bundle stays small.
 */

import { MAX_LINK_CHARS as LINK_LIMIT_CHARS, linkTooLong } from '../share/link-length';
import type { ShareRun } from '../share/run';
// The names only (a plain constant): importing the engine's index here would pull it into the main bundle.
import { BUILTIN_SCENARIOS } from '../sim/scenario/builtins';
import { encodeOffThread } from '../worker/parse-client';
import { activeStepId, lessonStore, setLesson } from './lesson';
import { type LoadOptions, runPort } from './run-port';
import { firstVisit, settingsStore } from './settings';
import { buildShareRun, ENGINE_VERSION, selectionOfView, shareStore } from './share';
import { simStore } from './store';

/** The scenario the app opens with, and after a refused link. */
export const DEFAULT_SCENARIO = 'eviction';
const SAVE_DELAY_MS = 1000;

const codec = () => import('../share/link');
/** The link codec once loaded (start-up loads it early): the address can then follow the run at once. */
let loadedCodec: Awaited<ReturnType<typeof codec>> | undefined;
const lastRunStore = () => import('../share/last-run');
const decodeOptions = { builtins: BUILTIN_SCENARIOS, engine: ENGINE_VERSION };

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** This tab's id, naming its own last-run slot (share/last-run.ts `tabId`); kept for the page's life. */
let tab: string | undefined;

function thisTab(last: Awaited<ReturnType<typeof lastRunStore>>): string {
  if (tab !== undefined) return tab;
  let session: Storage | undefined;
  try {
    session = window.sessionStorage;
  } catch {
    session = undefined;
  }
  tab = last.tabId(session, newTabId);
  return tab;
}

/** A random id for a tab (not a secret: it only names a storage slot). */
function newTabId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a page served over plain http on a LAN address has none.
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

const builtinTexts = new Map<string, string>();

/** A built-in scenario's text (the JSON twin of public/scenarios/NAME.yaml: no YAML parser needed), fetched once. */
export async function builtinText(name: string): Promise<string> {
  const cached = builtinTexts.get(name);
  if (cached !== undefined) return cached;
  const res = await fetch(new URL(`scenarios/${encodeURIComponent(name)}.json`, document.baseURI));
  if (!res.ok) throw new Error(`could not load the scenario "${name}" (HTTP ${res.status})`);
  const text = await res.text();
  builtinTexts.set(name, text);
  return text;
}

function startLoad(text: string, opts: LoadOptions): void {
  setLesson(undefined);
  // Another run than the one the welcome gallery was shown over: the gallery has done its job.
  if (settingsStore.getState().gallery === 'welcome' && simStore.getState().phase !== 'loading')
    settingsStore.setState({ gallery: 'closed' });
  shareStore.setState({ runLog: [], traceHash: '' });
  // A new run starts with nothing selected (a link selects its view after this).
  if (simStore.getState().selection) runPort().select(undefined);
  runPort().load(text, opts);
}

/** Starts a built-in scenario from the beginning. */
export async function loadBuiltinRun(name: string): Promise<void> {
  openingShared = false;
  const text = await builtinText(name);
  shareStore.setState({ source: { builtin: name }, seed: undefined, fromLink: false });
  startLoad(text, { fresh: true, builtin: true });
}

/** Starts a scenario given as text (imported file, builder) from the beginning; `normalised` when already parsed. */
export function loadInlineRun(text: string, normalised?: string): void {
  openingShared = false;
  shareStore.setState({ source: { inline: text }, seed: undefined, linkError: undefined, fromLink: false });
  startLoad(text, normalised ? { fresh: true, normalised } : { fresh: true });
}

/**
 * The run being opened came from a link or the last-run store: if the engine refuses its
 * scenario, that is the link's fault, and the default scenario is shown instead.
 */
let openingShared = false;

/** Opens a decoded run: same scenario, same commands, same moment, same view and lesson step. */
export async function openRun(run: ShareRun, fromLink = false): Promise<void> {
  openingShared = true;
  const sc = run.scenario;
  const text = 'builtin' in sc ? await builtinText(sc.builtin) : sc.inline;
  shareStore.setState({ source: sc, seed: run.seed, fromLink });
  const opts: LoadOptions = { replay: { runLog: run.commands }, at: run.t };
  if ('builtin' in sc) opts.builtin = true;
  if (run.seed !== undefined && opts.replay) opts.replay.seed = run.seed;
  if (run.step) opts.step = run.step;
  pendingCompare = run.compare;
  if (run.stage === 'chart' || run.compare) settingsStore.setState({ stage: 'chart' });
  startLoad(text, opts);
  runPort().select(selectionOfView(run.view));
}

/** A link's comparison, run once its run is loaded. */
let pendingCompare: string[] | undefined;

let lastWrittenHash = '';

/**
 * Opens the run in `hash`. A refused link shows why; at start-up the default scenario is loaded
 * and the last run offered; a link pasted into an open page (`keepCurrent`, on `hashchange`)
 * leaves the run on screen as it was. A hash past the length limit is refused before the codec
 * loads, having read nothing but its length.
 */
export async function openLink(hash: string, opts: { keepCurrent?: boolean; previous?: string } = {}): Promise<void> {
  const tooLong = linkTooLong(hash);
  if (tooLong) return refuseLink(tooLong, opts);
  const { decodeLink } = await codec();
  const r = decodeLink(hash, decodeOptions);
  if (r.ok) {
    shareStore.setState({ linkError: undefined, linkErrorKept: false, notices: r.notices, canRestore: false });
    await openRun(r.run, true);
    return;
  }
  return refuseLink(r.error, opts);
}

/** The page's address without its hash (path and query kept). */
function addressWithoutHash(): string {
  return `${location.pathname}${location.search}`;
}

async function refuseLink(error: string, opts: { keepCurrent?: boolean; previous?: string }): Promise<void> {
  if (opts.keepCurrent) {
    shareStore.setState({ linkError: error, linkErrorKept: true, notices: [] });
    // The address goes back to the run on screen, so a reload reopens it, not the refused link.
    const back = opts.previous && !linkTooLong(opts.previous) ? opts.previous : lastWrittenHash;
    history.replaceState(history.state, '', back || addressWithoutHash());
    return;
  }
  shareStore.setState({ linkError: error, linkErrorKept: false, notices: [] });
  // A hash of megabytes would be copied by every later read of the address (language, presenter
  // mode, the saves): the refused link leaves the address at once.
  if (location.hash.length > LINK_LIMIT_CHARS) history.replaceState(history.state, '', addressWithoutHash());
  await loadBuiltinRun(DEFAULT_SCENARIO);
  const last = await lastRunStore();
  const store = storage();
  const saved = store ? last.loadLastRun(store, decodeOptions, thisTab(last)) : undefined;
  shareStore.setState({ canRestore: saved?.ok === true });
}

/**
 * Start-up: a link in the hash, else `?scenario=NAME`, else the default scenario (and the last run
 * is offered). `startWith` (a challenge in the URL) starts the run itself instead.
 */
export async function startApp(startWith?: () => Promise<void>): Promise<void> {
  window.addEventListener('hashchange', (ev) => {
    // The address the user went to (the event's), not `location.hash` now: the event is queued,
    // and the page may have written its own run's address in between (a restored run), which
    // would hide the pasted link.
    let hash = location.hash;
    try {
      hash = new URL(ev.newURL).hash;
    } catch {
      // keep location.hash
    }
    if (hash === lastWrittenHash || hash.length <= 1) return;
    // Where the address was: it goes back there if the new link is refused.
    let previous = '';
    try {
      previous = new URL(ev.oldURL).hash;
    } catch {
      previous = lastWrittenHash;
    }
    void openLink(hash, { keepCurrent: true, previous });
  });
  watchForSaves();
  watchSharedLoads();
  void codec().then((m) => {
    loadedCodec = m;
  });
  if (startWith) return startWith();
  // Anything past the link limit is refused at once, whatever it holds (it is read for its length only).
  const hash = location.hash;
  if (hash.length > LINK_LIMIT_CHARS || hash.includes('s=')) return openLink(hash);
  const named = new URLSearchParams(location.search).get('scenario');
  const known = named !== null && (BUILTIN_SCENARIOS as readonly string[]).includes(named);
  if (!named && !isEmbedded() && firstVisit()) settingsStore.setState({ gallery: 'welcome' });
  try {
    await loadBuiltinRun(known ? named : DEFAULT_SCENARIO);
  } catch (err) {
    simStore.setState({ phase: 'invalid', banner: err instanceof Error ? err.message : String(err) });
  }
  await offerLastRun();
}

function isEmbedded(): boolean {
  const v = new URLSearchParams(location.search).get('embed');
  return v === '1' || v === 'true';
}

/** Opening the app without a link: the last run, if one is saved, is offered (never replaced by the new, empty one). */
async function offerLastRun(): Promise<void> {
  const store = storage();
  if (!store) return;
  const last = await lastRunStore();
  const saved = last.loadLastRun(store, decodeOptions, thisTab(last));
  if (!saved) return;
  if (saved.ok) shareStore.setState({ canRestore: true, lastRunOffered: true });
  else
    shareStore.setState({
      notices: [...shareStore.getState().notices, `Your last run could not be read: ${saved.error}`],
    });
}

/** The current run as a share run (`atStepStart`: at the start of the active lesson step). */
export function currentRun(atStepStart = false): ShareRun | undefined {
  const share = shareStore.getState();
  const sim = simStore.getState();
  const lesson = lessonStore.getState().lesson;
  if (!share.source || sim.phase !== 'ready') return undefined;
  const now = atStepStart && lesson ? Math.min(lesson.startedAt, sim.clock.now) : sim.clock.now;
  const inputs: Parameters<typeof buildShareRun>[0] = { source: share.source, runLog: share.runLog, now };
  if (share.seed !== undefined) inputs.seed = share.seed;
  if (sim.selection) inputs.selection = sim.selection;
  const step = activeStepId(lesson);
  if (step) inputs.step = step;
  if (settingsStore.getState().stage === 'chart') inputs.stage = 'chart';
  const c = sim.compare;
  if (c && c.state !== 'failed') inputs.compare = c.state === 'done' ? c.comparison.changes : c.changes;
  return buildShareRun(inputs);
}

/**
 * Puts the current run in the URL (history.replaceState) and on the clipboard; without a
 * clipboard the link is shown in a selected text field instead.
 */
export async function copyLink(atStepStart = false): Promise<void> {
  const run = currentRun(atStepStart);
  if (!run) return;
  const { encodeLink } = await codec();
  const enc = encodeLink(run, { builtins: BUILTIN_SCENARIOS });
  if (!enc.ok) {
    shareStore.setState({ copy: { kind: 'error', message: enc.error } });
    return;
  }
  lastWrittenHash = enc.hash;
  history.replaceState(history.state, '', enc.hash);
  const link = location.href;
  shareStore.setState({ linkLength: enc.hash.length });
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(link);
    shareStore.setState({ copy: { kind: 'copied', link } });
  } catch {
    shareStore.setState({ copy: { kind: 'fallback', link } });
  }
}

export function dismissCopy(): void {
  shareStore.setState({ copy: undefined });
}

/** Restores the last good run from local storage. */
export async function restoreLastRun(): Promise<void> {
  const store = storage();
  if (!store) return;
  const last = await lastRunStore();
  const r = last.loadLastRun(store, decodeOptions, thisTab(last));
  if (!r?.ok) {
    shareStore.setState({ canRestore: false });
    return;
  }
  shareStore.setState({ linkError: undefined, canRestore: false, lastRunOffered: false, notices: r.notices });
  await openRun(r.run);
}

export function dismissLinkError(): void {
  shareStore.setState({ linkError: undefined, linkErrorKept: false, canRestore: false, lastRunOffered: false });
}

export function dismissNotices(): void {
  shareStore.setState({ notices: [] });
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;
/** Saves started so far: an encoding that comes back after a newer save began is dropped. */
let saveSeq = 0;
/** A run whose own scenario is longer than this (characters) is encoded in the parser worker. */
const OFF_THREAD_ABOVE_CHARS = 20_000;
/** When the pending save was first asked for: while playing, save at least every few seconds. */
let pendingSince = 0;
const SAVE_AT_LEAST_EVERY_MS = 5000;

/**
 * A run worth keeping: the user did something (a command, a moment other than the start, a
 * selection), or it is their own scenario. A built-in just opened at 0s is not, so opening the
 * app never overwrites the last run it offers to restore.
 */
export function worthKeeping(run: ShareRun, userCommands: number): boolean {
  return (
    userCommands > 0 || run.t > 0 || run.view !== undefined || run.compare !== undefined || 'inline' in run.scenario
  );
}

/**
 * After every change that matters, the address follows the run (`#s=…`, so a reload, Back or a
 * bookmark reopens it) and the run is saved as the last run: at once while paused (so the
 * address is never behind what the user sees), at most once a second while playing (browsers
 * limit replaceState). Never while a refused link is on screen: the default scenario must not
 * replace what the user may restore.
 */
function saveSoon(): void {
  if (!simStore.getState().clock.playing) {
    if (saveTimer !== undefined) clearTimeout(saveTimer);
    saveTimer = undefined;
    void saveNow();
    return;
  }
  if (saveTimer !== undefined) {
    if (Date.now() - pendingSince > SAVE_AT_LEAST_EVERY_MS) return;
    clearTimeout(saveTimer);
  } else pendingSince = Date.now();
  saveTimer = setTimeout(() => {
    saveTimer = undefined;
    void saveNow();
  }, SAVE_DELAY_MS);
}

async function saveNow(): Promise<void> {
  // A refused link over the run the user had (linkErrorKept) does not stop the saves: that run is theirs.
  const { linkError, linkErrorKept } = shareStore.getState();
  if ((linkError && !linkErrorKept) || simStore.getState().phase !== 'ready' || isEmbedded()) return;
  const run = currentRun();
  if (!run) return;
  const userCommands = simStore.getState().run.filter((e) => e.kind === 'command' && e.by === 'you').length;
  if (!worthKeeping(run, userCommands)) return;
  // The page already shows commands the run's log has not caught up with (the worker's run info
  // comes after its snapshot on a reload): saving now would keep the moment without them. The
  // log's update saves again.
  const sim = simStore.getState();
  const shownNow = sim.run.filter((e) => e.kind === 'command' && e.by === 'you' && e.at <= sim.clock.now).length;
  if (run.commands.length < shownNow) return;
  const { encodeLink, LIMITS } = loadedCodec ?? (await codec());
  const m = await lastRunStore();
  // One encoding for both; the address takes it when it is short enough for a link. A big
  // scenario of its own (an imported 1,000-node cluster takes ~100 ms to compress) is encoded off
  // the page's thread, and a newer save started meanwhile wins: this one's run is out of date.
  const mine = ++saveSeq;
  const big = 'inline' in run.scenario && run.scenario.inline.length > OFF_THREAD_ABOVE_CHARS;
  const enc = big
    ? await encodeOffThread(run, BUILTIN_SCENARIOS, m.LAST_RUN_MAX_CHARS)
    : encodeLink(run, { builtins: BUILTIN_SCENARIOS, maxChars: m.LAST_RUN_MAX_CHARS });
  if (mine !== saveSeq) return;
  if (enc.ok && enc.hash.length <= LIMITS.maxLinkChars && location.hash !== enc.hash) {
    lastWrittenHash = enc.hash;
    history.replaceState(history.state, '', enc.hash);
  }
  const store = storage();
  if (store && enc.ok && m.saveLastRunLink(store, enc.hash, thisTab(m)))
    shareStore.setState({ canRestore: false, lastRunOffered: false });
}

function watchSharedLoads(): void {
  simStore.subscribe((s, prev) => {
    if (s.phase === prev.phase || !openingShared) return;
    if (s.phase === 'ready') {
      openingShared = false;
      const changes = pendingCompare;
      pendingCompare = undefined;
      if (changes)
        void runPort()
          .compare(changes)
          .then((problem) => {
            if (problem)
              shareStore.setState((st) => ({
                notices: [...st.notices, `The link's comparison cannot run: ${problem}.`],
              }));
          });
    }
    if (s.phase !== 'invalid') return;
    openingShared = false;
    shareStore.setState({ linkError: `The link's scenario cannot run: ${s.banner ?? 'it is not valid'}.` });
    simStore.setState({ banner: undefined });
    void loadBuiltinRun(DEFAULT_SCENARIO);
  });
}

/** Saves on every change that matters: commands, the moment (when it settles), the view, the lesson step. */
function watchForSaves(): void {
  shareStore.subscribe((s, prev) => {
    if (s.runLog !== prev.runLog || s.source !== prev.source) saveSoon();
  });
  simStore.subscribe((s, prev) => {
    if (
      s.clock.now !== prev.clock.now ||
      s.selection !== prev.selection ||
      s.commandLog !== prev.commandLog ||
      s.compare?.state !== prev.compare?.state
    )
      saveSoon();
  });
  settingsStore.subscribe((s, prev) => {
    if (s.stage !== prev.stage) saveSoon();
  });
  lessonStore.subscribe((s, prev) => {
    if (s.lesson?.index !== prev.lesson?.index) saveSoon();
  });
}
