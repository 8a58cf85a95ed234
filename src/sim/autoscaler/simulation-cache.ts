/**
 * Speed machinery for simulation.ts: pod shapes already worked out, keyed by the Pod object. A Pod
 * object is never changed once written (a change is a new object), so its shape is kept with it;
 * a loop with 5,000 pending pods asks for each one once per node group.
 */
import type { Pod } from '../core/api-types';

const shapes = new WeakMap<Pod, string>();

/** `compute(p)` once per Pod object. */
export function shapeFor(p: Pod, compute: (p: Pod) => string): string {
  let shape = shapes.get(p);
  if (shape === undefined) {
    shape = compute(p);
    shapes.set(p, shape);
  }
  return shape;
}
