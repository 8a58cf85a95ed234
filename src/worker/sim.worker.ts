/// <reference lib="webworker" />
/**
 * The engine worker: a thin adapter around SimRunner. It owns pacing (virtual time = speed x wall
 * delta, see pacing.ts), posts a snapshot on load and seek and otherwise at most one coalesced
 * patch per frame, and only once the page acknowledged the previous one (`ack`): a page that
 * renders slowly gets fewer, fuller patches instead of a backlog. Time keeps flowing meanwhile.
 * Any exception is reported as `fatal` so that the UI can restart it from the command log.
 */
import { isJsonManifest, OVERVIEW_ABOVE_NODES, SimulationStuckError } from '../sim/runtime';
import { compareRuns } from './compare';
import { advanceFrame } from './pacing';
import { PatchBuilder } from './patches';
import type { FromWorker, ToWorker } from './protocol';
import { type Heartbeat, loadRunner, type SimRunner } from './runner';
import { postPreview, SeekJob, SLICE_MS } from './seek-job';
import { loadReplay, RunExtras } from './share';

declare const self: DedicatedWorkerGlobalScope;

const FRAME_MS = 16;

let runner: SimRunner | undefined;
let patches: PatchBuilder | undefined;
/** The lesson and the run info of the current runner. */
let extras: RunExtras | undefined;
let pauseAtChapters = false;
let lastWall = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
/** A checkpoint a moment after the clock stopped (restCheckpointSoon). */
let restTimer: ReturnType<typeof setTimeout> | undefined;
/** The seq of the patch the page has not acknowledged yet, and when it was posted (wall ms). */
let unacked: number | undefined;
let unackedAt = 0;
/** A seek being carried out in slices (seek-job.ts): the frame loop and the rest checkpoint wait for it. */
let seekJob: SeekJob | undefined;
/** Test hook (`slow-seeks-for-test`): a simulated second per slice, this many ms apart. */
let slowSeeksMs: number | undefined;
const SLOW_SEEK_PAUSE_MS = 200;
/**
 * A page that never answers (a hidden tab does not run animation frames) still gets a patch this
 * often, so nothing stalls for good.
 */
const ACK_TIMEOUT_MS = 5000;

function post(msg: FromWorker): void {
  self.postMessage(msg);
}

function fail(err: unknown): void {
  stopLoop();
  seekJob = undefined;
  runner = undefined;
  patches = undefined;
  const message = err instanceof Error ? err.message : String(err);
  // A run that makes no progress at one instant would do the same again after a restart.
  post({ type: 'fatal', message, ...(err instanceof SimulationStuckError ? { final: true } : {}) });
}

function stopLoop(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (restTimer !== undefined) clearTimeout(restTimer);
  restTimer = undefined;
}

/** How long the clock stands still before a checkpoint deferred by playing is taken (wall ms). */
const REST_CHECKPOINT_MS = 1000;

/**
 * The clock stopped: a moment later, if it is still stopped, a big cluster's checkpoint that
 * playing deferred is taken (runner.restCheckpoint; a quick Pause and Play does not wait for it).
 */
function restCheckpointSoon(): void {
  if (restTimer !== undefined) clearTimeout(restTimer);
  restTimer = setTimeout(() => {
    restTimer = undefined;
    const r = runner;
    if (!r || r.clock.playing || seekJob) return;
    try {
      r.restCheckpoint();
    } catch (err) {
      fail(err);
    }
  }, REST_CHECKPOINT_MS);
}

function scheduleFrame(delay = FRAME_MS): void {
  if (timer === undefined) timer = setTimeout(frame, delay);
}

function sendSnapshot(_r: SimRunner): void {
  if (!patches) return;
  unacked = undefined;
  post(patches.snapshot());
}

function frame(): void {
  timer = undefined;
  const r = runner;
  const pb = patches;
  // A seek under way moves the clock; the frame loop starts again when it lands.
  if (!r || !pb || seekJob) return;
  try {
    const wall = performance.now();
    if (r.clock.playing) {
      const x = extras;
      // With a lesson, it is looked at every simulated second of the frame (it may pause the clock there).
      const lessonCheck = x?.lesson
        ? () => {
            x.afterAdvance();
            return !r.clock.playing;
          }
        : undefined;
      // A lesson on script paces the clock itself; chapter pauses are for free play.
      const atChapters = pauseAtChapters && !x?.lesson?.pacesClock();
      advanceFrame(
        r,
        wall - lastWall,
        lessonCheck ? { pauseAtChapters: atChapters, lessonCheck } : { pauseAtChapters: atChapters },
      );
      extras?.afterAdvance();
      // Stopped by the end, a chapter or the lesson.
      if (!r.clock.playing) restCheckpointSoon();
    }
    lastWall = wall;
    if (unacked === undefined || wall - unackedAt > ACK_TIMEOUT_MS) {
      const p = pb.patch(wall);
      if (p) {
        unacked = p.seq;
        unackedAt = wall;
        post(p);
      }
    }
    const info = extras?.message();
    if (info) post(info);
  } catch (err) {
    fail(err);
    return;
  }
  if (r.clock.playing) scheduleFrame();
  else if (unacked === undefined) {
    // Paused: texts held back by their pacing (a large cluster) are built when due.
    const due = pb.dueIn(performance.now());
    if (due !== undefined) scheduleFrame(Math.max(FRAME_MS, due));
  }
}

/** A big cluster's start is drawn at most this often (wall ms): an overview of 5,000 machines costs tens of ms. */
const BOOT_FRAME_MS = 1000;

/**
 * Tells the page how far a long computation got, at most twice a second (the watchdog's sign of
 * life). While a big cluster starts, it also sends the cluster as it stands (its overview), the
 * first one as soon as the machines exist.
 */
function progressPoster(target: number): Heartbeat {
  let told = performance.now();
  let drawn: number | undefined;
  return (now, starting) => {
    const wall = performance.now();
    if (starting && (drawn === undefined || wall - drawn >= BOOT_FRAME_MS)) {
      if (starting.machineCount() > OVERVIEW_ABOVE_NODES) {
        drawn = wall;
        told = wall;
        post({ type: 'booting', at: now, overview: starting.overview(), end: starting.scenario.spec.duration });
        return;
      }
      drawn = Number.POSITIVE_INFINITY; // a small cluster starts in a moment: nothing to draw
    }
    if (wall - told < 500) return;
    told = wall;
    post({ type: 'progress', at: now, target });
  };
}

/**
 * A seek, carried out in slices: the messages after it wait until it is over (a command acts at
 * the moment gone to), except a new seek or `cancelSeek`, which act on it (onmessage).
 */
function startSeek(r: SimRunner, t: number): Promise<void> {
  const job = new SeekJob(
    r,
    t,
    {
      post,
      later: (fn) => setTimeout(fn, slowSeeksMs ?? 0),
      landed: () => {
        seekJob = undefined;
        extras?.afterSeek();
        sendSnapshot(r);
        post({ type: 'seekDone' });
        scheduleFrame();
      },
      fail: (err) => {
        post({ type: 'seekDone' });
        fail(err);
      },
      long: slowSeeksMs !== undefined,
    },
    slowSeeksMs === undefined ? SLICE_MS : 0,
  );
  // A seek that fit in one slice has landed already.
  if (!job.finished) seekJob = job;
  return job.over;
}

function handle(msg: ToWorker): void | Promise<void> {
  if (msg.type === 'ping') {
    post({ type: 'pong', id: msg.id });
    return;
  }
  if (msg.type === 'init') {
    stopLoop();
    // A big cluster's start, or a long replay (a link hours into one), says how far it got.
    const heartbeat = progressPoster(msg.at ?? 0);
    const loaded = msg.replay
      ? loadReplay(msg.scenarioText, msg.replay, msg.at ?? 0, msg.commandLog, heartbeat)
      : loadRunner(msg.scenarioText, msg.commandLog, msg.at, heartbeat);
    if (!loaded.ok) {
      runner = undefined;
      patches = undefined;
      extras = undefined;
      post({ type: 'invalid', message: loaded.message });
      return;
    }
    runner = loaded.runner;
    runner.heartbeat = undefined;
    // A frame of a big cluster can run for seconds (a zone failing at 5,000 nodes): still alive.
    runner.busy = progressPoster(0);
    // A lesson's Back or Restart seeks in one go: a big cluster draws where it goes meanwhile.
    const live = runner;
    live.beforeSeek = (t) => {
      if (live.lookAheadIsDear) postPreview(live, t, post);
    };
    patches = new PatchBuilder(runner);
    runner.views = msg.views;
    if (msg.resume) runner.resume(msg.resume);
    const opts: { step?: string; fresh?: boolean } = {};
    if (msg.step !== undefined) opts.step = msg.step;
    if (msg.fresh) opts.fresh = true;
    extras = new RunExtras(runner, opts);
    sendSnapshot(runner);
    post(extras.message(true) as FromWorker);
    return;
  }
  // Test hooks (the UI sends them only under ?e2e=1): an exception here is what an engine bug
  // looks like to the UI; a busy loop is what a hung engine looks like to the page's watchdog.
  if (msg.type === 'crash-for-test') throw new Error('a deliberate crash for a test (?e2e=1)');
  if (msg.type === 'hang-for-test') {
    for (;;) {
      // never returns: the page's watchdog must notice
    }
  }
  if (msg.type === 'slow-seeks-for-test') {
    slowSeeksMs = SLOW_SEEK_PAUSE_MS;
    return;
  }
  if (msg.type === 'pauseAtChapters') {
    pauseAtChapters = msg.on;
    return;
  }
  const r = runner;
  if (!r) {
    // Every seek is answered, carried out or not: the page counts the ones in flight.
    if (msg.type === 'seek') post({ type: 'seekDone' });
    return;
  }
  switch (msg.type) {
    case 'command':
      extras?.userCommand(r.command(msg.line));
      extras?.afterAdvance();
      break;
    case 'play':
      // Play on a lesson step that moves on to a prediction (or to a step already done) shows it, paused.
      if (extras?.onPlay() === false) break;
      r.clock.playing = true;
      lastWall = performance.now();
      break;
    case 'pause':
      r.clock.playing = false;
      restCheckpointSoon();
      break;
    case 'setSpeed':
      r.clock.speed = Math.max(0.1, Math.min(1000, msg.speed));
      if (msg.skipQuiet !== undefined) r.clock.skipQuiet = msg.skipQuiet;
      break;
    case 'step':
      r.clock.playing = false;
      r.step();
      extras?.afterAdvance();
      restCheckpointSoon();
      break;
    case 'seek':
      return startSeek(r, msg.t);
    case 'cancelSeek':
      // Nothing to stop: the seek landed before this was read.
      return;
    case 'dropFuture':
      r.dropFuture();
      break;
    case 'lesson':
      if (extras?.handle(msg)) {
        sendSnapshot(r);
        const info = extras.message();
        if (info) post(info);
        return;
      }
      break;
    case 'views':
      r.views = msg.views;
      break;
    case 'ack':
      if (msg.seq === unacked) unacked = undefined;
      break;
    case 'actions':
      post({ type: 'actions', requestId: msg.requestId, options: r.sim.actions(msg.target) });
      return;
    case 'compare': {
      let told = performance.now();
      const progress = (at: number, target: number) => {
        const wall = performance.now();
        if (wall - told < 500) return;
        told = wall;
        post({ type: 'progress', at, target, phase: 'compare' });
      };
      try {
        post({ type: 'compared', comparison: compareRuns(r, msg.requestId, msg.variant, msg.changes, progress) });
      } catch (err) {
        // The live run is untouched: only the comparison failed.
        post({
          type: 'compare-failed',
          requestId: msg.requestId,
          message: err instanceof Error ? err.message : String(err),
        });
      }
      lastWall = performance.now();
      break;
    }
  }
  scheduleFrame();
}

/** `kubectl apply -f -` with a YAML manifest needs the YAML parser, which loads on first use. */
function needsYaml(line: string): boolean {
  const nl = line.indexOf('\n');
  return nl >= 0 && /^\s*kubectl\s+apply\b/.test(line) && !isJsonManifest(line.slice(nl + 1));
}

/** The commands a message will run: typed ones, a replayed log, and the scenario's own timeline. */
function linesOf(msg: ToWorker): string[] {
  if (msg.type === 'command') return [msg.line];
  if (msg.type !== 'init') return [];
  const lines = [...msg.commandLog, ...(msg.replay?.runLog ?? [])].map((c) => c.line);
  try {
    const timeline = (JSON.parse(msg.scenarioText) as { normalised?: { spec?: { timeline?: { run?: unknown }[] } } })
      .normalised?.spec?.timeline;
    for (const t of timeline ?? []) if (typeof t.run === 'string') lines.push(t.run);
  } catch {
    // an unreadable scenario is refused by init itself
  }
  return lines;
}

let yamlLoaded: Promise<unknown> | undefined;
/**
 * Messages are handled in order; one that needs the YAML parser waits for it, and so do later
 * ones, and all wait for a seek under way to land.
 */
let queue: Promise<unknown> = Promise.resolve();
/** Messages in the queue not yet handled. */
let waiting = 0;

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  // The watchdog's ping is answered at once, even while a YAML chunk loads.
  if (msg.type === 'ping') {
    post({ type: 'pong', id: msg.id });
    return;
  }
  const job = seekJob;
  if (job) {
    // A seek under way: a new one with nothing queued before it changes its target (and is
    // answered at once: the job carries it out), a cancel stops it where it is, and what says
    // nothing about the run (acknowledgements, the open views) is read between its slices.
    if (msg.type === 'seek' && waiting === 0) {
      job.retarget(msg.t);
      post({ type: 'seekDone' });
      return;
    }
    if (msg.type === 'cancelSeek') {
      job.stop();
      return;
    }
    if (msg.type === 'ack' || msg.type === 'views') {
      handle(msg);
      return;
    }
  }
  if (!yamlLoaded && linesOf(msg).some(needsYaml)) yamlLoaded = import('../sim/yaml');
  waiting++;
  queue = queue
    .then(() => yamlLoaded)
    .finally(() => waiting--)
    .then(() => handle(msg))
    .catch(fail);
};
