/**
 * kube-scheduler's ReleaseOnCancel (kubernetes/kubernetes cmd/kube-scheduler/app/options/options.go
 * makeLeaderElectionConfig `ReleaseOnCancel: true`; client-go tools/leaderelection/leaderelection.go
 * `renew` then `release`): a leader stopped by SIGTERM writes its Lease back with no holder and
 * `leaseDurationSeconds: 1`, so the next scheduler (a manifest moved back in) takes it at once.
 * kube-controller-manager sets no ReleaseOnCancel: its successor waits for the lease to expire.
 * A process killed by power loss, or one that cannot reach the API, releases nothing.
 *
 * Cause `what` prefix: `leader election: released`.
 */
import type { Lease } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { Host } from '../core/state';
import { canReachApi } from '../core/world';

/**
 * Called when containers of the control-plane host change: a leading kube-scheduler whose
 * container was just stopped (removed while the host runs) releases its Lease if it can.
 */
export function releaseOnCancel(e: Engine, cp: Host): void {
  const le = e.state.controllers.leaderElection?.['kube-scheduler'];
  if (!le?.leading || cp.power !== 'on' || cp.containers[le.containerId] !== undefined) return;
  le.leading = false;
  // OnStoppedLeading with the context done (scheduler server.go Run).
  e.trace('kube-scheduler: "Requested to terminate, exiting"');
  if (!canReachApi(e, cp.name)) return;
  const key = 'kube-system/kube-scheduler';
  const lease = e.get('Lease', key);
  if (!lease || lease.spec.holderIdentity !== le.identity) return;
  const parents: number[] = [];
  const prev = e.lastCause(`Host/${cp.name}`);
  if (prev !== undefined) parents.push(prev);
  const cause = e.cause({
    actor: 'kube-scheduler',
    what: `leader election: released lease ${key}`,
    rule: 'ReleaseOnCancel: a leader stopped by SIGTERM gives its lease up',
    parents,
  });
  const next: Lease = {
    ...lease,
    metadata: { ...lease.metadata },
    spec: { ...lease.spec, holderIdentity: '', leaseDurationSeconds: 1, renewTime: e.now, acquireTime: e.now },
  };
  e.put(next, 'leader election: released (ReleaseOnCancel)', cause);
}
