/**
 * The UI side of the worker bridge: starts the engine worker, sends typed messages, and restarts
 * the worker from the scenario and the command log if it ever crashes, so nothing is lost.
 * Messages are handed to the UI in the next animation frame, in order, all at once (so a frame
 * sees at most one render pass), and each patch is acknowledged after it was applied: the worker
 * sends the next only then (back-pressure, see protocol.ts).
 */
import type { FromWorker, LoggedCommand, OpenViews, ResumeInput, ToWorker } from './protocol';

export interface ClientHooks {
  onMessage(msg: FromWorker): void;
  /** The worker crashed; it is being restarted from the scenario and the command log. */
  onCrash(message: string): void;
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
    /** What the UI already showed (terminal lines, markers, the timeline's known end). */
    resume: ResumeInput;
  };
}

/** Init fields besides the scenario and the user's commands (share links, lessons). */
export type LoadExtra = Pick<Extract<ToWorker, { type: 'init' }>, 'replay' | 'step' | 'fresh' | 'resume'>;

export class SimClient {
  private worker: Worker | undefined;
  private scenarioText = '';
  private crashes = 0;
  private extra: LoadExtra = {};
  /** Messages received since the last animation frame, applied together in the next one. */
  private pending: FromWorker[] = [];
  private flushScheduled = false;

  constructor(private readonly hooks: ClientHooks) {}

  private spawn(): Worker {
    const w = new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (ev: MessageEvent<FromWorker>) => {
      if (w !== this.worker) return; // a message from a worker already replaced
      if (ev.data.type === 'fatal') this.crash(ev.data.message);
      else {
        this.pending.push(ev.data);
        this.scheduleFlush();
      }
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      this.crash(ev.message || 'the simulation worker stopped');
    };
    return w;
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
    this.extra = extra;
    this.worker?.terminate();
    this.pending = [];
    this.worker = this.spawn();
    const msg: ToWorker = { type: 'init', scenarioText, commandLog, views, ...extra };
    if (at !== undefined) msg.at = at;
    this.worker.postMessage(msg);
  }

  send(msg: ToWorker): void {
    this.worker?.postMessage(msg);
  }

  private crash(message: string): void {
    this.hooks.onCrash(message);
    this.worker?.terminate();
    this.worker = undefined;
    // A crash that repeats at once would loop; after three, stay stopped and keep the banner.
    if (++this.crashes > 3) return;
    const r = this.hooks.recovery();
    // The lesson resumes where it was (not from its first step), the replayed run stays replayed.
    const extra: LoadExtra = { resume: r.resume };
    if (this.extra.replay) extra.replay = this.extra.replay;
    if (r.step !== undefined) extra.step = r.step;
    this.load(this.scenarioText, r.commandLog, r.views, r.at, extra);
    this.send({ type: 'setSpeed', speed: r.speed, skipQuiet: r.skipQuiet });
    if (r.playing) this.send({ type: 'play' });
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }
}
