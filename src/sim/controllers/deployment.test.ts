import { describe, expect, it } from 'vitest';
import { applyManifest } from '../api/apply';
import { deletePod } from '../api/delete';
import { eventsOf, makeCluster, podsOf, settle, WORKLOAD_MODULES } from '../api/testkit';

function web(image: string, replicas = 4) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas, template: { spec: { containers: [{ name: 'nginx', image }] } } },
  };
}

describe('deployment controller', () => {
  it('rolls a new template over with surge/unavailable limits and ends with the new ReplicaSet only', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    applyManifest(e, web('nginx:1.26'), e.cause({ actor: 'test', what: 'apply' }));
    settle(e, 2000);
    const oldRs = e.list('ReplicaSet')[0]!.metadata.name;
    expect(applyManifest(e, web('nginx:1.27'), e.cause({ actor: 'test', what: 'apply' }))).toBe(
      'deployment.apps/web configured',
    );
    settle(e, 120_000);
    const rss = e.list('ReplicaSet').sort((a, b) => a.metadata.creationTimestamp - b.metadata.creationTimestamp);
    expect(rss).toHaveLength(2);
    const newRs = rss[1]!.metadata.name;
    expect(newRs).not.toBe(oldRs);
    expect(rss.map((r) => r.spec.replicas)).toEqual([0, 4]);
    const pods = podsOf(e, 'web-');
    expect(pods).toHaveLength(4);
    expect(pods.every((p) => p.spec.containers[0]!.image === 'nginx:1.27')).toBe(true);
    const msgs = eventsOf(e, 'ScalingReplicaSet');
    // 25% surge of 4 = 1 new pod first; never more than 5 pods requested at once.
    expect(msgs[1]).toBe(`Scaled up replica set ${newRs} from 0 to 1`);
    expect(msgs.at(-1)).toMatch(
      new RegExp(`^Scaled (down replica set ${oldRs} from \\d to 0|up replica set ${newRs} from \\d to 4)$`),
    );
    expect(e.get('Deployment', 'default/web')!.status).toMatchObject({
      replicas: 4,
      updatedReplicas: 4,
      readyReplicas: 4,
    });
  });

  it('v1.23 profile prints the older ScalingReplicaSet message', () => {
    const e = makeCluster(WORKLOAD_MODULES, { profile: 'v1.23-docker' });
    applyManifest(e, web('nginx', 3), e.cause({ actor: 'test', what: 'apply' }));
    settle(e, 1000);
    expect(eventsOf(e, 'ScalingReplicaSet')).toEqual([
      `Scaled up replica set ${e.list('ReplicaSet')[0]!.metadata.name} to 3`,
    ]);
  });

  it('a deleted DaemonSet pod is recreated on the same node and points back to it', () => {
    const e = makeCluster(WORKLOAD_MODULES);
    applyManifest(
      e,
      {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: { name: 'fluentd' },
        spec: { template: { spec: { containers: [{ name: 'f', image: 'fluentd' }] } } },
      },
      e.cause({ actor: 'test', what: 'apply' }),
    );
    settle(e, 2000);
    const old = podsOf(e, 'fluentd-').find((p) => p.spec.nodeName === 'node2')!;
    deletePod(e, `default/${old.metadata.name}`, {}, e.cause({ actor: 'user', what: 'kubectl delete pod' }));
    settle(e, 1000);
    const fresh = podsOf(e, 'fluentd-').filter(
      (p) => p.spec.nodeName === 'node2' && p.metadata.uid !== old.metadata.uid,
    );
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.metadata.annotations['notready.dev/replaces']).toBe(`default/${old.metadata.name}@node2`);
  });
});
