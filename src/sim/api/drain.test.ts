/**
 * kubectl drain's filters and texts (issue 9 point 2): kubernetes/kubectl pkg/drain/filters.go
 * (daemonSetFilter, mirrorPodFilter, unreplicatedFilter, PodDeleteList.errors/Warnings: the
 * unmanagedFatal text per kubectl version), pkg/cmd/drain/drain.go RunDrain.
 */
import { describe, expect, it } from 'vitest';
import { applyManifest, runPod } from './apply';
import { goDuration, startDrain } from './drain';
import { makeCluster, podsOf, settle, WORKLOAD_MODULES } from './testkit';

function cluster(profile?: 'v1.23-docker') {
  const e = makeCluster(WORKLOAD_MODULES, profile ? { profile } : {});
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

describe('startDrain', () => {
  it('refuses DaemonSet pods without --ignore-daemonsets (and cordons first)', () => {
    const e = cluster();
    const ds = podsOf(e, 'fluentd-').find((p) => p.spec.nodeName === 'node2')!;
    const r = startDrain(e, 'node2', {}, e.cause({ actor: 'test', what: 'kubectl drain node2' }));
    expect(r.ok).toBe(false);
    expect(r.wait).toBeUndefined();
    expect(r.lines).toEqual([
      'node/node2 cordoned',
      `error: unable to drain node "node2" due to error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/${ds.metadata.name}, continuing command...`,
      'There are pending nodes to be drained:',
      ' node2',
      `cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/${ds.metadata.name}`,
    ]);
    expect(e.get('Node', 'node2')!.spec.unschedulable).toBe(true);
  });

  it('words a pod without a controller as kubectl 1.33 does (doubled "cannot delete", fixed in 1.36)', () => {
    const e = cluster();
    runPod(e, 'bare', 'nginx', e.cause({ actor: 'test', what: 'kubectl run' }));
    settle(e, 2000);
    const node = e.get('Pod', 'default/bare')!.spec.nodeName!;
    const r = startDrain(e, node, { ignoreDaemonSets: true }, e.cause({ actor: 'test', what: 'drain' }));
    // kubectl v0.33 pkg/drain/filters.go: unmanagedFatal = "cannot delete Pods that declare no
    // controller (use --force to override)", and errors() formats "cannot delete %s: %s".
    expect(r.lines.at(-1)).toBe(
      'cannot delete cannot delete Pods that declare no controller (use --force to override): default/bare',
    );
    const forced = startDrain(e, node, { ignoreDaemonSets: true, force: true }, e.cause({ actor: 't', what: 'd' }));
    // Go ranges over a map of messages: their order is not fixed (here: the first pod's first).
    expect(forced.lines[1]).toMatch(
      /^Warning: deleting Pods that declare no controller: default\/bare; ignoring DaemonSet-managed Pods: default\/fluentd-\w{5}$/,
    );
  });

  it('words it as kubectl 1.23 does on the v1.23 profile, WARNING: in capitals, "error:" glued', () => {
    const e = cluster('v1.23-docker');
    runPod(e, 'bare', 'nginx', e.cause({ actor: 'test', what: 'kubectl run' }));
    settle(e, 2000);
    const node = e.get('Pod', 'default/bare')!.spec.nodeName!;
    const r = startDrain(e, node, { ignoreDaemonSets: true }, e.cause({ actor: 'test', what: 'drain' }));
    expect(r.lines[1]).toBe(
      `error: unable to drain node "${node}" due to error:cannot delete Pods not managed by ReplicationController, ReplicaSet, Job, DaemonSet or StatefulSet (use --force to override): default/bare, continuing command...`,
    );
    const forced = startDrain(e, node, { ignoreDaemonSets: true, force: true }, e.cause({ actor: 't', what: 'd' }));
    expect(forced.lines[1]).toMatch(
      /^WARNING: deleting Pods not managed by ReplicationController, ReplicaSet, Job, DaemonSet or StatefulSet: default\/bare; ignoring/,
    );
  });

  it('--ignore-daemonsets evicts the others and waits for them; unbound pods go at once', () => {
    const e = cluster();
    const web = podsOf(e, 'web-').filter((p) => p.spec.nodeName === 'node2');
    expect(web.length).toBeGreaterThan(0);
    const r = startDrain(e, 'node2', { ignoreDaemonSets: true }, e.cause({ actor: 'test', what: 'drain' }));
    expect(r.ok).toBe(true);
    expect(r.lines[0]).toBe('node/node2 cordoned');
    expect(r.lines[1]).toMatch(/^Warning: ignoring DaemonSet-managed Pods: default\/fluentd-\w{5}$/);
    expect(r.lines).toContain(`evicting pod default/${web[0]!.metadata.name}`);
    // Graceful evictions: the pods are Terminating, kubectl waits (the next check in a second).
    expect(r.lines).not.toContain(`pod/${web[0]!.metadata.name} evicted`);
    expect(r.wait?.pending.map((p) => p.name)).toEqual(web.map((p) => p.metadata.name));
    expect(r.next).toBe(e.now + 1000);
  });

  it('prints time.Duration like Go', () => {
    expect([0, 100, 1500, 30_000, 90_000, 3_600_000, -1000].map(goDuration)).toEqual([
      '0s',
      '100ms',
      '1.5s',
      '30s',
      '1m30s',
      '1h0m0s',
      '-1s',
    ]);
  });
});
