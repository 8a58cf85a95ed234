import { describe, expect, it } from 'vitest';
import type { KubeEvent, ObjectReference } from '../api/types';
import { type EventAggIndex, findEvent, indexEvent, unindexEvent } from './event-index';

function ev(o: ObjectReference, reason: string, message: string, component: string, name: string): KubeEvent {
  return {
    kind: 'Event',
    metadata: {
      name,
      namespace: o.namespace ?? 'default',
      uid: name,
      resourceVersion: 0,
      creationTimestamp: 0,
      labels: {},
      annotations: {},
      ownerReferences: [],
    },
    involvedObject: o,
    type: 'Normal',
    reason,
    message,
    source: { component },
    firstTimestamp: 0,
    lastTimestamp: 0,
    count: 1,
  };
}

/** The index it replaces: the joined text of the fields -> the Event key. */
const joined = (e: KubeEvent) =>
  `${e.involvedObject.kind}|${e.involvedObject.namespace ?? ''}|${e.involvedObject.name}|${e.involvedObject.uid}|${e.reason}|${e.message}|${e.source.component}`;

describe('event aggregation index', () => {
  it('answers as a map from the joined fields to the Event key, through sets, expiries and repeats', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const objs: ObjectReference[] = [
      { kind: 'Pod', namespace: 'default', name: 'web-1', uid: 'u1' },
      { kind: 'Pod', namespace: 'default', name: 'web-1', uid: 'u2' },
      { kind: 'Pod', namespace: 'other', name: 'web-1', uid: 'u1' },
      { kind: 'Node', name: 'node1', uid: 'node1' },
      { kind: 'Node', name: 'node1', uid: '' },
    ];
    const reasons = ['Started', 'Pulled', 'NodeNotReady'];
    const messages = ['a', 'b', 'Started container main'];
    const comps = ['kubelet', 'node-controller'];
    const events: Record<string, KubeEvent> = Object.create(null);
    const ix: EventAggIndex = new Map();
    const ref = new Map<string, string>();
    for (let i = 0; i < 3000; i++) {
      const o = objs[rand(objs.length)] as ObjectReference;
      const r = reasons[rand(reasons.length)] as string;
      const m = messages[rand(messages.length)] as string;
      const c = comps[rand(comps.length)] as string;
      const probe = ev(o, r, m, c, 'probe');
      expect(findEvent(ix, events, o, r, m, c)).toBe(ref.get(joined(probe)));
      const keys = Object.keys(events);
      if (rand(3) === 0 && keys.length > 0) {
        // Expire one stored Event (it may not be the one its key's pair names any more).
        const k = keys[rand(keys.length)] as string;
        const gone = events[k] as KubeEvent;
        delete events[k];
        unindexEvent(ix, events, gone, k);
        // The pair goes only if it names the expiring Event, not a newer one with its fields.
        if (ref.get(joined(gone)) === k) ref.delete(joined(gone));
      } else {
        const k = `${o.namespace ?? 'default'}/e${i}`;
        const e = ev(o, r, m, c, `e${i}`);
        events[k] = e;
        indexEvent(ix, events, e, k);
        ref.set(joined(e), k);
      }
    }
    expect(ref.size).toBeGreaterThan(10);
  });
});
