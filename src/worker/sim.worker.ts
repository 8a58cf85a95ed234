/// <reference lib="webworker" />
/**
 * The engine worker: a thin adapter around SimRunner. It owns pacing (virtual time = speed x wall
 * delta), posts a snapshot on load and seek and otherwise at most one coalesced patch per frame,
 * and only once the page acknowledged the previous one (`ack`): a page that renders slowly gets
 * fewer, fuller patches instead of a backlog. Time keeps flowing meanwhile.
 * Any exception is reported as `fatal` so that the UI can restart it from the command log.
 */
import { isJsonManifest } from '../sim/runtime';
import type { FromWorker, ToWorker } from './protocol';
import { loadRunner, type SimRunner } from './runner';
import { loadReplay, RunExtras } from './share';

declare const self: DedicatedWorkerGlobalScope;

const FRAME_MS = 16;
/** Never advance more than this much simulated time per frame, so a frame stays short. */
const MAX_SIM_PER_FRAME = 120_000;
/** With "skip quiet time", jump at most this far to the next change. */
const QUIET_JUMP_LIMIT = 10 * 60_000;

let runner: SimRunner | undefined;
/** The lesson and the run info of the current runner. */
let extras: RunExtras | undefined;
let lastWall = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
/** The seq of the patch the page has not acknowledged yet, and when it was posted (wall ms). */
let unacked: number | undefined;
let unackedAt = 0;
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
  runner = undefined;
  post({ type: 'fatal', message: err instanceof Error ? err.message : String(err) });
}

function stopLoop(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

function scheduleFrame(delay = FRAME_MS): void {
  if (timer === undefined) timer = setTimeout(frame, delay);
}

function frame(): void {
  timer = undefined;
  const r = runner;
  if (!r) return;
  try {
    const wall = performance.now();
    if (r.clock.playing) {
      const dt = Math.min(MAX_SIM_PER_FRAME, Math.round((wall - lastWall) * r.clock.speed));
      const before = r.changeCount;
      if (dt > 0) r.advance(r.now + dt);
      if (r.clock.skipQuiet && r.changeCount === before) {
        const next = r.sim.step(r.now + QUIET_JUMP_LIMIT);
        if (next !== undefined) r.advance(next);
      }
    }
    lastWall = wall;
    extras?.afterAdvance();
    if (unacked === undefined || wall - unackedAt > ACK_TIMEOUT_MS) {
      const p = r.patch(wall);
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
    const due = r.dueIn(performance.now());
    if (due !== undefined) scheduleFrame(Math.max(FRAME_MS, due));
  }
}

function handle(msg: ToWorker): void {
  if (msg.type === 'init') {
    stopLoop();
    const loaded = msg.replay
      ? loadReplay(msg.scenarioText, msg.replay, msg.at ?? 0, msg.commandLog)
      : loadRunner(msg.scenarioText, msg.commandLog, msg.at);
    if (!loaded.ok) {
      runner = undefined;
      extras = undefined;
      post({ type: 'invalid', message: loaded.message });
      return;
    }
    runner = loaded.runner;
    runner.views = msg.views;
    unacked = undefined;
    if (msg.resume) runner.resume(msg.resume);
    const opts: { step?: string; fresh?: boolean } = {};
    if (msg.step !== undefined) opts.step = msg.step;
    if (msg.fresh) opts.fresh = true;
    extras = new RunExtras(runner, opts);
    post(runner.snapshot());
    post(extras.message(true) as FromWorker);
    return;
  }
  // Test hook (the UI sends it only under ?e2e=1): an exception here is what an engine bug
  // looks like to the UI, so the crash banner and the restart can be tested end to end.
  if (msg.type === 'crash-for-test') throw new Error('a deliberate crash for a test (?e2e=1)');
  const r = runner;
  if (!r) return;
  switch (msg.type) {
    case 'command':
      r.command(msg.line);
      break;
    case 'play':
      r.clock.playing = true;
      lastWall = performance.now();
      break;
    case 'pause':
      r.clock.playing = false;
      break;
    case 'setSpeed':
      r.clock.speed = Math.max(0.1, Math.min(1000, msg.speed));
      if (msg.skipQuiet !== undefined) r.clock.skipQuiet = msg.skipQuiet;
      break;
    case 'step':
      r.clock.playing = false;
      r.step();
      extras?.afterAdvance();
      break;
    case 'seek':
      r.seek(msg.t);
      extras?.afterAdvance();
      post(r.snapshot());
      break;
    case 'lesson':
      if (extras?.handle(msg)) {
        post(r.snapshot());
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
  }
  scheduleFrame();
}

/** `kubectl apply -f -` with a YAML manifest needs the YAML parser, which loads on first use. */
function needsYaml(line: string): boolean {
  const nl = line.indexOf('\n');
  return nl >= 0 && /^\s*kubectl\s+apply\b/.test(line) && !isJsonManifest(line.slice(nl + 1));
}

let yamlLoaded: Promise<unknown> | undefined;
/** Messages are handled in order; one that needs the YAML parser waits for it, and so do later ones. */
let queue: Promise<unknown> = Promise.resolve();

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  const lines =
    msg.type === 'init'
      ? [...msg.commandLog, ...(msg.replay?.runLog ?? [])].map((c) => c.line)
      : msg.type === 'command'
        ? [msg.line]
        : [];
  if (!yamlLoaded && lines.some(needsYaml)) yamlLoaded = import('../sim/yaml');
  queue = queue
    .then(() => yamlLoaded)
    .then(() => handle(msg))
    .catch(fail);
};
