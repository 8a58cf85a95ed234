import { describe, expect, it } from 'vitest';
import type { ApiObject } from './api-types';
import { KindMaps } from './kind-maps';
import type { ApiState } from './state';

function objects(): ApiState['objects'] {
  return {
    Node: {},
    Pod: {},
    ReplicaSet: {},
    Deployment: {},
    StatefulSet: {},
    DaemonSet: {},
    Service: {},
    EndpointSlice: {},
    Lease: {},
    ConfigMap: {},
    PodDisruptionBudget: {},
    PersistentVolumeClaim: {},
    PersistentVolume: {},
    VolumeAttachment: {},
  };
}

const obj = (name: string) => ({ kind: 'Node', metadata: { name } }) as unknown as ApiObject;

describe('KindMaps', () => {
  it('mirrors a record in its order through writes and deletes', () => {
    const o = objects();
    const km = new KindMaps();
    const rec = o.Node as Record<string, ApiObject>;
    rec.b = obj('b');
    rec.a = obj('a');
    expect([...(km.get(o, 'Node')?.keys() ?? [])]).toEqual(Object.keys(rec));
    rec.c = obj('c');
    km.set(rec, 'Node', 'c', rec.c);
    delete rec.b;
    km.delete(rec, 'Node', 'b');
    rec.b = obj('b2');
    km.set(rec, 'Node', 'b', rec.b);
    expect([...(km.get(o, 'Node')?.values() ?? [])]).toEqual(Object.values(rec));
  });

  it('gives up on kinds with integer-like keys (objects order them first) and follows a new record', () => {
    const o = objects();
    const km = new KindMaps();
    const rec = o.Node as Record<string, ApiObject>;
    rec.x = obj('x');
    km.get(o, 'Node');
    rec['1'] = obj('1');
    km.set(rec, 'Node', '1', rec['1']);
    expect(km.get(o, 'Node')).toBeUndefined();
    const p = objects();
    (p.Pod as Record<string, ApiObject>)['default/a'] = obj('a');
    expect([...(km.get(p, 'Pod')?.keys() ?? [])]).toEqual(['default/a']);
  });

  it('drops a mirror written more than it holds while unread, and rebuilds it in the same order', () => {
    const o = objects();
    const km = new KindMaps();
    const rec = o.Lease as Record<string, ApiObject>;
    for (let i = 0; i < 10; i++) rec[`ns/l${i}`] = obj(`l${i}`);
    const first = km.get(o, 'Lease');
    for (let round = 0; round < 300; round++)
      for (let i = 0; i < 10; i++) {
        rec[`ns/l${i}`] = obj(`l${i}-${round}`);
        km.set(rec, 'Lease', `ns/l${i}`, rec[`ns/l${i}`] as ApiObject);
      }
    delete rec['ns/l3'];
    km.delete(rec, 'Lease', 'ns/l3');
    const again = km.get(o, 'Lease');
    expect(again).not.toBe(first);
    expect([...(again?.entries() ?? [])]).toEqual(Object.entries(rec));
  });
});
