/**
 * The marks of kubelet/quiet-sync.ts ("the last pass on this host did nothing"), apart so that
 * pod-sync-queue.ts can drop them without importing the runtime (an import cycle otherwise).
 * Derived data keyed by the kubelet's memory object, never part of the state.
 */
import type { Host, KubeletMemory } from '../core/state';

export interface QuietMark {
  podWrites: number;
  containers: Host['containers'];
  containersVersion: number;
  workers: KubeletMemory['pods'];
}

export const quietMarks = new WeakMap<KubeletMemory, QuietMark>();

/** Something asked for a pass: the next one must run in full. */
export function forgetQuiet(h: Host): void {
  if (h.kubelet) quietMarks.delete(h.kubelet);
}
