/**
 * The eviction subresource (POST pods/NAME/eviction; kubernetes pkg/registry/core/pod/storage/
 * eviction.go `EvictionREST.Create`), what `kubectl drain` calls for each pod (api/drain.ts):
 *
 * - `canIgnorePDB`: a Pending, Succeeded or Failed pod, or one already deleting, is deleted with no
 *   budget looked at.
 * - `getPodDisruptionBudgets`: the PDBs of the pod's namespace whose selector matches its labels (a
 *   missing or empty selector matches nothing here). More than one: 500 `This pod has more than one
 *   PodDisruptionBudget, which the eviction subresource does not support.`
 * - A pod that is not Ready is deleted without decrementing while the budget is healthy
 *   (currentHealthy >= desiredHealthy > 0: the default unhealthyPodEvictionPolicy IfHealthyBudget),
 *   or always with `unhealthyPodEvictionPolicy: AlwaysAllow`.
 * - `checkAndDecrement`: observedGeneration behind the generation, or disruptionsAllowed 0, is 429
 *   TooManyRequests `Cannot evict pod as it would violate the pod's disruption budget.`; otherwise
 *   the PDB's status is written with disruptionsAllowed - 1 (and the DisruptionAllowed condition
 *   when it reaches 0) and the pod in DisruptedPods at this time, then the pod is deleted.
 *
 * - `addConditionAndDeletePod` (PodDisruptionConditions, on in the 1.33 profile): whichever way the
 *   pod goes, the DisruptionTarget condition `EvictionByEvictionAPI` "Eviction API: evicting" is
 *   written on the latest pod before the delete, so kubectl drain's and the cluster autoscaler's
 *   evictions both leave it.
 *
 * A refusal is remembered on the pod (`eviction refused by PodDisruptionBudget NAME`, caused by the
 * budget's status) and is a chapter of the story, once per stretch of refusals.
 *
 * The taint-eviction controller and PodGC do not come here: they delete, budgets or not.
 */

import type { Pod, PodDisruptionBudget } from '../core/api-types';
import { causeAt } from '../core/cause-log';
import { addChapter, fromCause } from '../core/chapters';
import { dict, dictOf } from '../core/dict';
import type { Engine } from '../core/engine';
import { keyOf } from '../core/keys';
import { removeOrTerminate } from './delete';
import { disruptionAllowedCondition } from './pdb-status';
import { isPodReady, statusWrite, updatePodCondition } from './podutil';

export const PDB_VIOLATION = "Cannot evict pod as it would violate the pod's disruption budget.";
export const MANY_PDBS =
  'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.';

export type EvictionResult = { ok: true } | { ok: false; code: 429 | 500; message: string };

/** Whether the PDB's selector picks the pod: same namespace, every matchLabels pair (none: no pod). */
export function pdbSelects(pdb: PodDisruptionBudget, pod: Pod): boolean {
  if ((pdb.metadata.namespace ?? 'default') !== (pod.metadata.namespace ?? 'default')) return false;
  const want = Object.entries(pdb.spec.selector?.matchLabels ?? {});
  return want.length > 0 && want.every(([k, v]) => pod.metadata.labels[k] === v);
}

/** The PDBs whose selector matches the pod (getPodDisruptionBudgets), in key order. */
export function pdbsForPod(e: Engine, pod: Pod): PodDisruptionBudget[] {
  const out = e.list('PodDisruptionBudget').filter((pdb) => pdbSelects(pdb, pod));
  return out.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
}

/** addConditionAndDeletePod: DisruptionTarget `EvictionByEvictionAPI` on the pod, then the delete. */
function addConditionAndDeletePod(e: Engine, pod: Pod, grace: number, cause: number): void {
  let current = pod;
  const conditions = e.state.profile.disruptionConditions
    ? updatePodCondition(
        pod.status.conditions,
        {
          type: 'DisruptionTarget',
          status: 'True',
          reason: 'EvictionByEvictionAPI',
          message: 'Eviction API: evicting',
        },
        e.now,
      )
    : undefined;
  if (conditions) {
    current = statusWrite(pod, { ...pod.status, conditions });
    e.put(current, 'DisruptionTarget=True (EvictionByEvictionAPI)', cause);
  }
  removeOrTerminate(e, current, grace, cause);
}

/** The history entry of a pod whose eviction a budget refused (`eviction refused by PodDisruptionBudget web`). */
export const EVICTION_REFUSED = 'eviction refused by PodDisruptionBudget ';

/**
 * A 429 for the story: the pod's history names the refusal, its cause the budget's status as the
 * disruption controller wrote it (controllers/disruption.ts), so Why? on the pod leads there; and
 * a chapter. Once per stretch of refusals (kubectl drain asks again every 5 s): a retry refused
 * for the same budget adds nothing while nothing else happened to the pod.
 */
function refused(e: Engine, pod: Pod, pdb: PodDisruptionBudget, behind: boolean, cause: number): void {
  const ref = `Pod/${keyOf(pod)}`;
  const what = `${EVICTION_REFUSED}${pdb.metadata.name}`;
  const list = e.history(ref);
  if (list?.[list.length - 1]?.what === what) return;
  const st = pdb.status;
  const c = e.cause({
    actor: 'kube-apiserver',
    what: `eviction of Pod/${keyOf(pod)} refused by PodDisruptionBudget/${keyOf(pdb)}`,
    rule: behind
      ? "eviction.go checkAndDecrement: the budget's status is older than its spec (observedGeneration): 429 Too Many Requests"
      : `eviction.go checkAndDecrement: disruptionsAllowed ${st.disruptionsAllowed} (currentHealthy ${st.currentHealthy}, desiredHealthy ${st.desiredHealthy}): 429 Too Many Requests`,
    parents: [cause, e.lastCause(`PodDisruptionBudget/${keyOf(pdb)}`) ?? 0],
  });
  e.remember(ref, what, c);
  addChapter(e, {
    label: `${pod.metadata.name} eviction refused by PDB ${pdb.metadata.name}`,
    kind: 'other',
    ref,
    ...(pod.spec.nodeName ? { node: pod.spec.nodeName } : {}),
    ...fromCause(causeAt(e.state.causes, c)),
  });
}

/** Evict `pod`, deleting it with `grace` seconds when the budget allows. */
export function evictPod(e: Engine, pod: Pod, grace: number, cause: number): EvictionResult {
  const phase = pod.status.phase;
  const ignore =
    phase === 'Pending' || phase === 'Succeeded' || phase === 'Failed' || pod.metadata.deletionTimestamp !== undefined;
  if (!ignore) {
    const pdbs = pdbsForPod(e, pod);
    if (pdbs.length > 1) return { ok: false, code: 500, message: MANY_PDBS };
    const pdb = pdbs[0];
    if (pdb) {
      const st = pdb.status;
      // An unhealthy (not Ready) pod: AlwaysAllow deletes it whatever the budget; IfHealthyBudget
      // (and nil) only while the budget is met.
      const unhealthyOk =
        !isPodReady(pod) &&
        (pdb.spec.unhealthyPodEvictionPolicy === 'AlwaysAllow' ||
          (st.currentHealthy >= st.desiredHealthy && st.desiredHealthy > 0));
      if (!unhealthyOk) {
        const behind = (st.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0);
        if (behind || st.disruptionsAllowed <= 0) {
          refused(e, pod, pdb, behind, cause);
          return { ok: false, code: 429, message: PDB_VIOLATION };
        }
        // Keyed by pod names (`constructor` is one): a record without a prototype.
        const disrupted = st.disruptedPods ? dictOf(st.disruptedPods) : dict<number>();
        disrupted[pod.metadata.name] = e.now;
        const status: PodDisruptionBudget['status'] = {
          ...st,
          disruptionsAllowed: st.disruptionsAllowed - 1,
          disruptedPods: disrupted,
        };
        if (status.disruptionsAllowed === 0) status.conditions = disruptionAllowedCondition(status, e.now);
        const c = e.cause({
          actor: 'kube-apiserver',
          what: `eviction of Pod/${keyOf(pod)} counted in PodDisruptionBudget/${keyOf(pdb)}`,
          rule: 'eviction.go checkAndDecrement: disruptionsAllowed - 1, the pod in DisruptedPods',
          parents: [cause],
        });
        e.put({ ...pdb, status }, `status (eviction of ${pod.metadata.name})`, c);
      }
    }
  }
  addConditionAndDeletePod(e, pod, grace, cause);
  return { ok: true };
}
