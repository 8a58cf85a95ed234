import { describe, expect, it } from 'vitest';
import type { Lease } from '../core/api-types';
import { allCauses } from '../core/cause-log';
import { unixNanoHex } from '../core/dates';
import { maxOf } from '../core/lists';
import { apiAvailable } from '../core/world';
import { microTime } from '../kubectl/api-json-meta';
import { controllerManagerActive, LEASE_DURATION_MS, RETRY_PERIOD_MS, schedulerActive } from './control-plane';
import { electionChain, wakeLeaderElection } from './control-plane-idle';
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

/** The Lease's `Renew Time:` as `kubectl describe lease` prints it (the generic describer). */
function describedRenewTime(sim: ReturnType<typeof kitSim>, name: string): string | undefined {
  const out = sim.kubectl(`kubectl describe lease ${name} -n kube-system`);
  return /^ {2}Renew Time:\s+(\S+)$/m.exec(out)?.[1];
}

/** `renewTime:` of `kubectl get lease -o yaml`. */
function yamlRenewTime(sim: ReturnType<typeof kitSim>, name: string): string | undefined {
  const out = sim.kubectl(`kubectl get lease ${name} -n kube-system -o yaml`);
  return /^ {2}renewTime: "(\S+)"$/m.exec(out)?.[1];
}

function stored(sim: ReturnType<typeof kitSim>, name: string): Lease {
  const l = sim.engine.get('Lease', `kube-system/${name}`);
  if (!l) throw new Error(`no Lease kube-system/${name}`);
  return l;
}

/** The last tick of a leader's 2s renewal grid (it acquired at `acquired`) at or before `t`. */
function lastRenewal(acquired: number, t: number): number {
  return acquired + Math.floor((t - acquired) / RETRY_PERIOD_MS) * RETRY_PERIOD_MS;
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

  // client-go leaderelection.go `renew`: `wait.Until(..., RetryPeriod)` around `tryAcquireOrRenew`,
  // which writes `RenewTime: now` each time: a leader that reaches the API renews every 2s.
  it('describe lease and -o yaml show a renew time within the last 2s while the leader runs, with no API write', () => {
    const sim = kitSim();
    const before = stored(sim, 'kube-controller-manager');
    const acquired = before.spec.acquireTime as number;
    sim.advanceTo(61_000);
    expect(sim.kubectl('kubectl describe lease kube-controller-manager -n kube-system')).toContain(
      '\n  Renew Time:              2025-06-02T09:01:00.049000Z\n',
    );
    for (const t of [61_000, 62_048, 62_049, 62_050, 90_000, 600_001]) {
      sim.advanceTo(t);
      for (const name of ['kube-controller-manager', 'kube-scheduler']) {
        const renew = lastRenewal(stored(sim, name).spec.acquireTime as number, t);
        expect(t - renew).toBeLessThan(RETRY_PERIOD_MS);
        expect(describedRenewTime(sim, name)).toBe(microTime(renew));
        expect(yamlRenewTime(sim, name)).toBe(microTime(renew));
      }
      // The listing forms agree (kubectl/get.ts listInScope): `get leases -o json`, `describe lease`.
      const list = JSON.parse(sim.kubectl('kubectl get leases -n kube-system -o json')) as {
        items: { metadata: { name: string }; spec: { renewTime: string } }[];
      };
      const described = sim.kubectl('kubectl describe lease -n kube-system');
      for (const item of list.items) {
        const renew = lastRenewal(stored(sim, item.metadata.name).spec.acquireTime as number, t);
        expect(item.spec.renewTime).toBe(microTime(renew));
        expect(described).toContain(`  Renew Time:              ${microTime(renew)}\n`);
      }
      expect(list.items.map((i) => i.metadata.name)).toEqual(['kube-controller-manager', 'kube-scheduler']);
    }
    expect(lastRenewal(acquired, 62_049)).toBe(62_049);
    // The renewals are not written: the stored record is the one from before, and no Lease write was traced.
    expect(stored(sim, 'kube-controller-manager')).toBe(before);
    const since = sim.engine.state.trace.filter((l) => Number(l.split(' ')[0]) > 0);
    expect(since.length).toBeGreaterThan(0);
    expect(since.filter((l) => l.includes('Lease/kube-system/'))).toEqual([]);
  });

  // client-go leaderelection.go `tryAcquireOrRenew` / `isLeaseValid`: a candidate may take over
  // only once `observedTime + LeaseDurationSeconds` has passed, observedTime being when it first saw
  // the current record (`setObservedRecord`), whatever the record's renewTime says.
  it('a power loss freezes the renew time at the last renewal; the new process waits 15s from its first look', () => {
    const sim = kitSim();
    const e = sim.engine;
    const old = stored(sim, 'kube-controller-manager');
    const acquired = old.spec.acquireTime as number;
    sim.advanceTo(61_000);
    run(sim, 'ssh cp poweroff');
    const frozen = lastRenewal(acquired, 61_000);
    sim.advanceTo(100_000);
    run(sim, 'power-on cp');
    // The API is back and a new kube-controller-manager process has looked at the old record.
    const looked = advanceUntil(
      sim,
      () =>
        apiAvailable(e) &&
        e.state.controllers.leaderElection?.['kube-controller-manager']?.observedRecord !== undefined,
      300_000,
      100,
    );
    expect(looked).toBeDefined();
    const le = e.state.controllers.leaderElection?.['kube-controller-manager'];
    const firstLook = le?.observedAt as number;
    expect(le?.leading).toBe(false);
    expect(le?.identity).not.toBe(old.spec.holderIdentity);
    // Still the dead leader's record, renewed last before the power went.
    expect(stored(sim, 'kube-controller-manager').spec.holderIdentity).toBe(old.spec.holderIdentity);
    expect(describedRenewTime(sim, 'kube-controller-manager')).toBe(microTime(frozen));
    expect(yamlRenewTime(sim, 'kube-controller-manager')).toBe(microTime(frozen));
    // Long expired by its renewTime, yet the candidate waits a full lease duration from its first look.
    expect(firstLook - frozen).toBeGreaterThan(LEASE_DURATION_MS);
    sim.advanceTo(firstLook + LEASE_DURATION_MS - 1);
    expect(controllerManagerActive(e)).toBe(false);
    const leading = advanceUntil(sim, () => controllerManagerActive(e), firstLook + 30_000, 100);
    expect(leading).toBeDefined();
    const lease = stored(sim, 'kube-controller-manager');
    // The first retry (every 2s) at or after observedTime + 15s.
    expect(lease.spec.acquireTime).toBe(firstLook + 16_000);
    expect(lease.spec.leaseTransitions).toBe(1);
    expect(events(sim, 'LeaderElection', 'kube-controller-manager').map((x) => [x.firstTimestamp, x.message])).toEqual([
      [acquired, `${old.spec.holderIdentity} became leader`],
      [firstLook + 16_000, `${lease.spec.holderIdentity} became leader`],
    ]);
  });

  // client-go leaderelection.go `tryAcquireOrRenew`: the record read is compared with the one last
  // observed (`observedRawRecord`, its renewTime included), and a change sets observedTime to now.
  // One control-plane host has no standby process; this test makes the running process one.
  it('a standby candidate sees an idle leader renew (observedTime moves) and never takes over', () => {
    const sim = kitSim();
    const e = sim.engine;
    const les = e.state.controllers.leaderElection ?? {};
    const leader = les['kube-controller-manager'];
    if (!leader) throw new Error('no leader');
    const acquired = stored(sim, 'kube-controller-manager').spec.acquireTime as number;
    les['kube-controller-manager'] = {
      containerId: leader.containerId,
      identity: 'cp2_standby',
      leading: false,
      lastRenew: e.now,
      observedAt: e.now,
    };
    e.schedule(0, 'leader-election.tick', 'kube-controller-manager', electionChain(e, 'kube-controller-manager'));
    sim.advanceTo(60_000);
    expect(stored(sim, 'kube-controller-manager').spec.holderIdentity).toBe(leader.identity);
    // Its last look (every 2s from 0) saw the renewal made since the one before.
    expect(lastRenewal(acquired, 60_000)).toBeGreaterThan(58_000);
    expect(les['kube-controller-manager']?.observedAt).toBe(60_000);
  });

  it('a snapshot restored in the middle of idle renewals shows the same renew times and replays to the same hash', () => {
    const sim = kitSim();
    sim.advanceTo(61_000);
    const snap = sim.snapshot();
    sim.advanceTo(75_001);
    const views = [describedRenewTime(sim, 'kube-controller-manager'), yamlRenewTime(sim, 'kube-scheduler')];
    const hash = sim.traceHash();
    sim.restore(snap);
    expect(describedRenewTime(sim, 'kube-controller-manager')).toBe(
      microTime(lastRenewal(stored(sim, 'kube-controller-manager').spec.acquireTime as number, 61_000)),
    );
    sim.advanceTo(75_001);
    expect([describedRenewTime(sim, 'kube-controller-manager'), yamlRenewTime(sim, 'kube-scheduler')]).toEqual(views);
    expect(sim.traceHash()).toBe(hash);
  });
});
