/**
 * Wake-ups of the kubelet's sync loop (the `syncLoopIteration` select): pod watch events,
 * PLEG events, static manifest changes, back-off expiries and the periodic 1m resync all end up
 * here. Wake-ups at the same ms are coalesced; a sync pass is idempotent, so an extra one is harmless.
 */
import type { Engine } from '../core/engine';
import type { Host } from '../core/state';
import { kgen, kubeletRunning } from './memory';
import { forgetQuiet } from './quiet-marks';

/**
 * Ask the kubelet on `h` to run a sync pass `delay` ms from now (no-op if it does not run).
 * `periodic` (the 1m resync) says nothing changed, so a pass known to be a no-op may still be
 * skipped; any other request may follow a change the kubelet cannot see otherwise (quiet-sync.ts).
 */
export function requestPodSync(e: Engine, h: Host, delay: number, periodic = false): void {
  if (!kubeletRunning(h)) return;
  if (!periodic) forgetQuiet(e, h);
  const at = e.now + Math.max(0, Math.round(delay));
  const gen = kgen(h);
  // Already queued for this process at that ms (the engine answers from its timer queue).
  if (e.timerPending('kubelet.sync', h.name, gen, at)) return;
  e.schedule(at - e.now, 'kubelet.sync', h.name, gen);
}

/**
 * Like requestPodSync, but only if no pass is already due within `delay`: retry loops (runtime
 * down, CRI errors) must not multiply when several wake-ups lead to the same retry.
 */
export function ensurePodSyncWithin(e: Engine, h: Host, delay: number): void {
  if (!kubeletRunning(h)) return;
  forgetQuiet(e, h);
  if (e.timerPendingWithin('kubelet.sync', h.name, kgen(h), e.now, e.now + delay)) return;
  requestPodSync(e, h, delay);
}
