/**
 * Guided lessons in the worker (DESIGN section 7): which step of the scenario's `lesson:` is
 * active, when it started, and whether the simulation event it waits for has happened. Checked
 * after every advance, so a step completes on the engine's own state, never on a wall-clock timer.
 *
 * Rules (a lesson cannot get stuck, whatever the learner presses):
 * - a step with `waitFor` is done when its condition holds (compileLesson + stepComplete); the
 *   first time that happens while playing, the clock pauses, so the narration lines up with the
 *   moment. "Happened at" is the event's own time (conditionSince), not when it was noticed;
 * - a step starts at the moment of the step before it (its event's time, or its own start for a
 *   narration), not when the learner pressed on: an event that came in between (the clock pauses
 *   up to a simulated second after an event, and a fast clock or a seek passes several) counts;
 * - a step whose event did not happen by the scenario's end says so (`notFound`) and Next or Play
 *   goes on;
 * - a prediction always stops the clock: playing never runs through one, Play on one is Next (the
 *   page first reveals the answer: "show me"), and arriving at one leaves the clock paused;
 * - a narration (no `waitFor`, no prediction) played through moves on to the next step when that
 *   step's event happens, and pauses there (never past a prediction);
 * - Play on a done step is Next: the following step starts and the clock runs, unless that step
 *   is done already or is a prediction (then it is shown, paused);
 * - a learner who changes the cluster on their own (a command that is not a read and not what the
 *   step waits for) has left the lesson's script: from then on the lesson narrates but no longer
 *   stops the clock, until it is restarted or a step is chosen again;
 * - Next starts the following step and runs its `run` command now (a fork, if in the past);
 * - Back returns to the previous step and seeks to the time that step started; a seek to before
 *   the active step's start goes back to the step that was active then;
 * - after the last step comes the recap and free play (`index === steps.length`).
 */
import { type CompiledStep, compileLesson, conditionSince, type Scenario, stepComplete } from '../sim/runtime';
import type { LessonState, LessonStepView } from './protocol';
import type { SimRunner } from './runner';

/** Longest a `Skip ahead` looks for the step's event. */
export const SKIP_LIMIT_MS = 3_600_000;
/** Bound on engine steps per skip (each is one state change). */
const SKIP_MAX_STEPS = 200_000;

export class LessonTracker {
  private readonly steps: CompiledStep[];
  private readonly scenarioName: string;
  index = 0;
  /** Known start time of each step reached (undefined: not known, e.g. opened from a link). */
  private starts: (number | undefined)[] = [];
  private done = false;
  private doneAt: number | undefined;
  private notFound = false;
  /** The learner changed the cluster on their own: the lesson no longer pauses the clock. */
  private offScript = false;

  private constructor(scenario: Scenario, steps: CompiledStep[]) {
    this.scenarioName = scenario.metadata.name;
    this.steps = steps;
  }

  /** A tracker for the scenario's lesson, or undefined when it has none (or it does not compile). */
  static for(scenario: Scenario): LessonTracker | undefined {
    if (!scenario.spec.lesson.length) return undefined;
    const compiled = compileLesson(scenario.spec.lesson);
    return compiled.ok ? new LessonTracker(scenario, compiled.steps) : undefined;
  }

  get length(): number {
    return this.steps.length;
  }

  /**
   * Start (or resume) the lesson. `stepId` from a link resumes at that step, started `now`;
   * otherwise the lesson begins with its first step (running its `run` on a fresh run at 0).
   */
  begin(r: SimRunner, stepId?: string, fresh = false): void {
    const at = stepId === undefined ? -1 : this.indexOf(stepId);
    this.index = Math.max(at, 0);
    this.starts = [];
    // A fresh lesson starts with the scenario; one opened from a link starts where the link is.
    this.starts[this.index] = at < 0 ? 0 : r.now;
    const first = this.steps[this.index];
    if (fresh && first?.run && r.now === 0) r.command(first.run, 'scenario');
    this.evaluate(r, false);
  }

  private indexOf(id: string): number {
    if (id === 'free-play') return this.steps.length;
    return this.steps.findIndex((s) => s.id === id);
  }

  /** Re-checks the lesson after the clock moved. Returns true if it paused the clock. */
  check(r: SimRunner): boolean {
    const step = this.steps[this.index];
    if (step?.predict && r.clock.playing && !this.offScript) {
      // A prediction is asked with the clock stopped: the outcome must not play before the answer.
      r.clock.playing = false;
      return true;
    }
    if (step && !step.condition && !step.predict && r.clock.playing) {
      // Playing through a narration: catch the next step's event (never past a prediction).
      const j = this.steps.findIndex((s, i) => i > this.index && (s.condition !== undefined || s.predict));
      const next = this.steps[j];
      if (next?.predict) {
        this.moveThrough(j);
        if (!this.offScript) r.clock.playing = false;
        return !this.offScript;
      }
      if (next && stepComplete(r.sim.engine, next, this.startedAt())) {
        this.moveThrough(j);
        this.done = false;
      }
    }
    const paused = this.evaluate(r, true);
    // The scenario ended before the step's event: say so, and let Next (or Play) go on.
    const current = this.steps[this.index];
    if (this.done) this.notFound = false;
    else if (current?.condition && r.now >= r.clock.end) this.notFound = true;
    return paused;
  }

  /** Moves to step `j`, the narrations on the way starting at the active step's moment. */
  private moveThrough(j: number): void {
    for (let i = this.index + 1; i <= j; i++) this.starts[i] = this.startedAt();
    this.index = j;
    this.notFound = false;
  }

  private evaluate(r: SimRunner, mayPause: boolean): boolean {
    const step = this.steps[this.index];
    const was = this.done;
    this.done = step?.condition !== undefined && stepComplete(r.sim.engine, step, this.startedAt());
    if (!this.done) {
      this.doneAt = undefined;
      return false;
    }
    if (!was || this.doneAt === undefined) this.doneAt = happenedAt(r, step as CompiledStep, this.startedAt());
    if (!was && mayPause && r.clock.playing && !this.offScript) {
      r.clock.playing = false;
      return true;
    }
    return false;
  }

  private startedAt(): number {
    return this.starts[this.index] ?? 0;
  }

  /**
   * A command the learner ran (typed or clicked). Reading the cluster, or doing what the active
   * step waits for, keeps the lesson on script; anything else takes the cluster off it.
   */
  userCommand(line: string): void {
    if (isRead(line)) return;
    const step = this.steps[this.index];
    const waits = step?.condition?.kind === 'command' ? step.condition.prefix : undefined;
    if (waits !== undefined && line.replace(/\s+/g, ' ').startsWith(waits)) return;
    this.offScript = true;
  }

  /**
   * Play was pressed. On a done step, a prediction, or a step whose event can no longer happen,
   * that means "go on" (Next). Returns whether the clock should run: not when the step arrived at
   * is a prediction, is done already, or is the recap (each is read first, paused).
   */
  onPlay(r: SimRunner): boolean {
    if (this.index >= this.steps.length) return true;
    const step = this.steps[this.index];
    const following = this.steps[this.index + 1];
    // A narration just before a prediction: the question comes now, before anything plays.
    const narrationBeforePredict = step && !step.condition && !step.predict && following?.predict !== undefined;
    if (!this.done && !this.notFound && !step?.predict && !narrationBeforePredict) return true;
    this.next(r);
    // The recap is read with the clock stopped; Play again is free play.
    if (this.index >= this.steps.length) return false;
    const now = this.steps[this.index];
    return !(now?.predict || this.done) || this.offScript;
  }

  /** Next step (or the recap), starting at the moment of the step before; its `run` runs now. */
  next(r: SimRunner): void {
    if (this.index >= this.steps.length) return;
    const moment = this.done && this.doneAt !== undefined ? this.doneAt : this.startedAt();
    this.index++;
    this.starts[this.index] = Math.min(r.now, moment);
    this.notFound = false;
    this.done = false;
    this.doneAt = undefined;
    const step = this.steps[this.index];
    if (step?.run) {
      // A step that acts starts when it acts: its `time +30s` counts from the command.
      this.starts[this.index] = r.now;
      r.command(step.run, 'scenario');
    }
    this.evaluate(r, false);
  }

  /** Previous step, and the clock back to when it started. */
  back(r: SimRunner): void {
    this.offScript = false;
    if (this.index === 0) return;
    this.index--;
    this.notFound = false;
    r.clock.playing = false;
    r.seek(this.startedAt());
    this.done = false;
    this.evaluate(r, false);
  }

  /** Back to the first step at the start of the scenario. */
  restart(r: SimRunner): void {
    this.offScript = false;
    this.index = 0;
    this.notFound = false;
    r.clock.playing = false;
    r.seek(this.starts[0] ?? 0);
    this.starts = [this.starts[0] ?? 0];
    this.done = false;
    this.evaluate(r, false);
  }

  /**
   * Plays forward, one state change at a time, until the active step's event happens (at most an
   * hour of simulated time). The same path the Play button would take, only without waiting.
   */
  skip(r: SimRunner): void {
    const step = this.steps[this.index];
    if (!step?.condition) return;
    r.clock.playing = false;
    const limit = r.now + SKIP_LIMIT_MS;
    for (let i = 0; i < SKIP_MAX_STEPS && r.now < limit; i++) {
      if (stepComplete(r.sim.engine, step, this.startedAt())) break;
      const before = r.now;
      r.step();
      if (r.now === before) r.advance(Math.min(limit, before + 1000));
    }
    this.evaluate(r, false);
    this.notFound = !this.done;
  }

  /** Jumps to a step: back in time to a step already started, or forward by skipping ahead. */
  goTo(r: SimRunner, id: string): void {
    const target = this.indexOf(id);
    if (target < 0) return;
    this.offScript = false;
    while (this.index > target) this.back(r);
    while (this.index < target) {
      if (!this.done && this.steps[this.index]?.condition) {
        this.skip(r);
        if (!this.done) return;
      }
      this.next(r);
    }
  }

  /**
   * After a seek the active step's state is whatever the new moment says; a seek to before the
   * step's start goes back to the step that was active then (its condition would otherwise read
   * a state from before the story got there).
   */
  resync(r: SimRunner): void {
    while (this.index > 0 && r.now < this.startedAt()) this.index--;
    this.done = false;
    this.doneAt = undefined;
    this.notFound = false;
    this.evaluate(r, false);
  }

  state(): LessonState {
    const s: LessonState = {
      scenario: this.scenarioName,
      steps: this.steps.map(viewOf),
      index: this.index,
      startedAt: this.startedAt(),
      done: this.done,
    };
    if (this.doneAt !== undefined) s.doneAt = this.doneAt;
    if (this.notFound) s.notFound = true;
    if (this.offScript) s.offScript = true;
    return s;
  }

  /**
   * The lesson stops the clock at its own moments (a step on script, before the recap): a
   * presenter's pauses at chapters would stop it a second time, between two narrations.
   */
  pacesClock(): boolean {
    return this.index < this.steps.length && !this.offScript;
  }

  /** The active step's id (`free-play` after the last), for share links. */
  stepId(): string {
    return this.steps[this.index]?.id ?? 'free-play';
  }
}

/** When the step's event happened: its own time (conditionSince), or now when the engine cannot tell. */
function happenedAt(r: SimRunner, step: CompiledStep, since: number): number {
  return conditionSince(r.sim.engine, step, since) ?? r.now;
}

/** Commands that only read: they never take a lesson off its script. */
const READS =
  /^(kubectl (get|describe|logs|events|explain|top|version|api-resources|exec|port-forward)\b|ssh \S+ (journalctl|systemctl status|cat|ls)\b)/;

export function isRead(line: string): boolean {
  return READS.test(line.trim());
}

function viewOf(s: CompiledStep): LessonStepView {
  const v: LessonStepView = { id: s.id, text: s.text };
  if (s.waitFor !== undefined) v.waitFor = s.waitFor;
  if (s.predict !== undefined) v.predict = s.predict;
  if (s.run !== undefined) v.run = s.run;
  return v;
}
