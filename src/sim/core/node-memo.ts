/**
 * Derived data about the pods bound to one node, kept between passes of a periodic controller
 * (the cluster-autoscaler's planner looks at every node every 10 s and mostly finds what it found
 * before). An entry is reused only while nothing it was computed from changed: the state (a
 * restore replaces it), the pods bound to the node (ChangeCounters' pod writes, which only grow),
 * the Node object (stored objects are never mutated) and the simulated time the value itself says
 * it holds until. Derived, not state: a snapshot never carries it.
 */
import type { Node } from './api-types';
import type { Engine } from './engine';

interface Entry {
  writes: number;
  node: Node;
  /** The value holds while `now` is at most this. */
  until: number;
  value: unknown;
}

const memos = new WeakMap<object, Map<string, Entry>>();

/**
 * The value `compute` gives for `node` under `slot` (one slot per kind of derived data), computed
 * again only when its inputs changed. `compute` returns the value and the time it holds until.
 */
export function nodeMemo<T>(e: Engine, slot: string, node: Node, compute: () => { value: T; until: number }): T {
  let bySlot = memos.get(e.state);
  if (!bySlot) {
    bySlot = new Map();
    memos.set(e.state, bySlot);
  }
  const key = `${slot}\u0000${node.metadata.name}`;
  const writes = e.podWritesOn(node.metadata.name);
  const hit = bySlot.get(key);
  if (hit && hit.writes === writes && hit.node === node && e.now <= hit.until) return hit.value as T;
  const { value, until } = compute();
  bySlot.set(key, { writes, node, until, value });
  return value;
}
