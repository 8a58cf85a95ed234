/**
 * The kubelet's container restart back-off: client-go flowcontrol.Backoff as the kubelet makes it
 * (pkg/kubelet/kubelet.go: backOffPeriod 10s, MaxContainerBackOff 5m, no jitter), used by
 * kuberuntime_manager.go doBackOff. One entry per container (getStableKey), in the kubelet's
 * memory: a restarted kubelet starts with none.
 *
 * - IsInBackOffSince(key, finishedAt): an entry that has not expired, and less than its delay since
 *   the container finished;
 * - Next(key, finishedAt): a new or expired entry starts at 10s, else the delay doubles (max 5m);
 * - an entry expires when the container finished more than 2 x 5m = 10 minutes after the entry
 *   was last updated (hasExpired): a container that ran 10 minutes starts over at 10s.
 */
import type { Writable } from '../core/copy-on-write';
import type { KubeletContainerState } from '../core/state';

/** backOffPeriod (kubelet.go): the first restart delay, and the pod worker's retry period. */
export const BACKOFF_INITIAL = 10_000;
/** MaxContainerBackOff (kubelet.go). */
export const BACKOFF_MAX = 300_000;

/** hasExpired: the event came more than 2 x maxDuration after the entry's last update. */
function expired(entry: { lastUpdate: number }, eventTime: number): boolean {
  return eventTime - entry.lastUpdate > 2 * BACKOFF_MAX;
}

/** IsInBackOffSince: must the container wait before it may start again? */
export function isInBackOffSince(st: KubeletContainerState, finishedAt: number, now: number): boolean {
  const entry = st.backoff;
  if (!entry || expired(entry, finishedAt)) return false;
  return now - finishedAt < entry.delay;
}

/** Next: record a restart (the delay that applies to the next exit). */
export function nextBackOff(st: Writable<KubeletContainerState>, finishedAt: number, now: number): void {
  const entry = st.backoff;
  const delay = !entry || expired(entry, finishedAt) ? BACKOFF_INITIAL : Math.min(entry.delay * 2, BACKOFF_MAX);
  st.backoff = { delay, lastUpdate: now };
}

/** Image pull back-off of the n-th consecutive failure: 10s doubling to 5m. */
export function backoffFor(n: number): number {
  let d = BACKOFF_INITIAL;
  for (let i = 1; i < n && d < BACKOFF_MAX; i++) d *= 2;
  return Math.min(d, BACKOFF_MAX);
}
