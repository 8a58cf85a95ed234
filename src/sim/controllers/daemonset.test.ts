import { describe, expect, it } from 'vitest';
import { applyManifest } from '../api/apply';
import { eventsOf, makeCluster, podsOf, settle, WORKLOAD_MODULES } from '../api/testkit';

const fluentd = {
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'fluentd' },
  spec: { template: { spec: { containers: [{ name: 'fluentd', image: 'fluentd:v1' }] } } },
};

describe('daemonset controller', () => {
  it('runs one pod per schedulable node (not the tainted control plane), bound by the scheduler', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    expect(e.get('Node', 'control-plane')!.spec.taints).toContainEqual({
      key: 'node-role.kubernetes.io/control-plane',
      effect: 'NoSchedule',
    });
    applyManifest(e, fluentd, e.cause({ actor: 'test', what: 'apply' }));
    settle(e, 2000);
    const pods = podsOf(e, 'fluentd-');
    expect(pods.map((p) => p.spec.nodeName).sort()).toEqual(['node1', 'node2']);
    for (const p of pods) {
      expect(p.spec.affinityNodeName).toBe(p.spec.nodeName);
      expect(p.spec.tolerations).toContainEqual({
        key: 'node.kubernetes.io/unreachable',
        operator: 'Exists',
        effect: 'NoExecute',
      });
      expect(p.spec.tolerations).toContainEqual({
        key: 'node.kubernetes.io/unschedulable',
        operator: 'Exists',
        effect: 'NoSchedule',
      });
      // DaemonSet tolerations have no tolerationSeconds, so DefaultTolerationSeconds adds nothing.
      expect(p.spec.tolerations.some((t) => t.tolerationSeconds !== undefined)).toBe(false);
    }
    expect(eventsOf(e, 'SuccessfulCreate')).toHaveLength(2);
    expect(e.get('DaemonSet', 'default/fluentd')!.status).toMatchObject({
      desiredNumberScheduled: 2,
      currentNumberScheduled: 2,
      numberReady: 2,
    });
  });

  it('does nothing for a node that disappears', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    applyManifest(e, fluentd, e.cause({ actor: 'test', what: 'apply' }));
    settle(e, 2000);
    e.remove('Node', 'node2', 'deleted', e.cause({ actor: 'test', what: 'kubectl delete node node2' }));
    settle(e, 2000);
    // The pod on node2 is left for PodGC; no new pod anywhere.
    expect(podsOf(e, 'fluentd-')).toHaveLength(2);
    expect(eventsOf(e, 'SuccessfulCreate')).toHaveLength(2);
    expect(e.get('DaemonSet', 'default/fluentd')!.status.desiredNumberScheduled).toBe(1);
  });
});
