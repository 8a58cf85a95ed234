/**
 * Memory machinery for apply.ts: one frozen copy of a pod template's containers, keyed by the
 * template spec object, shared by all the pods stamped from it. Valid because a pod's containers
 * never change once stored and a stored API object is never mutated (a change is a new object).
 * Saves ~150 bytes and more a pod, a few hundred with probes and resources.
 */
import type { Pod, PodTemplate } from '../core/api-types';
import { sharedFrom } from '../core/intern';

const templateContainers = new WeakMap<PodTemplate['spec'], Pod['spec']['containers']>();

/** The containers `make` gives for `spec`, made once, frozen and shared (core/intern.ts sharedFrom). */
export function sharedTemplateContainers(
  spec: PodTemplate['spec'],
  make: () => Pod['spec']['containers'],
): Pod['spec']['containers'] {
  return sharedFrom(templateContainers, spec, make);
}
