import { describe, expect, it } from 'vitest';
import { applyManifest } from '../api/apply';
import { deletePod } from '../api/delete';
import { makeCluster, podsOf, setServiceActive, settle, WORKLOAD_MODULES } from '../api/testkit';

describe('endpointslice controller', () => {
  it('one slice per Service; NotReady and terminating pods stay with ready=false', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    const c = e.cause({ actor: 'test', what: 'apply' });
    applyManifest(
      e,
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web' },
        spec: { replicas: 2, template: { spec: { containers: [{ name: 'nginx', image: 'nginx' }] } } },
      },
      c,
    );
    applyManifest(
      e,
      {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'web' },
        spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
      },
      c,
    );
    settle(e, 2000);
    const slices = e.list('EndpointSlice');
    expect(slices).toHaveLength(1);
    const s = slices[0]!;
    expect(s.metadata.name).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(s.metadata.labels['kubernetes.io/service-name']).toBe('web');
    expect(s.endpoints).toHaveLength(2);
    expect(s.endpoints.every((x) => x.conditions.ready && x.conditions.serving && !x.conditions.terminating)).toBe(
      true,
    );
    // MarkPodsNotReady on one pod (as the node-lifecycle controller does).
    const [a, b] = podsOf(e, 'web-');
    const na = structuredClone(a!);
    na.status.conditions = na.status.conditions.map((x) =>
      x.type === 'Ready' ? { ...x, status: 'False' as const } : x,
    );
    e.put(na, 'Ready=False', e.cause({ actor: 'node-controller', what: 'MarkPodsNotReady' }));
    setServiceActive(e, b!.spec.nodeName!, 'kubelet', false);
    deletePod(e, `default/${b!.metadata.name}`, {}, c);
    setServiceActive(e, a!.spec.nodeName!, 'kubelet', false);
    settle(e, 500);
    const eps = e.list('EndpointSlice')[0]!.endpoints;
    const byName = Object.fromEntries(eps.map((x) => [x.targetRef.name, x.conditions]));
    expect(byName[a!.metadata.name]).toEqual({ ready: false, serving: false, terminating: false });
    expect(byName[b!.metadata.name]).toEqual({ ready: false, serving: true, terminating: true });
  });
});
