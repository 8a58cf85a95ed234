/**
 * Speed machinery for pod-status.ts: pod status inputs last seen to give exactly the API pod's
 * status, per API pod object (derived data, not state). buildPodStatus is a function of the API pod
 * (stored objects are never mutated, so the same object means the same status), the worker, the
 * pod's host containers and, through readiness, the clock: while those are unchanged the status
 * would be the same again and the write skipped. Most sync passes change nothing for most pods.
 * Keyed by the pod, which snapshots share, the answers survive a restore (the first passes after a
 * seek would otherwise rebuild every status).
 */
import type { Pod } from '../core/api-types';

const verified = new WeakMap<Pod, unknown[]>();
let cacheEnabled = true;

/**
 * Tests compare runs with and without the cache (core/snapshot.test.ts); turning it off also turns
 * off the sync shortcuts of quiet-sync.ts, so the comparison covers them.
 */
export function setStatusCacheForTests(enabled: boolean): void {
  cacheEnabled = enabled;
}

/** The caches and shortcuts are on (always, outside that test). */
export function statusCacheEnabled(): boolean {
  return cacheEnabled;
}

/** `inputs` (pod-status.ts statusInputs; undefined: not cacheable) were seen to give exactly `p.status`. */
export function statusVerified(p: Pod, inputs: unknown[] | undefined): boolean {
  if (inputs === undefined) return false;
  const seen = verified.get(p);
  return seen !== undefined && sameInputs(seen, inputs);
}

/** Notes that `inputs` give exactly `p.status` (nothing noted for undefined inputs). */
export function noteStatusVerified(p: Pod, inputs: unknown[] | undefined): void {
  if (inputs !== undefined) verified.set(p, inputs);
}

function sameInputs(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
