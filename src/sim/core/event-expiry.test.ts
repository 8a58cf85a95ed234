import { describe, expect, it } from 'vitest';
import { bareState } from '../api/testkit';
import type { KubeEvent } from '../api/types';
import { kubectlOutput } from '../kubectl/run';
import { bareEngine } from '../kubectl/testing';
import { PROFILES } from '../scenario/profiles';
import { Engine, type SimModule } from './engine';
import { EventExpiry } from './event-expiry';

const HOUR = 3_600_000;
const node2 = { kind: 'Node', name: 'node2', uid: 'node2' };
const notReady = (e: Engine) =>
  e.event(node2, 'Normal', 'NodeNotReady', 'Node node2 status is now: NodeNotReady', 'node-controller', 0);
const stored = (e: Engine): KubeEvent[] => e.list('Event');

describe('Event TTL (kube-apiserver --event-ttl)', () => {
  it('is one hour in every profile (options.go EventTTL: 1 * time.Hour)', () => {
    for (const p of Object.values(PROFILES)) expect(p.eventTTL).toBe(HOUR);
  });

  it('deletes an Event exactly one hour after its last write, and kubectl get events stops listing it', () => {
    const e = bareEngine();
    e.runUntil(1_000);
    notReady(e);
    expect(kubectlOutput(e, 'kubectl get events')).toMatch(/NodeNotReady\s+node\/node2/);
    e.runUntil(1_000 + HOUR - 1);
    expect(stored(e)).toHaveLength(1);
    e.runUntil(1_000 + HOUR);
    expect(stored(e)).toHaveLength(0);
    expect(kubectlOutput(e, 'kubectl get events')).toBe('No resources found in default namespace.');
  });

  it('goes at its instant, before the timers due then run', () => {
    const seen: number[] = [];
    const probe: SimModule = {
      name: 'probe',
      timers: {
        look: (x) => {
          seen.push(x.list('Event').length);
        },
      },
    };
    const e = new Engine(bareState(), [probe]);
    notReady(e);
    e.schedule(HOUR - 1, 'look', '');
    e.schedule(HOUR, 'look', '');
    e.runUntil(2 * HOUR);
    expect(seen).toEqual([1, 0]);
  });

  it('a repeat before the hour (count + 1) keeps it another hour from the repeat', () => {
    const e = bareEngine();
    notReady(e);
    e.runUntil(5 * 60_000);
    notReady(e);
    const [ev] = stored(e);
    expect(ev?.count).toBe(2);
    e.runUntil(HOUR);
    expect(stored(e)).toHaveLength(1);
    e.runUntil(5 * 60_000 + HOUR - 1);
    expect(stored(e)).toHaveLength(1);
    e.runUntil(5 * 60_000 + HOUR);
    expect(stored(e)).toHaveLength(0);
  });

  it('a repeat after the hour is a new Event with count 1', () => {
    const e = bareEngine();
    notReady(e);
    notReady(e);
    const first = stored(e)[0];
    expect(first?.count).toBe(2);
    e.runUntil(HOUR + 30_000);
    expect(stored(e)).toHaveLength(0);
    notReady(e);
    const [again] = stored(e);
    expect(again?.count).toBe(1);
    expect(again?.metadata.name).not.toBe(first?.metadata.name);
    expect(again?.firstTimestamp).toBe(HOUR + 30_000);
    // and it aggregates its own repeats again
    notReady(e);
    expect(stored(e).map((x) => x.count)).toEqual([2]);
  });

  it('an older Event with the same fields expiring leaves the newer one aggregating', () => {
    // The recorder's cache (client-go events_cache.go) names the newest Event of a key; the server
    // deleting an older one does not touch it.
    const e = bareEngine();
    notReady(e); // E1 at 0
    e.runUntil(11 * 60_000);
    notReady(e); // more than 10 minutes later: E2
    for (let t = 20; t <= 56; t += 9) {
      e.runUntil(t * 60_000);
      notReady(e);
    }
    expect(stored(e).map((x) => x.count)).toEqual([1, 6]);
    e.runUntil(HOUR); // E1 expires
    expect(stored(e).map((x) => x.count)).toEqual([6]);
    e.runUntil(65 * 60_000);
    notReady(e);
    expect(stored(e).map((x) => x.count)).toEqual([7]);
  });

  it('survives a snapshot and a restore (the queue of writes is exported with the indexes)', async () => {
    const { createSimulation } = await import('../simulation');
    const { workloadScenario } = await import('../api/testkit');
    const a = createSimulation(workloadScenario());
    const snap = a.snapshot();
    a.advanceTo(HOUR + 60_000);
    const hash = a.traceHash();
    const events = a.engine.list('Event').length;
    a.restore(snap);
    a.advanceTo(HOUR + 60_000);
    expect(a.traceHash()).toBe(hash);
    expect(a.engine.list('Event').length).toBe(events);
    // Events of the start (last written before t=0) are all gone at t = 1h.
    expect(a.engine.list('Event').every((ev) => ev.lastTimestamp > 60_000)).toBe(true);
  });
});

describe('EventExpiry (the queue of Event writes)', () => {
  it('takes what a plain list of writes would, across chunks, exports and copies', () => {
    let seed = 11;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const events: Record<string, KubeEvent> = Object.create(null);
    const model: { key: string; at: number; rv: number }[] = [];
    let q = new EventExpiry();
    let now = 0;
    let rv = 0;
    for (let i = 0; i < 30_000; i++) {
      now += rand(3);
      const key = `ns/e${rand(5_000)}`;
      rv++;
      events[key] = { lastTimestamp: now, metadata: { resourceVersion: rv } } as KubeEvent;
      q.written(key, now, rv);
      model.push({ key, at: now, rv });
      if (rand(50) === 0) {
        const cutoff = now - rand(2_000);
        // What a plain list says: each write due whose Event still carries it.
        const want: string[] = [];
        while (model.length > 0 && (model[0]?.at as number) <= cutoff) {
          const w = model.shift() as { key: string; at: number; rv: number };
          if (events[w.key]?.metadata.resourceVersion === w.rv) want.push(w.key);
        }
        const got: string[] = [];
        q.take(cutoff, events, (k) => {
          got.push(k);
          delete events[k];
        });
        expect(got).toEqual(want);
        expect(q.oldest()).toBe(model[0]?.at ?? Number.POSITIVE_INFINITY);
      }
      // A copy made from an export goes on as the queue itself would.
      if (rand(200) === 0) q = EventExpiry.from(q.export());
    }
  });
});
