/**
 * Leader election during an API outage (issue 9 point 3). Sources: client-go
 * tools/leaderelection/leaderelection.go (Run, acquire: a candidate retries every retryPeriod and
 * never exits; renew: the leader gives up after renewDeadline; release with ReleaseOnCancel),
 * cmd/kube-controller-manager/app/controllermanager.go (OnStoppedLeading: "leaderelection lost",
 * exit 1, no ReleaseOnCancel), cmd/kube-scheduler/app/server.go (OnStoppedLeading: "Leaderelection
 * lost"; "Requested to terminate, exiting") and cmd/kube-scheduler/app/options/options.go
 * (ReleaseOnCancel: true); the kubelet's first restart of an exited container comes without
 * back-off (pkg/kubelet/kuberuntime doBackOff: no entry yet).
 */
import { describe, expect, it } from 'vitest';
import { controllerManagerActive, LEASE_DURATION_MS, schedulerActive } from './control-plane';
import { advanceUntil, events, kitSim, run } from './node-lifecycle.testkit';

const restarts = (sim: ReturnType<typeof kitSim>, name: string) =>
  sim.engine.get('Pod', `kube-system/${name}-cp`)?.status.containerStatuses[0]?.restartCount;

describe('kube-apiserver down for 90s', () => {
  const sim = kitSim({ workers: 2 });
  const e = sim.engine;
  run(sim, 'ssh cp mv /etc/kubernetes/manifests/kube-apiserver.yaml /tmp/kube-apiserver.yaml');
  sim.advanceTo(90_000);

  it('only the leaders exit, once each, with their own words', () => {
    const lost = e.state.trace.filter((l) => l.includes('eaderelection lost'));
    expect(lost.map((l) => l.replace(/^\d+ /, ''))).toEqual([
      'kube-controller-manager: "leaderelection lost"',
      'kube-scheduler: "Leaderelection lost"',
    ]);
    // The restarted processes wait in acquire(): nothing exits again while the API is down.
    const exits = (name: string) =>
      e.state.trace.filter((l) => l.includes(`kube-system/${name}-cp/${name} exited`)).length;
    expect(exits('kube-controller-manager')).toBe(1);
    expect(exits('kube-scheduler')).toBe(1);
    expect(controllerManagerActive(e)).toBe(false);
  });

  it('RESTARTS 1 and no BackOff once the API is back; controllers resume within ~15s of its return', () => {
    run(sim, 'ssh cp mv /tmp/kube-apiserver.yaml /etc/kubernetes/manifests/kube-apiserver.yaml');
    const leading = advanceUntil(sim, () => controllerManagerActive(e), 300_000, 100);
    expect(leading).toBeDefined();
    // The new process first sees the old record when the API answers, then waits leaseDuration.
    expect((leading as number) - 90_000).toBeGreaterThanOrEqual(LEASE_DURATION_MS);
    expect((leading as number) - 90_000).toBeLessThanOrEqual(LEASE_DURATION_MS + 8_000);
    sim.advanceTo((leading as number) + 1_000);
    expect(events(sim, 'RegisteredNode', 'node1').some((ev) => ev.lastTimestamp >= (leading as number))).toBe(true);
    sim.advanceTo(sim.now + 30_000);
    expect(restarts(sim, 'kube-controller-manager')).toBe(1);
    expect(restarts(sim, 'kube-scheduler')).toBe(1);
    expect(events(sim, 'BackOff')).toHaveLength(0);
    const l = e.get('Lease', 'kube-system/kube-controller-manager');
    expect(l?.spec.leaseTransitions).toBe(1);
  });
});

describe('a stopped kube-scheduler releases its Lease; kube-controller-manager does not', () => {
  it('scheduler moved out and back in: the lease is released, the new one leads at once', () => {
    const sim = kitSim({ workers: 1 });
    const e = sim.engine;
    run(sim, 'ssh cp mv /etc/kubernetes/manifests/kube-scheduler.yaml /tmp/kube-scheduler.yaml');
    sim.advanceTo(5_000);
    const released = e.get('Lease', 'kube-system/kube-scheduler');
    expect(released?.spec.holderIdentity).toBe('');
    expect(released?.spec.leaseDurationSeconds).toBe(1);
    expect(sim.kubectl('kubectl get lease kube-scheduler -n kube-system')).toMatch(/^kube-scheduler\s{3,}\S+$/m);
    expect(e.state.trace.some((l) => l.endsWith('kube-scheduler: "Requested to terminate, exiting"'))).toBe(true);
    run(sim, 'ssh cp mv /tmp/kube-scheduler.yaml /etc/kubernetes/manifests/kube-scheduler.yaml');
    const leading = advanceUntil(sim, () => schedulerActive(e), 60_000, 100);
    // Container start (a few seconds), then the first acquire attempt takes the free lease.
    expect((leading as number) - 5_000).toBeLessThan(LEASE_DURATION_MS);
  });

  it('controller manager moved out and back in: the successor waits for the lease to expire', () => {
    const sim = kitSim({ workers: 1 });
    const e = sim.engine;
    const holder = e.get('Lease', 'kube-system/kube-controller-manager')?.spec.holderIdentity;
    run(sim, 'ssh cp mv /etc/kubernetes/manifests/kube-controller-manager.yaml /tmp/kube-controller-manager.yaml');
    sim.advanceTo(5_000);
    expect(e.get('Lease', 'kube-system/kube-controller-manager')?.spec.holderIdentity).toBe(holder);
    run(sim, 'ssh cp mv /tmp/kube-controller-manager.yaml /etc/kubernetes/manifests/kube-controller-manager.yaml');
    const leading = advanceUntil(sim, () => controllerManagerActive(e), 60_000, 100);
    expect((leading as number) - 5_000).toBeGreaterThanOrEqual(LEASE_DURATION_MS);
  });
});
