/**
 * What the worker tells the UI about the run as a whole, for share links, the last-run store,
 * export and lessons: the engine's whole command log (scenario timeline entries that ran and the
 * user's commands, in order: the `commands` of a share link), the trace hash, and the lesson.
 * Also: loading a run from a link (the command log replayed as the timeline, src/share/CONTEXT.md).
 */
import { maxOf, scenarioForReplay } from '../sim/runtime';
import { LessonTracker } from './lesson';
import type { LessonMessage, LoggedCommand, ReplayInput, RunInfo } from './protocol';
import { type Heartbeat, type LoadResult, parseScenarioJson, SimRunner } from './runner';

/**
 * A runner that replays a shared run: the scenario with its timeline replaced by the run's
 * command log (scenarioForReplay), played to `at`. Same inputs, same engine: same trace hash.
 */
export function loadReplay(
  scenarioJson: string,
  replay: ReplayInput,
  at: number,
  userLog: LoggedCommand[] = [],
  heartbeat?: Heartbeat,
): LoadResult {
  const p = parseScenarioJson(scenarioJson);
  if (!p.ok) return p;
  const opts: { now: number; seed?: number } = { now: at };
  if (replay.seed !== undefined) opts.seed = replay.seed;
  // Commands logged at 0 go to the runner's own log: the runner starts at 0 and runs its log's
  // commands due at the current time, but a timeline entry at 0 would wait for the clock to move.
  const atStart = replay.runLog.filter((c) => c.at <= 0);
  const later = replay.runLog.filter((c) => c.at > 0);
  // userLog: commands run after the shared moment (a restart after a crash brings them back).
  try {
    // A restart after a crash hands back the lost runner's whole log, which already holds atStart.
    const runner = new SimRunner(
      scenarioForReplay(p.scenario, later, opts),
      userLog.length ? userLog : atStart,
      heartbeat,
    );
    runner.heartbeat = heartbeat;
    runner.advance(maxOf(userLog, (c) => c.at, at));
    return { ok: true, runner };
  } catch (err) {
    return { ok: false, message: `the run cannot be replayed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** Keeps the lesson and the run info of one runner, and diffs what was sent. */
export class RunExtras {
  readonly lesson: LessonTracker | undefined;
  private sentLog = '';
  private sentHash = '';
  private sentLesson = '';

  constructor(
    private readonly runner: SimRunner,
    opts: { step?: string; fresh?: boolean } = {},
  ) {
    this.lesson = LessonTracker.for(runner.scenario);
    this.lesson?.begin(runner, opts.step, opts.fresh ?? false);
  }

  /** After the clock moved (a frame, a step, a command): the lesson may pause it. */
  afterAdvance(): void {
    this.lesson?.check(this.runner);
  }

  /** After a jump (seek): the active step is done or not as the new moment says. */
  afterSeek(): void {
    this.lesson?.resync(this.runner);
  }

  /** The learner ran a command (typed or clicked): it may take the lesson off its script. */
  userCommand(line: string): void {
    this.lesson?.userCommand(line);
  }

  /** Play was pressed: a step whose event has happened moves on. False: the clock stays paused (a step to read first). */
  onPlay(): boolean {
    return this.lesson?.onPlay(this.runner) ?? true;
  }

  /** Handles a lesson message. Returns true when the clock jumped (the UI needs a snapshot). */
  handle(msg: LessonMessage): boolean {
    const l = this.lesson;
    if (!l) return false;
    const before = this.runner.epoch;
    switch (msg.action) {
      case 'next':
        l.next(this.runner);
        break;
      case 'back':
        l.back(this.runner);
        break;
      case 'skip':
        l.skip(this.runner);
        break;
      case 'restart':
        l.restart(this.runner);
        break;
      case 'goto':
        l.goTo(this.runner, msg.step);
        break;
    }
    return this.runner.epoch !== before;
  }

  /** The run info if anything changed since the last call; `force` sends everything. */
  message(force = false): RunInfo | undefined {
    const log = this.runner.sim.engine.state.commandLog;
    const last = log[log.length - 1];
    const logSig = `${log.length}:${last?.at}:${last?.line}`;
    const hash = this.runner.sim.traceHash();
    const lesson = this.lesson?.state();
    const lessonSig = lesson ? JSON.stringify(lesson) : '';
    if (!force && logSig === this.sentLog && hash === this.sentHash && lessonSig === this.sentLesson) return undefined;
    const info: RunInfo = { type: 'run', traceHash: hash };
    if (force || logSig !== this.sentLog) info.runLog = log.map((c) => ({ at: c.at, line: c.line }));
    if (lesson && (force || lessonSig !== this.sentLesson)) info.lesson = lesson;
    this.sentLog = logSig;
    this.sentHash = hash;
    this.sentLesson = lessonSig;
    return info;
  }
}
