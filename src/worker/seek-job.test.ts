import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FromWorker } from './protocol';
import { loadRunner, type SimRunner } from './runner';
import { SeekJob } from './seek-job';

const text = readFileSync(new URL('../../public/scenarios/eviction.json', import.meta.url), 'utf8');

/** The kubelet on node2 stopped at 20 s, played on to `until`. */
function kubeletStopped(until: number): SimRunner {
  const r = loadRunner(text, []);
  if (!r.ok) throw new Error(r.message);
  r.runner.advance(20_000);
  r.runner.command('ssh node2 systemctl stop kubelet');
  r.runner.advance(until);
  return r.runner;
}

/** A worker around the job whose slices run when the test says (`tick`), and what it was told. */
function host() {
  const queued: (() => void)[] = [];
  const h = {
    posts: [] as FromWorker[],
    landed: 0,
    failed: [] as unknown[],
    post: (m: FromWorker) => h.posts.push(m),
    later: (fn: () => void) => queued.push(fn),
    landedCall: () => h.landed++,
    /** Runs the next slice; false when none is waiting. */
    tick: () => {
      const fn = queued.shift();
      fn?.();
      return fn !== undefined;
    },
    get waiting() {
      return queued.length;
    },
  };
  return h;
}

function start(r: SimRunner, t: number, h: ReturnType<typeof host>): SeekJob {
  // A slice of 0 ms replays one step: one simulated second, whatever the machine's speed.
  return new SeekJob(r, t, { ...h, landed: h.landedCall, fail: (e) => h.failed.push(e) }, 0);
}

/** A seek from 200 s back to `target`, `ticks` slices under way, its restores counted. */
function underWay(target: number, ticks: number) {
  const r = kubeletStopped(200_000);
  const restored = countRestores(r);
  const h = host();
  const job = start(r, target, h);
  for (let i = 0; i < ticks; i++) h.tick();
  return { r, restored, h, job };
}

function sameState(a: SimRunner, b: SimRunner): void {
  expect(a.now).toBe(b.now);
  expect(JSON.stringify(a.sim.view())).toBe(JSON.stringify(b.sim.view()));
  expect(a.sim.traceHash()).toBe(b.sim.traceHash());
}

function countRestores(r: SimRunner): number[] {
  const restored: number[] = [];
  const restore = r.sim.restore.bind(r.sim);
  r.sim.restore = (snap) => {
    restored.push(r.now);
    restore(snap);
  };
  return restored;
}

describe('a seek carried out in slices', () => {
  it('replays a slice at a time, says where it is, and lands on the straight run’s state', async () => {
    const r = kubeletStopped(200_000);
    const h = host();
    const job = start(r, 95_000, h);
    expect(job.finished).toBe(false);
    expect(r.now).toBeLessThan(95_000);
    const seen: number[] = [];
    while (h.tick()) seen.push(r.now);
    expect(job.finished).toBe(true);
    expect(h.landed).toBe(1);
    await job.over;
    // Progress after each slice: where the replay is, toward the target.
    const progress = h.posts.filter((m) => m.type === 'progress');
    expect(progress.length).toBeGreaterThan(3);
    for (const p of progress) expect(p).toMatchObject({ type: 'progress', target: 95_000, phase: 'seek' });
    // How long is left, from the engine's pace: less as the replay gets nearer.
    const left = progress.map((p) => (p.type === 'progress' ? p.leftMs : undefined));
    expect(left.every((l) => typeof l === 'number' && l >= 0)).toBe(true);
    expect((left.at(-1) as number) <= (left[0] as number)).toBe(true);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    sameState(r, kubeletStopped(95_000));
  });

  it('a new target ahead of the replay goes on from where it is, without restoring again', () => {
    const { r, restored, h, job } = underWay(95_000, 2);
    expect(restored).toHaveLength(1);
    const at = r.now;
    expect(at).toBeLessThan(95_000);
    // No checkpoint lies between (they are 30 s apart): replaying on is the only way there.
    job.retarget(105_000);
    expect(job.goingTo).toBe(105_000);
    while (h.tick());
    expect(restored).toHaveLength(1);
    expect(h.landed).toBe(1);
    sameState(r, kubeletStopped(105_000));
  });

  it('a new target behind the replay restores the checkpoint before it', () => {
    const { r, restored, h, job } = underWay(175_000, 5);
    expect(job.finished).toBe(false);
    expect(r.now).toBeGreaterThan(150_000);
    job.retarget(40_000);
    while (h.tick());
    expect(restored).toHaveLength(2);
    expect(h.landed).toBe(1);
    sameState(r, kubeletStopped(40_000));
  });

  it('stopped, it lands where its replay got to: a moment of the same run', async () => {
    const r = kubeletStopped(200_000);
    const h = host();
    const job = start(r, 190_000, h);
    h.tick();
    h.tick();
    job.stop();
    h.tick();
    expect(h.waiting).toBe(0);
    expect(job.finished).toBe(true);
    expect(h.landed).toBe(1);
    await job.over;
    expect(r.now).toBeLessThan(190_000);
    expect(r.clock.now).toBe(r.now);
    sameState(r, kubeletStopped(r.now));
  });

  it('a seek that fits in one slice (a small cluster) has landed before the worker reads another message', () => {
    const r = kubeletStopped(200_000);
    const h = host();
    const job = new SeekJob(r, 95_000, { ...h, landed: h.landedCall, fail: (e) => h.failed.push(e) });
    expect(job.finished).toBe(true);
    expect(h.landed).toBe(1);
    expect(h.waiting).toBe(0);
    expect(r.now).toBe(95_000);
  });

  it('an engine error ends the job: the worker is told, and the messages after it do not wait for ever', async () => {
    const r = kubeletStopped(200_000);
    r.sim.restore = () => {
      throw new Error('broken snapshot');
    };
    const h = host();
    const job = start(r, 95_000, h);
    await job.over;
    expect(job.finished).toBe(true);
    expect(h.landed).toBe(0);
    expect(String(h.failed[0])).toContain('broken snapshot');
  });
});

describe('a seek right after a load', () => {
  it('steps a simulated second at first: the engine’s pace is not known yet, and a big cluster’s whole seek in one step would not be sliced', () => {
    const loaded = loadRunner(text, []);
    if (!loaded.ok) throw new Error(loaded.message);
    const r = loaded.runner;
    const target = r.seekStart(600_000);
    expect(r.replayEstimate(0, target)).toBeUndefined();
    expect(r.seekToward(target, 0)).toBe(false);
    // One simulated second replayed: the pace, and so an estimate, is known.
    expect(r.replayEstimate(r.now, target)).toBeGreaterThanOrEqual(0);
    expect(r.now).toBe(1000);
    // Measured now: the next steps follow the pace (here, a small cluster: the rest at once).
    expect(r.seekToward(target, 1000)).toBe(true);
    expect(r.now).toBe(600_000);
  });
});

describe('a big cluster’s seek draws its target from the run’s history at once', () => {
  const zoneDown = readFileSync(new URL('../../public/scenarios/zone-down.json', import.meta.url), 'utf8');

  it('posts the overview of the target (the one the engine has on landing), then lands', () => {
    const loaded = loadRunner(zoneDown, [], 14 * 60_000);
    if (!loaded.ok) throw new Error(loaded.message);
    const r = loaded.runner;
    // This machine's speed decides whether a seek is dear; the test says it is.
    Object.defineProperty(r, 'lookAheadIsDear', { get: () => true });
    const { changeCount: _c, ...before } = r.sim.overview();
    const h = host();
    const job = start(r, 9 * 60_000 + 30_000, h);
    const preview = h.posts.find((m) => m.type === 'seekPreview');
    expect(preview).toMatchObject({ type: 'seekPreview', at: 9 * 60_000 + 30_000 });
    expect(preview?.type === 'seekPreview' && preview.overview).toBeTruthy();
    while (h.tick());
    expect(job.finished).toBe(true);
    expect(r.now).toBe(9 * 60_000 + 30_000);
    const { changeCount: _a, ...drawn } = (preview?.type === 'seekPreview' && preview.overview) || {};
    const { changeCount: _b, ...landed } = r.sim.overview();
    expect(drawn).toEqual(landed);
    // The zone's state then was not the one of 14m: the picture is of the target, not of now.
    expect(drawn).not.toEqual(before);
  });

  it('a seek in one go (a lesson’s Back or Restart) is announced before it restores, so the worker can draw it', () => {
    const r = kubeletStopped(200_000);
    const told: [number, number][] = [];
    r.beforeSeek = (t) => told.push([t, r.now]);
    r.seek(95_000);
    expect(told).toEqual([[95_000, 200_000]]);
    expect(r.now).toBe(95_000);
  });

  it('has no picture of a moment not reached yet, nor of a small cluster', () => {
    const loaded = loadRunner(zoneDown, [], 60_000);
    if (!loaded.ok) throw new Error(loaded.message);
    expect(loaded.runner.previewAt(30_000)).toBeDefined();
    expect(loaded.runner.previewAt(90_000)).toBeUndefined();
    expect(kubeletStopped(60_000).previewAt(30_000)).toBeUndefined();
  });
});

describe('a seek to the moment the run is at', () => {
  it('restores nothing and replays nothing: the state stays the one shown', () => {
    const r = kubeletStopped(95_000);
    let restores = 0;
    const restore = r.sim.restore.bind(r.sim);
    r.sim.restore = (s) => {
      restores++;
      restore(s);
    };
    const before = r.sim.traceHash();
    const target = r.seekStart(95_000);
    expect(target).toBe(95_000);
    expect(r.seekToward(target, 1000)).toBe(true);
    r.seekEnd();
    expect({ restores, now: r.now, hash: r.sim.traceHash() }).toEqual({ restores: 0, now: 95_000, hash: before });
    // Its estimate says so too: nothing to replay, no restore.
    expect(r.replayEstimate(r.seekFrom(95_000), 95_000, false)).toBe(0);
  });
});
