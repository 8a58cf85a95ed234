import { describe, expect, it } from 'vitest';
import { applyManifest } from '../api/apply';
import { deletePod } from '../api/delete';
import { eventsOf, makeCluster, podsOf, setServiceActive, settle, WORKLOAD_MODULES } from '../api/testkit';
import { causeAt } from '../core/cause-log';

const db = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'db' },
  spec: { replicas: 2, serviceName: 'db', template: { spec: { containers: [{ name: 'pg', image: 'postgres:16' }] } } },
};

describe('statefulset controller', () => {
  it('creates db-0 then db-1 in order (OrderedReady)', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    applyManifest(e, db, e.cause({ actor: 'test', what: 'apply' }));
    // Without a kubelet db-0 never becomes Ready: db-1 must not be created.
    settle(e, 3000, false);
    expect(podsOf(e, 'db-').map((p) => p.metadata.name)).toEqual(['db-0']);
    settle(e, 3000);
    expect(podsOf(e, 'db-').map((p) => p.metadata.name)).toEqual(['db-0', 'db-1']);
    expect(eventsOf(e, 'SuccessfulCreate')).toEqual([
      'create Pod db-0 in StatefulSet db successful',
      'create Pod db-1 in StatefulSet db successful',
    ]);
    expect(e.get('StatefulSet', 'default/db')!.status).toMatchObject({ replicas: 2, readyReplicas: 2 });
  });

  it('does not replace a Terminating pod; recreates the same name after a force delete', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    applyManifest(e, db, e.cause({ actor: 'test', what: 'apply' }));
    settle(e, 5000);
    const old = e.get('Pod', 'default/db-0')!;
    const node = old.spec.nodeName!;
    setServiceActive(e, node, 'kubelet', false);
    const evict = e.cause({ actor: 'taint-eviction-controller', what: 'Marking for deletion Pod default/db-0' });
    deletePod(e, 'default/db-0', {}, evict);
    settle(e, 60_000);
    const stuck = e.get('Pod', 'default/db-0')!;
    expect(stuck.metadata.uid).toBe(old.metadata.uid);
    expect(stuck.metadata.deletionTimestamp).toBeDefined();
    expect(eventsOf(e, 'SuccessfulCreate')).toHaveLength(2);
    const force = e.cause({ actor: 'user', what: 'kubectl delete pod db-0 --force --grace-period=0' });
    const out = deletePod(e, 'default/db-0', { force: true, gracePeriodSeconds: 0 }, force);
    expect(out).toBe(
      'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\npod "db-0" force deleted',
    );
    settle(e, 1000);
    const fresh = e.get('Pod', 'default/db-0')!;
    expect(fresh.metadata.uid).not.toBe(old.metadata.uid);
    expect(fresh.metadata.annotations['notready.dev/replaces']).toBe(`default/db-0@${node}`);
    expect(causeAt(e.state.causes, e.lastCause('Pod/default/db-0', 'created')!)!.parents).toContain(evict);
  });
});
