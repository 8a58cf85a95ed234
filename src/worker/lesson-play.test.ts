/**
 * Issue 29: a lesson must reach its recap whatever the teacher presses. These tests drive the
 * worker's own pieces (SimRunner, RunExtras, advanceFrame) the way sim.worker.ts does, at a fast
 * clock, with presenter mode's pauses at chapters on, and press only Play (the page's Play on an
 * unanswered prediction reveals it first: "show me").
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { advanceFrame } from './pacing';
import { loadRunner, type SimRunner } from './runner';
import { RunExtras } from './share';

function load(name: string): SimRunner {
  const text = readFileSync(new URL(`../../public/scenarios/${name}.json`, import.meta.url), 'utf8');
  const r = loadRunner(text, [], 0);
  if (!r.ok) throw new Error(r.message);
  return r.runner;
}

/** Frames as sim.worker.ts plays them: the lesson looked at every simulated second. */
function runFrames(r: SimRunner, x: RunExtras, frameMs: number): void {
  const lessonCheck = () => {
    x.afterAdvance();
    return !r.clock.playing;
  };
  // Free play past the end would run on: a stuck lesson ends the walk there instead.
  for (let i = 0; i < 100_000 && r.clock.playing && r.now < r.clock.end + 60_000; i++) {
    const atChapters = !x.lesson?.pacesClock();
    advanceFrame(r, frameMs, { pauseAtChapters: atChapters, lessonCheck });
    x.afterAdvance();
  }
}

interface Walk {
  /** Steps shown, in order, each with the clock when it was first shown. */
  shown: { id: string; at: number }[];
  /** Prediction steps: the clock when arriving and when leaving (the same: it never ran). */
  predictions: { id: string; arrived: number; left: number }[];
  presses: number;
}

/** Presses only Play until the recap, as a teacher who never touches Next would. */
function playOnly(name: string, speed: number, frameMs = 16): { walk: Walk; r: SimRunner; x: RunExtras } {
  const r = load(name);
  r.clock.speed = speed;
  const x = new RunExtras(r, { fresh: true });
  const l = x.lesson;
  if (!l) throw new Error(`${name} has no lesson`);
  const walk: Walk = { shown: [], predictions: [], presses: 0 };
  const revealed = new Set<string>();
  const note = () => {
    const s = l.state();
    const step = s.steps[s.index];
    if (step && walk.shown.at(-1)?.id !== step.id) walk.shown.push({ id: step.id, at: r.now });
    if (step?.predict && !walk.predictions.some((p) => p.id === step.id))
      walk.predictions.push({ id: step.id, arrived: r.now, left: r.now });
  };
  note();
  while (l.state().index < l.length && walk.presses < 60) {
    walk.presses++;
    const s = l.state();
    const step = s.steps[s.index];
    if (step?.predict && !revealed.has(step.id)) {
      // The page's Play on an unanswered prediction reveals the answer; the clock stays.
      revealed.add(step.id);
      continue;
    }
    if (step?.predict) {
      const p = walk.predictions.find((q) => q.id === step.id);
      if (p) p.left = r.now;
    }
    if (x.onPlay() !== false) {
      r.clock.playing = true;
      note();
      runFrames(r, x, frameMs);
    }
    note();
  }
  return { walk, r, x };
}

describe('a lesson reached with only Play', () => {
  it('eviction at 100x: every step in order, the recap, predictions stopped', () => {
    const { walk, x } = playOnly('eviction', 100);
    expect(x.lesson?.stepId()).toBe('free-play');
    expect(walk.shown.map((s) => s.id)).toEqual([
      'stop',
      'unknown',
      'taint',
      'predict',
      'evicted',
      'replaced',
      'start',
      'db',
    ]);
    // The prediction came with the clock stopped right after the taint, and nothing played before it was left.
    expect(walk.predictions).toHaveLength(1);
    const p = walk.predictions[0];
    expect(p?.left).toBe(p?.arrived);
    expect(p?.arrived).toBeLessThan(90_000);
  });

  it('eviction: the replacement already made while the clock stopped for the eviction still counts', () => {
    // The tester's run: at a fast clock the pause for TaintManagerEviction lands after the
    // ReplicaSet's SuccessfulCreate (same second); the next step waits for that event.
    const { r, x } = playOnly('eviction', 1000, 200);
    expect(x.lesson?.stepId()).toBe('free-play');
    expect(r.now).toBeLessThan(r.clock.end);
  });

  for (const name of [
    'kubelet-stop-worker',
    'pod-to-dead-kubelet',
    'docker-stop',
    'node-delete',
    'control-plane-outage',
    'volume-out-of-service',
  ]) {
    it(`${name}: Play only reaches the recap, each prediction with the clock stopped`, () => {
      const { walk, x, r } = playOnly(name, 100);
      expect(x.lesson?.stepId()).toBe('free-play');
      expect(walk.shown.length).toBe(x.lesson?.length);
      expect(walk.predictions.length).toBeGreaterThan(0);
      for (const p of walk.predictions) expect(p.left).toBe(p.arrived);
      // The recap comes at the last step's moment, with the clock stopped, not at the scenario's end.
      expect(r.clock.playing).toBe(false);
      expect(r.now).toBeLessThan(r.clock.end);
    });
  }
  it('node-poweroff (no prediction): Play only reaches the recap', () => {
    const { walk, x } = playOnly('node-poweroff', 100);
    expect(x.lesson?.stepId()).toBe('free-play');
    expect(walk.shown.length).toBe(x.lesson?.length);
  });
});

describe('a step that cannot be reached says so and lets the lesson go on', () => {
  it('past the scenario end the waiting step is notFound, and Play goes on', () => {
    const r = load('eviction');
    const x = new RunExtras(r, { fresh: true });
    const l = x.lesson;
    if (!l) throw new Error('no lesson');
    // Skip the first steps, then cut the cluster off its script: the kubelet never comes back.
    x.handle({ type: 'lesson', action: 'goto', step: 'start' });
    expect(l.state().index).toBe(6);
    r.command('ssh node2 poweroff');
    x.userCommand('ssh node2 poweroff');
    r.clock.speed = 1000;
    // Off script, presenter mode's chapter pauses stop the clock on the way: Play again each time.
    for (let i = 0; i < 20 && r.now < r.clock.end; i++) {
      r.clock.playing = true;
      runFrames(r, x, 16);
    }
    expect(r.now).toBe(r.clock.end);
    expect(l.state()).toMatchObject({ index: 6, done: false, notFound: true });
    expect(x.onPlay()).toBe(true);
    expect(l.state().index).toBe(7);
  });

  it('a seek to before the active step goes back to the step that was active then', () => {
    const { r, x } = playOnly('eviction', 100);
    const l = x.lesson;
    if (!l) throw new Error('no lesson');
    r.seek(60_000);
    x.afterSeek();
    // At 60 s the kubelet had stopped (30 s) and node2 was not yet NotReady.
    expect(l.state()).toMatchObject({ index: 1, done: false });
  });
});
