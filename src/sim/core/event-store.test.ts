import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { workloadScenario } from '../api/testkit';
import { createSimulation } from '../simulation';
import type { KubeEvent, ObjectReference } from './api-types';
import { rebuildCorrelation } from './event-correlate';
import { type EventLog, type EventSegment, emptyEventLog, SEGMENT } from './event-log';
import { eventRows } from './event-log.testkit';
import { EventStore } from './event-store';

const MIN = 60_000;

/** An Event as the record kept it before the log, in the fields kubectl prints. */
interface Modelled {
  o: ObjectReference;
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  component: string;
  name: string;
  uid: string;
  first: number;
  last: number;
  count: number;
  rv: number;
}

/**
 * The recorder and the apiserver as the engine had them (a record of Events, the aggregation map
 * naming the newest Event of each key, deletion at last write + TTL), written plainly.
 */
class Model {
  events: Modelled[] = [];
  /** The newest Event of each aggregation key (the joined text the engine used to keep). */
  newest = new Map<string, Modelled>();
  constructor(readonly ttl: number) {}
  record(f: Omit<Modelled, 'name' | 'uid' | 'first' | 'last' | 'count' | 'rv'>, now: number, ids: Ids): void {
    const key = (m: Omit<Modelled, 'name' | 'uid' | 'first' | 'last' | 'count' | 'rv'>) =>
      [m.o.kind, m.o.namespace ?? '', m.o.name, m.o.uid, m.reason, m.message, m.component].join('|');
    const newest = this.newest.get(key(f));
    if (newest && newest.last + this.ttl > now && now - newest.last <= 10 * MIN) {
      Object.assign(newest, { count: newest.count + 1, last: now, rv: ids.rv() });
      return;
    }
    const m = { ...f, name: ids.name(), uid: ids.uid(), first: now, last: now, count: 1, rv: ids.rv() };
    this.events.push(m);
    this.newest.set(key(f), m);
  }
  stored(now: number): Modelled[] {
    return this.events.filter((m) => m.last + this.ttl > now);
  }
  copy(): Model {
    const m = new Model(this.ttl);
    const copies = new Map(this.events.map((e) => [e, { ...e }]));
    m.events = [...copies.values()];
    for (const [k, e] of this.newest) m.newest.set(k, copies.get(e) as Modelled);
    return m;
  }
}

/** Names, uids and resourceVersions as the engine's PRNG and counter would give them (distinct). */
class Ids {
  n = 0;
  name = () => (++this.n).toString(16).padStart(16, '0');
  uid = () => {
    const h = (++this.n).toString(16).padStart(32, 'a');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  rv = () => ++this.n;
}

function recordIn(store: EventStore, f: Parameters<Model['record']>[0], now: number, ids: Ids): void {
  const at = store.repeatOf(f.o, f.reason, f.message, f.component, now);
  if (at >= 0) store.bump(at, now, ids.rv());
  else
    store.create(f.o, f.type, f.reason, f.message, f.component, {
      now,
      name: ids.name(),
      uid: ids.uid(),
      rv: ids.rv(),
    });
}

const view = (ev: KubeEvent) => [
  ev.metadata.namespace,
  ev.metadata.name,
  ev.metadata.uid,
  ev.metadata.resourceVersion,
  ev.involvedObject,
  ev.type,
  ev.reason,
  ev.message,
  ev.source.component,
  ev.firstTimestamp,
  ev.lastTimestamp,
  ev.count,
];
const modelView = (m: Modelled) => [
  m.o.namespace ?? 'default',
  `${m.o.name}.${m.name}`,
  m.uid,
  m.rv,
  m.o,
  m.type,
  m.reason,
  m.message,
  m.component,
  m.first,
  m.last,
  m.count,
];

const objects: ObjectReference[] = [
  { kind: 'Pod', namespace: 'default', name: 'web-1', uid: 'u1' },
  { kind: 'Pod', namespace: 'default', name: 'web-1', uid: 'u2' },
  { kind: 'Node', name: 'node2', uid: 'node2' },
  { kind: 'Pod', namespace: 'kube-system', name: 'web-1', uid: 'u3' },
];
const fieldsArb = fc.record({
  // biome-ignore lint/plugin/noSpreadArguments: three fixed objects
  o: fc.constantFrom(...objects),
  type: fc.constantFrom('Normal' as const, 'Warning' as const),
  reason: fc.constantFrom('Killing', 'BackOff'),
  message: fc.constantFrom('a', 'b', 'Stopping container web'),
  component: fc.constantFrom('kubelet', 'node-controller'),
});
const opArb = fc.oneof(
  fc.record({ op: fc.constant('record' as const), f: fieldsArb }),
  // Many Events of their own (one object each), to fill, expire and compact segments.
  fc.record({ op: fc.constant('burst' as const), n: fc.integer({ min: 1, max: SEGMENT + 600 }) }),
  fc.record({ op: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 25 * MIN }) }),
  fc.record({ op: fc.constant('checkpoint' as const) }),
  fc.record({ op: fc.constant('restore' as const), pick: fc.nat() }),
);

describe('EventStore (the Event log with its aggregation memory)', () => {
  it('stores, aggregates and expires as the record of Events did, through checkpoints and restores', () => {
    fc.assert(
      fc.property(fc.constantFrom(5 * MIN, 60 * MIN), fc.array(opArb, { minLength: 1, maxLength: 30 }), (ttl, ops) => {
        let now = 0;
        // One counter each, in step while the store decides as the model does.
        const ids = new Ids();
        const modelIds = new Ids();
        let store = new EventStore(emptyEventLog(), now, ttl);
        let model = new Model(ttl);
        const checkpoints: { now: number; c: ReturnType<EventStore['checkpoint']>; model: Model; rows: unknown }[] = [];
        let burst = 0;
        for (const o of ops) {
          if (o.op === 'record') {
            recordIn(store, o.f, now, ids);
            model.record(o.f, now, modelIds);
          } else if (o.op === 'burst') {
            for (let i = 0; i < o.n; i++) {
              const f = {
                o: { kind: 'Pod', namespace: 'default', name: `p${burst++}`, uid: `b${burst}` },
                type: 'Normal' as const,
                reason: 'Scheduled',
                message: `m${burst % 7}`,
                component: 'default-scheduler',
              };
              recordIn(store, f, now, ids);
              model.record(f, now, modelIds);
            }
          } else if (o.op === 'advance') {
            now += o.ms;
            // As Engine.runUntil: memory freed once due, stored Events unchanged by it.
            if (store.expiryDue <= now) store.expire(now);
          } else if (o.op === 'checkpoint') {
            const c = store.checkpoint();
            checkpoints.push({ now, c, model: model.copy(), rows: JSON.stringify(eventRows(c)) });
          } else if (checkpoints.length > 0) {
            const k = checkpoints[o.pick % checkpoints.length] as (typeof checkpoints)[number];
            now = k.now;
            store = EventStore.restore(k.c, now, ttl);
            model = k.model.copy();
          }
          // The whole listing after each step but a single record (a burst writes thousands).
          if (o.op !== 'record') expect(store.list(now).map(view)).toEqual(model.stored(now).map(modelView));
        }
        expect(store.list(now).map(view)).toEqual(model.stored(now).map(modelView));
        // What each checkpoint holds never changed, whatever was written after it.
        for (const k of checkpoints) expect(JSON.stringify(eventRows(k.c))).toBe(k.rows);
      }),
      { numRuns: 25 },
    );
  }, 300_000);

  it('keeps an Event a repeat keeps alive without keeping the hours of Events written after it', () => {
    const ids = new Ids();
    const ttl = 60 * MIN;
    const store = new EventStore(emptyEventLog(), 0, ttl);
    const backOff = {
      o: objects[0] as ObjectReference,
      type: 'Warning' as const,
      reason: 'BackOff',
      message: 'x',
      component: 'kubelet',
    };
    let n = 0;
    for (let now = 0; now <= 5 * 60 * MIN; now += 5 * MIN) {
      if (store.expiryDue <= now) store.expire(now);
      recordIn(store, backOff, now, ids);
      for (let i = 0; i < 2000; i++) {
        const o = { kind: 'Pod', namespace: 'default', name: `p${n++}`, uid: `u${n}` };
        recordIn(store, { ...backOff, o, type: 'Normal', reason: 'Scheduled' }, now, ids);
      }
    }
    const now = 5 * 60 * MIN;
    const events = store.list(now);
    expect(events[0]?.count).toBe(61);
    expect(events[0]?.firstTimestamp).toBe(0);
    // The BackOff Event and the last hour's (the rounds after 4 h: last write + 1 h > now).
    expect(events).toHaveLength(1 + 12 * 2000);
    // Segments: what an hour of 2,000 Events every 5 minutes fills, plus a compacted one.
    expect(store.log.segments.length).toBeLessThanOrEqual(Math.ceil((13 * 2001) / SEGMENT) + 2);
  });

  it('rebuilds the same aggregation memory when it skips the segments last written over 10 minutes ago', () => {
    const ids = new Ids();
    const ttl = 60 * MIN;
    const store = new EventStore(emptyEventLog(), 0, ttl);
    const base = { type: 'Warning' as const, reason: 'BackOff', message: 'x', component: 'kubelet' };
    let n = 0;
    // Old segments, some kept alive by repeats of their first Events (a crash loop), and new ones.
    for (let now = 0; now <= 50 * MIN; now += MIN) {
      if (store.expiryDue <= now) store.expire(now);
      for (let i = 0; i < 3; i++) recordIn(store, { ...base, o: objects[i] as ObjectReference }, now, ids);
      for (let i = 0; i < 500; i++) {
        const o = { kind: 'Pod', namespace: 'default', name: `p${n++}`, uid: `u${n}` };
        recordIn(store, { ...base, o, type: 'Normal', reason: 'Scheduled' }, now, ids);
      }
    }
    const now = 50 * MIN;
    const pairs = (log: EventLog) =>
      [...(rebuildCorrelation(log, now, ttl) as unknown as { pairs: Map<number, unknown> }).pairs].sort(
        (a, b) => a[0] - b[0],
      );
    const skipped = store.log.segments.filter((s) => s.lastMax !== undefined && now - s.lastMax > 10 * MIN).length;
    expect(skipped).toBeGreaterThan(0);
    const unmarked: EventLog = {
      ...store.log,
      segments: store.log.segments.map(({ lastMax: _, ...rest }) => rest as EventSegment),
    };
    expect(pairs(store.log)).toEqual(pairs(unmarked));
    // The crash loop's three Events take repeats still: their pairs are in it.
    expect(store.repeatOf(objects[0] as ObjectReference, 'BackOff', 'x', 'kubelet', now + 1)).toBeGreaterThanOrEqual(0);
  });
});

describe('a checkpoint of the Events', () => {
  it('is not changed by another future written after a restore of an earlier one', () => {
    const ids = new Ids();
    const f = (name: string) => ({
      o: { kind: 'Pod', namespace: 'default', name, uid: name },
      type: 'Normal' as const,
      reason: 'Scheduled',
      message: name,
      component: 'default-scheduler',
    });
    let store = new EventStore(emptyEventLog(), 0, 60 * MIN);
    recordIn(store, f('a'), 0, ids);
    const early = store.checkpoint();
    recordIn(store, f('b'), 1_000, ids);
    // A bump of an Event the early checkpoint holds too (its bump columns are copied first).
    recordIn(store, f('a'), 1_000, ids);
    const later = store.checkpoint();
    const rows = JSON.stringify(eventRows(later));
    store = EventStore.restore(early, 0, 60 * MIN);
    recordIn(store, f('c'), 2_000, ids);
    recordIn(store, f('a'), 2_000, ids);
    expect(JSON.stringify(eventRows(later))).toBe(rows);
    expect(eventRows(early)).toHaveLength(1);
    expect(store.list(2_000).map((ev) => [ev.involvedObject.name, ev.count])).toEqual([
      ['a', 2],
      ['c', 1],
    ]);
    store = EventStore.restore(later, 1_000, 60 * MIN);
    expect(store.list(1_000).map((ev) => [ev.involvedObject.name, ev.count])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('gives back exactly the same Events after Events were added and bumped: kubectl output and trace', () => {
    const node1 = { kind: 'Node', name: 'node1', uid: 'node1' };
    const made = (sim: ReturnType<typeof createSimulation>) => {
      sim.advanceTo(2 * MIN);
      // An Event stored when the checkpoint is taken, which a repeat after it bumps (copy on write).
      sim.engine.event(node1, 'Normal', 'Test', 'an Event before the checkpoint', 'test', 0);
      return sim;
    };
    const sim = made(createSimulation(workloadScenario()));
    const snap = sim.snapshot();
    const lines = [
      'kubectl get events -A',
      'kubectl get events -A -o wide',
      'kubectl get events -A -o yaml',
      'kubectl events -A',
      'kubectl describe node node1',
    ];
    const before = lines.map((l) => sim.kubectl(l));
    const e = sim.engine;
    e.event(node1, 'Normal', 'Test', 'an Event before the checkpoint', 'test', 0);
    e.event(node1, 'Normal', 'Test', 'a new Event', 'test', 0);
    const counts = e
      .list('Event')
      .filter((x) => x.reason === 'Test')
      .map((x) => x.count);
    expect(counts).toEqual([2, 1]);
    sim.advanceTo(10 * MIN);
    const hash = sim.traceHash();
    expect(lines.map((l) => sim.kubectl(l))).not.toEqual(before);
    sim.restore(snap);
    expect(lines.map((l) => sim.kubectl(l))).toEqual(before);
    // The same run again from it: the same trace and output as a run that never took a checkpoint.
    const plain = made(createSimulation(workloadScenario()));
    plain.advanceTo(10 * MIN);
    sim.advanceTo(10 * MIN);
    expect(sim.traceHash()).toBe(plain.traceHash());
    expect(sim.traceHash()).not.toBe(hash);
    expect(lines.map((l) => sim.kubectl(l))).toEqual(lines.map((l) => plain.kubectl(l)));
  });
});

describe('an Event whose name and uid the caller gives', () => {
  it('is stored with them and draws nothing from the PRNG (Engine.event `ids`)', () => {
    const sim = createSimulation(workloadScenario());
    const e = sim.engine;
    const rng = structuredClone(e.state.rng);
    const o = { kind: 'Lease', name: 'kube-scheduler', namespace: 'kube-system', uid: 'u-1' };
    const uid = '0123abcd-4567-89ef-0123-456789abcdef';
    e.event(o, 'Normal', 'LeaderElection', 'x became leader', 'default-scheduler', 0, {
      name: '18452e2cbdbca000',
      uid,
    });
    expect(e.state.rng).toEqual(rng);
    const ev = e.list('Event').find((x) => x.message === 'x became leader');
    expect([ev?.metadata.name, ev?.metadata.uid]).toEqual(['kube-scheduler.18452e2cbdbca000', uid]);
  });
});

describe("a recorder's own count (client-go eventObserve, the cluster-autoscaler's recorder)", () => {
  const o: ObjectReference = { kind: 'Pod', name: 'web-1', namespace: 'default', uid: 'u1' };
  const ev = { now: 0, name: '0000000000000001', uid: '00000000-0000-0000-0000-000000000001', rv: 1 };

  it('creates with the observed count and firstTimestamp, written now (recordEvent: the PATCH found nothing, Create)', () => {
    const store = new EventStore(emptyEventLog(), 0, 60 * MIN);
    const seq = store.create(o, 'Normal', 'NotTriggerScaleUp', 'm', 'cluster-autoscaler', {
      ...ev,
      now: 5 * MIN,
      count: 31,
      first: 0,
    });
    const [e] = store.list(5 * MIN);
    expect([seq, e?.count, e?.firstTimestamp, e?.lastTimestamp, e?.metadata.creationTimestamp]).toEqual([
      0,
      31,
      0,
      5 * MIN,
      0,
    ]);
    // Stored until its last write + TTL, not its firstTimestamp + TTL.
    expect(store.storedAt(seq, 64 * MIN)).toBe(0);
    expect(store.storedAt(seq, 65 * MIN)).toBe(-1);
  });

  it('a PATCH sets the count the recorder observed, and a checkpoint keeps the count it had', () => {
    const store = new EventStore(emptyEventLog(), 0, 60 * MIN);
    const seq = store.create(o, 'Normal', 'NotTriggerScaleUp', 'm', 'cluster-autoscaler', ev);
    const kept = store.checkpoint();
    store.bump(store.storedAt(seq, 5 * MIN), 5 * MIN, 2, 31);
    expect(store.list(5 * MIN).map((e) => [e.count, e.firstTimestamp, e.lastTimestamp])).toEqual([[31, 0, 5 * MIN]]);
    const back = EventStore.restore(kept, 5 * MIN, 60 * MIN);
    expect(back.list(5 * MIN).map((e) => [e.count, e.lastTimestamp])).toEqual([[1, 0]]);
  });
});
