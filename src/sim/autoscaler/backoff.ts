/**
 * Per node group back-off after a failed scale-up (cluster-autoscaler
 * utils/backoff/exponential_backoff.go): 5 minutes, doubling when the group fails again after its
 * back-off ended, up to 30 minutes; a failure during a back-off restarts it with the same length.
 * While backed off the group is skipped with `in backoff after failed scale-up`.
 */
import type { AutoscalerMemory, GroupBackoff } from '../core/cloud-types';
import type { Engine } from '../core/engine';

/** `Backoff`: start or extend the group's back-off; returns its end. */
export function backoffGroup(e: Engine, ca: AutoscalerMemory, group: string, code: string, message: string): number {
  const s = e.state.settings;
  const prev = ca.backoff[group];
  let duration = s.initialNodeGroupBackoffDuration;
  if (prev) {
    duration = prev.duration;
    if (prev.until < e.now) duration = Math.min(2 * prev.duration, s.maxNodeGroupBackoffDuration);
  }
  const until = e.now + duration;
  const b: GroupBackoff = { duration, until, lastFailed: e.now, errorCode: code, errorMessage: message };
  ca.backoff[group] = b;
  e.trace(
    `cluster-autoscaler: Disabling scale-up for node group ${group} until ${until}; errorClass=Other; errorCode=${code}`,
  );
  return until;
}

/** `BackoffStatus`: the group's back-off while it lasts. */
export function activeBackoff(ca: AutoscalerMemory, group: string, now: number): GroupBackoff | undefined {
  const b = ca.backoff[group];
  return b && !(b.until < now) ? b : undefined;
}
