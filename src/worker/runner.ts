/**
 * The engine host used by the worker: owns the simulation, the user's command log, checkpoints
 * for seeking, the run as the terminal lists it, and the chapters known so far. Patches are built
 * from it by patches.ts. No worker globals here, so it runs (and is tested) in Node too.
 *
 * Time: the run has an end (the scenario's `spec.duration`): Play stops there and free play
 * continues when pressed again. "Skip quiet time" jumps to just before the next visible change.
 */
import {
  buildChart,
  buildScoreboard,
  type ChartData,
  type ClusterOverview,
  type CommandBy,
  createSimulation,
  formatSimTime,
  maxOf,
  OVERVIEW_ABOVE_NODES,
  overviewAt,
  RunHistory,
  type Scenario,
  type Scoreboard,
  type Simulation,
} from '../sim/runtime';
import {
  budgetFor,
  CHECKPOINT_EVERY,
  type Checkpoint,
  CheckpointStore,
  checkpointDue,
  restCheckpointDue,
} from './checkpoints';
import { Frontier } from './frontier';
import { PlayCost } from './play-cost';
import type { Chapter, ClockState, LoggedCommand, OpenViews, ResumeInput } from './protocol';
import { boundOutput, boundPieces, forkMessage, RunRecord, type UserCommand } from './the-run';

export { CHECKPOINT_EVERY } from './checkpoints';
export { forkMessage } from './the-run';

/**
 * Told how far a long computation got: a big cluster's start (times before 0, with the simulation
 * as it stands, so the page can draw it starting) or a long advance (a link replaying hours).
 */
export type Heartbeat = (now: number, starting?: Simulation) => void;

/** With "skip quiet time", the clock lands this long before the next visible change, then plays. */
export const QUIET_LEAD_MS = 2000;
/** A snapshot dearer than this (wall ms) makes skip quiet time's look-ahead dear (lookAheadIsDear). */
const DEAR_LOOK_AHEAD_MS = 100;
/** Without `spec.duration`, a scenario ends this long after its last timeline entry. */
export const DEFAULT_TAIL_MS = 10 * 60_000;

export type LoadResult = { ok: true; runner: SimRunner } | { ok: false; message: string };

/**
 * The scenario as the main thread sends it: `{"normalised": Scenario}`, already parsed and
 * validated there (state/bridge.ts) or generated from a built-in file and checked by a test. The
 * worker does not validate again, which keeps the parser and validator out of its bundle.
 */
export function parseScenarioJson(text: string): { ok: true; scenario: Scenario } | { ok: false; message: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `the scenario is not valid JSON: ${(err as Error).message}` };
  }
  const scenario = (data as { normalised?: Scenario } | null)?.normalised;
  if (scenario?.kind !== 'Scenario' || !Array.isArray(scenario.spec?.nodes)) {
    return { ok: false, message: 'the scenario reached the engine without being validated first' };
  }
  return { ok: true, scenario };
}

/** Loads the (normalised) scenario and replays the command log up to `at` (default: the last command). */
export function loadRunner(scenarioJson: string, log: LoggedCommand[], at?: number, heartbeat?: Heartbeat): LoadResult {
  const parsed = parseScenarioJson(scenarioJson);
  if (!parsed.ok) return parsed;
  let runner: SimRunner;
  try {
    runner = new SimRunner(parsed.scenario, log, heartbeat);
    runner.heartbeat = heartbeat;
    runner.advance(at ?? maxOf(log, (c) => c.at, 0));
  } catch (err) {
    return { ok: false, message: `the scenario cannot start: ${err instanceof Error ? err.message : String(err)}` };
  }
  return { ok: true, runner };
}

/** The scenario's end: `spec.duration` (the validator sets it: 10 minutes after the last timeline entry by default). */
export function scenarioEnd(s: Scenario): number {
  const d = s.spec.duration;
  if (typeof d === 'number' && d > 0) return d;
  return maxOf(s.spec.timeline, (t) => t.at, 0) + DEFAULT_TAIL_MS;
}

export class SimRunner {
  readonly scenario: Scenario;
  sim: Simulation;
  /** Bumped at every jump (seek, load): patches of an older epoch are dropped by the page. */
  epoch = 0;
  clock: ClockState;
  /** Commands the user ran, in time order; `applied` of them are in the current state. */
  private userLog: UserCommand[];
  private applied = 0;
  readonly checkpoints = new CheckpointStore();
  readonly record: RunRecord;
  readonly frontier = new Frontier();
  /**
   * What happened when, as of the furthest time reached (the space-time chart's data): replays
   * after a seek back do not record again; a fork drops the old future.
   */
  readonly history: RunHistory;
  /** The furthest time the history recorded (the clock's `reached`, but not what a crash's resume says was reached). */
  private recorded = 0;
  views: OpenViews = { kubectl: [] };
  /** Set when the user's log changed (the page keeps a copy for crash recovery). */
  logChanged = false;
  /** Commands that went on running (`kubectl drain`), by the engine's id: their entry in the run. */
  private readonly runningEntries = new Map<number, number>();
  /** Where the next visible change was found by a look-ahead (skip quiet time), while still valid. */
  private nextChange: { at: number; change: number } | undefined;
  /** Wall ms the last checkpoint's snapshot took, and the engine has spent advancing since (see checkpointDue). */
  private snapshotMs = 0;
  private advancedMs = 0;
  /** Wall ms spent advancing the engine and the simulated ms it advanced, since the start: its pace. */
  private paceWallMs = 0;
  private paceSimMs = 0;
  /** Wall ms the first play of each stretch took: what replaying it will take (seek estimates). */
  private readonly playCost = new PlayCost(CHECKPOINT_EVERY);
  /** Wall ms of the last restore (until there is one, the last snapshot's cost stands for it). */
  private restoreMs: number | undefined;
  /**
   * Called at every checkpoint boundary of a long advance (a link replaying hours): the worker
   * tells the page it is alive and how far it got, so the watchdog does not take it for hung.
   */
  heartbeat: Heartbeat | undefined;
  /** Told when one advance runs long between checkpoints (the engine's onBusy), when no heartbeat is set. */
  busy: Heartbeat | undefined;
  /** Told before a seek carried out in one go (a lesson's Back or Restart) restores and replays. */
  beforeSeek: ((t: number) => void) | undefined;

  /** `boot`: told how far a big cluster's start got (times before 0), for the watchdog and its drawing. */
  constructor(scenario: Scenario, log: LoggedCommand[], boot?: Heartbeat) {
    this.scenario = scenario;
    this.sim = createSimulation(scenario, boot ? { onBoot: boot } : {});
    this.sim.whenBusy(() => (this.heartbeat ?? this.busy)?.(this.sim.now));
    // Outputs are kept as the terminal shows them, read piece by piece: `kubectl get pods -A -o
    // yaml` at 150,000 pods never becomes one string, and the watchdog hears from a long one.
    this.sim.collectOutput = (pieces) => boundPieces(pieces, () => (this.heartbeat ?? this.busy)?.(this.sim.now));
    this.history = new RunHistory(this.sim);
    // Recording a big cluster's start for the chart, then its first checkpoint, take seconds.
    boot?.(this.sim.now);
    this.clock = { now: 0, playing: false, speed: 10, skipQuiet: false, reached: 0, end: scenarioEnd(scenario) };
    this.record = new RunRecord(scenario.spec.timeline);
    this.userLog = [...log]
      .sort((a, b) => a.at - b.at)
      .map((c) => ({ ...c, id: this.record.addUser(c.at, c.line, c.by) }));
    this.checkpoint();
  }

  get now(): number {
    return this.sim.now;
  }

  /** The user's commands, in time order (the input that reproduces the run with the scenario). */
  get log(): LoggedCommand[] {
    return this.userLog.map(({ id: _id, ...c }) => c);
  }

  /** Count of processed state changes (cheap "did anything move?" check). */
  get changeCount(): number {
    return this.sim.engine.state.changeCount;
  }

  /** Chapters known in this future: up to the furthest time reached. */
  get chapters(): readonly Chapter[] {
    return this.frontier.chapters;
  }

  /**
   * A checkpoint at the frontier (replaying after a seek back passes moments already kept: no
   * snapshot is taken then). The budget follows the cluster's size.
   */
  private checkpoint(): void {
    if (this.sim.now <= this.checkpoints.lastTime) return;
    const playing = this.clock.playing ? { simMsSince: this.sim.now - this.checkpoints.lastTime } : undefined;
    if (!checkpointDue(this.snapshotMs, this.advancedMs, playing)) return;
    this.takeCheckpoint();
  }

  /**
   * A checkpoint where the clock came to rest (the worker calls it a moment after a pause): a
   * dear one that playing deferred (checkpointDue) is taken now, at this very time, while nobody
   * watches the clock. True when one was taken.
   */
  restCheckpoint(): boolean {
    if (this.clock.playing || this.sim.now <= this.checkpoints.lastTime) return false;
    if (!restCheckpointDue(this.snapshotMs, this.advancedMs)) return false;
    this.takeCheckpoint();
    return true;
  }

  private takeCheckpoint(): void {
    const e = this.sim.engine;
    let containers = 0;
    for (const h of Object.values(e.state.hosts)) containers += Object.keys(h.containers).length;
    this.checkpoints.setBudget(budgetFor(e.list('Pod').length, containers));
    const t0 = performance.now();
    const snap = this.sim.snapshot();
    this.snapshotMs = performance.now() - t0;
    this.advancedMs = 0;
    this.checkpoints.add({ t: this.sim.now, applied: this.applied, snap });
  }

  /** Advance to `target`, running the scenario's and the user's commands on the way and checkpointing every 30 s. */
  advance(target: number): void {
    for (;;) {
      const next = this.userLog[this.applied];
      const boundary = (Math.floor(this.sim.now / CHECKPOINT_EVERY) + 1) * CHECKPOINT_EVERY;
      const entry = this.scenario.spec.timeline.find((x) => x.at > this.sim.now);
      const stop = Math.min(target, boundary, next ? next.at : Infinity, entry ? entry.at : Infinity);
      if (stop > this.sim.now) this.advanceSim(stop);
      while (this.userLog[this.applied] && (this.userLog[this.applied] as UserCommand).at <= this.sim.now) {
        const c = this.userLog[this.applied] as UserCommand;
        const res = this.sim.run(c.line, { by: c.by ?? 'you' });
        this.record.ran(c.id, res.canonical, res.output, res.ok, res.running !== undefined);
        if (res.running) this.runningEntries.set(res.running.id, c.id);
        this.applied++;
      }
      if (this.sim.now === boundary) {
        this.checkpoint();
        this.heartbeat?.(this.sim.now);
      }
      if (this.sim.now >= target) break;
    }
    this.syncRunning();
    this.noteTime();
  }

  /**
   * The output of commands still running (or finished since) into their entries: a drain's
   * `pod/… evicted` lines appear as they are printed, and the entry stops running when it ends.
   */
  private syncRunning(): void {
    if (!this.runningEntries.size) return;
    for (const c of this.sim.runningCommands()) {
      const id = this.runningEntries.get(c.id);
      if (id === undefined) continue;
      this.record.ran(id, '', boundOutput(c.output), c.done ? c.done.ok : true, !c.done);
    }
  }

  /** Moves the engine to `t`; the scenario's commands due then run, and their outputs are recorded. */
  private advanceSim(t: number): void {
    const t0 = performance.now();
    const from = this.sim.now;
    this.sim.advanceTo(t);
    const ms = performance.now() - t0;
    this.advancedMs += ms;
    this.paceWallMs += ms;
    this.paceSimMs += this.sim.now - from;
    this.playCost.add(from, this.sim.now, ms);
    for (const { index, result } of this.sim.takeTimelineResults()) {
      const id = this.record.scenarioEntry(index);
      if (id === undefined) continue;
      this.record.ran(id, result.canonical, result.output, result.ok, result.running !== undefined);
      if (result.running) this.runningEntries.set(result.running.id, id);
    }
  }

  private noteTime(): void {
    this.clock.now = this.sim.now;
    if (this.sim.now >= this.clock.reached) {
      this.clock.reached = this.sim.now;
      this.frontier.update(this.sim);
    }
    if (this.sim.now > this.recorded) this.recorded = this.sim.now;
  }

  /**
   * Jump to `t`: restore the nearest checkpoint at or before it and replay forward. Going forward
   * within the time already reached (after a seek back), a checkpoint between now and `t` is
   * restored too when that costs less than replaying up to it: a 5,000-node run replays a simulated
   * minute in seconds, and its checkpoints are minutes apart.
   */
  seek(t: number): void {
    this.beforeSeek?.(t);
    this.advance(this.seekStart(t));
    this.seekEnd();
  }

  /**
   * The first part of a seek (seek-job.ts carries a long one out in slices): restores the
   * checkpoint it replays from, if any, and returns the target as it will be carried out. The
   * clock moves only with the replay (seekToward).
   */
  seekStart(t: number): number {
    t = this.seekTarget(t);
    const cp = this.seekCheckpoint(t);
    if (cp) {
      this.history.freezeUntil(this.clock.reached);
      const r0 = performance.now();
      this.sim.restore(cp.snap);
      this.restoreMs = performance.now() - r0;
      this.applied = cp.applied;
    }
    return t;
  }

  /**
   * Replays toward `t` (after seekStart) for about `wallMs` of wall time, in steps the engine's
   * pace says take a quarter of that each (at least a simulated second; a second until the pace is
   * known); at least one step, so a restored checkpoint's commands run and the clock shows where
   * the engine is. True once there. Stepping changes nothing (the frame loop advances in steps of
   * any size too).
   */
  seekToward(t: number, wallMs: number): boolean {
    const end = performance.now() + wallMs;
    do {
      const step = (wallMs / 4) * (this.pace ?? 0);
      this.advance(Math.min(t, this.sim.now + Math.max(1000, Math.round(step))));
    } while (this.sim.now < t && performance.now() < end);
    return this.sim.now >= t;
  }

  /** A seek is over, where the clock is (at its target, or stopped on the way): patches of before are stale. */
  seekEnd(): void {
    this.epoch++;
  }

  /** A seek's target as carried out: whole ms, never before the first checkpoint. */
  private seekTarget(t: number): number {
    return Math.max(this.checkpoints.first?.t ?? 0, Math.round(t));
  }

  /** The checkpoint a seek to `t` restores: at or before it going back, a cheaper one ahead going forward. */
  private seekCheckpoint(t: number): Checkpoint | undefined {
    return t < this.sim.now ? this.checkpoints.atOrBefore(t) : this.laterCheckpoint(t);
  }

  /** The checkpoint at or before `t` and after now, if restoring it beats replaying up to it. */
  private laterCheckpoint(t: number): Checkpoint | undefined {
    const cp = this.checkpoints.atOrBefore(t);
    const pace = this.pace;
    if (!cp || cp.t <= this.sim.now || pace === undefined) return undefined;
    return (this.restoreMs ?? this.snapshotMs) < this.playCost.estimate(this.sim.now, cp.t, pace) ? cp : undefined;
  }

  /** Simulated ms the engine advances per wall ms, so far; undefined until it has advanced. */
  private get pace(): number | undefined {
    return this.paceSimMs > 0 && this.paceWallMs > 0 ? this.paceSimMs / this.paceWallMs : undefined;
  }

  /**
   * About how long (wall ms) replaying from `from` to `t` takes: what the first play of that
   * stretch took (PlayCost; a part never played, at the engine's pace so far), plus a restore's
   * cost when `restoring`; undefined until the engine has a pace.
   */
  replayEstimate(from: number, t: number, restoring = false): number | undefined {
    const pace = this.pace;
    if (pace === undefined) return undefined;
    const replay = t > from ? this.playCost.estimate(from, t, pace) : 0;
    return Math.round(replay + (restoring ? (this.restoreMs ?? this.snapshotMs) : 0));
  }

  /** The simulated time a seek to `t` replays from: the checkpoint it restores, or now. */
  seekFrom(t: number): number {
    return this.seekCheckpoint(this.seekTarget(t))?.t ?? this.sim.now;
  }

  /**
   * A big cluster's overview at the target of a seek to `t`, drawn from the history (overviewAt)
   * while the engine restores and replays to it; undefined for a small cluster (drawn as cards),
   * a moment the history has not recorded, or machines that come and go (a cloud).
   */
  previewAt(t: number): ClusterOverview | undefined {
    t = this.seekTarget(t);
    if (t > this.recorded || this.sim.machineCount() <= OVERVIEW_ABOVE_NODES) return undefined;
    return overviewAt(this.sim, this.history, t);
  }

  /** Step to the next visible state change (bounded to one hour ahead, and by the user's next command). */
  step(within?: number): void {
    const nextCmd = this.userLog[this.applied];
    let limit = nextCmd ? nextCmd.at : this.sim.now + 3_600_000;
    if (within !== undefined) limit = Math.min(limit, within);
    const t = this.sim.step(limit);
    this.advance(t ?? limit);
  }

  /**
   * A look-ahead (nextChangeAt) snapshots and restores the whole state: more than this many ms
   * (a cluster of thousands of machines) and skip quiet time runs on for real instead (pacing.ts).
   */
  get lookAheadIsDear(): boolean {
    return this.snapshotMs > DEAR_LOOK_AHEAD_MS;
  }

  /**
   * When the next visible change happens (a state change, or the user's next command), looking at
   * most to `limit`; undefined if nothing does. The engine is put back exactly as it was.
   */
  nextChangeAt(limit: number): number | undefined {
    const change = this.changeCount;
    if (this.nextChange && this.nextChange.change === change && this.nextChange.at > this.now)
      return this.nextChange.at <= limit ? this.nextChange.at : undefined;
    const nextCmd = this.userLog[this.applied];
    const bound = Math.min(limit, nextCmd ? nextCmd.at : Infinity);
    const snap = this.sim.snapshot();
    this.history.paused = true;
    let at: number | undefined;
    try {
      at = this.sim.step(bound);
    } finally {
      this.history.paused = false;
    }
    this.sim.restore(snap);
    if (at === undefined && nextCmd && nextCmd.at <= limit) at = nextCmd.at;
    if (at !== undefined) this.nextChange = { at, change };
    return at;
  }

  /**
   * Run a command now; returns its canonical form. Acting in the past forks: the logged future
   * after now is dropped. `by`: a lesson step's own command is the scenario's, not the learner's.
   */
  command(line: string, by: CommandBy = 'you'): string {
    const now = this.sim.now;
    if (this.applied < this.userLog.length || this.clock.reached > now) this.fork(now, true);
    const res = this.sim.run(line, { by });
    const canonical = res.canonical || line;
    const id = this.record.addUser(now, canonical, by);
    this.record.ran(id, canonical, res.output, res.ok, res.running !== undefined);
    if (res.running) this.runningEntries.set(res.running.id, id);
    // ^C ends a running command: its entry says so at once.
    this.syncRunning();
    this.userLog.push(by === 'you' ? { at: now, line: canonical, id } : { at: now, line: canonical, id, by });
    this.applied = this.userLog.length;
    this.logChanged = true;
    this.noteTime();
    return canonical;
  }

  /** Forget the user's commands after now (the "will replay" ones): a fork with no new command. */
  dropFuture(): void {
    if (this.applied < this.userLog.length || this.clock.reached > this.now) this.fork(this.now, false);
    this.noteTime();
  }

  private fork(now: number, acting: boolean): void {
    const dropped = this.userLog.slice(this.applied);
    this.userLog = this.userLog.slice(0, this.applied);
    this.checkpoints.dropAfter(now);
    this.history.truncate(now);
    this.record.fork(
      now,
      dropped.map((c) => c.id),
    );
    this.frontier.fork(now);
    this.clock.reached = now;
    this.recorded = now;
    this.nextChange = undefined;
    this.logChanged = true;
    if (acting || dropped.length) this.record.info(now, forkMessage(now, dropped));
  }

  /**
   * After a crash the UI hands back what it already showed (the run's entries, the chapters and
   * the known end), so the restarted run looks exactly as before. Call before the first snapshot.
   */
  resume(r: ResumeInput): void {
    this.record.adopt(r.run, this.userLog);
    this.frontier.adopt(r.chapters);
    if (r.reached > this.clock.reached) this.clock.reached = r.reached;
    const n = this.userLog.length;
    this.info(
      `Restarted after a crash at ${formatSimTime(this.now)}: the scenario and ${n === 1 ? '1 command' : `${n} commands`} replayed.`,
    );
  }

  /** The space-time chart of the run so far (to the furthest time reached). */
  chart(): ChartData {
    return buildChart(this.history, {
      end: this.clock.end,
      until: this.clock.reached,
      grace: this.sim.engine.state.settings.nodeMonitorGracePeriod,
    });
  }

  /** The recovery scoreboard of the run so far. */
  scoreboard(): Scoreboard {
    return buildScoreboard(this.history, this.chapters, this.clock.reached);
  }

  info(text: string): void {
    this.record.info(this.sim.now, text);
  }
}
