import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRunner, type SimRunner } from './runner';
import { loadReplay, RunExtras } from './share';

const eviction = readFileSync(new URL('../../public/scenarios/eviction.json', import.meta.url), 'utf8');

function load(text = eviction): SimRunner {
  const r = loadRunner(text, [], 0);
  if (!r.ok) throw new Error(r.message);
  return r.runner;
}

/** Plays like the worker does: in frames, checking the lesson after each. */
function play(r: SimRunner, x: RunExtras, until: number, frame = 1600): void {
  x.onPlay();
  r.clock.playing = true;
  while (r.clock.playing && r.now < until) {
    r.advance(Math.min(until, r.now + frame));
    x.afterAdvance();
  }
}

describe('lesson in the worker', () => {
  it('pauses at each step’s event, whatever the learner pressed first; Play on a done step goes on', () => {
    const r = load();
    const x = new RunExtras(r, { fresh: true });
    const l = x.lesson;
    expect(l?.state().steps.map((s) => s.id)).toEqual([
      'stop',
      'unknown',
      'taint',
      'predict',
      'evicted',
      'replaced',
      'start',
      'db',
    ]);
    expect(l?.state().done).toBe(false);
    // Play before touching any lesson control: the clock still stops at the first step's moment.
    play(r, x, 600_000);
    expect(r.clock.playing).toBe(false);
    expect(r.now).toBeGreaterThanOrEqual(30_000);
    expect(r.now).toBeLessThan(32_000);
    expect(l?.state()).toMatchObject({ index: 0, done: true });
    // Play again: that is Next; the clock runs to the next step's event (node2 NotReady) and stops.
    x.onPlay();
    expect(l?.state()).toMatchObject({ index: 1, done: false });
    play(r, x, 600_000);
    expect(r.sim.kubectl('kubectl get nodes')).toMatch(/node2\s+NotReady/);
    expect(l?.state()).toMatchObject({ index: 1, done: true });
    // The taint, five seconds later: a step of its own.
    play(r, x, 600_000);
    expect(l?.state()).toMatchObject({ index: 2, done: true });
    // Play through the prediction: the lesson moves to the eviction when it happens, and stops there.
    x.onPlay();
    expect(l?.state().index).toBe(3);
    play(r, x, 1_200_000);
    expect(l?.state()).toMatchObject({ index: 4, done: true });
    expect(r.sim.kubectl('kubectl get events')).toContain('TaintManagerEviction');
    expect(r.clock.playing).toBe(false);
    // "Happened at" is the event's own time, not the end of the frame that noticed it.
    expect(l?.state().doneAt).toBeLessThan(r.now);
  });

  it('Skip ahead finds the event; Back rolls the clock back to the step start', () => {
    const r = load();
    const x = new RunExtras(r, { fresh: true });
    const l = x.lesson;
    if (!l) throw new Error('no lesson');
    l.skip(r);
    expect(r.now).toBe(30_000);
    l.next(r);
    const unknownStart = r.now;
    l.skip(r);
    expect(l.state().done).toBe(true);
    const notReadyAt = r.now;
    expect(notReadyAt).toBeGreaterThan(70_000); // last heartbeat before 30s + 50s grace
    l.next(r); // taint
    l.skip(r);
    expect(l.state().done).toBe(true);
    l.next(r); // predict: waits for the learner
    expect(l.state().done).toBe(false);
    l.next(r); // evicted
    l.skip(r);
    expect(l.state().done).toBe(true);
    expect(r.sim.kubectl('kubectl get events')).toContain('TaintManagerEviction');
    for (let i = 0; i < 4; i++) l.next(r); // replaced, start, db, then free play
    expect(l.state().index).toBe(8); // free play
    expect(l.stepId()).toBe('free-play');
    for (let i = 0; i < 7; i++) l.back(r);
    expect(l.state().index).toBe(1);
    expect(r.now).toBe(unknownStart);
    expect(r.sim.kubectl('kubectl get nodes')).toMatch(/node2\s+Ready/);
  });

  it('goTo a later step skips through the earlier ones deterministically', () => {
    const a = load();
    const xa = new RunExtras(a, { fresh: true });
    xa.handle({ type: 'lesson', action: 'goto', step: 'evicted' });
    const b = load();
    const xb = new RunExtras(b, { fresh: true });
    xb.handle({ type: 'lesson', action: 'goto', step: 'evicted' });
    expect(xa.lesson?.state().index).toBe(4);
    expect(a.now).toBe(b.now);
    expect(a.sim.traceHash()).toBe(b.sim.traceHash());
  });
});

describe('replay from a link', () => {
  it('the whole command log replayed as the timeline gives the same trace hash', () => {
    const r = load();
    r.advance(45_000);
    r.command('kubectl cordon node3');
    r.advance(130_000);
    r.command('ssh node2 systemctl start kubelet');
    r.advance(150_000);
    const log = r.sim.engine.state.commandLog.map((c) => ({ at: c.at, line: c.line }));
    const replay = loadReplay(eviction, { runLog: log }, 150_000);
    if (!replay.ok) throw new Error(replay.message);
    expect(replay.runner.sim.traceHash()).toBe(r.sim.traceHash());
    expect(replay.runner.sim.kubectl('kubectl get nodes')).toBe(r.sim.kubectl('kubectl get nodes'));
    // The timeline entries after the link's time still come.
    replay.runner.advance(480_000);
    expect(replay.runner.sim.engine.state.commandLog.some((c) => c.at === 420_000)).toBe(true);
  });

  it('commands at 0 are in the replayed state at 0', () => {
    const r = load();
    r.command('kubectl cordon node3');
    const log = r.sim.engine.state.commandLog.map((c) => ({ at: c.at, line: c.line }));
    const replay = loadReplay(eviction, { runLog: log }, 0);
    if (!replay.ok) throw new Error(replay.message);
    expect(replay.runner.sim.kubectl('kubectl get nodes')).toMatch(/node3\s+Ready,SchedulingDisabled/);
    expect(replay.runner.sim.traceHash()).toBe(r.sim.traceHash());
  });

  it('run info carries the whole log once and the lesson; then only what changed', () => {
    const r = load();
    const x = new RunExtras(r, { fresh: true });
    const first = x.message(true);
    expect(first?.runLog).toEqual([]);
    expect(first?.lesson?.index).toBe(0);
    expect(x.message()).toBeUndefined();
    r.advance(31_000);
    const m = x.message();
    expect(m?.runLog).toEqual([{ at: 30_000, line: 'ssh node2 systemctl stop kubelet' }]);
    expect(m?.traceHash).toMatch(/^[0-9a-f]+$/);
  });

  it('a link to a step resumes the lesson there', () => {
    const r = load();
    r.advance(90_000);
    const x = new RunExtras(r, { step: 'predict' });
    expect(x.lesson?.state()).toMatchObject({ index: 3, startedAt: 90_000 });
  });
});
