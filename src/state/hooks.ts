/**
 * React selectors over the store, by id: one pod's change re-renders one chip.
 */
import { useStore } from 'zustand';
import type { ClusterView, NodeView, PodView } from '../sim';

type ControlPlaneView = NonNullable<ClusterView['controlPlane']>;

import { kubectlControlPlane, kubectlNode, kubectlPod, kubectlPodKeys, lensStore } from './lens';
import { type SimState, simStore } from './store';

export function useSim<T>(selector: (s: SimState) => T): T {
  return useStore(simStore, selector);
}

const EMPTY: string[] = [];

/** Challenge mode: the graph shows only what kubectl would (state/lens.ts). */
const useApiOnly = (): boolean => useStore(lensStore, (s) => s.apiOnly);

export function useNode(name: string): NodeView | undefined {
  const n = useSim((s) => s.nodes[name]);
  return useApiOnly() && n ? kubectlNode(n) : n;
}
export function usePod(key: string): PodView | undefined {
  const p = useSim((s) => s.pods[key]);
  return useApiOnly() && p ? kubectlPod(p) : p;
}
export function usePodKeysOn(node: string): string[] {
  const keys = useSim((s) => s.podsByNode[node] ?? EMPTY);
  return useApiOnly() ? kubectlPodKeys(keys) : keys;
}
export function useControlPlane(): ControlPlaneView | undefined {
  const cp = useSim((s) => s.rest.controlPlane);
  return useApiOnly() && cp ? kubectlControlPlane(cp) : cp;
}
/** The simulated cloud (scenarios with spec.cloud): instances, node groups, the autoscaler. */
export const useCloud = (): ClusterView['cloud'] => useSim((s) => s.rest.cloud);
export const useNow = (): number => useSim((s) => s.clock.now);
export const useText = (id: string): string | undefined => useSim((s) => s.texts[id]);
export const usePreviousText = (id: string): string | undefined => useSim((s) => s.previousTexts[id]);
