/**
 * Idle leader-election loops (control-plane.ts). A leader renews its Lease every retryPeriod while
 * the API answers (client-go tools/leaderelection/leaderelection.go `renew`: `wait.Until` with
 * RetryPeriod around `tryAcquireOrRenew`, which writes `renewTime: now`); written to the store,
 * that is an API write, an object history entry and a trace line every second for two components,
 * forever, yet nothing changes but the renewTime. It was half of all timer dispatches of a small
 * cluster. So after a successful renewal the loop goes idle: no timer, no write. Whatever could
 * make the next attempt differ goes through a container change on the control-plane host
 * (kube-apiserver or etcd stopping, the candidate process exiting, power loss drops every
 * container), and runtime/containers.ts then calls `wakeLeaderElection`: the loop resumes on its
 * own 2s grid, so failures are seen at the same ticks as before ("leaderelection lost" 10s after
 * the API went down).
 *
 * The renewals the idle loop skips are still what kubectl shows: `servedLease` gives the Lease
 * as the API would serve it, `renewTime` on the leader's 2s grid (the last tick at or before now,
 * or before the loop woke: the loop writes, or misses, every renewal after that), so
 * `describe lease` and `get lease -o yaml` show a renew time within the last 2s while the leader
 * runs and reaches the API, and the last renewal before it stopped. The record's
 * resourceVersion stays the one of its last real write (a renewal would bump it every 2s).
 *
 * Timers carry the loop's chain number as `gen`: going idle or waking starts a new chain and the
 * older timer is ignored. A container change is also when a stopped kube-scheduler releases its
 * Lease (leader-release.ts).
 */
import type { Lease } from '../core/api-types';
import { own } from '../core/dict';
import type { Engine } from '../core/engine';
import type { IdleRenewals } from '../core/state';
import { controlPlaneHost } from '../core/world';
import { releaseOnCancel } from './leader-release';

/** client-go retryPeriod of kube-controller-manager and kube-scheduler. LE [C] */
export const RETRY_PERIOD_MS = 2_000;

interface ElectionLoops {
  /** Current chain per component (timers of another chain are stale). */
  chain: Record<string, number>;
  /** Per idle component: the time of its last tick (the grid origin while idle). */
  idleSince: Record<string, number>;
  /** Per component: the renewals its leader made while idle (older snapshots lack it). */
  renewals?: Record<string, IdleRenewals>;
}

function loops(e: Engine): ElectionLoops {
  const m = e.state.controllers;
  m.electionLoops ??= { chain: {}, idleSince: {} };
  return m.electionLoops;
}

/** Chain number the next timer of `comp` must carry. */
export function electionChain(e: Engine, comp: string): number {
  return loops(e).chain[comp] ?? 0;
}

/**
 * The tick of `comp` that just ran renewed a running leader, `holder`, writing `renewTime: now`:
 * stop ticking until woken; it goes on renewing every retryPeriod meanwhile (`servedLease`).
 */
export function idleElection(e: Engine, comp: string, holder: string): void {
  const l = loops(e);
  l.chain[comp] = (l.chain[comp] ?? 0) + 1;
  l.idleSince[comp] = e.now;
  l.renewals ??= {};
  l.renewals[comp] = { holder, from: e.now };
}

/**
 * A leader-election Lease (`kube-system/<component>`) as the API serves it now: while the record
 * is the one its leader wrote before its loop went idle, `renewTime` is that leader's last renewal
 * on its 2s grid (client-go leaderelection.go `renew`), up to now or up to when the loop woke.
 * Any other Lease, or a record written since (a new holder, a release), is returned as it is.
 * Reading never writes: a kubectl view changes no run and no trace.
 */
export function servedLease(e: Engine, lease: Lease): Lease {
  if (lease.metadata.namespace !== 'kube-system') return lease;
  const renewals = e.state.controllers.electionLoops?.renewals;
  const r = renewals ? own(renewals, lease.metadata.name) : undefined;
  if (!r || r.holder !== lease.spec.holderIdentity || r.from !== lease.spec.renewTime) return lease;
  const end = Math.min(e.now, r.until ?? e.now);
  const renewTime = r.from + Math.floor((end - r.from) / RETRY_PERIOD_MS) * RETRY_PERIOD_MS;
  if (renewTime === lease.spec.renewTime) return lease;
  return { ...lease, spec: { ...lease.spec, renewTime } };
}

/**
 * Something changed on the control-plane host: idle loops tick again at the next point of their
 * 2s grid (one at this very ms already ran: timers run before commands, and an earlier-scheduled
 * retry runs before a timer scheduled since).
 */
export function wakeLeaderElection(e: Engine, hostName: string): void {
  const cp = controlPlaneHost(e);
  if (!cp || hostName !== cp.name) return;
  releaseOnCancel(e, cp);
  const l = e.state.controllers.electionLoops;
  if (!l) return;
  for (const comp of Object.keys(l.idleSince).sort()) {
    const since = l.idleSince[comp] as number;
    delete l.idleSince[comp];
    // The renewals up to this moment happened (the API answered until now); the next is the loop's.
    const r = l.renewals?.[comp];
    if (r && r.until === undefined) r.until = e.now;
    const last = since + Math.floor((e.now - since) / RETRY_PERIOD_MS) * RETRY_PERIOD_MS;
    l.chain[comp] = (l.chain[comp] ?? 0) + 1;
    e.schedule(last + RETRY_PERIOD_MS - e.now, 'leader-election.tick', comp, l.chain[comp]);
  }
}
