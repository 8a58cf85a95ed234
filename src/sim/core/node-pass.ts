/**
 * Incremental per-node passes (derived data, never state). A controller pass that walks every node
 * in name order, with the items (pods) of each node, and that skips a node by a QuietMemo note
 * while its node object and its items are the same objects, finds every note again on the nodes
 * where nothing changed: walking them and grouping the items by node was most of such a pass (a
 * DaemonSet's, once per NoExecute taint of a zone failure, over every node). `NodePasses` keeps
 * the previous pass of an owner (the node objects, the items, their grouping, what each node gave)
 * and plans the next one: visit the nodes whose node object changed, those one of whose items was
 * replaced (same item, new object), and those the previous pass did not note; every other node
 * gives what it gave then. Anything else (another state, another owner object, nodes created or
 * removed, items created, removed or moved) gives a full pass.
 */
import type { Node } from './api-types';

/** A node's mark: the previous pass noted it (its QuietMemo note stands), it need not be visited. */
export const NOTED = 1;

export interface NodePlan<T> {
  /** Indexes into `nodes` to visit, ascending. */
  visit: number[];
  /** The items of each node (by name), in the order of `items`. */
  byNode: Map<string, T[]>;
  /** Per node index, what the node gave: set by the caller for each visited node. */
  marks: number[];
}

interface Last<T> extends NodePlan<T> {
  owner: object;
  nodesVersion: number;
  nodes: readonly Node[];
  items: readonly T[];
  /** Node name -> index into `nodes`. */
  index: Map<string, number>;
}

export class NodePasses<T> {
  /** Per state object (a restore brings another), per key. */
  private readonly last = new WeakMap<object, Map<string, Last<T>>>();

  /**
   * The plan of a pass of `key` (e.g. a DaemonSet's uid) over `nodes` (every node, in name order,
   * `nodesVersion` changing whenever one is created or removed) with `items`, whose node is
   * `nodeOf` and whose identity across writes is `sameItem`. `owner` is the QuietMemo owner of the
   * pass's notes (a new one means no note stands).
   */
  plan(
    state: object,
    key: string,
    owner: object,
    nodesVersion: number,
    nodes: readonly Node[],
    items: readonly T[],
    nodeOf: (item: T) => string | undefined,
    sameItem: (a: T, b: T) => boolean,
  ): NodePlan<T> {
    let mine = this.last.get(state);
    if (!mine) {
      mine = new Map();
      this.last.set(state, mine);
    }
    const prev = mine.get(key);
    const plan =
      prev &&
      prev.owner === owner &&
      prev.nodesVersion === nodesVersion &&
      prev.nodes.length === nodes.length &&
      prev.items.length === items.length
        ? incremental(prev, nodes, items, nodeOf, sameItem)
        : undefined;
    if (plan && prev) {
      // The item lists were patched in place and the marks are the same array: prev follows.
      prev.nodes = nodes;
      prev.items = items;
      prev.visit = plan.visit;
      return plan;
    }
    const next = full(nodes, items, nodeOf);
    const index = new Map<string, number>();
    for (let i = 0; i < nodes.length; i++) index.set((nodes[i] as Node).metadata.name, i);
    mine.set(key, { ...next, owner, nodesVersion, nodes, items, index });
    return next;
  }
}

function full<T>(nodes: readonly Node[], items: readonly T[], nodeOf: (item: T) => string | undefined): NodePlan<T> {
  const byNode = new Map<string, T[]>();
  for (const item of items) {
    const n = nodeOf(item);
    if (!n) continue;
    const l = byNode.get(n) ?? [];
    l.push(item);
    byNode.set(n, l);
  }
  return { visit: nodes.map((_, i) => i), byNode, marks: new Array<number>(nodes.length).fill(0) };
}

function incremental<T>(
  prev: Last<T>,
  nodes: readonly Node[],
  items: readonly T[],
  nodeOf: (item: T) => string | undefined,
  sameItem: (a: T, b: T) => boolean,
): NodePlan<T> | undefined {
  const byNode = prev.byNode;
  const touched = new Set<number>();
  for (let j = 0; j < items.length; j++) {
    const was = prev.items[j] as T;
    const now = items[j] as T;
    if (was === now) continue;
    const n = nodeOf(now);
    // Only an item written again in place can be followed.
    if (!sameItem(was, now) || n !== nodeOf(was)) return undefined;
    if (!n) continue;
    const list = byNode.get(n);
    const at = list ? list.indexOf(was) : -1;
    if (!list || at < 0) return undefined;
    list[at] = now;
    const i = prev.index.get(n);
    if (i !== undefined) touched.add(i);
  }
  const visit: number[] = [];
  for (let i = 0; i < nodes.length; i++)
    if (nodes[i] !== prev.nodes[i] || !((prev.marks[i] ?? 0) & NOTED) || touched.has(i)) visit.push(i);
  return { visit, byNode, marks: prev.marks };
}
