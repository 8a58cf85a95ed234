import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { maxOf } from '../sim/runtime';
import {
  budgetFor,
  CHEAP_SNAPSHOT_MS,
  CheckpointStore,
  checkpointDue,
  FREEZE_MS,
  PLAYING_SPACING,
  restCheckpointDue,
} from './checkpoints';
import { advanceFrame } from './pacing';
import { diffEntities, PatchBuilder } from './patches';
import { loadRunner, QUIET_LEAD_MS, type SimRunner, scenarioEnd } from './runner';
import { boundOutput, forkMessage } from './the-run';

const text = readFileSync(new URL('../../public/scenarios/eviction.json', import.meta.url), 'utf8');

function load(): SimRunner {
  const r = loadRunner(text, []);
  if (!r.ok) throw new Error(r.message);
  return r.runner;
}

/** The kubelet on node2 stopped at 20 s, played on to `until`. */
function kubeletStopped(until: number): SimRunner {
  const r = load();
  r.advance(20_000);
  r.command('ssh node2 systemctl stop kubelet');
  r.advance(until);
  return r;
}

describe('SimRunner', () => {
  it('says where a seek replays from: the checkpoint at or before a target in the past, now for one ahead', () => {
    const r = load();
    r.advance(200_000);
    const times = r.checkpoints.times();
    expect(times.length).toBeGreaterThan(2);
    expect(r.seekFrom(95_000)).toBe(
      maxOf(
        times.filter((t) => t <= 95_000),
        (t) => t,
      ),
    );
    expect(r.seekFrom(95_000)).toBeLessThanOrEqual(95_000);
    expect(r.seekFrom(250_000)).toBe(200_000);
    expect(r.seekFrom(-5)).toBe(0);
  });

  it('seeking forward within the time reached restores a checkpoint on the way when that is cheaper, to the same state', () => {
    const a = kubeletStopped(200_000);
    a.seek(20_000);
    const restored: number[] = [];
    const restore = a.sim.restore.bind(a.sim);
    a.sim.restore = (snap) => {
      restored.push(a.now);
      restore(snap);
    };
    // Restoring costs nothing here: the checkpoint at or before the target is taken.
    (a as unknown as { restoreMs: number }).restoreMs = 0;
    const from = a.seekFrom(185_000);
    expect(from).toBeGreaterThan(20_000);
    expect(from).toBeLessThanOrEqual(185_000);
    a.seek(185_000);
    expect(restored).toHaveLength(1);
    const b = kubeletStopped(185_000);
    expect(a.now).toBe(185_000);
    expect(JSON.stringify(a.sim.view())).toBe(JSON.stringify(b.sim.view()));
    expect(a.sim.traceHash()).toBe(b.sim.traceHash());
    // Past the time reached there is no checkpoint to take: the engine plays on from now.
    expect(a.seekFrom(400_000)).toBe(185_000);
  });

  it('seeking back restores exactly the state a straight run has at that time', () => {
    const a = kubeletStopped(200_000);
    a.seek(95_000);
    const b = kubeletStopped(95_000);
    expect(a.now).toBe(95_000);
    expect(JSON.stringify(a.sim.view())).toBe(JSON.stringify(b.sim.view()));
    expect(a.sim.traceHash()).toBe(b.sim.traceHash());
  });

  it('acting in the past forks: the later commands are dropped, and the run says so', () => {
    const r = load();
    r.advance(10_000);
    r.command('kubectl cordon node3');
    r.advance(60_000);
    r.command('kubectl uncordon node3');
    r.seek(30_000);
    r.command('ssh node1 systemctl stop kubelet');
    expect(r.log.map((c) => c.line)).toEqual(['kubectl cordon node3', 'ssh node1 systemctl stop kubelet']);
    expect(r.clock.reached).toBe(30_000);
    const texts = new PatchBuilder(r).snapshot().run.map((l) => l.text);
    expect(texts).toContain('Forked a new future at 30s: 1 later command was dropped: kubectl uncordon node3 (at 1m).');
    expect(texts).not.toContain('kubectl uncordon node3');
  });

  it('the fork message names every dropped command, or says the old future went', () => {
    expect(forkMessage(45_000, [])).toBe('Forked a new future at 45s: what happened after 45s was dropped.');
    expect(
      forkMessage(10_000, [
        { at: 20_000, line: 'kubectl cordon node1' },
        { at: 90_000, line: 'kubectl cordon node3' },
      ]),
    ).toBe(
      'Forked a new future at 10s: 2 later commands were dropped: kubectl cordon node1 (at 20s); kubectl cordon node3 (at 1m30s).',
    );
  });

  it('the run lists the scenario’s commands from the start, and their outputs once they ran', () => {
    const r = load();
    const before = new PatchBuilder(r).snapshot().run.filter((e) => e.kind === 'command');
    expect(before.map((e) => [e.at, e.by, e.text])).toEqual([
      [30_000, 'scenario', 'ssh node2 systemctl stop kubelet'],
      [120_000, 'scenario', 'kubectl get nodes'],
      [120_000, 'scenario', 'kubectl describe node node2'],
      [420_000, 'scenario', 'kubectl get pods -o wide'],
      [480_000, 'scenario', 'kubectl get pods -o wide'],
      [540_000, 'scenario', 'ssh node2 systemctl start kubelet'],
      [600_000, 'scenario', 'kubectl get pods -o wide'],
    ]);
    expect(before.every((e) => e.output === undefined)).toBe(true);
    r.advance(130_000);
    const after = new PatchBuilder(r).snapshot().run;
    const nodes = after.find((e) => e.text === 'kubectl get nodes');
    expect(nodes?.output).toMatch(/node2\s+NotReady/);
    expect(after.find((e) => e.text === 'kubectl describe node node2')?.output).toContain('NodeStatusUnknown');
    // Scrubbing back keeps what the future printed (shown greyed as the future by the UI).
    r.seek(60_000);
    expect(new PatchBuilder(r).snapshot().run.find((e) => e.text === 'kubectl get nodes')?.output).toMatch(/NotReady/);
  });

  it('a restart after a crash keeps the run, the chapters and the known end, and says so', () => {
    const a = load();
    a.advance(10_000);
    a.command('kubectl cordon node1');
    a.advance(120_000);
    a.seek(60_000);
    const before = new PatchBuilder(a).snapshot();
    const loaded = loadRunner(text, before.commandLog, before.clock.now);
    if (!loaded.ok) throw new Error(loaded.message);
    const b = loaded.runner;
    b.resume({ run: before.run, chapters: before.chapters, reached: before.clock.reached });
    const after = new PatchBuilder(b).snapshot();
    expect(after.clock.now).toBe(60_000);
    expect(after.clock.reached).toBe(120_000);
    expect(after.chapters).toEqual(before.chapters);
    const note = after.run.filter((e) => e.kind === 'info');
    expect(note.map((e) => [e.at, e.text])).toEqual([
      [60_000, 'Restarted after a crash at 1m: the scenario and 1 command replayed.'],
    ]);
    expect(after.run.filter((e) => e.kind !== 'info')).toEqual(before.run);
    expect(new Set(after.run.map((l) => l.id)).size).toBe(after.run.length);
    expect(JSON.stringify(b.sim.view())).toBe(JSON.stringify(a.sim.view()));
  });

  it('a load replays the command log to the requested time', () => {
    const r = loadRunner(text, [{ at: 10_000, line: 'ssh node2 systemctl stop kubelet' }], 40_000);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.runner.now).toBe(40_000);
      expect(r.runner.log).toHaveLength(1);
    }
  });

  it('a long load beats at every checkpoint, so the page can tell it is alive and how far it got', () => {
    const beats: number[] = [];
    const r = loadRunner(text, [], 600_000, (t) => beats.push(t));
    expect(r.ok).toBe(true);
    // Each second of the cluster's start (before 0), then each 30 s checkpoint of the replay, and
    // in between whenever the engine is busy (every few dozen timers), never going back.
    const start = beats.filter((t) => t < 0);
    expect(start.length).toBeGreaterThan(60);
    const replay = beats.slice(start.length);
    expect(replay.every((t, i) => t >= 0 && (i === 0 || t >= (replay[i - 1] as number)))).toBe(true);
    const checkpoints = [...new Set(replay.filter((t) => t > 0 && t % 30_000 === 0))];
    expect(checkpoints).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 30_000));
    expect(beats.at(-1)).toBe(600_000);
  });

  it('dropping the future forgets the user’s later commands (the ones that would replay)', () => {
    const r = load();
    r.advance(10_000);
    r.command('kubectl cordon node1');
    r.advance(90_000);
    r.command('kubectl cordon node3');
    r.seek(50_000);
    expect(r.log).toHaveLength(2);
    r.dropFuture();
    expect(r.log.map((c) => c.line)).toEqual(['kubectl cordon node1']);
    expect(r.clock.reached).toBe(50_000);
    r.advance(120_000);
    expect(r.sim.kubectl('kubectl get nodes')).toMatch(/node3\s+Ready\s/);
  });

  it('a scenario that cannot start is refused with a sentence, not a crash', () => {
    const broken = JSON.parse(text);
    broken.normalised.spec.objects[0].spec.replicas = 2.5;
    const r = loadRunner(JSON.stringify(broken), []);
    expect(r.ok).toBe(false);
  });
});

describe('time: the end, skipping quiet time', () => {
  it('the end is spec.duration, else 10 minutes after the last timeline entry', () => {
    const s = JSON.parse(text).normalised;
    expect(scenarioEnd({ ...s, spec: { ...s.spec, duration: 900_000 } })).toBe(900_000);
    const { duration: _d, ...spec } = s.spec;
    expect(scenarioEnd({ ...s, spec: { ...spec, timeline: [{ at: 480_000, run: 'kubectl get nodes' }] } })).toBe(
      1_080_000,
    );
  });

  it('Play stops at the end; pressed again, free play goes on', () => {
    const r = load();
    r.clock.playing = true;
    r.clock.speed = 1000;
    let frames = 0;
    while (r.clock.playing && frames++ < 10_000) advanceFrame(r, 16, { pauseAtChapters: false });
    expect(r.now).toBe(r.clock.end);
    r.clock.playing = true;
    advanceFrame(r, 16, { pauseAtChapters: false });
    expect(r.now).toBeGreaterThan(r.clock.end);
    expect(r.clock.playing).toBe(true);
  });

  it('skip quiet time lands 2 s before the next visible change, then plays through it, never past the end', () => {
    const r = load();
    r.clock.playing = true;
    r.clock.skipQuiet = true;
    r.clock.speed = 1;
    // One quiet frame: the clock jumps to just before the next change (the scenario stops the kubelet at 30s).
    advanceFrame(r, 16, { pauseAtChapters: false });
    const next = r.nextChangeAt(r.clock.end);
    expect(next).toBeDefined();
    expect(r.now).toBe((next as number) - QUIET_LEAD_MS);
    expect(r.now).toBeLessThanOrEqual(30_000);
    // Then it plays at the chosen speed: a frame moves 16 ms of simulated time.
    const at = r.now;
    advanceFrame(r, 16, { pauseAtChapters: false });
    expect(r.now).toBe(at + 16);
    // However long it runs, it stops at the end.
    r.clock.speed = 100;
    for (let i = 0; i < 100_000 && r.clock.playing; i++) advanceFrame(r, 16, { pauseAtChapters: false });
    expect(r.now).toBe(r.clock.end);
  });

  it('on a big cluster (a dear look-ahead) skip quiet time runs on to the next visible change itself', () => {
    const r = load();
    const next = r.nextChangeAt(r.clock.end);
    expect(next).toBeDefined();
    r.clock.playing = true;
    r.clock.skipQuiet = true;
    r.clock.speed = 1;
    const changes = r.changeCount;
    // One quiet frame: no snapshot; the clock runs on until something visible happens.
    for (let i = 0; i < 100 && r.changeCount === changes; i++)
      advanceFrame(r, 16, { pauseAtChapters: false, dearLookAhead: true });
    expect(r.changeCount).not.toBe(changes);
    expect(r.now).toBe(next);
    // The same state as playing there: the look-ahead and the run on agree.
    const straight = load();
    straight.advance(next as number);
    expect(r.sim.traceHash()).toBe(straight.sim.traceHash());
  });

  it('a frame that falls behind (a big cluster) still stops within a simulated second of the lesson event', () => {
    const r = load();
    r.clock.playing = true;
    r.clock.speed = 10;
    // A 12 s frame at 10x asks for 120 s; the lesson waits for 30 s (here: the kubelet stop).
    const lessonCheck = () => {
      if (r.now >= 30_000) r.clock.playing = false;
      return !r.clock.playing;
    };
    expect(advanceFrame(r, 12_000, { pauseAtChapters: false, lessonCheck })).toBe(true);
    expect(r.now).toBe(30_000);
    expect(r.clock.playing).toBe(false);
  });

  it('the look-ahead leaves the engine exactly as it was', () => {
    const r = load();
    r.advance(5_000);
    const hash = r.sim.traceHash();
    r.nextChangeAt(r.clock.end);
    expect(r.sim.traceHash()).toBe(hash);
    expect(r.now).toBe(5_000);
  });
});

describe('checkpoints', () => {
  it('stay within their budget, thinning far-away ones and keeping the first', () => {
    const c = new CheckpointStore(10);
    const snap = {} as never;
    for (let t = 0; t <= 60 * 30_000; t += 30_000) c.add({ t, applied: 0, snap });
    expect(c.size).toBeLessThanOrEqual(10);
    expect(c.first?.t).toBe(0);
    const times = c.times();
    expect(times.at(-1)).toBe(60 * 30_000);
    expect(c.atOrBefore(45_000)?.t).toBeLessThanOrEqual(45_000);
    c.dropAfter(600_000);
    expect(maxOf(c.times(), (t) => t)).toBeLessThanOrEqual(600_000);
  });

  it('a 5,000-node cluster keeps 4 (the first, one between, the 2 newest), a 1,000-node one 21, a 100-node one 40 (the most)', () => {
    expect(budgetFor(150_000, 150_000)).toBe(4);
    expect(budgetFor(30_000, 30_000)).toBe(21);
    expect(budgetFor(3_000, 3_000)).toBe(40);
    const c = new CheckpointStore();
    c.setBudget(budgetFor(30_000, 30_000));
    const snap = {} as never;
    for (let t = 0; t <= 240 * 30_000; t += 30_000) c.add({ t, applied: 0, snap });
    expect(c.size).toBe(21);
    expect(c.first?.t).toBe(0);
    const times = c.times();
    expect(times.slice(-5)).toEqual([236, 237, 238, 239, 240].map((i) => i * 30_000));
    // The others spread over the run: no gap much wider than an even share.
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    expect(maxOf(gaps, (g) => g)).toBeLessThanOrEqual((2 * (240 * 30_000)) / 16);
    c.setBudget(budgetFor(150_000, 150_000));
    expect(c.size).toBe(4);
    expect(c.times().slice(-2)).toEqual([239 * 30_000, 240 * 30_000]);
  });

  it("a budget of 4 filled one at a time keeps its one older slot moving: never the run's second checkpoint for long", () => {
    const c = new CheckpointStore();
    c.setBudget(budgetFor(150_000, 150_000));
    const snap = {} as never;
    const HOUR = 3_600_000;
    for (let t = 0; t <= 2 * HOUR; t += 30_000) {
      c.add({ t, applied: 0, snap });
      const times = c.times();
      expect(times.length).toBeLessThanOrEqual(4);
      // Once 10 minutes have aged out, the older slot lies in the second half of them.
      const aged = (times.at(-2) as number) - 30_000;
      if (times.length === 4 && aged >= 10 * 60_000) {
        expect(times[1], `at ${t / 60_000} min: ${times.join(', ')}`).toBeGreaterThanOrEqual(aged / 2);
        expect(times[1]).toBeLessThanOrEqual(aged + 30_000);
      }
    }
    // At 2 hours: 0, 64 min, the two newest. No replay longer than 64 minutes (it was 119).
    expect(c.times()).toEqual([0, 64 * 60_000, 2 * HOUR - 30_000, 2 * HOUR]);
  });

  it('a cheap snapshot is taken at every 30 s boundary; a costly one once replaying would cost two of them', () => {
    expect(checkpointDue(0, 0)).toBe(true);
    expect(checkpointDue(CHEAP_SNAPSHOT_MS, 0)).toBe(true);
    // 1,000 nodes: ~1 s a snapshot, ~0.1 s of engine work per 30 s played.
    expect(checkpointDue(1000, 100)).toBe(false);
    expect(checkpointDue(1000, 1999)).toBe(false);
    expect(checkpointDue(1000, 2000)).toBe(true);
  });

  it('while the clock plays, one that freezes it (over FREEZE_MS) also waits for 10 simulated minutes since the last', () => {
    // 5,000 nodes: ~2.5 s a snapshot.
    expect(checkpointDue(2500, 4999, { simMsSince: PLAYING_SPACING })).toBe(false);
    expect(checkpointDue(2500, 5000, { simMsSince: PLAYING_SPACING - 30_000 })).toBe(false);
    expect(checkpointDue(2500, 5000, { simMsSince: PLAYING_SPACING })).toBe(true);
    expect(checkpointDue(2500, 5000)).toBe(true); // not playing (a seek's replay, the bench)
    expect(checkpointDue(FREEZE_MS, 2 * FREEZE_MS, { simMsSince: 30_000 })).toBe(true);
    // When the clock stops, a dear one is taken once the engine played as long as it costs.
    expect(restCheckpointDue(2500, 2499)).toBe(false);
    expect(restCheckpointDue(2500, 2500)).toBe(true);
    expect(restCheckpointDue(FREEZE_MS, 60_000)).toBe(false);
  });

  it('a dear checkpoint deferred by playing is taken where the clock stops, and a seek back to it replays to the same state', () => {
    const loaded = loadRunner(text, [], 0);
    if (!loaded.ok) throw new Error(loaded.message);
    const r = loaded.runner;
    r.advance(95_000);
    expect(r.checkpoints.times()).toEqual([0, 30_000, 60_000, 90_000]);
    // As if each snapshot cost 5 s (a big cluster) and the engine had played long enough since.
    const costs = r as unknown as { snapshotMs: number; advancedMs: number };
    costs.snapshotMs = 5000;
    costs.advancedMs = 20_000;
    r.clock.playing = true;
    r.advance(140_000);
    expect(r.checkpoints.times()).toEqual([0, 30_000, 60_000, 90_000]); // 120 s: deferred
    expect(r.restCheckpoint()).toBe(false); // still playing
    r.clock.playing = false;
    costs.snapshotMs = 5000;
    costs.advancedMs = 20_000;
    expect(r.restCheckpoint()).toBe(true);
    expect(r.checkpoints.times()).toEqual([0, 30_000, 60_000, 90_000, 140_000]);
    expect(r.restCheckpoint()).toBe(false); // nothing played since
    r.advance(300_000);
    const hash = r.sim.traceHash();
    r.seek(150_000);
    r.advance(300_000);
    expect(r.sim.traceHash()).toBe(hash);
  });

  it('a small cluster keeps one every 30 s, and a seek back replays to the same state', () => {
    const loaded = loadRunner(text, [], 0);
    if (!loaded.ok) throw new Error(loaded.message);
    const r = loaded.runner;
    r.advance(300_000);
    expect(r.checkpoints.times()).toEqual(Array.from({ length: 11 }, (_, i) => i * 30_000));
    const hash = r.sim.traceHash();
    r.seek(100_000);
    r.advance(300_000);
    expect(r.sim.traceHash()).toBe(hash);
  });
});

describe('outputs', () => {
  it('a long output is kept as its first lines, and says how many are left out', () => {
    const long = Array.from({ length: 3001 }, (_, i) => `pod-${i}`).join('\n');
    const b = boundOutput(long);
    expect(b.split('\n')).toHaveLength(201);
    expect(b).toMatch(/… 2,801 more lines not shown here$/);
    expect(boundOutput('short')).toBe('short');
  });
});

describe('patches', () => {
  it('carry only what changed', () => {
    const r = load();
    r.views = { kubectl: ['kubectl get nodes'] };
    const pb = new PatchBuilder(r);
    pb.snapshot();
    expect(pb.patch()).toBeUndefined();
    r.command('ssh node2 systemctl stop kubelet');
    const p = pb.patch();
    expect(p?.run?.[0]?.text).toBe('ssh node2 systemctl stop kubelet');
    expect(p?.run?.[0]?.by).toBe('you');
    expect(p?.commandLog).toHaveLength(1);
  });

  it('texts are rebuilt when the views or the state change, and only then (or once a second for ages)', () => {
    const r = load();
    r.views = { kubectl: ['kubectl get nodes'] };
    const pb = new PatchBuilder(r);
    const wall = 1_000_000;
    pb.snapshot(wall);
    expect(pb.textsDueIn(wall)).toBeUndefined();
    r.views = { kubectl: ['kubectl get nodes', 'kubectl get pods -o wide'] };
    expect(pb.textsDueIn(wall)).toBe(0);
    const p = pb.patch(wall);
    expect(Object.keys(p?.texts ?? {})).toEqual(['kubectl get pods -o wide']);
    expect(pb.textsDueIn(wall)).toBeUndefined();
    r.command('kubectl cordon node1');
    expect(pb.textsDueIn(wall)).toBe(0);
    expect(pb.patch(wall)?.texts?.['kubectl get nodes']).toMatch(/node1\s+Ready,SchedulingDisabled/);
  });

  it('a dear text waits four times what it cost, however dear (a million Events: seconds)', () => {
    const r = load();
    r.views = { kubectl: ['kubectl get nodes'] };
    const pb = new PatchBuilder(r);
    // A build is timed from the `wall` it is given: one said to start 5 s ago took 5 s.
    pb.snapshot(performance.now() - 5_000);
    r.command('kubectl cordon node1');
    // 4 x 5 s from its start: about 15 s still to wait (without a cap: it was 2 s at most).
    const due = pb.textsDueIn(performance.now()) ?? 0;
    expect(due).toBeGreaterThan(10_000);
    expect(due).toBeLessThanOrEqual(20_000);
  });

  it('a clock that moved by less than a shown second is not a change; a new second is', () => {
    const r = load();
    const pb = new PatchBuilder(r);
    pb.snapshot();
    const changes = r.changeCount;
    r.advance(r.now + 1);
    if (r.changeCount === changes && r.now % 1000 !== 0) expect(pb.patch()).toBeUndefined();
    r.advance((Math.floor(r.now / 1000) + 1) * 1000);
    expect(pb.patch()?.clock.now).toBe(r.now);
  });

  it('patch seqs grow by one per patch sent', () => {
    const r = load();
    const pb = new PatchBuilder(r);
    pb.snapshot();
    r.command('kubectl cordon node1');
    const a = pb.patch();
    r.command('kubectl uncordon node1');
    const b = pb.patch();
    expect(b?.seq).toBe((a?.seq ?? 0) + 1);
  });
});

describe('diffEntities', () => {
  it('returns upserts for new or changed entities and removed keys', () => {
    const sent = new Map<string, string>();
    const n = (name: string, status: string) => ({ name, status }) as unknown as import('../sim').NodeView;
    expect(diffEntities([n('a', 'Ready'), n('b', 'Ready')], (x) => x.name, sent).upserts).toHaveLength(2);
    const d = diffEntities([n('a', 'NotReady')], (x) => x.name, sent);
    expect(d.upserts.map((x) => x.status)).toEqual(['NotReady']);
    expect(d.removed).toEqual(['b']);
  });
});
