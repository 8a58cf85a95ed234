/**
 * cluster-autoscaler scale-down (issue 11 point 3), cluster-autoscaler 1.33:
 * core/scaledown/planner/planner.go, eligibility/eligibility.go (utilization threshold),
 * unneeded/nodes.go (`RemovableAt`: unneeded time, min size), simulator/drainability/rules
 * (what blocks a node), actuation/actuator.go, drain.go, delete_in_batch.go (taints, evictions,
 * `ScaleDown` events, DeleteNodes), utils/taints/taints.go, static_autoscaler.go
 * (`cleanUpIfRequired`, `isScaleDownInCooldown`).
 */
import { describe, expect, it } from 'vitest';
import { TAINT_DELETION_CANDIDATE, TAINT_TO_BE_DELETED } from '../cloud/taints';
import { advanceUntil, cloudSim, deployment, eventsOf } from '../cloud/testkit';
import type { Node } from '../core/api-types';
import type { AutoscalerMemory } from '../core/cloud-types';
import { dict } from '../core/dict';
import type { Manifest } from '../core/scenario-types';
import type { ClusterState } from './clusterstate';
import { unixSeconds, updateSoftDeletionTaints } from './scale-down';

/** Three workers with two 1200m pods each (60%); at 1m web shrinks to 4: one node can go. */
function shrinking(extra: Partial<Parameters<typeof cloudSim>[0]> = {}) {
  return cloudSim({
    groups: { workers: [3, 1, 5] },
    objects: [deployment('web', 6, '1200m')],
    timeline: [{ at: '1m', run: 'kubectl scale deployment web --replicas=4' }],
    ...extra,
  });
}

const taintKeys = (sim: ReturnType<typeof cloudSim>, node: string) =>
  sim.engine.get('Node', node)?.spec.taints.map((t) => `${t.key}:${t.effect}`) ?? [];

/** The `Taints:` lines of `kubectl describe node`. */
function taintsBlock(sim: ReturnType<typeof cloudSim>, node: string): string {
  const lines = sim.kubectl(`kubectl describe node ${node}`).split('\n');
  const at = lines.findIndex((l) => l.startsWith('Taints:'));
  const out = [lines[at] as string];
  for (let i = at + 1; i < lines.length && (lines[i] as string).startsWith('                    '); i++)
    out.push(lines[i] as string);
  return out.join('\n');
}

describe('scale-down of an underutilized node', () => {
  it('marks it a deletion candidate, removes it after the unneeded time, moving its pod, then the Node goes', () => {
    const sim = shrinking();
    const e = sim.engine;
    sim.advanceTo(2 * 60_000);
    // Both half-empty nodes are unneeded for now: each one's pod fits elsewhere.
    const candidates = ['workers-1', 'workers-2', 'workers-3'].filter((n) =>
      taintKeys(sim, n).includes(`${TAINT_DELETION_CANDIDATE}:PreferNoSchedule`),
    );
    expect(candidates.length).toBe(2);
    const value = e
      .get('Node', candidates[0] as string)
      ?.spec.taints.find((t) => t.key === TAINT_DELETION_CANDIDATE)?.value;
    expect(value).toMatch(/^17488548\d\d$/);
    const status = () => e.get('ConfigMap', 'kube-system/cluster-autoscaler-status')?.data.status ?? '';
    expect(status()).toMatch(/ {2}scaleDown:\n {4}candidates: 2\n/);
    // 10 minutes unneeded (strictly past), at the first loop after.
    const marked = advanceUntil(sim, () => eventsOf(sim, 'ScaleDown').length > 0, 20 * 60_000, 1000) as number;
    expect(marked).toBeGreaterThan(11 * 60_000);
    expect(marked).toBeLessThan(11 * 60_000 + 30_000);
    const victim = eventsOf(sim, 'ScaleDown')[0]?.involvedObject.name as string;
    expect(candidates).toContain(victim);
    expect(taintKeys(sim, victim)).toContain(`${TAINT_TO_BE_DELETED}:NoSchedule`);
    expect(sim.kubectl(`kubectl get node ${victim}`)).toMatch(/Ready,SchedulingDisabled/);
    // taints.go MarkToBeDeleted only adds: the soft taint of 1m9s stays beside the hard one of 11m20s.
    expect(marked).toBe(680_000);
    expect(taintsBlock(sim, victim)).toBe(
      [
        'Taints:             ToBeDeletedByClusterAutoscaler=1748855479:NoSchedule',
        '                    node.kubernetes.io/unschedulable:NoSchedule',
        '                    DeletionCandidateOfClusterAutoscaler=1748854869:PreferNoSchedule',
      ].join('\n'),
    );
    const onNode = eventsOf(sim, 'ScaleDown')
      .filter((ev) => ev.involvedObject.kind !== 'Pod')
      .map((ev) => [ev.involvedObject.kind, ev.message]);
    expect(onNode[0]).toEqual(['Node', 'marked the node as toBeDeleted/unschedulable']);
    expect(onNode[1]?.[0]).toBe('ConfigMap');
    expect(onNode[1]?.[1]).toMatch(
      new RegExp(
        `^Scale-down: removing node ${victim}, utilization: \\{0\\.3 0 0 0 cpu 0\\.3\\}, pods to reschedule: web-[a-z0-9]+-[a-z0-9]{5}$`,
      ),
    );
    // After node-delete-delay-after-taint, the pod is evicted and recreated elsewhere.
    sim.advanceTo(marked + 6000);
    const evicted = eventsOf(sim, 'ScaleDown').find(
      (ev) => ev.involvedObject.kind === 'Pod' && ev.involvedObject.name.startsWith('web-'),
    );
    expect(evicted?.message).toBe('deleting pod for node scale down');
    const removedText = `Scale-down: node ${victim} removed with drain`;
    const removed = advanceUntil(
      sim,
      () => eventsOf(sim, 'ScaleDown').some((ev) => ev.message === removedText),
      marked + 120_000,
      1000,
    );
    expect(removed).toBeDefined();
    // The node's second ScaleDown event ("nodes removed by cluster autoscaler") comes within 5 minutes
    // of the first: the recorder's spam filter (reason, source, object; factory.go) drops it.
    expect(eventsOf(sim, 'ScaleDown', victim).map((ev) => ev.message)).toEqual([
      'marked the node as toBeDeleted/unschedulable',
    ]);
    expect(e.state.cloud?.groups.workers?.target).toBe(2);
    // The Node stays until the cloud-node-lifecycle-controller sees it NotReady with its instance gone.
    const gone = advanceUntil(sim, () => !e.get('Node', victim), (removed as number) + 120_000, 1000) as number;
    expect(gone - (removed as number)).toBeGreaterThan(40_000);
    expect(eventsOf(sim, 'DeletingNode', victim).length).toBe(1);
    expect(sim.kubectl('kubectl get deploy web')).toMatch(/web\s+4\/4/);
  });

  it('keeps a node whose pods block it, and says why (not replicated, kube-system, safe-to-evict)', () => {
    const bare: Manifest = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'lonely' },
      spec: { containers: [{ name: 'main', image: 'busybox:1.36' }] },
    };
    // min 2: the other node stays too (NodeGroupMinSizeReached), so the blocked one is seen every loop.
    const sim = cloudSim({ groups: { workers: [2, 2, 3] }, objects: [deployment('web', 2, '1500m'), bare] });
    sim.advanceTo(5 * 60_000);
    const ca = sim.engine.state.cloud?.ca;
    const host = sim.engine.get('Pod', 'default/lonely')?.spec.nodeName as string;
    expect(ca?.unremovable[host]?.reason).toBe('NotReplicated');
    expect(sim.engine.get('Node', host)).toBeDefined();
    expect(
      sim.engine.state.trace.some((l) =>
        l.includes(`Node ${host} cannot be removed: default/lonely is not replicated`),
      ),
    ).toBe(true);
  });

  it('does not go below the group min size', () => {
    const sim = cloudSim({ groups: { workers: [2, 2, 3] }, objects: [deployment('web', 1, '500m')] });
    sim.advanceTo(30 * 60_000);
    expect(sim.engine.list('Node').length).toBe(3);
    expect(Object.values(sim.engine.state.cloud?.ca?.unremovable ?? {}).map((u) => u.reason)).toContain(
      'NodeGroupMinSizeReached',
    );
    expect(sim.engine.state.trace.some((l) => / - node group min size reached$/.test(l))).toBe(true);
  });

  it('waits scale-down-delay-after-add after a scale-up', () => {
    const sim = cloudSim({
      groups: { workers: [2, 1, 5] },
      objects: [deployment('web', 4, '1500m')],
      timeline: [
        { at: '30s', run: 'kubectl scale deployment web --replicas=5' },
        { at: '5m', run: 'kubectl scale deployment web --replicas=1' },
      ],
    });
    sim.advanceTo(60_000);
    const up = eventsOf(sim, 'TriggeredScaleUp')[0]?.firstTimestamp as number;
    expect(up).toBeDefined();
    advanceUntil(sim, () => eventsOf(sim, 'ScaleDown').length > 0, 40 * 60_000, 1000);
    const down = eventsOf(sim, 'ScaleDown')[0]?.firstTimestamp as number;
    // Unneeded since ~5m, but no deletion before scale-up + 10m, and not before 10m unneeded.
    expect(down).toBeGreaterThan(up + 10 * 60_000);
    expect(down).toBeGreaterThan(15 * 60_000);
  });

  it('a new process leaves the soft taint alone (cleanUpIfRequired cleans it only with max-bulk-soft-taint-count 0) and starts its timers again', () => {
    const sim = shrinking();
    const e = sim.engine;
    sim.advanceTo(3 * 60_000);
    const tainted = ['workers-1', 'workers-2', 'workers-3'].find((n) =>
      taintKeys(sim, n).includes(`${TAINT_DELETION_CANDIDATE}:PreferNoSchedule`),
    ) as string;
    const before = taintsBlock(sim, tainted);
    expect(before).toBe('Taints:             DeletionCandidateOfClusterAutoscaler=1748854869:PreferNoSchedule');
    sim.run('ssh control-plane mv /etc/kubernetes/manifests/cluster-autoscaler.yaml /tmp/');
    sim.advanceTo(4 * 60_000);
    sim.run('ssh control-plane mv /tmp/cluster-autoscaler.yaml /etc/kubernetes/manifests/');
    sim.advanceTo(5 * 60_000);
    expect(e.state.cloud?.ca?.loops).toBeGreaterThan(0);
    // No ClusterAutoscalerCleanup; the node is unneeded again, so UpdateSoftDeletionTaints skips it:
    // the taint keeps the old process's time.
    expect(eventsOf(sim, 'ClusterAutoscalerCleanup')).toEqual([]);
    expect(taintsBlock(sim, tainted)).toBe(before);
    // Unneeded again from the new process's first loop: removal 10 minutes after that, not after 1m.
    advanceUntil(sim, () => eventsOf(sim, 'ScaleDown').length > 0, 30 * 60_000, 1000);
    expect(eventsOf(sim, 'ScaleDown')[0]?.firstTimestamp).toBeGreaterThan(14 * 60_000);
  });

  it('a new process removes ToBeDeletedByClusterAutoscaler a previous one left mid-deletion (CleanAllToBeDeleted), uncordons, keeps the soft taint', () => {
    const sim = shrinking();
    const marked = advanceUntil(sim, () => eventsOf(sim, 'ScaleDown').length > 0, 20 * 60_000, 1000) as number;
    const victim = eventsOf(sim, 'ScaleDown')[0]?.involvedObject.name as string;
    sim.run('ssh control-plane mv /etc/kubernetes/manifests/cluster-autoscaler.yaml /tmp/');
    sim.advanceTo(marked + 3000);
    sim.run('ssh control-plane mv /tmp/cluster-autoscaler.yaml /etc/kubernetes/manifests/');
    sim.advanceTo(marked + 60_000);
    expect(
      eventsOf(sim, 'ClusterAutoscalerCleanup').map((ev) => [ev.involvedObject.name, ev.type, ev.message]),
    ).toEqual([[victim, 'Normal', `removed ${TAINT_TO_BE_DELETED} taints from node ${victim}`]]);
    expect(taintsBlock(sim, victim)).toBe(
      'Taints:             DeletionCandidateOfClusterAutoscaler=1748854869:PreferNoSchedule',
    );
    expect(sim.kubectl(`kubectl get node ${victim}`)).toMatch(new RegExp(`${victim} +Ready +<none>`));
  });

  it('UpdateSoftDeletionTaints: needed nodes lose the soft taint first, then unneeded ones get it, 10 API calls a loop; a node being deleted is skipped', () => {
    const sim = cloudSim({ groups: { workers: [13, 1, 20] }, autoscaler: false });
    const e = sim.engine;
    const names = Array.from({ length: 13 }, (_, i) => `workers-${i + 1}`);
    // workers-3 … workers-12 carry a soft taint but are needed; workers-13 is being deleted.
    for (const n of names.slice(2)) sim.run(`kubectl taint node ${n} ${TAINT_DELETION_CANDIDATE}=1:PreferNoSchedule`);
    sim.run(`kubectl taint node workers-13 ${TAINT_TO_BE_DELETED}=1:NoSchedule`);
    const ca = { unneeded: dict() } as unknown as AutoscalerMemory;
    ca.unneeded['workers-1'] = 0;
    ca.unneeded['workers-2'] = 0;
    const nodes = names.map((n) => e.get('Node', n) as Node);
    const cs = { nodes, groupOf: new Map(names.map((n) => [n, 'workers'])) } as unknown as ClusterState;
    const soft = () => names.filter((n) => taintKeys(sim, n).includes(`${TAINT_DELETION_CANDIDATE}:PreferNoSchedule`));
    updateSoftDeletionTaints(e, ca, cs);
    // The budget went to the ten needed nodes; the unneeded ones wait for the next loop.
    expect(soft()).toEqual(['workers-13']);
    updateSoftDeletionTaints(e, ca, { ...cs, nodes: names.map((n) => e.get('Node', n) as Node) });
    expect(soft()).toEqual(['workers-1', 'workers-2', 'workers-13']);
    expect(e.get('Node', 'workers-1')?.spec.taints.find((t) => t.key === TAINT_DELETION_CANDIDATE)?.value).toBe(
      String(unixSeconds(e.now)),
    );
  });

  it('simulates empty nodes first, a removable node being no destination for the next (planner.go, main.go sorting)', () => {
    // Two pods of 1500m on three 4-CPU workers: one worker is empty (min 3: none is removed).
    const sim = cloudSim({ groups: { workers: [3, 3, 5] }, objects: [deployment('web', 2, '1500m')] });
    sim.advanceTo(2 * 60_000);
    const e = sim.engine;
    const hosts = e
      .list('Pod')
      .filter((p) => p.metadata.name.startsWith('web-'))
      .map((p) => p.spec.nodeName as string)
      .sort();
    const empty = ['workers-1', 'workers-2', 'workers-3'].find((n) => !hosts.includes(n)) as string;
    const [first, second] = hosts as [string, string];
    // The empty node goes first; the first busy one moves its pod to the second, which then has
    // nowhere to go (in name order alone, all three would count as unneeded).
    expect(Object.keys(e.state.cloud?.ca?.unneeded ?? {}).sort()).toEqual([empty, first].sort());
    expect(e.state.cloud?.ca?.unremovable[second]?.reason).toBe('NoPlaceToMovePods');
  });

  it('stops simulating at the unneeded nodes limit: those already unneeded plus twice max-scale-down-parallelism', () => {
    const sim = cloudSim({ groups: { workers: [25, 25, 30] } });
    const e = sim.engine;
    const unneeded = () => Object.keys(e.state.cloud?.ca?.unneeded ?? {}).length;
    // A new process (its memory empty) looks at 25 empty nodes.
    const old = e.state.cloud?.ca?.containerId;
    sim.run('ssh control-plane mv /etc/kubernetes/manifests/cluster-autoscaler.yaml /tmp/');
    sim.advanceTo(60_000);
    sim.run('ssh control-plane mv /tmp/cluster-autoscaler.yaml /etc/kubernetes/manifests/');
    const loops = () => (e.state.cloud?.ca?.containerId === old ? 0 : (e.state.cloud?.ca?.loops ?? 0));
    advanceUntil(sim, () => loops() >= 1, 5 * 60_000, 500);
    expect(unneeded()).toBe(20);
    advanceUntil(sim, () => loops() >= 2, 5 * 60_000, 500);
    expect(unneeded()).toBe(25);
  });
});
