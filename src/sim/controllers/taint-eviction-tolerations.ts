/**
 * Toleration arithmetic of the taint-eviction-controller (reference §3.2), pure functions:
 * `ToleratesTaint`, `GetMatchingTolerations` and `getMinTolerationTime`. TEC [C]
 */
import type { Taint, Toleration } from '../core/api-types';

/** v1 Toleration.ToleratesTaint: empty effect/key match all; operator Exists matches any value, Equal (or empty) the same value. */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  if (t.operator === 'Exists') return true;
  if (t.operator === undefined || t.operator === 'Equal') return (t.value ?? '') === (taint.value ?? '');
  return false;
}

/**
 * `GetMatchingTolerations`: for each taint the first toleration that tolerates it. `allTolerated`
 * is false as soon as one taint has none.
 */
export function getMatchingTolerations(
  taints: readonly Taint[],
  tolerations: readonly Toleration[],
): { allTolerated: boolean; used: Toleration[] } {
  if (taints.length === 0) return { allTolerated: true, used: [] };
  const used: Toleration[] = [];
  for (const taint of taints) {
    const t = tolerations.find((x) => toleratesTaint(x, taint));
    if (!t) return { allTolerated: false, used: [] };
    used.push(t);
  }
  return { allTolerated: true, used };
}

/**
 * `getMinTolerationTime` in ms: the smallest tolerationSeconds among the used tolerations (≤0 → 0:
 * evict now); -1 when none has tolerationSeconds (tolerated forever); 0 for no tolerations.
 */
export function getMinTolerationTime(used: readonly Toleration[]): number {
  if (used.length === 0) return 0;
  let min: number | undefined;
  for (const t of used) {
    if (t.tolerationSeconds === undefined) continue;
    if (t.tolerationSeconds <= 0) return 0;
    if (min === undefined || t.tolerationSeconds < min) min = t.tolerationSeconds;
  }
  return min === undefined ? -1 : min * 1000;
}

/** The NoExecute taints of a node, in node order. */
export function noExecuteTaints(taints: readonly Taint[]): Taint[] {
  return taints.filter((t) => t.effect === 'NoExecute');
}

/** A stable signature of NoExecute taints (key, value, timeAdded), to detect changes as DeepEqual would. */
export function taintSignature(taints: readonly Taint[]): string {
  return noExecuteTaints(taints)
    .map((t) => `${t.key}=${t.value ?? ''}:${t.timeAdded ?? ''}`)
    .join(',');
}
