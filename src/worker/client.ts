/**
 * The UI side of the worker bridge: starts the engine worker, sends typed messages, and restarts
 * the worker from the scenario and the command log if it ever crashes, so nothing is lost.
 * Messages are handed to the UI in the next animation frame, in order, all at once (so a frame
 * sees at most one render pass), and each patch is acknowledged after it was applied: the worker
 * sends the next only then (back-pressure, see protocol.ts).
 *
 * A watchdog pings the worker every few seconds: a worker that stops answering (an endless loop,
 * or one that closed itself) is noticed, stopped, and reported, with a restart offered from the
 * last moment the page saw.
 */
import type { FromWorker, LoggedCommand, OpenViews, ResumeInput, ToWorker } from './protocol';

export interface ClientHooks {
  onMessage(msg: FromWorker): void;
  /** The worker crashed; `restarting` says whether it is being restarted from the scenario and the command log. */
  onCrash(message: string, restarting: boolean): void;
  /** A restarted worker delivered its first snapshot: the run is back. */
  onRecovered(): void;
  /** The worker stopped answering; it was stopped. `restart()` brings it back from the last good moment. */
  onHang(): void;
  /** A long load, seek or comparison is under way: it got to `at` of `target` (simulated ms). */
  onProgress?(at: number, target: number, phase?: 'compare' | 'seek', leftMs?: number): void;
  /** The worker answered every seek asked for: none is under way any more. */
  onSeeked?(): void;
  /** The inputs needed to rebuild the run after a crash. */
  recovery(): {
    commandLog: LoggedCommand[];
    at: number;
    views: OpenViews;
    playing: boolean;
    speed: number;
    skipQuiet: boolean;
    /** The active lesson step, if any. */
    step?: string;
    /** What the UI already showed (the run's entries, chapters, the known end). */
    resume: ResumeInput;
  };
}

/** Init fields besides the scenario and the user's commands (share links, lessons). */
export type LoadExtra = Pick<Extract<ToWorker, { type: 'init' }>, 'replay' | 'step' | 'fresh' | 'resume'>;

/** Crashes within this window count together; more than MAX_CRASHES and the client stops restarting. */
const CRASH_WINDOW_MS = 60_000;
const MAX_CRASHES = 3;
const PING_EVERY_MS = 2000;
/** No answer for this long (while the page is visible) and the worker is taken as hung. */
export const HANG_AFTER_MS = 8000;

/**
 * How long a worker may stay silent before it is taken as hung, for a cluster of `machines`: a
 * very big one has steps the engine cannot interrupt to say it is alive (its first snapshot of
 * 150,000 pods, a full garbage collection of a multi-gigabyte heap), measured at up to ~11 s at
 * 5,000 machines on a quiet machine, and past 28 s on the same machine under load (the built-in
 * zone-down-5000 was stopped at the end of its start). 8 s up to 1,000 machines, then 12 s more
 * per 1,000: 56 s at 5,000, five times the quiet figure.
 */
export function hangAfterFor(machines: number): number {
  return HANG_AFTER_MS + Math.max(0, Math.ceil((machines - 1000) / 1000)) * 12_000;
}

/**
 * A tick this much later than PING_EVERY_MS after the previous one means the page itself did not
 * run meanwhile (a long task, a busy browser: a 2 MB address took tens of seconds on a loaded
 * machine): the worker's answers wait in the same queue as the tick, so its silence says nothing.
 */
export const PAGE_STALL_MS = 2 * PING_EVERY_MS;

/**
 * The watchdog's verdict at a tick (`now`, `lastTick` and `lastHeard` from performance.now()):
 * `reset` (start counting again: the page was hidden, or stalled itself), `hung` (silent for
 * longer than `hangAfter` while the page ran), or `ping`.
 */
export function watchdogVerdict(
  now: number,
  lastTick: number,
  lastHeard: number,
  hangAfter: number,
  hidden: boolean,
): 'reset' | 'hung' | 'ping' {
  if (hidden || now - lastTick > PING_EVERY_MS + PAGE_STALL_MS) return 'reset';
  return now - lastHeard > hangAfter ? 'hung' : 'ping';
}

/** Machines in a normalised scenario (the text the worker is given), 0 when it cannot tell. */
function machinesIn(scenarioText: string): number {
  try {
    const n = (JSON.parse(scenarioText) as { normalised?: { spec?: { nodes?: unknown[] } } }).normalised?.spec?.nodes;
    return Array.isArray(n) ? n.length : 0;
  } catch {
    return 0;
  }
}

export class SimClient {
  private worker: Worker | undefined;
  private scenarioText = '';
  private crashTimes: number[] = [];
  private extra: LoadExtra = {};
  /** Messages received since the last animation frame, applied together in the next one. */
  private pending: FromWorker[] = [];
  private flushScheduled = false;
  private lastHeard = 0;
  /** HANG_AFTER_MS, longer for a very big cluster (hangAfterFor). */
  private hangAfter = HANG_AFTER_MS;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pingId = 0;
  /** A restart is under way: its first snapshot means the run is back. */
  private recovering = false;
  /** Settings of the page the worker keeps (pause at chapters): sent again to every new worker. */
  private readonly sticky = new Map<ToWorker['type'], ToWorker>();
  /**
   * Seeks sent and not answered yet (`seekDone`). They all go at once: the worker's seek under
   * way takes a later one over (seek-job.ts), so dragging the timeline of a big cluster does not
   * queue a replay per input event.
   */
  private seeksInFlight = 0;

  constructor(private readonly hooks: ClientHooks) {}

  private spawn(): Worker {
    const w = new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (ev: MessageEvent<FromWorker>) => {
      if (w !== this.worker) return; // a message from a worker already replaced
      this.lastHeard = performance.now();
      const m = ev.data;
      if (m.type === 'fatal') this.crash(m.message, m.final === true);
      else if (m.type === 'progress') this.hooks.onProgress?.(m.at, m.target, m.phase, m.leftMs);
      else if (m.type === 'seekDone') {
        this.seeksInFlight = Math.max(0, this.seeksInFlight - 1);
        if (!this.seeksInFlight) this.hooks.onSeeked?.();
      } else if (m.type !== 'pong') {
        if (this.recovering && m.type === 'snapshot') {
          this.recovering = false;
          this.hooks.onRecovered();
        }
        this.pending.push(m);
        this.scheduleFlush();
      }
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      this.crash(ev.message || 'the simulation worker stopped');
    };
    this.lastHeard = performance.now();
    this.watch();
    return w;
  }

  /** Pings the worker; a worker silent for longer than hangAfter while the page is visible is stopped. */
  private watch(): void {
    if (this.pingTimer !== undefined) return;
    let lastTick = performance.now();
    this.pingTimer = setInterval(() => {
      const now = performance.now();
      const tick = lastTick;
      lastTick = now;
      if (!this.worker) return;
      // A hidden tab throttles timers, a stalled page runs none: judge only what happened while the page ran.
      const verdict = watchdogVerdict(now, tick, this.lastHeard, this.hangAfter, document.hidden);
      if (verdict === 'reset') {
        this.lastHeard = now;
        return;
      }
      if (verdict === 'hung') {
        this.worker.terminate();
        this.worker = undefined;
        this.recovering = false;
        this.hooks.onHang();
        return;
      }
      this.worker.postMessage({ type: 'ping', id: ++this.pingId } satisfies ToWorker);
    }, PING_EVERY_MS);
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // A hidden tab runs no animation frames; a timer keeps it applying (and acknowledging) then.
    if (typeof requestAnimationFrame === 'function' && !document.hidden) requestAnimationFrame(this.flush);
    else setTimeout(this.flush, 100);
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    const msgs = this.pending;
    this.pending = [];
    let ack: number | undefined;
    for (const m of msgs) {
      this.hooks.onMessage(m);
      if (m.type === 'patch') ack = m.seq;
    }
    if (ack !== undefined) this.send({ type: 'ack', seq: ack });
  };

  /**
   * Load a scenario (JSON text), optionally replaying a command log up to `at`. `extra` replays a
   * shared run and resumes its lesson step; it is kept for restarts after a crash.
   */
  load(scenarioText: string, commandLog: LoggedCommand[], views: OpenViews, at?: number, extra: LoadExtra = {}): void {
    this.scenarioText = scenarioText;
    this.hangAfter = hangAfterFor(machinesIn(scenarioText));
    this.extra = extra;
    this.worker?.terminate();
    this.pending = [];
    this.seeksInFlight = 0;
    this.worker = this.spawn();
    const msg: ToWorker = { type: 'init', scenarioText, commandLog, views, ...extra };
    if (at !== undefined) msg.at = at;
    this.worker.postMessage(msg);
    for (const m of this.sticky.values()) this.worker.postMessage(m);
  }

  /** Sends a page setting now and to every worker started later (after a load or a crash). */
  configure(msg: ToWorker): void {
    this.sticky.set(msg.type, msg);
    this.send(msg);
  }

  send(msg: ToWorker): void {
    const w = this.worker;
    if (!w) return;
    if (msg.type === 'seek') this.seeksInFlight++;
    w.postMessage(msg);
  }

  /** Is a worker running (not stopped after a hang or too many crashes)? */
  get alive(): boolean {
    return this.worker !== undefined;
  }

  private crash(message: string, final = false): void {
    this.worker?.terminate();
    this.worker = undefined;
    const now = performance.now();
    this.crashTimes = [...this.crashTimes.filter((t) => now - t < CRASH_WINDOW_MS), now];
    // A crash that repeats at once would loop; after three in a minute, stay stopped and say so.
    const restarting = !final && this.crashTimes.length <= MAX_CRASHES;
    this.hooks.onCrash(message, restarting);
    if (restarting) this.restart();
  }

  /** Rebuilds the run in a new worker from the scenario, the command log and what the UI showed. */
  restart(opts: { play?: boolean } = {}): void {
    const r = this.hooks.recovery();
    // The lesson resumes where it was (not from its first step), the replayed run stays replayed.
    const extra: LoadExtra = { resume: r.resume };
    if (this.extra.replay) extra.replay = this.extra.replay;
    if (r.step !== undefined) extra.step = r.step;
    const keep = this.extra;
    this.recovering = true;
    this.load(this.scenarioText, r.commandLog, r.views, r.at, extra);
    this.extra = keep;
    this.send({ type: 'setSpeed', speed: r.speed, skipQuiet: r.skipQuiet });
    if (opts.play ?? r.playing) this.send({ type: 'play' });
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = undefined;
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }
}
