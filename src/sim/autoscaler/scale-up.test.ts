/**
 * cluster-autoscaler scale-up (issue 11 point 3), cluster-autoscaler 1.33:
 * core/static_autoscaler.go `RunOnce` (10s loop, very new pods, upcoming nodes),
 * core/scaleup/orchestrator (skipped reasons, binpacking, least-waste), executor.go
 * (`ScaledUpGroup`), processors/status/eventing_scale_up_processor.go (`TriggeredScaleUp`,
 * `NotTriggerScaleUp`), utils/kubernetes/factory.go (the 5-minute spam filter),
 * clusterstate/clusterstate.go (`ScaleUpTimedOut`, back-off, long-unregistered removal).
 */
import { describe, expect, it } from 'vitest';
import { advanceUntil, cloudSim, deployment, eventsOf } from '../cloud/testkit';

/** One 4-CPU worker running two 1500m pods; a third does not fit. */
const tight = (extra: Partial<Parameters<typeof cloudSim>[0]> = {}) =>
  cloudSim({
    groups: { workers: [1, 1, 5] },
    objects: [deployment('web', 2, '1500m')],
    timeline: [{ at: '30s', run: 'kubectl scale deployment web --replicas=3' }],
    ...extra,
  });

function pendingPod(sim: ReturnType<typeof cloudSim>) {
  return sim.engine.list('Pod').find((p) => p.metadata.name.startsWith('web-') && !p.spec.nodeName);
}

describe('scale-up for a pod that does not fit', () => {
  it('triggers within one loop of FailedScheduling, with the plan in the events', () => {
    const sim = tight();
    sim.advanceTo(31_000);
    const pod = pendingPod(sim);
    expect(eventsOf(sim, 'FailedScheduling', 'web-')[0]?.message).toBe(
      '0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.',
    );
    const at = advanceUntil(sim, () => eventsOf(sim, 'TriggeredScaleUp').length > 0, 60_000, 500) as number;
    // The next 10s loop (fact sheet §4b: 8–9s observed between FailedScheduling and TriggeredScaleUp).
    expect(at - 30_000).toBeGreaterThan(2000);
    expect(at - 30_000).toBeLessThanOrEqual(10_500);
    const triggered = eventsOf(sim, 'TriggeredScaleUp');
    expect(triggered.map((ev) => [ev.involvedObject.name, ev.type, ev.message, ev.source.component])).toEqual([
      [pod?.metadata.name, 'Normal', 'pod triggered scale-up: [{workers 1->2 (max: 5)}]', 'cluster-autoscaler'],
    ]);
    expect(
      eventsOf(sim, 'ScaledUpGroup').map((ev) => [ev.involvedObject.kind, ev.involvedObject.name, ev.message]),
    ).toEqual([
      ['ConfigMap', 'cluster-autoscaler-status', 'Scale-up: setting group workers size to 2 instead of 1 (max: 5)'],
      ['ConfigMap', 'cluster-autoscaler-status', 'Scale-up: group workers size set to 2 instead of 1 (max: 5)'],
    ]);
    expect(sim.engine.state.cloud?.groups.workers?.target).toBe(2);
  });

  it('shows the scale-up in progress while the machine boots, then the pod runs on it', () => {
    const sim = tight();
    sim.advanceTo(50_000);
    const status = () => sim.engine.get('ConfigMap', 'kube-system/cluster-autoscaler-status')?.data.status ?? '';
    expect(status()).toMatch(
      / {2}scaleUp:\n {4}lastProbeTime: "[^"]+"\n {4}lastTransitionTime: "[^"]+"\n {4}status: InProgress\n/,
    );
    // Pending machine, no Node yet: unregistered.
    expect(status()).toMatch(/\n {6}unregistered: 1\n/);
    const pod = pendingPod(sim);
    const running = advanceUntil(
      sim,
      () => sim.engine.get('Pod', `default/${pod?.metadata.name}`)?.status.phase === 'Running',
      400_000,
      1000,
    ) as number;
    // Boot 90s, registration, Ready, scheduling and the image pull: about two minutes.
    expect(running).toBeGreaterThan(120_000);
    expect(running).toBeLessThan(200_000);
    const node = sim.engine.get('Pod', `default/${pod?.metadata.name}`)?.spec.nodeName as string;
    expect(node).toMatch(/^workers-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    sim.advanceTo(running + 20_000);
    expect(status()).toMatch(
      / {2}scaleUp:\n {4}lastProbeTime: "[^"]+"\n {4}lastTransitionTime: "[^"]+"\n {4}status: NoActivity\n/,
    );
  });

  it('sends no NotTriggerScaleUp while the pod waits for the new node (an upcoming node takes it)', () => {
    const sim = tight();
    sim.advanceTo(150_000);
    expect(eventsOf(sim, 'NotTriggerScaleUp')).toEqual([]);
    expect(eventsOf(sim, 'TriggeredScaleUp').length).toBe(1);
  });
});

describe('NotTriggerScaleUp', () => {
  it('says the group is at its max, counting node groups, once per 5 minutes per pod', () => {
    const sim = cloudSim({
      groups: { workers: [1, 1, 1] },
      objects: [deployment('web', 2, '1500m')],
      timeline: [{ at: '30s', run: 'kubectl scale deployment web --replicas=3' }],
    });
    sim.advanceTo(12 * 60_000 + 35_000);
    const ev = eventsOf(sim, 'NotTriggerScaleUp');
    expect(ev.map((x) => [x.type, x.message, x.source.component])).toEqual([
      ['Normal', "pod didn't trigger scale-up: 1 max node group size reached", 'cluster-autoscaler'],
    ]);
    // The spam filter lets one through every 5 minutes (38s, 5m38s, 10m38s), and each carries every
    // 10s occurrence counted so far (client-go EventCorrelate observes before it filters): 61.
    expect(ev[0]?.count).toBe(61);
    const pod = pendingPod(sim);
    expect(sim.kubectl(`kubectl describe pod ${pod?.metadata.name}`)).toMatch(
      /Normal {3}NotTriggerScaleUp {2}116s \(x61 over 11m\) {2}cluster-autoscaler {2}pod didn't trigger scale-up: 1 max node group size reached/,
    );
  });

  it('says Insufficient cpu for a pod bigger than any machine of the group', () => {
    const sim = cloudSim({
      groups: { workers: [1, 1, 5] },
      objects: [deployment('huge', 1, '6')],
    });
    sim.advanceTo(30_000);
    expect(eventsOf(sim, 'NotTriggerScaleUp')[0]?.message).toBe("pod didn't trigger scale-up: 1 Insufficient cpu");
    expect(eventsOf(sim, 'TriggeredScaleUp')).toEqual([]);
  });

  it('counts every group: one too small, one at its max', () => {
    const sim = cloudSim({
      groups: { small: [1, 1, 3], big: [1, 1, 1] },
      groupFields: { small: { cpu: '2' }, big: { cpu: '8' } },
      objects: [deployment('web', 1, '6')],
      timeline: [{ at: '30s', run: 'kubectl scale deployment web --replicas=2' }],
    });
    sim.advanceTo(60_000);
    expect(eventsOf(sim, 'NotTriggerScaleUp')[0]?.message).toBe(
      "pod didn't trigger scale-up: 1 Insufficient cpu, 1 max node group size reached",
    );
  });
});

describe('a scale-up whose machines never register', () => {
  it('times out after max-node-provision-time, backs the group off, and removes the machine', () => {
    const sim = tight({ groupFields: { workers: { bootTime: '30m' } } });
    advanceUntil(sim, () => eventsOf(sim, 'ScaleUpTimedOut').length > 0, 20 * 60_000, 1000);
    const at = eventsOf(sim, 'ScaleUpTimedOut')[0]?.firstTimestamp as number;
    const up = eventsOf(sim, 'TriggeredScaleUp')[0]?.firstTimestamp as number;
    // ExpectedAddTime = request + 15m, strictly passed: the first loop after it.
    expect(at - up).toBeGreaterThan(15 * 60_000);
    expect(at - up).toBeLessThanOrEqual(15 * 60_000 + 10_000);
    const ev = eventsOf(sim, 'ScaleUpTimedOut')[0];
    expect(ev?.type).toBe('Warning');
    expect(ev?.message).toMatch(/^Nodes added to group workers failed to register within 15m\d+s$/);
    const status = sim.engine.get('ConfigMap', 'kube-system/cluster-autoscaler-status')?.data.status ?? '';
    sim.advanceTo(sim.now + 10_000);
    const later = sim.engine.get('ConfigMap', 'kube-system/cluster-autoscaler-status')?.data.status ?? '';
    expect(later).toMatch(
      /scaleUp:\n {4}backoffInfo:\n {6}errorCode: timeout\n {6}errorMessage: Scale-up timed out for node group workers after 15m\d+s\n/,
    );
    expect(status).toContain('longUnregistered');
    // Backed off: the pod is told so (≤ once per 5 minutes).
    expect(eventsOf(sim, 'NotTriggerScaleUp').at(-1)?.message).toBe(
      "pod didn't trigger scale-up: 1 in backoff after failed scale-up",
    );
    // The machine itself: unregistered for 15 minutes, removed (within the group's min size).
    const removed = advanceUntil(sim, () => eventsOf(sim, 'DeleteUnregistered').length > 0, 40 * 60_000, 1000);
    expect(removed).toBeDefined();
    expect(eventsOf(sim, 'DeleteUnregistered')[0]?.message).toMatch(
      /^Removed unregistered node notready:\/\/\/zone-a\/i-[0-9a-f]{17}$/,
    );
  });
});
