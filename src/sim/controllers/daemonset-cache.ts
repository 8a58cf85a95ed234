/**
 * Speed machinery for daemonset.ts: the daemon tolerations of a DaemonSet's template, keyed by the
 * stored template spec. Valid because a stored object is never mutated (an update writes a new
 * spec, a restore brings new objects). Pays because it is asked once per node per pass.
 */
import type { DaemonSet, Toleration } from '../core/api-types';

const tolerationsOf = new WeakMap<object, Toleration[]>();

/** `compute(spec)` once per stored template spec of `ds`. */
export function templateTolerationsFor(
  ds: DaemonSet,
  compute: (spec: DaemonSet['spec']['template']['spec']) => Toleration[],
): Toleration[] {
  const spec = ds.spec.template.spec;
  let tols = tolerationsOf.get(spec);
  if (!tols) {
    tols = compute(spec);
    tolerationsOf.set(spec, tols);
  }
  return tols;
}
