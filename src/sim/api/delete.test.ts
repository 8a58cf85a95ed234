import { describe, expect, it } from 'vitest';
import { applyManifest, runPod } from './apply';
import { cordon, deleteObject, deletePod, scale, uncordon } from './delete';
import { eventsOf, makeCluster, podsOf, setComponent, setServiceActive, settle, WORKLOAD_MODULES } from './testkit';

function cluster() {
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
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'fluentd' },
      spec: { template: { spec: { containers: [{ name: 'fluentd', image: 'fluentd' }] } } },
    },
    c,
  );
  settle(e, 3000);
  return e;
}

describe('delete verbs', () => {
  it('graceful delete sets deletionTimestamp; unbound pods go at once', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    const c = e.cause({ actor: 'test', what: 'x' });
    runPod(e, 'a', 'nginx', c);
    settle(e, 500);
    setServiceActive(e, 'node1', 'kubelet', false);
    expect(deletePod(e, 'default/a', {}, c)).toBe('pod "a" deleted');
    const p = e.get('Pod', 'default/a')!;
    expect(p.metadata.deletionTimestamp).toBe(e.now + 30_000);
    expect(p.metadata.deletionGracePeriodSeconds).toBe(30);
    // --grace-period=0 without --force becomes 1s
    deletePod(e, 'default/a', { gracePeriodSeconds: 0 }, c);
    expect(e.get('Pod', 'default/a')!.metadata.deletionGracePeriodSeconds).toBe(1);
    e.remove('Pod', 'default/a', 'gone', c);
    // unscheduled pod: removed immediately
    setComponent(e, 'kube-scheduler', false);
    runPod(e, 'b', 'nginx', c);
    expect(deletePod(e, 'default/b', {}, c)).toBe('pod "b" deleted');
    expect(e.get('Pod', 'default/b')).toBeUndefined();
    expect(() => deletePod(e, 'default/b', {}, c)).toThrow('Error from server (NotFound): pods "b" not found');
  });

  it('cordon / uncordon set spec.unschedulable; the kubelet records the events at its status sync (kubelet/node-status.test.ts)', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    const c = e.cause({ actor: 'test', what: 'x' });
    expect(cordon(e, 'node2', c)).toBe('node/node2 cordoned');
    expect(cordon(e, 'node2', c)).toBe('node/node2 already cordoned');
    expect(e.get('Node', 'node2')!.spec.unschedulable).toBe(true);
    expect(uncordon(e, 'node2', c)).toBe('node/node2 uncordoned');
    expect(e.get('Node', 'node2')!.spec.unschedulable).toBeUndefined();
    // kubectl writes spec only; recordNodeSchedulableEvent (kubelet_node_status.go) reports it later.
    expect(eventsOf(e, 'NodeNotSchedulable')).toEqual([]);
  });

  it('scale and delete other kinds', () => {
    const e = cluster();
    const c = e.cause({ actor: 'test', what: 'x' });
    expect(scale(e, 'Deployment', 'default/web', 4, c)).toBe('deployment.apps/web scaled');
    settle(e, 2000);
    expect(podsOf(e, 'web-').filter((p) => !p.metadata.deletionTimestamp)).toHaveLength(4);
    expect(deleteObject(e, 'Node', 'node2', c)).toBe('node "node2" deleted');
    expect(deleteObject(e, 'Deployment', 'default/web', c)).toBe('deployment.apps "web" deleted');
    expect(() => deleteObject(e, 'Deployment', 'default/web', c)).toThrow(
      'Error from server (NotFound): deployments.apps "web" not found',
    );
  });
});
