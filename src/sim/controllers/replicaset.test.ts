import { describe, expect, it } from 'vitest';
import { applyManifest } from '../api/apply';
import { deletePod } from '../api/delete';
import { eventsOf, makeCluster, podsOf, setServiceActive, settle, WORKLOAD_MODULES } from '../api/testkit';
import { causeAt } from '../core/cause-log';
import { slowStartBatch } from './replicaset';

function web(replicas = 3) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas, template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } },
  };
}

describe('deployment + replicaset controllers', () => {
  it('creates one ReplicaSet named <deploy>-<hash> and 3 scheduled pods, none on the control plane', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    const cause = e.cause({ actor: 'test', what: 'apply' });
    expect(applyManifest(e, web(), cause)).toBe('deployment.apps/web created');
    settle(e, 2000);
    const rss = e.list('ReplicaSet');
    expect(rss).toHaveLength(1);
    const rsName = rss[0]!.metadata.name;
    expect(rsName).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{8,10}$/);
    const pods = podsOf(e, 'web-');
    expect(pods).toHaveLength(3);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(new RegExp(`^${rsName}-[bcdfghjklmnpqrstvwxz2456789]{5}$`));
      expect(p.spec.nodeName).toMatch(/^node[12]$/);
      expect(p.metadata.ownerReferences[0]).toMatchObject({ kind: 'ReplicaSet', name: rsName, controller: true });
      // DefaultTolerationSeconds admission
      expect(p.spec.tolerations).toContainEqual({
        key: 'node.kubernetes.io/unreachable',
        operator: 'Exists',
        effect: 'NoExecute',
        tolerationSeconds: 300,
      });
    }
    // spread over both workers
    expect(new Set(pods.map((p) => p.spec.nodeName)).size).toBe(2);
    expect(eventsOf(e, 'ScalingReplicaSet')).toEqual([`Scaled up replica set ${rsName} from 0 to 3`]);
    expect(eventsOf(e, 'SuccessfulCreate').sort()).toEqual(pods.map((p) => `Created pod: ${p.metadata.name}`).sort());
    const d = e.get('Deployment', 'default/web')!;
    expect(d.status).toMatchObject({ replicas: 3, readyReplicas: 3, availableReplicas: 3, updatedReplicas: 3 });
  });

  it('same template gives the same ReplicaSet name; same seed gives the same pod names', () => {
    const names = () => {
      const e = makeCluster(WORKLOAD_MODULES, { seed: 7 });
      applyManifest(e, web(), e.cause({ actor: 'test', what: 'apply' }));
      settle(e, 2000);
      return podsOf(e, 'web-').map((p) => `${p.metadata.name}@${p.spec.nodeName}`);
    };
    const a = names();
    expect(a).toHaveLength(3);
    expect(names()).toEqual(a);
    const e2 = makeCluster(WORKLOAD_MODULES, { seed: 99 });
    applyManifest(e2, web(), e2.cause({ actor: 'test', what: 'apply' }));
    settle(e2, 2000);
    expect(e2.list('ReplicaSet')[0]!.metadata.name).toBe(a[0]!.split('-').slice(0, 2).join('-'));
  });

  it('replaces a pod as soon as it gets a deletionTimestamp, pointing back to it', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    applyManifest(e, web(), e.cause({ actor: 'test', what: 'apply' }));
    settle(e, 2000);
    // Stop node1's kubelet so the deleted pod stays Terminating there.
    const victim = podsOf(e, 'web-').find((p) => p.spec.nodeName === 'node1')!;
    setServiceActive(e, 'node1', 'kubelet', false);
    const evict = e.cause({ actor: 'taint-eviction-controller', what: 'Marking for deletion Pod' });
    expect(deletePod(e, `default/${victim.metadata.name}`, {}, evict)).toBe(`pod "${victim.metadata.name}" deleted`);
    settle(e, 2000);
    const pods = podsOf(e, 'web-');
    expect(pods).toHaveLength(4);
    const terminating = pods.filter((p) => p.metadata.deletionTimestamp !== undefined);
    expect(terminating.map((p) => p.metadata.name)).toEqual([victim.metadata.name]);
    const repl = pods.find((p) => p.metadata.annotations['notready.dev/replaces'])!;
    expect(repl.metadata.annotations['notready.dev/replaces']).toBe(`default/${victim.metadata.name}@node1`);
    expect(repl.spec.nodeName).toBe('node2'); // node1 still Ready in the API: it scores lower (more pods)
    const createCause = causeAt(e.state.causes, e.lastCause(`Pod/default/${repl.metadata.name}`, 'created')!)!;
    expect(createCause.what).toMatch(`replacement for default/${victim.metadata.name}`);
    expect(createCause.parents).toContain(evict);
  });

  it('scales down by deleting the extra pods and reports SuccessfulDelete', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    applyManifest(e, web(3), e.cause({ actor: 'test', what: 'apply' }));
    settle(e, 2000);
    expect(applyManifest(e, web(1), e.cause({ actor: 'test', what: 'apply' }))).toBe('deployment.apps/web configured');
    settle(e, 40_000);
    expect(podsOf(e, 'web-')).toHaveLength(1);
    expect(eventsOf(e, 'SuccessfulDelete')).toHaveLength(2);
    expect(eventsOf(e, 'ScalingReplicaSet')[1]).toMatch(/^Scaled down replica set web-\w+ from 3 to 1$/);
  });

  it('deleting the Deployment cascades through the garbage collector', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    applyManifest(e, web(), e.cause({ actor: 'test', what: 'apply' }));
    settle(e, 2000);
    e.remove('Deployment', 'default/web', 'deleted', e.cause({ actor: 'test', what: 'kubectl delete deploy web' }));
    settle(e, 35_000);
    expect(e.list('ReplicaSet')).toHaveLength(0);
    expect(podsOf(e, 'web-')).toHaveLength(0);
  });

  it('does nothing while kube-controller-manager is down, and catches up when it returns', async () => {
    const { setComponent } = await import('../api/testkit');
    const e = makeCluster(WORKLOAD_MODULES);
    setComponent(e, 'kube-controller-manager', false);
    applyManifest(e, web(), e.cause({ actor: 'test', what: 'apply' }));
    settle(e, 5000);
    expect(e.list('ReplicaSet')).toHaveLength(0);
    setComponent(e, 'kube-controller-manager', true, 'kcm-2');
    settle(e, 3000);
    expect(podsOf(e, 'web-')).toHaveLength(3);
  });
});

describe('replicaset controller: burstReplicas and slow start', () => {
  /** Pods created (or deleted) per instant, from the trace. */
  function perInstant(e: ReturnType<typeof makeCluster>, verb: 'create' | 'delete'): Map<number, number> {
    const counts = new Map<number, number>();
    e.traceListeners.push((line) => {
      const [t, v, ref] = line.split(' ');
      // A pod bound to a node is deleted gracefully (a deletionTimestamp), an unbound one at once.
      const hit = v === verb || (verb === 'delete' && line.includes(' deletion requested'));
      if (hit && ref?.startsWith('Pod/default/web-')) counts.set(Number(t), (counts.get(Number(t)) ?? 0) + 1);
    });
    return counts;
  }

  it('creates at most 500 pods per sync: a big scale-up is spread over syncs, in the order a small one takes', () => {
    const e = makeCluster(WORKLOAD_MODULES, { workers: ['node1', 'node2', 'node3', 'node4'] });
    const created = perInstant(e, 'create');
    applyManifest(e, web(1400), e.cause({ actor: 'test', what: 'apply' }));
    settle(e, 3000, false);
    expect([...created.values()]).toEqual([500, 500, 400]);
    const times = [...created.keys()];
    expect(times[1]! - times[0]!).toBe(e.state.settings.watchLatency);
    expect(podsOf(e, 'web-')).toHaveLength(1400);
  });

  it('deletes at most 500 pods per sync', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    applyManifest(e, web(1200), e.cause({ actor: 'test', what: 'apply' }));
    settle(e, 3000, false);
    const deleted = perInstant(e, 'delete');
    applyManifest(e, web(0), e.cause({ actor: 'test', what: 'scale' }));
    settle(e, 3000, false);
    expect([...deleted.values()]).toEqual([500, 500, 200]);
  });

  it('slowStartBatch: batches 1, 2, 4... and stops after a batch with a failure', () => {
    const calls: number[] = [];
    expect(slowStartBatch(10, 1, () => calls.push(1) > 0)).toBe(10);
    expect(calls).toHaveLength(10);
    let n = 0;
    // Fails on the 5th call: batches 1, 2, then a batch of 4 with one failure, then stop.
    expect(slowStartBatch(100, 1, () => ++n !== 5)).toBe(6);
    expect(n).toBe(7);
  });
});
