/**
 * The autoscaler's cluster state (issue 11 point 3), cluster-autoscaler 1.33
 * clusterstate/clusterstate.go (`IsClusterHealthy`, `IsNodeGroupHealthy`, unregistered nodes,
 * `GetUpcomingNodes`), core/static_autoscaler.go (`removeOldUnregisteredNodes`, the unhealthy
 * early return), simulator/drainability/rules (the pods that block a scale-down).
 */
import { describe, expect, it } from 'vitest';
import { advanceUntil, cloudSim, deployment, eventsOf } from '../cloud/testkit';
import type { Pod } from '../core/api-types';
import { drainability } from './drainability';

const status = (sim: ReturnType<typeof cloudSim>) =>
  sim.engine.get('ConfigMap', 'kube-system/cluster-autoscaler-status')?.data.status ?? '';

describe('unregistered machines (seed 002: the Node deleted under a running kubelet)', () => {
  it('counts the machine unregistered from the next loop, and removes it the first loop after 15 minutes', () => {
    const sim = cloudSim({
      groups: { workers: [3, 1, 5] },
      objects: [deployment('web', 6, '1500m')],
      timeline: [{ at: '30s', run: 'kubectl delete node workers-2' }],
    });
    sim.advanceTo(41_000);
    expect(status(sim)).toMatch(/nodeGroups:\n- health:\n {4}cloudProviderTarget: 3\n[\s\S]*\n {6}unregistered: 1\n/);
    const first = sim.engine.state.cloud?.ca?.unregistered;
    const since = Object.values(first ?? {})[0] as number;
    expect(since).toBeGreaterThan(30_000);
    expect(since).toBeLessThanOrEqual(40_000);
    // Meanwhile (CA 1.33) the zombie counts as an upcoming node: the two replacements that do not
    // fit on the other nodes "fit" on it, so there is no scale-up and no NotTriggerScaleUp.
    sim.advanceTo(10 * 60_000);
    const pending = sim.engine.list('Pod').filter((p) => p.metadata.name.startsWith('web-') && !p.spec.nodeName);
    expect(pending.length).toBe(2);
    expect(eventsOf(sim, 'TriggeredScaleUp')).toEqual([]);
    expect(eventsOf(sim, 'NotTriggerScaleUp')).toEqual([]);
    const removed = advanceUntil(
      sim,
      () => eventsOf(sim, 'DeleteUnregistered').length > 0,
      20 * 60_000,
      1000,
    ) as number;
    const at = eventsOf(sim, 'DeleteUnregistered')[0]?.firstTimestamp as number;
    expect(at - since).toBeGreaterThan(15 * 60_000);
    expect(at - since).toBeLessThanOrEqual(15 * 60_000 + 10_000);
    expect(removed).toBeDefined();
    const inst = Object.values(sim.engine.state.cloud?.instances ?? {}).find((i) => i.host === 'workers-2');
    expect(eventsOf(sim, 'DeleteUnregistered')[0]?.message).toBe(`Removed unregistered node ${inst?.providerID}`);
    expect(inst?.state).toBe('terminated');
    // Long unregistered, it is no longer upcoming: the same loop scales the group up again (3 -> 2 -> 3).
    expect(eventsOf(sim, 'TriggeredScaleUp').map((ev) => [ev.firstTimestamp, ev.message])).toEqual([
      [at, 'pod triggered scale-up: [{workers 2->3 (max: 5)}]'],
      [at, 'pod triggered scale-up: [{workers 2->3 (max: 5)}]'],
    ]);
    expect(sim.engine.state.cloud?.groups.workers?.target).toBe(3);
  });

  it('never removes it from a group at its min size', () => {
    const sim = cloudSim({
      groups: { workers: [2, 2, 5] },
      objects: [deployment('web', 2, '1500m')],
      timeline: [{ at: '30s', run: 'kubectl delete node workers-2' }],
    });
    sim.advanceTo(40 * 60_000);
    expect(eventsOf(sim, 'DeleteUnregistered')).toEqual([]);
    expect(
      sim.engine.state.trace.some((l) =>
        l.endsWith('Node group workers min size reached, skipping removal of 1 unregistered nodes'),
      ),
    ).toBe(true);
    expect(status(sim)).toMatch(/\n {6}longUnregistered: 1\n/);
  });
});

describe('cluster health', () => {
  it('stops acting when more than 3 nodes and 45% of all are unready: ClusterUnhealthy, no scale-up', () => {
    const sim = cloudSim({
      groups: { workers: [8, 1, 12] },
      objects: [deployment('web', 16, '1200m')],
      timeline: [
        ...[1, 2, 3, 4, 5].map((i) => ({ at: '6m', run: `network cut workers-${i}` })),
        { at: '8m', run: 'kubectl scale deployment web --replicas=30' },
      ],
    });
    sim.advanceTo(10 * 60_000);
    // 5 of 9 unready: 5 > 3 and 5 > 0.45 × 9.
    expect(status(sim)).toMatch(/clusterWide:\n {2}health:\n[\s\S]*?\n {4}status: Unhealthy\n/);
    const ev = eventsOf(sim, 'ClusterUnhealthy');
    expect(ev.map((x) => [x.type, x.message, x.involvedObject.name])).toEqual([
      ['Warning', 'Cluster is unhealthy', 'cluster-autoscaler-status'],
    ]);
    expect(eventsOf(sim, 'TriggeredScaleUp')).toEqual([]);
    expect(eventsOf(sim, 'NotTriggerScaleUp')).toEqual([]);
    expect(sim.engine.state.trace.some((l) => l.endsWith('Cluster is not ready for autoscaling'))).toBe(true);
    // Healed: healthy again, and the pending pods get their nodes.
    for (const i of [1, 2, 3, 4, 5]) sim.run(`network heal workers-${i}`);
    const up = advanceUntil(sim, () => eventsOf(sim, 'TriggeredScaleUp').length > 0, 14 * 60_000, 1000);
    expect(up).toBeDefined();
  });

  it('skips an unhealthy node group for scale-up (not ready for scale-up) while the cluster stays healthy', () => {
    const sim = cloudSim({
      groups: { east: [5, 1, 8], west: [8, 1, 12] },
      zones: { east: 'zone-e', west: 'zone-w' },
      objects: [
        deployment('web', 16, '1200m', { nodeSelector: { 'topology.kubernetes.io/zone': 'zone-w' } }),
        deployment('pinned', 10, '1200m', { nodeSelector: { 'topology.kubernetes.io/zone': 'zone-e' } }),
      ],
      timeline: [
        ...[1, 2, 3, 4, 5].map((i) => ({ at: '6m', run: `network cut east-${i}` })),
        { at: '8m', run: 'kubectl scale deployment pinned --replicas=14' },
      ],
    });
    sim.advanceTo(9 * 60_000);
    // 5 of 14 unready: the cluster is healthy (5 ≤ 6.3), the east group is not (5 missing > 3 and > 45% of 5).
    expect(status(sim)).toMatch(/clusterWide:\n {2}health:\n[\s\S]*?\n {4}status: Healthy\n/);
    expect(status(sim)).toMatch(/\n {4}status: Unhealthy\n {2}name: east\n/);
    expect(eventsOf(sim, 'NotTriggerScaleUp', 'pinned-')[0]?.message).toBe(
      "pod didn't trigger scale-up: 1 node(s) didn't match Pod's node affinity/selector, 1 not ready for scale-up",
    );
  });
});

describe('drainability rules (simulator/drainability/rules, in order)', () => {
  const pod = (over: Partial<Pod['metadata']> = {}, kind?: string): Pod =>
    ({
      kind: 'Pod',
      metadata: {
        name: 'p',
        namespace: 'default',
        uid: 'u',
        resourceVersion: 1,
        creationTimestamp: 0,
        labels: {},
        annotations: {},
        ownerReferences: kind ? [{ apiVersion: 'apps/v1', kind, name: 'o', uid: 'o', controller: true }] : [],
        ...over,
      },
      spec: { containers: [], tolerations: [], terminationGracePeriodSeconds: 30 },
      status: { phase: 'Running', conditions: [], containerStatuses: [] },
    }) as Pod;
  it('moves replicated pods, leaves DaemonSet and mirror pods, blocks the rest with upstream texts', () => {
    expect(drainability(pod({}, 'ReplicaSet'), 0).kind).toBe('move');
    expect(drainability(pod({}, 'DaemonSet'), 0).kind).toBe('daemonset');
    expect(drainability(pod({ annotations: { 'kubernetes.io/config.mirror': 'x' } }), 0).kind).toBe('ignore');
    expect(drainability(pod(), 0)).toEqual({
      kind: 'block',
      reason: 'NotReplicated',
      message: 'default/p is not replicated',
    });
    expect(drainability(pod({ namespace: 'kube-system' }, 'ReplicaSet'), 10_000)).toEqual({
      kind: 'block',
      reason: 'UnmovableKubeSystemPod',
      message: 'non-daemonset, non-mirrored, non-pdb-assigned kube-system pod present: p',
    });
    // --blocking-system-pod-distruption-timeout: after an hour it may go.
    expect(drainability(pod({ namespace: 'kube-system' }, 'ReplicaSet'), 3_600_001).kind).toBe('move');
    const notSafe = pod({ annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'false' } }, 'ReplicaSet');
    expect(drainability(notSafe, 0)).toEqual({
      kind: 'block',
      reason: 'NotSafeToEvictAnnotation',
      message: 'pod annotated as not safe to evict present: p',
    });
    const safe = pod({ annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'true' } });
    expect(drainability(safe, 0).kind).toBe('move');
    // Terminating for longer than its grace period plus 30s: ignored.
    expect(drainability(pod({ deletionTimestamp: 1000 }, 'ReplicaSet'), 61_001).kind).toBe('ignore');
    expect(drainability(pod({ deletionTimestamp: 1000 }, 'ReplicaSet'), 61_000).kind).toBe('move');
  });
});
