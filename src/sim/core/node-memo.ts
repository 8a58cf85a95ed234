/**
 * Derived data about the pods bound to one node, kept between passes of a periodic controller
 * (the cluster-autoscaler's planner looks at every node every 10 s and mostly finds what it found
 * before). An entry is reused only while nothing it was computed from changed: the pods bound to
 * the node (their pod-write stamp, which a restore puts back: core/change-counters.ts), the Node
 * object (stored objects are never mutated) and the simulated time: from when it was computed
 * (a restore may go back before it) to the time the value itself says it holds until. Derived, not state: kept per engine (core/per-engine.ts), it holds across restores.
 */
import type { Node } from './api-types';
import type { Engine } from './engine';
import { perEngine } from './per-engine';

interface Entry {
  writes: number;
  node: Node;
  /** When it was computed. */
  at: number;
  /** The value holds while `now` is at most this. */
  until: number;
  value: unknown;
}

const memos = perEngine(() => new Map<string, Entry>());

/**
 * The value `compute` gives for `node` under `slot` (one slot per kind of derived data), computed
 * again only when its inputs changed. `compute` returns the value and the time it holds until.
 */
export function nodeMemo<T>(e: Engine, slot: string, node: Node, compute: () => { value: T; until: number }): T {
  const bySlot = memos(e);
  const key = `${slot}\u0000${node.metadata.name}`;
  const writes = e.podWritesOn(node.metadata.name);
  const hit = bySlot.get(key);
  if (hit && hit.writes === writes && hit.node === node && hit.at <= e.now && e.now <= hit.until) return hit.value as T;
  const { value, until } = compute();
  bySlot.set(key, { writes, node, at: e.now, until, value });
  return value;
}
