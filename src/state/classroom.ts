/**
 * Class mode (no server): the teacher's screen shows a QR code and a link for the current moment
 * of the run. The link is an ordinary share link (the engine is deterministic, so the inputs are
 * the state) plus `class=1&lang=…` (class-link.ts). It follows the run: at once when a lesson step,
 * a chapter jump, a command, the view or the moment while paused changes; while the clock plays,
 * at most every PLAYING_REFRESH_MS (a QR that changed every second could not be scanned). Each
 * new link is also posted on a BroadcastChannel, so the teacher's second screen (`class=follow`)
 * opens the same moment. Students' answers never leave their devices: nothing is sent anywhere.
 */
import { createStore } from 'zustand/vanilla';
// The names only (a plain constant), as share-actions.ts does.
import { BUILTIN_SCENARIOS } from '../sim/scenario/builtins';
import {
  CLASS_CHANNEL,
  type ClassMomentMessage,
  type ClassRole,
  classLinkUrl,
  classMomentOf,
  classRoleOf,
} from './class-link';
import { languageStore } from './language';
import { activeStepId, lessonStore } from './lesson';
import { settingsStore } from './settings';
import { shareStore } from './share';
import { currentRun, openLink } from './share-actions';
import { simStore } from './store';

/** While the clock plays, the QR changes at most this often (wall time). */
export const PLAYING_REFRESH_MS = 10_000;
/** While paused, changes are gathered this long (a seek's clock updates, a step's patch) before the QR changes. */
const SETTLE_MS = 250;

/** The moment a class link carries, for the caption under the QR. */
export interface ClassMoment {
  t: number;
  step?: string;
  /** The lesson's step number (1-based) and count, when the step is one of them. */
  stepNumber?: number;
  steps?: number;
}

export interface ClassState {
  /** Class mode is on (the teacher's screen shows the QR). */
  teaching: boolean;
  /** The link students scan, for the moment in `moment`. */
  link?: string;
  moment?: ClassMoment;
  /** Why there is no link for this run (too long for a link, say). */
  error?: string;
  /** How many times the link changed since class mode started (tests and screen readers see it move). */
  revision: number;
}

export const classStore = createStore<ClassState>(() => ({ teaching: false, revision: 0 }));

/** What this page is in a class: a student's device, the teacher's second screen, or neither. */
export function classRole(): ClassRole | undefined {
  return typeof location === 'undefined' ? undefined : classRoleOf(location.search);
}

let channel: BroadcastChannel | undefined;
function classChannel(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CLASS_CHANNEL);
  return channel;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let lastRefresh = 0;
let refreshSeq = 0;

/** Builds the class link for the moment on screen now. */
async function refresh(): Promise<void> {
  timer = undefined;
  if (!classStore.getState().teaching) return;
  const run = currentRun();
  if (!run) return;
  const mine = ++refreshSeq;
  const { encodeLink } = await import('../share/link');
  if (mine !== refreshSeq || !classStore.getState().teaching) return;
  lastRefresh = Date.now();
  const enc = encodeLink(run, { builtins: BUILTIN_SCENARIOS });
  if (!enc.ok) {
    classStore.setState({ link: undefined, moment: undefined, error: enc.error });
    return;
  }
  const link = classLinkUrl(location, enc.hash, languageStore.getState().lang);
  if (link === classStore.getState().link) return;
  const lesson = lessonStore.getState().lesson;
  const moment: ClassMoment = { t: run.t };
  const step = activeStepId(lesson);
  if (step) moment.step = step;
  if (lesson && lesson.index < lesson.steps.length) {
    moment.stepNumber = lesson.index + 1;
    moment.steps = lesson.steps.length;
  }
  classStore.setState((s) => ({ link, moment, error: undefined, revision: s.revision + 1 }));
  const msg: ClassMomentMessage = { type: 'class-moment', hash: enc.hash };
  classChannel()?.postMessage(msg);
}

/** Asks for a new link: soon while paused, at most every PLAYING_REFRESH_MS while the clock plays. */
function refreshSoon(): void {
  if (!classStore.getState().teaching) return;
  const playing = simStore.getState().clock.playing;
  const wait = playing ? Math.max(SETTLE_MS, lastRefresh + PLAYING_REFRESH_MS - Date.now()) : SETTLE_MS;
  if (timer !== undefined) {
    if (playing) return;
    clearTimeout(timer);
  }
  timer = setTimeout(() => void refresh(), wait);
}

let watching = false;
function watch(): void {
  if (watching) return;
  watching = true;
  simStore.subscribe((s, prev) => {
    if (
      s.clock.now !== prev.clock.now ||
      s.clock.playing !== prev.clock.playing ||
      s.selection !== prev.selection ||
      s.phase !== prev.phase
    )
      refreshSoon();
  });
  shareStore.subscribe((s, prev) => {
    if (s.runLog !== prev.runLog || s.source !== prev.source) refreshSoon();
  });
  lessonStore.subscribe((s, prev) => {
    if (s.lesson?.index !== prev.lesson?.index || s.lesson?.scenario !== prev.lesson?.scenario) refreshSoon();
  });
  settingsStore.subscribe((s, prev) => {
    if (s.stage !== prev.stage) refreshSoon();
  });
  languageStore.subscribe((s, prev) => {
    if (s.lang !== prev.lang) refreshSoon();
  });
}

/** Class mode on or off (the `Class mode` button). */
export function setTeaching(on: boolean): void {
  if (on === classStore.getState().teaching) return;
  if (!on) {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    refreshSeq++;
    classStore.setState({ teaching: false, link: undefined, moment: undefined, error: undefined });
    return;
  }
  watch();
  classStore.setState({ teaching: true, revision: 0 });
  void refresh();
}

/**
 * The teacher's second screen (`?class=follow`): opens each moment the first screen posts. A
 * message that is not a class moment is ignored; the link itself goes through the same hostile-
 * input decoder as any other.
 */
export function followClass(): void {
  const ch = classChannel();
  if (!ch) return;
  ch.addEventListener('message', (ev: MessageEvent) => {
    const m = classMomentOf(ev.data);
    if (!m || m.hash === location.hash) return;
    history.replaceState(history.state, '', m.hash);
    void openLink(m.hash);
  });
}

/** The URL of a second screen that follows this one (same link, `class=follow`). */
export function followerUrl(): string | undefined {
  const link = classStore.getState().link;
  if (!link) return undefined;
  const hash = link.slice(link.indexOf('#'));
  return classLinkUrl(location, hash, languageStore.getState().lang, 'follower');
}
