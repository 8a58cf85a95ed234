/**
 * The cluster-autoscaler's events under client-go's EventCorrelate (issue 30 item 6):
 * client-go tools/record/events_cache.go `EventCorrelate` runs the aggregator, then
 * `eventObserve` (the recorder's cache: count + 1, firstTimestamp kept), then the spam filter
 * (`filterFunc`); event.go `recordToSink` writes nothing for a filtered occurrence, and
 * `recordEvent` PATCHes the cached Event when count > 1 (a Create with the cached count and
 * firstTimestamp on NotFound). cluster-autoscaler utils/kubernetes/factory.go
 * `getCorrelationOptions`: QPS 1/300, burst 1, LRU 8192, `getCustomSpamKeyFunc`.
 */
import { describe, expect, it } from 'vitest';
import { advanceUntil, cloudSim, deployment, eventsOf } from '../cloud/testkit';
import type { KubeEvent } from '../core/api-types';
import type { AutoscalerMemory } from '../core/cloud-types';
import { dict } from '../core/dict';
import type { Simulation } from '../simulation';
import { caEvent, LRU_CACHE_SIZE, nodeRef } from './events';

/** The recorder's part of a fresh autoscaler process's memory (cloud/processes.ts). */
const recorder = () => ({ spam: dict(), recorder: dict(), recorderSize: 0 }) as unknown as AutoscalerMemory;

/** A cluster without an autoscaler process: only the test's calls record cluster-autoscaler events. */
function quiet(): Simulation {
  return cloudSim({ groups: { workers: [1, 1, 1] }, autoscaler: false });
}

function emit(sim: Simulation, ca: AutoscalerMemory, reason: string, message: string): boolean {
  const node = sim.engine.get('Node', 'workers-1');
  if (!node) throw new Error('no node');
  return caEvent(sim.engine, ca, nodeRef(node), 'Normal', reason, message, 0);
}

const ofNode = (sim: Simulation, reason: string): KubeEvent[] =>
  eventsOf(sim, reason, 'workers-1').filter((ev) => ev.source.component === 'cluster-autoscaler');
const counts = (evs: KubeEvent[]) => evs.map((ev) => [ev.message, ev.count, ev.firstTimestamp, ev.lastTimestamp]);

describe('EventCorrelate: eventObserve counts before the spam filter drops', () => {
  it('NotTriggerScaleUp every 10s: count 1 for 5 minutes, then x31 at the next pass; describe pod prints it', () => {
    const sim = cloudSim({
      groups: { workers: [1, 1, 1] },
      objects: [deployment('web', 2, '1500m')],
      timeline: [{ at: '30s', run: 'kubectl scale deployment web --replicas=3' }],
    });
    advanceUntil(sim, () => eventsOf(sim, 'NotTriggerScaleUp').length > 0, 120_000);
    const ev = () => eventsOf(sim, 'NotTriggerScaleUp');
    const first = ev()[0]?.firstTimestamp as number;
    expect(first).toBe(38_433);
    // Thirty loops filtered: nothing written, the Event still count 1.
    sim.advanceTo(first + 299_999);
    expect(counts(ev())).toEqual([["pod didn't trigger scale-up: 1 max node group size reached", 1, first, first]]);
    // The 31st occurrence passes the filter: a PATCH to every occurrence counted.
    sim.advanceTo(first + 300_000);
    expect(counts(ev())).toEqual([
      ["pod didn't trigger scale-up: 1 max node group size reached", 31, first, first + 300_000],
    ]);
    sim.advanceTo(first + 360_000);
    const pod = sim.engine.list('Pod').find((p) => p.metadata.name.startsWith('web-') && !p.spec.nodeName);
    const lines = sim.kubectl(`kubectl describe pod ${pod?.metadata.name}`).split('\n');
    expect(lines.find((l) => l.includes('NotTriggerScaleUp'))).toBe(
      "  Normal   NotTriggerScaleUp  60s (x31 over 6m)   cluster-autoscaler  pod didn't trigger scale-up: 1 max node group size reached",
    );
  });

  it("a filtered first occurrence is counted: the Event it first passes with is created with every occurrence and the first one's time", () => {
    const sim = quiet();
    const ca = recorder();
    const t = sim.now;
    expect(emit(sim, ca, 'NotTriggerScaleUp', 'message A')).toBe(true);
    // Same spam key (reason, source, object), another message: filtered, yet observed.
    for (let i = 1; i <= 3; i++) {
      sim.advanceTo(t + i * 10_000);
      expect(emit(sim, ca, 'NotTriggerScaleUp', 'message B')).toBe(false);
    }
    expect(counts(ofNode(sim, 'NotTriggerScaleUp'))).toEqual([['message A', 1, t, t]]);
    sim.advanceTo(t + 300_000);
    expect(emit(sim, ca, 'NotTriggerScaleUp', 'message B')).toBe(true);
    // recordEvent: count 4 > 1, so a PATCH of the cached name; NotFound (never created): Create.
    expect(counts(ofNode(sim, 'NotTriggerScaleUp'))).toEqual([
      ['message A', 1, t, t],
      ['message B', 4, t + 10_000, t + 300_000],
    ]);
  });

  it("a repeat more than 10 minutes later still goes to the cached Event (the recorder's cache has no time window)", () => {
    const sim = quiet();
    const ca = recorder();
    const t = sim.now;
    emit(sim, ca, 'ScaleDown', 'marked the node as toBeDeleted/unschedulable');
    sim.advanceTo(t + 15 * 60_000);
    expect(emit(sim, ca, 'ScaleDown', 'marked the node as toBeDeleted/unschedulable')).toBe(true);
    expect(counts(ofNode(sim, 'ScaleDown'))).toEqual([
      ['marked the node as toBeDeleted/unschedulable', 2, t, t + 15 * 60_000],
    ]);
  });

  it('after the apiserver deleted the Event (event-ttl 1h), the next one is created with the cached count and firstTimestamp', () => {
    const sim = quiet();
    const ca = recorder();
    const t = sim.now;
    emit(sim, ca, 'ScaleDown', 'nodes removed by cluster autoscaler');
    sim.advanceTo(t + 2 * 3_600_000);
    expect(ofNode(sim, 'ScaleDown')).toEqual([]);
    emit(sim, ca, 'ScaleDown', 'nodes removed by cluster autoscaler');
    expect(counts(ofNode(sim, 'ScaleDown'))).toEqual([
      ['nodes removed by cluster autoscaler', 2, t, t + 2 * 3_600_000],
    ]);
  });

  it('a new process starts with an empty cache: its first occurrence is a new Event, count 1', () => {
    const sim = quiet();
    const t = sim.now;
    emit(sim, recorder(), 'ScaleDown', 'marked the node as toBeDeleted/unschedulable');
    sim.advanceTo(t + 60_000);
    emit(sim, recorder(), 'ScaleDown', 'marked the node as toBeDeleted/unschedulable');
    expect(counts(ofNode(sim, 'ScaleDown'))).toEqual([
      ['marked the node as toBeDeleted/unschedulable', 1, t, t],
      ['marked the node as toBeDeleted/unschedulable', 1, t + 60_000, t + 60_000],
    ]);
  });

  it('the cache is an LRU of 8192 keys: the least recently observed key is forgotten', () => {
    const sim = quiet();
    const ca = recorder();
    const t = sim.now;
    emit(sim, ca, 'ScaleDownFailed', 'first');
    for (let i = 1; i < LRU_CACHE_SIZE; i++) emit(sim, ca, `Reason${i}`, 'x');
    expect(ca.recorderSize).toBe(LRU_CACHE_SIZE);
    // Still cached: observing it again makes it the most recent.
    sim.advanceTo(t + 300_000);
    emit(sim, ca, 'ScaleDownFailed', 'first');
    expect(counts(ofNode(sim, 'ScaleDownFailed'))).toEqual([['first', 2, t, t + 300_000]]);
    // One new key evicts the least recent (`Reason1`), not `first`.
    emit(sim, ca, 'Another', 'x');
    expect(ca.recorderSize).toBe(LRU_CACHE_SIZE);
    const keys = Object.keys(ca.recorder);
    expect(keys.some((k) => k.endsWith('NormalReason1x'))).toBe(false);
    expect(keys[0]?.endsWith('NormalReason2x')).toBe(true);
    expect(keys.at(-1)?.endsWith('NormalAnotherx')).toBe(true);
    sim.advanceTo(t + 600_000);
    emit(sim, ca, 'Reason1', 'x');
    // Forgotten: a new Event, count 1 (the old one is still stored).
    expect(counts(ofNode(sim, 'Reason1'))).toEqual([
      ['x', 1, t, t],
      ['x', 1, t + 600_000, t + 600_000],
    ]);
  });

  it('a snapshot taken between passes keeps the occurrences held back (the recorder is in the state)', () => {
    const sim = cloudSim({
      groups: { workers: [1, 1, 1] },
      objects: [deployment('web', 2, '1500m')],
      timeline: [{ at: '30s', run: 'kubectl scale deployment web --replicas=3' }],
    });
    advanceUntil(sim, () => eventsOf(sim, 'NotTriggerScaleUp').length > 0, 120_000);
    const first = eventsOf(sim, 'NotTriggerScaleUp')[0]?.firstTimestamp as number;
    sim.advanceTo(first + 150_000);
    const snap = sim.snapshot();
    sim.advanceTo(first + 300_000);
    const once = [counts(eventsOf(sim, 'NotTriggerScaleUp')), sim.traceHash()];
    sim.restore(snap);
    sim.advanceTo(first + 300_000);
    expect([counts(eventsOf(sim, 'NotTriggerScaleUp')), sim.traceHash()]).toEqual(once);
    expect(once[0]).toEqual([
      ["pod didn't trigger scale-up: 1 max node group size reached", 31, first, first + 300_000],
    ]);
  });
});
