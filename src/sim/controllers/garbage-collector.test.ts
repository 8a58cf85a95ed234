import { describe, expect, it } from 'vitest';
import { makeCluster, setComponent, settle, WORKLOAD_MODULES } from '../api/testkit';
import type { Lease } from '../core/api-types';
import { causeAt } from '../core/cause-log';

describe('garbage collector', () => {
  it("removes a Node's Lease after the Node is deleted, only while the controller manager runs", () => {
    const e = makeCluster(WORKLOAD_MODULES);
    const node = e.get('Node', 'node2')!;
    const lease: Lease = {
      kind: 'Lease',
      metadata: {
        name: 'node2',
        namespace: 'kube-node-lease',
        uid: e.uid(),
        resourceVersion: 0,
        creationTimestamp: e.now,
        labels: {},
        annotations: {},
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'node2', uid: node.metadata.uid }],
      },
      spec: { holderIdentity: 'node2', leaseDurationSeconds: 40, renewTime: e.now },
    };
    const c = e.cause({ actor: 'kubelet', what: 'create lease' });
    e.put(lease, 'created', c);
    setComponent(e, 'kube-controller-manager', false);
    const del = e.cause({ actor: 'user', what: 'kubectl delete node node2' });
    e.remove('Node', 'node2', 'deleted', del);
    settle(e, 5000, false);
    expect(e.get('Lease', 'kube-node-lease/node2')).toBeDefined();
    setComponent(e, 'kube-controller-manager', true, 'kcm-2');
    settle(e, 2000, false);
    expect(e.get('Lease', 'kube-node-lease/node2')).toBeUndefined();
    const gc = causeAt(e.state.causes, e.lastCause('Lease/kube-node-lease/node2')!)!;
    expect(gc.actor).toBe('garbage-collector');
    expect(gc.parents).toContain(del);
  });
});
