import { describe, expect, it } from 'vitest';
import { causeAt } from '../core/cause-log';
import { advanceUntil, cond, events, kitSim, node, run, workloadPodsOn } from './node-lifecycle.testkit';
import { TAINT_OUT_OF_SERVICE } from './podgc';

describe('PodGC: Node object deleted while its kubelet runs', () => {
  it('marks orphaned pods Failed with DisruptionTarget and force-deletes them 40–60s later', () => {
    const sim = kitSim({ workers: 2, replicas: 4 });
    const e = sim.engine;
    const keys = e.podKeysOnNode('node2');
    expect(keys.length).toBeGreaterThan(0);
    run(sim, 'kubectl delete node node2');
    const gone = advanceUntil(sim, () => keys.every((k) => !e.get('Pod', k)), 120_000, 500);
    expect(gone).toBeGreaterThanOrEqual(40_000);
    expect(gone).toBeLessThanOrEqual(61_000);
    for (const k of keys) {
      const h = e.history(`Pod/${k}`) ?? [];
      const whats = h.map((x) => x.what);
      const failed = whats.findIndex((w) => w.startsWith('phase=Failed'));
      expect(whats[failed]).toBe('phase=Failed + DisruptionTarget=True (DeletionByPodGC)');
      expect(whats[failed + 1]).toBe('deleted (force, PodGC)');
      const c = causeAt(e.state.causes, h[failed + 1]?.cause as number);
      expect(c?.actor).toBe('pod-garbage-collector');
      expect(c?.constant).toBe('podGCQuarantine=40s');
      expect(c?.parents).toContain(e.lastCause('Node/node2', 'deleted'));
    }
    expect(e.state.trace.some((l) => l.includes('Forced deletion of orphaned Pod succeeded'))).toBe(true);
    const rm = events(sim, 'RemovingNode', 'node2');
    expect(rm[0]?.message).toBe('Node node2 event: Removing Node node2 from Controller');
    expect(rm[0]?.source.component).toBe('node-controller');
  });
});

describe('PodGC: out-of-service taint', () => {
  it('force-deletes terminating pods on a NotReady node tainted out-of-service', () => {
    const sim = kitSim({ workers: 2, replicas: 4 });
    const e = sim.engine;
    run(sim, 'ssh node2 systemctl stop kubelet');
    sim.advanceTo(70_000);
    expect(cond(node(sim, 'node2'), 'Ready')?.status).toBe('Unknown');
    const pods = workloadPodsOn(sim, 'node2');
    const victim = pods[0];
    expect(victim).toBeDefined();
    const key = `${victim?.metadata.namespace}/${victim?.metadata.name}`;
    run(sim, `kubectl delete pod ${victim?.metadata.name}`);
    sim.advanceTo(75_000);
    expect(e.get('Pod', key)?.metadata.deletionTimestamp).toBeDefined();
    // `kubectl taint nodes node2 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute`, written directly.
    const n = structuredClone(node(sim, 'node2'));
    n.spec.taints.push({ key: TAINT_OUT_OF_SERVICE, value: 'nodeshutdown', effect: 'NoExecute', timeAdded: e.now });
    e.put(
      n,
      'taint out-of-service:NoExecute',
      e.cause({
        actor: 'you',
        what: 'kubectl taint nodes node2 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute',
      }),
    );
    const gone = advanceUntil(sim, () => !e.get('Pod', key), 120_000, 500);
    expect(gone).toBeDefined();
    expect((gone as number) - 75_000).toBeLessThanOrEqual(21_000);
    const whats = (e.history(`Pod/${key}`) ?? []).map((x) => x.what);
    expect(whats).toContain('phase=Failed');
    expect(whats[whats.length - 1]).toBe('deleted (force, PodGC)');
  });
});
