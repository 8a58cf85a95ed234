/**
 * In-page instruments of the UI bench and the measurements built on them.
 *
 * The scripts run in the page as plain strings (not serialized functions: tsx would inject its
 * own helpers into them). `INSTRUMENTS` is installed before any page script runs and keeps:
 * - long tasks (`longtask`, >= 50 ms) and long animation frames (`long-animation-frame`, Chrome
 *   123+, with script attribution), buffered from navigation start;
 * - the first frame in which a node card (`role=group`, name `node ...`) is on screen: laid out
 *   with a non-empty box inside the viewport and not hidden (visibility or opacity 0, which
 *   React Flow uses until a node is measured). It is polled once per animation frame, so the
 *   time is the start of the frame that paints the card, in ms since navigation start;
 * - once `record()` is called, the time of every animation frame, and the simulated clock text
 *   and the Play/Pause state whenever they change.
 * A window is then read back as "the last `ms` before this read", in page time. Reading it needs
 * the page's main thread, which a flooded page gives late, but the figures stay those of a
 * contiguous window while playing: no round trip to the page happens inside the window.
 * The same recorder on an empty page in the same browser is the baseline (headless Chromium may
 * cap rAF, e.g. at 60 Hz).
 */
import type { Browser, Locator, Page } from '@playwright/test';

export const INSTRUMENTS = `(() => {
  const b = (window.__nrBench = { longTasks: [], loafs: [], graph: undefined, frames: [], clocks: [], plays: [], views: [] });
  // Observer callbacks run late on a busy page; \`flush\` takes the pending entries at once.
  const observers = [];
  const observe = (type, fn) => {
    try {
      const o = new PerformanceObserver((l) => { for (const e of l.getEntries()) fn(e); });
      o.observe({ type, buffered: true });
      observers.push([o, fn]);
    } catch {}
  };
  b.flush = () => { for (const [o, fn] of observers) for (const e of o.takeRecords()) fn(e); };
  observe('longtask', (e) => b.longTasks.push({ start: e.startTime, duration: e.duration }));
  observe('long-animation-frame', (e) => b.loafs.push({
    start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
    render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
    scripts: (e.scripts || []).map((s) => ({
      name: s.sourceFunctionName || '', invoker: s.invoker || '', url: s.sourceURL || '',
      duration: s.duration, layout: s.forcedStyleAndLayoutDuration || 0, pos: s.sourceCharPosition ?? -1,
    })),
  }));
  const SEL = '[role="group"][aria-label^="node "]';
  const shown = () => {
    for (const el of document.querySelectorAll(SEL)) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight
        && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return true;
    }
    return false;
  };
  const poll = (t) => {
    if (shown()) { b.graph = { frame: t }; return; }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
  b.record = () => {
    if (b.recording) return;
    b.recording = true;
    const timer = document.querySelector('[role="timer"]');
    const button = [...document.querySelectorAll('button')].find((x) => /(^|\\s)(Play|Pause)$/.test(x.textContent.trim()));
    let clock, playing, view;
    const f = (t) => {
      b.frames.push(t);
      const vp = document.querySelector('.react-flow__viewport');
      const v = vp ? vp.style.transform : '';
      if (v !== view) { b.views.push([t, v]); view = v; }
      const c = timer ? timer.textContent : '';
      if (c !== clock) { b.clocks.push([t, c]); clock = c; }
      const p = button ? /Pause$/.test(button.textContent.trim()) : false;
      if (p !== playing) { b.plays.push([t, p]); playing = p; }
      requestAnimationFrame(f);
    };
    requestAnimationFrame(f);
  };
})();`;

/** Reads back the last `ms` of recorded frames (page time), with what happened in them. */
const readWindow = (ms: number) => `(() => {
  const b = window.__nrBench;
  b.flush();
  const end = performance.now();
  const start = end - ${ms};
  const frames = b.frames.filter((t) => t >= start && t <= end);
  const before = (list, t) => { let v; for (const [at, x] of list) if (at <= t) v = x; return v; };
  const first = frames[0] ?? start;
  const last = frames[frames.length - 1] ?? end;
  return {
    start, end, frames,
    clock0: before(b.clocks, first) ?? '', clock1: before(b.clocks, last) ?? '',
    paused: b.plays.some(([at, p]) => !p && at >= first && at <= last) || before(b.plays, first) === false,
    longTasks: b.longTasks.filter((e) => e.start >= start && e.start <= end),
    zooms: b.views.filter(([at]) => at >= start && at <= end).map(([, v]) => Number((/scale\\(([\\d.]+)\\)/.exec(v) || [])[1] || 1)),
    loafs: b.loafs.filter((e) => e.start >= start && e.start <= end),
  };
})()`;

export interface LongEntry {
  start: number;
  duration: number;
}
export interface Loaf extends LongEntry {
  blocking: number;
  /** Style, layout and paint at the end of the frame. */
  render: number;
  scripts: { name: string; invoker: string; url: string; duration: number; layout: number; pos: number }[];
}

export interface FrameStats {
  /** Simulated clock text at the first and last frame of the window (empty on a page without one). */
  clock0: string;
  clock1: string;
  /** The app showed Play (not Pause) at some point in the window. */
  paused: boolean;
  /** The graph's zoom at each change of its viewport in the window (the camera's moves). */
  zooms: number[];
  /** Frames presented per second of window. */
  fps: number;
  frames: number;
  windowMs: number;
  p50: number;
  p95: number;
  maxInterval: number;
  /** Long tasks and long animation frames that started inside the window. */
  longTasks: LongEntry[];
  loafs: Loaf[];
  /** How late the page answered the read at the end of the window (a flooded page answers late). */
  readDelayMs: number;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** Resolves `p`, or rejects after `ms` (a flooded page answers late; the bench must end). */
export function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`page unresponsive: ${what} got no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Starts the frame recorder; call it while the page is still responsive (before playing). */
export async function startRecording(page: Page): Promise<void> {
  await page.evaluate('window.__nrBench.record()');
}

/** Waits `ms` of wall time, then reads back the last `ms` of page time. */
export async function measureWindow(page: Page, ms: number, readTimeoutMs = 60_000): Promise<FrameStats> {
  await page.waitForTimeout(ms);
  type Raw = Omit<FrameStats, 'fps' | 'frames' | 'windowMs' | 'p50' | 'p95' | 'maxInterval'> & {
    start: number;
    end: number;
    frames: number[];
  };
  const asked = Date.now();
  const r = (await within(page.evaluate(readWindow(ms)), readTimeoutMs, 'reading the frame window')) as Raw;
  const readDelayMs = Date.now() - asked;
  const intervals = r.frames
    .slice(1)
    .map((t, i) => t - (r.frames[i] as number))
    .sort((a, b) => a - b);
  const windowMs = r.end - r.start;
  return {
    clock0: r.clock0,
    clock1: r.clock1,
    paused: r.paused,
    zooms: r.zooms ?? [],
    fps: windowMs > 0 ? (r.frames.length * 1000) / windowMs : 0,
    frames: r.frames.length,
    windowMs,
    p50: quantile(intervals, 0.5),
    p95: quantile(intervals, 0.95),
    maxInterval: intervals[intervals.length - 1] ?? 0,
    longTasks: r.longTasks,
    loafs: r.loafs,
    readDelayMs,
  };
}

export const VIEWPORT = { width: 1280, height: 720 };
// Every context below bypasses the app's Content-Security-Policy: the instruments are evaluated
// as strings (Playwright's waitForFunction), which `script-src 'self'` forbids. The app itself
// runs the same either way (e2e/reliability.spec.ts checks it under the policy).

/** The baseline: the same recorder on an empty page (a data: URL), in a fresh context. */
export async function measureEmpty(browser: Browser, ms: number): Promise<FrameStats> {
  const context = await browser.newContext({ viewport: VIEWPORT, bypassCSP: true });
  try {
    await context.addInitScript(INSTRUMENTS);
    const page = await context.newPage();
    await page.goto('data:text/html,<!doctype html><title>empty</title><body></body>');
    await startRecording(page);
    await page.waitForTimeout(500);
    return await measureWindow(page, ms);
  } finally {
    await context.close();
  }
}

/** `5m50s` -> 350000 */
export function parseClock(text: string): number {
  let ms = 0;
  for (const m of text.matchAll(/(\d+)(h|m|s)/g))
    ms += Number(m[1]) * { h: 3_600_000, m: 60_000, s: 1000 }[m[2] as 'h' | 'm' | 's'];
  return text.trim().startsWith('-') ? -ms : ms;
}

export interface FirstGraph {
  /** ms from navigation start to the first frame showing a node card. */
  frame: number;
  /** First contentful paint, for context. */
  fcp: number | undefined;
}

/** Waits for the instruments' first-graph record of the current page. */
export async function firstGraph(page: Page, timeoutMs: number): Promise<FirstGraph> {
  await page.waitForFunction('window.__nrBench && window.__nrBench.graph', undefined, { timeout: timeoutMs });
  const r = (await page.evaluate(`({
    graph: window.__nrBench.graph,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  })`)) as { graph: { frame: number }; fcp?: number };
  return { frame: r.graph.frame, fcp: r.fcp };
}

export interface ScenarioFile {
  name: string;
  text: string;
  /** Machines: node cards to wait for once imported, or, above OVERVIEW_ABOVE_NODES, the overview of them. */
  nodes: number;
}

/** Clusters bigger than this are drawn as an overview (src/sim/overview.ts OVERVIEW_ABOVE_NODES). */
const OVERVIEW_ABOVE = 50;

/** The page's test for "the imported cluster is on screen": its cards, or its overview drawn. */
function shownCondition(nodes: number): string {
  return nodes > OVERVIEW_ABOVE
    ? `!!document.querySelector('canvas[aria-label^="Overview of ${nodes.toLocaleString('en')} machines"]')?.width`
    : `document.querySelectorAll('${NODE_CARDS}').length >= ${nodes}`;
}

export interface Opened {
  graph: FirstGraph;
  /**
   * ms from handing the file to "Import scenario" to all its node cards in the DOM, or (a big
   * cluster) its overview drawn: the first frame of the cluster starting.
   */
  importMs?: number;
  /** ms from handing the file to the run at 0, ready to play (a big cluster's start done). */
  readyMs?: number;
  /** Where the lesson was left (`Step 4 of 4`), or `no lesson`. */
  lesson: string;
}

const NODE_CARDS = '[role="group"][aria-label^="node "]';

const T0 = Date.now();
/** With UI_BENCH_TRACE=1, prints the bench's steps with their wall time to stderr. */
export function trace(step: string): void {
  if (process.env.UI_BENCH_TRACE)
    process.stderr.write(`[ui-bench ${((Date.now() - T0) / 1000).toFixed(1)} s] ${step}\n`);
}

/** Polls `test` every 100 ms until it holds; throws naming `what` after `timeoutMs`. */
export async function waitUntil(
  page: Page,
  what: string,
  timeoutMs: number,
  test: () => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await page.waitForTimeout(100);
  }
}

const enabled = async (l: Locator) =>
  (await l.count()) > 0 && (await l.isEnabled()) && (await l.getAttribute('aria-disabled')) !== 'true';

/**
 * Walks a lesson through its steps the way a learner can (`Skip ahead` to each step's event, then
 * `Next`) to its recap and free play, where it no longer pauses the clock; the caller then moves
 * the clock back to where the window should play.
 */
async function followLesson(page: Page, timeoutMs: number): Promise<string> {
  const lesson = page.getByRole('region', { name: 'Lesson' });
  // The lesson panel is a chunk of its own: give it time to come.
  await lesson.waitFor({ timeout: 3000 }).catch(() => {});
  if ((await lesson.count()) === 0) return 'no lesson';
  const progress = lesson.locator('.lesson-progress');
  for (let i = 0; i < 30; i++) {
    const text = ((await progress.textContent()) ?? '').trim();
    const m = /Step (\d+) of (\d+)/.exec(text);
    if (!m) return text;
    const skip = lesson.getByRole('button', { name: 'Skip ahead' });
    if (await enabled(skip)) await skip.click();
    const next = lesson.getByRole('button', { name: /^Next/ });
    await waitUntil(page, `lesson ${text}: Next`, timeoutMs, () => enabled(next));
    await next.click();
    await waitUntil(
      page,
      `lesson past ${text}`,
      timeoutMs,
      async () => ((await progress.textContent()) ?? '').trim() !== text,
    );
  }
  return ((await progress.textContent()) ?? '').trim();
}

/**
 * Opens the app at `url`, waits for the graph and for the scenario to be ready; with `file`,
 * imports it through "Import scenario" (the file picker) and waits for its node cards; then walks
 * the lesson, if any, to its last step.
 */
export async function openScenario(
  page: Page,
  url: string,
  loadTimeoutMs: number,
  file?: ScenarioFile,
  startAt?: number,
): Promise<Opened> {
  const play = page.getByRole('button', { name: 'Play', exact: true });
  await page.goto(url);
  const graph = await firstGraph(page, loadTimeoutMs);
  await waitUntil(page, 'Play enabled', loadTimeoutMs, () => enabled(play));
  let importMs: number | undefined;
  let readyMs: number | undefined;
  if (file) {
    await page.evaluate('window.__nrImport = performance.now()');
    await page.locator('input[type="file"]').setInputFiles({
      name: file.name,
      mimeType: 'application/json',
      buffer: Buffer.from(file.text),
    });
    const done = await page.waitForFunction(
      `${shownCondition(file.nodes)} && performance.now() - window.__nrImport`,
      undefined,
      { timeout: loadTimeoutMs },
    );
    importMs = (await done.jsonValue()) as number;
    await waitUntil(page, 'Play enabled', loadTimeoutMs, () => enabled(play));
    readyMs = (await page.evaluate('performance.now() - window.__nrImport')) as number;
  }
  const lesson = await followLesson(page, loadTimeoutMs);
  await waitUntil(page, 'Play enabled', loadTimeoutMs, () => enabled(play));
  if (startAt !== undefined) {
    await page.getByRole('slider', { name: 'Timeline', exact: true }).fill(String(startAt));
    await waitUntil(page, `clock at ${startAt} ms`, loadTimeoutMs, async () => {
      const text = (await page.getByRole('timer', { name: 'Simulation time' }).textContent()) ?? '';
      return parseClock(text) === startAt;
    });
  }
  return {
    graph,
    ...(importMs === undefined ? {} : { importMs }),
    ...(readyMs === undefined ? {} : { readyMs }),
    lesson,
  };
}

/**
 * Sets Speed to 10x (slider position 40 on its log scale), starts the recorder and presses Play,
 * all while the page is paused and responsive; returns the speed shown. Whether it then really
 * played is read from the recorded window (a flooded page would make any wait here unbounded).
 */
export async function play10x(page: Page): Promise<string> {
  await page.getByRole('slider', { name: 'Speed' }).fill('40');
  const speedText = ((await page.locator('output.speed-value').textContent()) ?? '').trim();
  await startRecording(page);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  return speedText;
}

export interface PlayResult {
  stats: FrameStats;
  opened: Opened;
  /** Simulated ms that passed during the frame window (checks that it really played). */
  simulatedMs: number;
  /** Simulated time when the window started. */
  fromMs: number;
  speedText: string;
  nodes: number;
  pods: number;
  errors: string[];
}

/**
 * Opens a scenario in a fresh context, plays it at 10x, waits `warmupMs`, records `ms`;
 * `diagnose` may then look at the result and the page, still playing, before the context closes.
 */
export async function measurePlaying(
  browser: Browser,
  url: string,
  opts: {
    ms: number;
    warmupMs: number;
    loadTimeoutMs: number;
    file?: ScenarioFile;
    /** Simulated time to play from (after the lesson walk). */
    startAt?: number;
    /** Settings stored before the page loads (local storage `notready.settings`). */
    settings?: Record<string, unknown>;
    /** Runs once the scenario is open, before Play (e.g. shows the space-time chart). */
    prepare?: (page: Page) => Promise<void>;
  },
  diagnose?: (r: PlayResult, page: Page) => Promise<void>,
): Promise<PlayResult> {
  const context = await browser.newContext({ viewport: VIEWPORT, bypassCSP: true });
  const errors: string[] = [];
  try {
    if (opts.settings)
      await context.addInitScript(
        `localStorage.setItem('notready.settings', ${JSON.stringify(JSON.stringify(opts.settings))})`,
      );
    await context.addInitScript(INSTRUMENTS);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    trace(`open ${url}${opts.file ? ` + import ${opts.file.name}` : ''}`);
    const opened = await openScenario(page, url, opts.loadTimeoutMs, opts.file, opts.startAt);
    trace('opened');
    if (opts.prepare) await opts.prepare(page);
    const counts = (await page.evaluate(`[
      document.querySelectorAll('${NODE_CARDS}').length,
      document.querySelectorAll('.react-flow__node .chip').length,
    ]`)) as [number, number];
    const speedText = await play10x(page);
    trace('playing');
    await page.waitForTimeout(opts.warmupMs);
    const stats = await measureWindow(page, opts.ms);
    trace('window read');
    const fromMs = parseClock(stats.clock0);
    const r: PlayResult = {
      stats,
      opened,
      simulatedMs: parseClock(stats.clock1) - fromMs,
      fromMs,
      speedText,
      nodes: counts[0],
      pods: counts[1],
      errors,
    };
    if (diagnose) await diagnose(r, page);
    trace('diagnosed');
    return r;
  } finally {
    await context.close();
    trace('closed');
  }
}

/** Loads `url` in a fresh context (cold cache) and returns when the first node card showed. */
export async function measureFirstGraph(browser: Browser, url: string, timeoutMs: number): Promise<FirstGraph> {
  const context = await browser.newContext({ viewport: VIEWPORT, bypassCSP: true });
  try {
    await context.addInitScript(INSTRUMENTS);
    const page = await context.newPage();
    await page.goto(url);
    return await firstGraph(page, timeoutMs);
  } finally {
    await context.close();
  }
}
