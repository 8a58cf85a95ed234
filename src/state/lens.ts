/**
 * The kubectl lens (challenge mode): the graph shows only what kubectl would. Host truth is taken
 * out of the views the graph reads (power, the network link, services and the control plane's
 * processes), ghost pods (no API object) are dropped and zombie marks cleared. The store keeps the
 * whole truth: the challenge's checks read it, and the lens goes when the challenge is solved.
 * Each view keeps one lensed copy (by identity), so an unchanged node or pod re-renders nothing.
 */
import { createStore } from 'zustand/vanilla';
import type { ClusterView, NodeView, PodView } from '../sim';

type ControlPlaneView = NonNullable<ClusterView['controlPlane']>;

export const lensStore = createStore<{ apiOnly: boolean }>(() => ({ apiOnly: false }));

const nodes = new WeakMap<NodeView, NodeView>();
const pods = new WeakMap<PodView, PodView>();
const keyLists = new WeakMap<string[], string[]>();
const planes = new WeakMap<ControlPlaneView, ControlPlaneView>();

/** A node as kubectl knows it: no power, network or service state. */
export function kubectlNode(n: NodeView): NodeView {
  let v = nodes.get(n);
  if (!v) {
    v = { ...n, power: 'on', networkCut: false, services: [] };
    nodes.set(n, v);
  }
  return v;
}

/** A pod as kubectl knows it: no ghost or zombie marks (a ghost is not shown at all: see `kubectlPodKeys`). */
export function kubectlPod(p: PodView): PodView {
  let v = pods.get(p);
  if (!v) {
    v = { ...p, ghost: false, zombie: false };
    pods.set(p, v);
  }
  return v;
}

/** Ghosts run on a host without an API object: their keys are `host:<container id>`. */
export function kubectlPodKeys(keys: string[]): string[] {
  let v = keyLists.get(keys);
  if (!v) {
    v = keys.some((k) => k.startsWith('host:')) ? keys.filter((k) => !k.startsWith('host:')) : keys;
    keyLists.set(keys, v);
  }
  return v;
}

/** The control plane as kubectl knows it: whether the API answers, not which processes run. */
export function kubectlControlPlane(cp: ControlPlaneView): ControlPlaneView {
  let v = planes.get(cp);
  if (!v) {
    v = { ...cp, components: [], cloudProcesses: undefined };
    planes.set(cp, v);
  }
  return v;
}
