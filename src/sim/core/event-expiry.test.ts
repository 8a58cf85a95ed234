import { describe, expect, it } from 'vitest';
import { bareState } from '../api/testkit';
import { kubectlOutput } from '../kubectl/run';
import { bareEngine } from '../kubectl/testkit';
import type { KubeEvent } from './api-types';
import { Engine, type SimModule } from './engine';
import { PROFILES } from './profiles';

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

  it('survives a snapshot and a restore (the log: head, tail and segments kept with it)', async () => {
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
