/**
 * Speed machinery for pod-sync.ts (derived data, never state):
 * - the keys of the pods bound to a node in uid order, per state object (a restore brings another
 *   state) and node, while no pod joined or left the node (Engine.podMovesOn): passes come in
 *   bursts while pods start and their statuses change, and sorting the node's pods each time was a
 *   large part of a pass;
 * - worker uids in order, per `mem.pods` record: a pass walks them three times. Only pod-sync.ts
 *   adds or deletes workers, and it calls `forgetWorkerOrder` when it does; the cached array is
 *   never changed, so a loop over it may delete workers.
 */
import type { Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import { keyOf } from '../core/keys';
import type { KubeletMemory } from '../core/state';

type UidOrder = Map<string, { moves: number; keys: string[]; uids: string[] }>;

const uidOrder = new WeakMap<object, UidOrder>();

/** The pods bound to `node`, in uid order. */
export function podsByUid(e: Engine, node: string): Pod[] {
  let byNode = uidOrder.get(e.state);
  if (!byNode) {
    byNode = new Map();
    uidOrder.set(e.state, byNode);
  }
  const moves = e.podMovesOn(node);
  const hit = byNode.get(node);
  if (hit && hit.moves === moves) {
    const out: Pod[] = [];
    for (let i = 0; i < hit.keys.length; i++) {
      const p = e.get('Pod', hit.keys[i] as string);
      // A key now naming another pod (same name, new uid) means the order must be rebuilt.
      if (!p || p.metadata.uid !== hit.uids[i]) return sortedByUid(e, node, byNode, moves);
      out.push(p);
    }
    return out;
  }
  return sortedByUid(e, node, byNode, moves);
}

function sortedByUid(e: Engine, node: string, byNode: UidOrder, moves: number): Pod[] {
  const pods = e.podsOnNode(node).sort((a, b) => (a.metadata.uid < b.metadata.uid ? -1 : 1));
  const keys = pods.map(keyOf);
  byNode.set(node, { moves, keys, uids: pods.map((p) => p.metadata.uid) });
  return pods;
}

const sortedUids = new WeakMap<KubeletMemory['pods'], string[]>();

/** The uids of `mem`'s workers, sorted. Do not change the returned array. */
export function workerUids(mem: KubeletMemory): string[] {
  let uids = sortedUids.get(mem.pods);
  if (!uids) {
    uids = Object.keys(mem.pods).sort();
    sortedUids.set(mem.pods, uids);
  }
  return uids;
}

/** A worker was added to or deleted from `mem.pods`. */
export function forgetWorkerOrder(mem: KubeletMemory): void {
  sortedUids.delete(mem.pods);
}
