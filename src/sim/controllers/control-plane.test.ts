import { describe, expect, it } from 'vitest';
import type { Lease } from '../core/api-types';
import { allCauses } from '../core/cause-log';
import { unixNanoHex } from '../core/dates';
import { maxOf } from '../core/lists';
import { controllerManagerActive, LEASE_DURATION_MS, RETRY_PERIOD_MS, schedulerActive } from './control-plane';
import { wakeLeaderElection } from './control-plane-idle';
import { advanceUntil, cond, events, kitSim, node, run } from './node-lifecycle.testkit';

function kcmContainers(sim: ReturnType<typeof kitSim>) {
  return Object.values(sim.engine.state.hosts.cp?.containers ?? {}).filter(
    (c) => c.podName === 'kube-controller-manager-cp',
  );
}

describe('leader election', () => {
  it('both components hold their kube-system Lease after boot', () => {
    const sim = kitSim();
    const e = sim.engine;
    expect(controllerManagerActive(e)).toBe(true);
    expect(schedulerActive(e)).toBe(true);
    for (const name of ['kube-controller-manager', 'kube-scheduler']) {
      const l = e.get('Lease', `kube-system/${name}`);
      expect(l?.spec.holderIdentity).toMatch(/^cp_[0-9a-f-]{36}$/);
      expect(l?.spec.leaseDurationSeconds).toBe(LEASE_DURATION_MS / 1000);
      // Routine renewals are skipped while nothing changes on the control-plane host (control-plane-idle.ts).
      expect(l?.spec.renewTime).toBeLessThanOrEqual(sim.now);
    }
  });

  it('an idle leader renews again on its 2s grid once something changes on the control-plane host', () => {
    const sim = kitSim();
    const e = sim.engine;
    const before = e.get('Lease', 'kube-system/kube-controller-manager')?.spec.renewTime ?? 0;
    sim.advanceTo(sim.now + 60_000);
    // Idle: a minute without a single renewal write.
    expect(e.get('Lease', 'kube-system/kube-controller-manager')?.spec.renewTime).toBe(before);
    wakeLeaderElection(e, 'cp');
    sim.advanceTo(sim.now + RETRY_PERIOD_MS);
    for (const name of ['kube-controller-manager', 'kube-scheduler']) {
      const renew = e.get('Lease', `kube-system/${name}`)?.spec.renewTime ?? -1e9;
      expect(sim.now - renew).toBeLessThanOrEqual(RETRY_PERIOD_MS);
      // Still on the grid of the first renewal.
      expect((renew - before) % RETRY_PERIOD_MS).toBe(0);
    }
  });
});

describe('kube-apiserver down for 60s', () => {
  const sim = kitSim({ workers: 2 });
  const e = sim.engine;
  const firstKcm = kcmContainers(sim).find((c) => c.state === 'running')?.id;
  run(sim, 'ssh cp mv /etc/kubernetes/manifests/kube-apiserver.yaml /tmp/kube-apiserver.yaml');

  it('kube-controller-manager loses leadership after the renew deadline and exits', () => {
    const exitedAt = advanceUntil(
      sim,
      () => e.state.hosts.cp?.containers[firstKcm as string]?.state !== 'running',
      30_000,
    );
    expect(exitedAt).toBeGreaterThanOrEqual(10_000);
    expect(exitedAt).toBeLessThanOrEqual(14_000);
    const c = e.state.hosts.cp?.containers[firstKcm as string];
    // the kubelet may already have replaced it; if still there it exited with 1
    if (c) expect(c.exitCode).toBe(1);
    expect(e.state.trace.some((l) => l.includes('kube-controller-manager: "leaderelection lost"'))).toBe(true);
    expect(controllerManagerActive(e)).toBe(false);
    const cause = allCauses(e.state.causes).find(
      (x) => x.what.startsWith('leaderelection lost') && x.actor === 'kube-controller-manager',
    );
    expect(cause?.constant).toBe('renewDeadline=10s');
  });

  it('after the API returns, a new process leads, re-registers every node and no node flips', () => {
    sim.advanceTo(60_000);
    run(sim, 'ssh cp mv /tmp/kube-apiserver.yaml /etc/kubernetes/manifests/kube-apiserver.yaml');
    const back = advanceUntil(sim, () => controllerManagerActive(e), 200_000, 500);
    expect(back).toBeDefined();
    expect(e.state.controllers.kcmContainerId).not.toBe(firstKcm);
    sim.advanceTo((back as number) + 1000);
    for (const n of ['cp', 'node1', 'node2']) {
      const ev = events(sim, 'RegisteredNode', n);
      // once at boot, once from the new process (more than 10 minutes apart: not aggregated)
      expect(ev.reduce((a, x) => a + x.count, 0)).toBe(2);
      expect(maxOf(ev, (x) => x.lastTimestamp)).toBeGreaterThan(60_000);
    }
    sim.advanceTo((back as number) + 120_000);
    for (const n of ['cp', 'node1', 'node2']) expect(cond(node(sim, n), 'Ready')?.status).toBe('True');
    expect(events(sim, 'NodeNotReady').filter((x) => x.source.component === 'node-controller')).toHaveLength(0);
  });
});

describe('kube-controller-manager stopped while a kubelet dies', () => {
  it('nothing notices until it returns; then a fresh grace period from its start', () => {
    const sim = kitSim({ workers: 2 });
    const e = sim.engine;
    run(sim, 'ssh cp mv /etc/kubernetes/manifests/kube-controller-manager.yaml /tmp/kube-controller-manager.yaml');
    sim.advanceTo(10_000);
    run(sim, 'ssh node2 systemctl stop kubelet');
    sim.advanceTo(180_000);
    expect(controllerManagerActive(e)).toBe(false);
    expect(cond(node(sim, 'node2'), 'Ready')?.status).toBe('True');
    run(sim, 'ssh cp mv /tmp/kube-controller-manager.yaml /etc/kubernetes/manifests/kube-controller-manager.yaml');
    const leading = advanceUntil(sim, () => controllerManagerActive(e), 260_000, 100);
    expect(leading).toBeDefined();
    // A new candidate waits for the old holder's record to expire (leaseDuration after it first saw it).
    expect(leading).toBeGreaterThanOrEqual(180_000 + LEASE_DURATION_MS);
    const unknownAt = advanceUntil(sim, () => cond(node(sim, 'node2'), 'Ready')?.status === 'Unknown', 400_000);
    expect(unknownAt).toBeGreaterThanOrEqual((leading as number) + 50_000);
    expect(unknownAt).toBeLessThanOrEqual((leading as number) + 56_000);
    expect(e.state.trace.some((l) => l.includes('Missing timestamp for Node node2. Assuming now as a timestamp'))).toBe(
      true,
    );
    expect(events(sim, 'RegisteredNode', 'node1').reduce((a, x) => a + x.count, 0)).toBe(2);
  });
});

function stored(sim: ReturnType<typeof kitSim>, name: string): Lease {
  const l = sim.engine.get('Lease', `kube-system/${name}`);
  if (!l) throw new Error(`no Lease kube-system/${name}`);
  return l;
}

describe('leader election as kubectl shows it', () => {
  // client-go tools/leaderelection/leaderelection.go `acquire`: `le.config.Lock.RecordEvent("became
  // leader")`; resourcelock/leaselock.go `RecordEvent`: Normal, reason `LeaderElection`, message
  // `<identity> <s>`, on the Lease. The recorder's source: cmd/kube-controller-manager/app/options/
  // options.go `EventSource{Component: KubeControllerManagerUserAgent}`; cmd/kube-scheduler/app/
  // options/options.go `DeprecatedNewLegacyRecorder(schedulerName)` (the first profile's,
  // default-scheduler).
  it('acquiring records `Normal LeaderElection <identity> became leader` on the Lease', () => {
    const sim = kitSim();
    for (const [name, source] of [
      ['kube-controller-manager', 'kube-controller-manager'],
      ['kube-scheduler', 'default-scheduler'],
    ] as const) {
      const lease = stored(sim, name);
      const holder = lease.spec.holderIdentity;
      const ev = events(sim, 'LeaderElection', name);
      expect(
        ev.map((x) => ({
          type: x.type,
          message: x.message,
          source: x.source,
          involved: x.involvedObject,
          at: x.firstTimestamp,
          count: x.count,
        })),
      ).toEqual([
        {
          type: 'Normal',
          message: `${holder} became leader`,
          source: { component: source },
          involved: { kind: 'Lease', name, namespace: 'kube-system', uid: lease.metadata.uid },
          at: lease.spec.acquireTime,
          count: 1,
        },
      ]);
      // Named as client-go's recorder names it (tools/record/event.go makeEvent), not from the PRNG.
      expect(ev[0]?.metadata.name).toBe(`${name}.${unixNanoHex(lease.spec.acquireTime as number)}`);
      const row = sim
        .kubectl('kubectl get events -n kube-system')
        .split('\n')
        .find((l) => l.includes(`lease/${name} `));
      expect(row).toMatch(new RegExp(`^\\S+\\s+Normal\\s+LeaderElection\\s+lease/${name}\\s+${holder} became leader$`));
      const described = sim.kubectl(`kubectl describe lease ${name} -n kube-system`).split('\n');
      expect(described.slice(-3)).toEqual([
        expect.stringMatching(/^ {2}Type {4}Reason {10}Age +From +Message$/),
        expect.stringMatching(/^ {2}-{4} {4}-{6} {10}-{4} +-{4} +-{7}$/),
        expect.stringMatching(
          new RegExp(`^ {2}Normal {2}LeaderElection {2}\\S+ +${source}\\s+${holder} became leader$`),
        ),
      ]);
    }
  });
});
