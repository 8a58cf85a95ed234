/**
 * React selectors over the store, by id: one pod's change re-renders one chip.
 */
import { useStore } from 'zustand';
import type { ClusterView, NodeView, PodView } from '../sim';

type ControlPlaneView = NonNullable<ClusterView['controlPlane']>;

import { type SimState, simStore } from './store';

export function useSim<T>(selector: (s: SimState) => T): T {
  return useStore(simStore, selector);
}

const EMPTY: string[] = [];

export const useNode = (name: string): NodeView | undefined => useSim((s) => s.nodes[name]);
export const usePod = (key: string): PodView | undefined => useSim((s) => s.pods[key]);
export const usePodKeysOn = (node: string): string[] => useSim((s) => s.podsByNode[node] ?? EMPTY);
export const useControlPlane = (): ControlPlaneView | undefined => useSim((s) => s.rest.controlPlane);
/** The simulated cloud (scenarios with spec.cloud): instances, node groups, the autoscaler. */
export const useCloud = (): ClusterView['cloud'] => useSim((s) => s.rest.cloud);
export const useNow = (): number => useSim((s) => s.clock.now);
export const useText = (id: string): string | undefined => useSim((s) => s.texts[id]);
export const usePreviousText = (id: string): string | undefined => useSim((s) => s.previousTexts[id]);
