/**
 * The PodDisruptionBudget status condition, as the disruption controller (controllers/disruption.ts)
 * and the eviction API (api/eviction.ts) both write it: kubernetes pkg/apis/policy/helper
 * `UpdateDisruptionAllowedCondition` through apimeta.SetStatusCondition.
 */
import type { PdbCondition, PodDisruptionBudget } from '../core/api-types';

/** apimeta.SetStatusCondition for the one condition type: the transition time moves with the status. */
export function setCondition(
  old: readonly PdbCondition[] | undefined,
  c: Omit<PdbCondition, 'lastTransitionTime'>,
  now: number,
): PdbCondition[] {
  const prev = old?.find((x) => x.type === c.type);
  const at = prev && prev.status === c.status ? prev.lastTransitionTime : now;
  const next: PdbCondition = { ...c, lastTransitionTime: at };
  const rest = (old ?? []).filter((x) => x.type !== c.type);
  return prev ? (old ?? []).map((x) => (x.type === c.type ? next : x)) : [...rest, next];
}

/** pdbhelper.UpdateDisruptionAllowedCondition on a status (also used by the eviction API). */
export function disruptionAllowedCondition(status: PodDisruptionBudget['status'], now: number): PdbCondition[] {
  const ok = status.disruptionsAllowed > 0;
  const c: Omit<PdbCondition, 'lastTransitionTime'> = {
    type: 'DisruptionAllowed',
    status: ok ? 'True' : 'False',
    reason: ok ? 'SufficientPods' : 'InsufficientPods',
    message: '',
  };
  if (status.observedGeneration !== undefined) c.observedGeneration = status.observedGeneration;
  return setCondition(status.conditions, c, now);
}
