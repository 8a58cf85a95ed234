/**
 * The cluster autoscaler and PodDisruptionBudgets (issue 30 item 7: "the cluster autoscaler's
 * scale-down respects them"), cluster-autoscaler 1.33:
 * - simulator/drainability/rules/pdb/rule.go: a pod whose budget has less than one disruption left
 *   blocks its node, `not enough pod disruption budget to move NS/NAME` (the last rule of
 *   rules.go `Default`);
 * - simulator/drainability/rules/system/rule.go: a kube-system pod covered by a budget does not
 *   block as `non-pdb-assigned`;
 * - core/scaledown/pdb/basic.go RemainingPdbTracker: planner.go `categorizeNodes` spends a budget's
 *   disruptions on each node found removable (RemovePods), so the next node may be blocked;
 * - core/scaledown/actuation/drain.go evictPod: a refused eviction is asked again every 10s
 *   (DefaultEvictionRetryTime) for --max-pod-eviction-time (2m), then the pod gets Warning
 *   `ScaleDownFailed` "failed to delete pod for ScaleDown" and the node "failed to drain and delete
 *   node: Failed to drain node /NAME, due to following errors: [...]"; taint and cordon go.
 * - kubernetes pkg/registry/core/pod/storage/eviction.go addConditionAndDeletePod: every eviction
 *   writes DisruptionTarget `EvictionByEvictionAPI` "Eviction API: evicting".
 */
import { describe, expect, it } from 'vitest';
import { applyManifest } from '../api/apply';
import { TAINT_DELETION_CANDIDATE, TAINT_TO_BE_DELETED } from '../cloud/taints';
import { advanceUntil, cloudSim, deployment, eventsOf } from '../cloud/testkit';
import type { Manifest } from '../core/scenario-types';
import '../yaml';

function pdb(spec: Record<string, unknown>, name = 'web'): Manifest {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name },
    spec: { selector: { matchLabels: { app: 'web' } }, ...spec },
  };
}

/** Three workers with two 1200m pods each (60%); at 1m web shrinks to 4: two nodes hold one pod. */
function shrinking(objects: Manifest[] = []) {
  return cloudSim({
    groups: { workers: [3, 1, 5] },
    objects: [deployment('web', 6, '1200m'), ...objects],
    timeline: [{ at: '1m', run: 'kubectl scale deployment web --replicas=4' }],
  });
}

const WORKERS = ['workers-1', 'workers-2', 'workers-3'];

function candidates(sim: ReturnType<typeof cloudSim>): string[] {
  return WORKERS.filter((n) => sim.engine.get('Node', n)?.spec.taints.some((t) => t.key === TAINT_DELETION_CANDIDATE));
}

function traced(sim: ReturnType<typeof cloudSim>): string[] {
  const lines: string[] = [];
  sim.engine.traceListeners.push((l) => {
    if (l.includes('cannot be removed')) lines.push(l.replace(/^\d+ /, ''));
  });
  return lines;
}

describe('scale-down planning with PodDisruptionBudgets', () => {
  it('a budget with no disruption left blocks every node holding one of its pods: NotEnoughPdb', () => {
    const sim = shrinking([pdb({ maxUnavailable: 0 })]);
    const lines = traced(sim);
    sim.advanceTo(15 * 60_000);
    expect(sim.engine.get('PodDisruptionBudget', 'default/web')?.status.disruptionsAllowed).toBe(0);
    expect(candidates(sim)).toEqual([]);
    expect(eventsOf(sim, 'ScaleDown')).toEqual([]);
    const blocked = lines.filter((l) => l.includes('not enough pod disruption budget'));
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked[0]).toMatch(
      /cluster-autoscaler: Node workers-\d cannot be removed: not enough pod disruption budget to move default\/web-[a-z0-9]+-[a-z0-9]{5}$/,
    );
  });

  it('one disruption allowed: the first removable node spends it, the second is blocked in the same loop', () => {
    // 4 healthy for 3 desired (maxUnavailable 1): disruptionsAllowed 1.
    const sim = shrinking([pdb({ maxUnavailable: 1 })]);
    const lines = traced(sim);
    sim.advanceTo(3 * 60_000);
    expect(sim.engine.get('PodDisruptionBudget', 'default/web')?.status.disruptionsAllowed).toBe(1);
    // Without the budget both half-empty nodes are candidates (scale-down.test.ts); with it, one.
    expect(candidates(sim)).toHaveLength(1);
    expect(lines.some((l) => /not enough pod disruption budget to move default\/web-/.test(l))).toBe(true);
    // That one is removed after its unneeded time, its pod evicted through the budget.
    const marked = advanceUntil(sim, () => eventsOf(sim, 'ScaleDown').length > 0, 20 * 60_000, 1000);
    expect(marked).toBeDefined();
    const evicted = advanceUntil(
      sim,
      () => eventsOf(sim, 'ScaleDown').some((ev) => ev.message === 'deleting pod for node scale down'),
      sim.now + 60_000,
      1000,
    );
    expect(evicted).toBeDefined();
    // Nothing refused: the node goes.
    advanceUntil(
      sim,
      () => eventsOf(sim, 'ScaleDown').some((ev) => ev.message === 'nodes removed by cluster autoscaler'),
      sim.now + 120_000,
      1000,
    );
    expect(eventsOf(sim, 'ScaleDownFailed')).toEqual([]);
  });

  it('a kube-system pod covered by a budget no longer blocks as non-pdb-assigned', async () => {
    const { drainability, remainingPdbs } = await import('./drainability');
    const sim = shrinking();
    sim.advanceTo(10_000);
    const pod = sim.engine
      .list('Pod')
      .find((p) => p.metadata.namespace === 'kube-system' && p.metadata.name.startsWith('coredns'));
    expect(pod).toBeDefined();
    if (!pod) return;
    expect(drainability(pod, sim.now)).toMatchObject({ kind: 'block', reason: 'UnmovableKubeSystemPod' });
    const covering = {
      kind: 'PodDisruptionBudget' as const,
      metadata: {
        name: 'coredns',
        namespace: 'kube-system',
        labels: {},
        annotations: {},
        uid: 'u',
        creationTimestamp: 0,
      },
      spec: { selector: { matchLabels: pod.metadata.labels } },
      status: { disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2 },
    };
    expect(drainability(pod, sim.now, remainingPdbs([covering as never]))).toEqual({ kind: 'move' });
    const spent = remainingPdbs([{ ...covering, status: { ...covering.status, disruptionsAllowed: 0 } } as never]);
    expect(drainability(pod, sim.now, spent)).toEqual({
      kind: 'block',
      reason: 'NotEnoughPdb',
      message: `not enough pod disruption budget to move kube-system/${pod.metadata.name}`,
    });
  });
});

describe('scale-down actuation with PodDisruptionBudgets', () => {
  it('a budget that closes after the taint: 429 asked again every 10s for 2m, then ScaleDownFailed and uncordon', () => {
    const sim = shrinking();
    const e = sim.engine;
    // Marked at 11m19s; the drain starts 5s later (node-delete-delay-after-taint).
    advanceUntil(sim, () => eventsOf(sim, 'ScaleDown').length > 0, 20 * 60_000, 1000);
    const first = eventsOf(sim, 'ScaleDown')[0];
    const marked = first?.lastTimestamp as number;
    expect(marked).toBe(679_067);
    const victim = first?.involvedObject.name as string;
    applyManifest(e, pdb({ maxUnavailable: 0 }), e.cause({ actor: 'test', what: 'apply pdb' }));
    const podOnVictim = () => e.podsOnNode(victim).find((p) => p.metadata.name.startsWith('web-'));
    const target = podOnVictim()?.metadata.name as string;
    expect(target).toBeDefined();
    sim.advanceTo(marked + 6000);
    expect(eventsOf(sim, 'ScaleDown', target).map((ev) => [ev.lastTimestamp, ev.message])).toEqual([
      [marked + 5000, 'deleting pod for node scale down'],
    ]);
    // Still there, not deleting: refused, and asked again every 10s.
    sim.advanceTo(marked + 5000 + 115_000);
    expect(podOnVictim()?.metadata.name).toBe(target);
    expect(podOnVictim()?.metadata.deletionTimestamp).toBeUndefined();
    expect(eventsOf(sim, 'ScaleDownFailed')).toEqual([]);
    // Given up 2m after the first try.
    advanceUntil(sim, () => eventsOf(sim, 'ScaleDownFailed').length > 0, marked + 10 * 60_000, 1000);
    expect(eventsOf(sim, 'ScaleDownFailed').map((ev) => ev.lastTimestamp)).toEqual([
      marked + 5000 + 120_000,
      marked + 5000 + 120_000,
    ]);
    const failed = eventsOf(sim, 'ScaleDownFailed').map((ev) => [
      ev.involvedObject.kind,
      ev.involvedObject.name,
      ev.message,
    ]);
    expect(failed).toEqual([
      ['Pod', target, 'failed to delete pod for ScaleDown'],
      [
        'Node',
        victim,
        `failed to drain and delete node: Failed to drain node /${victim}, due to following errors: [failed to evict pod default/${target} within allowed timeout (last error: Cannot evict pod as it would violate the pod's disruption budget.)]`,
      ],
    ]);
    expect(e.get('Node', victim)?.spec.taints.some((t) => t.key === TAINT_TO_BE_DELETED)).toBe(false);
    expect(e.get('Node', victim)?.spec.unschedulable).toBeUndefined();
    expect(podOnVictim()?.metadata.deletionTimestamp).toBeUndefined();
  });

  it('an allowed eviction writes DisruptionTarget EvictionByEvictionAPI and counts in the budget', () => {
    const sim = shrinking([pdb({ maxUnavailable: 1 })]);
    const e = sim.engine;
    const writes: string[] = [];
    e.traceListeners.push((l) => {
      if (l.includes('PodDisruptionBudget/default/web')) writes.push(l);
    });
    advanceUntil(sim, () => eventsOf(sim, 'ScaleDown').length > 0, 20 * 60_000, 1000);
    const victim = eventsOf(sim, 'ScaleDown')[0]?.involvedObject.name as string;
    const target = e.podsOnNode(victim).find((p) => p.metadata.name.startsWith('web-'))?.metadata.name as string;
    // The pod as the eviction left it: looked at in 100 ms steps, since its container stops on
    // SIGTERM a random 0.3-1.5 s after Killing and the kubelet then deletes it.
    const evicted = advanceUntil(
      sim,
      () => e.get('Pod', `default/${target}`)?.metadata.deletionTimestamp !== undefined,
      sim.now + 10_000,
      100,
    );
    expect(evicted).toBeDefined();
    const pod = e.get('Pod', `default/${target}`);
    expect(pod?.metadata.deletionTimestamp).toBeDefined();
    expect(pod?.status.conditions.find((c) => c.type === 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'EvictionByEvictionAPI',
      message: 'Eviction API: evicting',
    });
    // checkAndDecrement spent the budget's one disruption (the controller then drops the pod from
    // DisruptedPods, as it is deleting, and counts again).
    expect(writes.filter((l) => l.includes(`status (eviction of ${target})`))).toHaveLength(1);
  });
});
