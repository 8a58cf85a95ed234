/**
 * disruption controller (kube-controller-manager; kubernetes pkg/controller/disruption/disruption.go):
 * keeps each PodDisruptionBudget's status, which the eviction API (api/eviction.ts) reads.
 *
 * `trySync`: the PDB's pods (its namespace, its selector: `LabelSelectorAsSelector`, so a missing
 * selector matches none and an empty one every pod of the namespace); `getExpectedPodCount`:
 * maxUnavailable (int or percent) and percentage minAvailable take the expected count from the
 * pods' controllers' scale (`getExpectedScale`: a Deployment's replicas for its ReplicaSets' pods,
 * a ReplicaSet's or a StatefulSet's own; pods without a controller are left out and reported
 * `UnmanagedPods`; a controller with no scale, a DaemonSet, fails the sync), percentages rounded
 * up (`GetScaledValueFromIntOrPercent(..., roundUp=true)`), desiredHealthy = expected - maxUnavailable
 * (not below 0); an integer minAvailable is desiredHealthy itself, with expectedPods the number of
 * pods matched. `countHealthyPods`: Ready pods without a deletionTimestamp and not recorded in
 * DisruptedPods within `DeletionTimeout` (2 min) of their eviction. `updatePdbStatus`:
 * disruptionsAllowed = currentHealthy - desiredHealthy (0 when negative or no pods expected),
 * observedGeneration, the `DisruptionAllowed` condition (pdbhelper.UpdateDisruptionAllowedCondition:
 * True `SufficientPods` / False `InsufficientPods`, its lastTransitionTime moving only when its
 * status does: apimeta.SetStatusCondition); written only when something changed. A failed sync
 * writes `failSafe`: disruptionsAllowed 0, condition False `SyncFailed` with the error.
 *
 * A cluster without PodDisruptionBudgets never wakes it: nothing is queued, drawn or written.
 * Not modelled: the 2-minute recheck queue (the eviction API deletes at once here, so the next
 * pod write wakes it), the stale DisruptionTarget cleanup.
 *
 * Cause `what` prefixes: `status`.
 */

import { disruptionAllowedCondition, setCondition } from '../api/pdb-status';
import { isPodReady } from '../api/podutil';
import type { Lease, Pod, PodDisruptionBudget } from '../core/api-types';
import { dict, own } from '../core/dict';
import type { Engine, SimModule } from '../core/engine';
import { keyOf } from '../core/keys';
import { controllerManagerActive } from './control-plane';

export const DISRUPTION_CONTROLLER = 'disruption-controller';
const MODULE = 'disruption';
/** disruption.go DeletionTimeout: how long an eviction keeps a pod out of currentHealthy. */
export const DELETION_TIMEOUT_MS = 2 * 60_000;

/** getPodsForPdb: the pods of the PDB's namespace its selector matches (nil: none; empty: all). */
export function podsForPdb(e: Engine, pdb: PodDisruptionBudget): Pod[] {
  const sel = pdb.spec.selector;
  if (!sel) return [];
  const ns = pdb.metadata.namespace ?? 'default';
  const want = Object.entries(sel.matchLabels);
  const out: Pod[] = [];
  for (const p of e.list('Pod')) {
    if (p.metadata.namespace !== ns) continue;
    if (want.every(([k, v]) => p.metadata.labels[k] === v)) out.push(p);
  }
  return out;
}

/** intstr.GetScaledValueFromIntOrPercent(v, total, roundUp=true). */
export function scaledValue(v: number | string, total: number): number {
  if (typeof v === 'number') return v;
  const pct = Number(v.slice(0, -1));
  return Math.ceil((pct * total) / 100);
}

/** getExpectedScale: the sum of the scales of the pods' controllers; unmanaged pods apart. */
function expectedScale(e: Engine, pods: readonly Pod[]): { count: number; unmanaged: string[] } | { error: string } {
  const scales = new Map<string, number>();
  const unmanaged: string[] = [];
  for (const p of pods) {
    const ref = p.metadata.ownerReferences.find((r) => r.controller);
    if (!ref) {
      unmanaged.push(p.metadata.name);
      continue;
    }
    if (scales.has(ref.uid)) continue;
    const ns = p.metadata.namespace ?? 'default';
    let found: { uid: string; scale: number } | undefined;
    if (ref.kind === 'ReplicaSet') {
      const rs = e.get('ReplicaSet', `${ns}/${ref.name}`);
      if (rs && rs.metadata.uid === ref.uid) {
        const dref = rs.metadata.ownerReferences.find((r) => r.controller);
        if (dref?.kind === 'Deployment') {
          // finders: getPodReplicaSet skips a ReplicaSet a Deployment controls; getPodDeployment answers.
          const d = e.get('Deployment', `${ns}/${dref.name}`);
          if (d && d.metadata.uid === dref.uid) found = { uid: d.metadata.uid, scale: d.spec.replicas };
        } else found = { uid: rs.metadata.uid, scale: rs.spec.replicas };
      }
    } else if (ref.kind === 'StatefulSet') {
      const s = e.get('StatefulSet', `${ns}/${ref.name}`);
      if (s && s.metadata.uid === ref.uid) found = { uid: s.metadata.uid, scale: s.spec.replicas };
    }
    if (!found) return { error: `found no controllers for pod "${p.metadata.name}"` };
    scales.set(found.uid, found.scale);
  }
  let count = 0;
  for (const s of scales.values()) count += s;
  return { count, unmanaged };
}

/** getExpectedPodCount. */
function expectedPodCount(
  e: Engine,
  pdb: PodDisruptionBudget,
  pods: readonly Pod[],
): { expected: number; desired: number; unmanaged: string[] } | { error: string } {
  const { minAvailable, maxUnavailable } = pdb.spec;
  if (maxUnavailable !== undefined) {
    const s = expectedScale(e, pods);
    if ('error' in s) return s;
    const desired = Math.max(0, s.count - scaledValue(maxUnavailable, s.count));
    return { expected: s.count, desired, unmanaged: s.unmanaged };
  }
  if (minAvailable !== undefined) {
    if (typeof minAvailable === 'number') return { expected: pods.length, desired: minAvailable, unmanaged: [] };
    const s = expectedScale(e, pods);
    if ('error' in s) return s;
    return { expected: s.count, desired: scaledValue(minAvailable, s.count), unmanaged: s.unmanaged };
  }
  return { expected: 0, desired: 0, unmanaged: [] };
}

/** pdbhelper.ConditionsAreUpToDate. */
function conditionsUpToDate(pdb: PodDisruptionBudget): boolean {
  const c = pdb.status.conditions?.find((x) => x.type === 'DisruptionAllowed');
  if (!c || pdb.status.observedGeneration !== pdb.metadata.generation) return false;
  return pdb.status.disruptionsAllowed > 0
    ? c.status === 'True' && c.reason === 'SufficientPods'
    : c.status === 'False' && c.reason === 'InsufficientPods';
}

function sameRecord(a: Record<string, number> | undefined, b: Record<string, number>): boolean {
  const ka = Object.keys(a ?? {});
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => own(b, k) === (a ? own(a, k) : undefined));
}

/** `&LabelSelector{MatchLabels:map[string]string{app: web,},MatchExpressions:[]LabelSelectorRequirement{},}` */
function selectorText(pdb: PodDisruptionBudget): string {
  const sel = pdb.spec.selector;
  if (!sel) return 'nil';
  const labels = Object.keys(sel.matchLabels)
    .sort()
    .map((k) => `${k}: ${sel.matchLabels[k]},`)
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{},}`;
}

/** trySync (and failSafe on an error) for one PDB. */
function syncPdb(e: Engine, pdb: PodDisruptionBudget): void {
  const now = e.now;
  const key = keyOf(pdb);
  const ref = {
    kind: 'PodDisruptionBudget',
    name: pdb.metadata.name,
    namespace: pdb.metadata.namespace,
    uid: pdb.metadata.uid,
  };
  const cause = () =>
    e.cause({
      actor: DISRUPTION_CONTROLLER,
      what: `status of PodDisruptionBudget/${key}`,
      rule: 'disruptionsAllowed = currentHealthy - desiredHealthy (disruption.go updatePdbStatus)',
      parents: [e.lastCause(`PodDisruptionBudget/${key}`) ?? 0],
    });
  const pods = podsForPdb(e, pdb);
  if (pods.length === 0) e.event(ref, 'Normal', 'NoPods', 'No matching pods found', DISRUPTION_CONTROLLER, cause());
  const counted = expectedPodCount(e, pdb, pods);
  if ('error' in counted) {
    const c = cause();
    e.event(
      ref,
      'Warning',
      'CalculateExpectedPodCountFailed',
      `Failed to calculate the number of expected pods: ${counted.error}`,
      DISRUPTION_CONTROLLER,
      c,
    );
    // failSafe.
    const cond = setCondition(
      pdb.status.conditions,
      {
        type: 'DisruptionAllowed',
        status: 'False',
        reason: 'SyncFailed',
        message: counted.error,
        ...(pdb.status.observedGeneration !== undefined ? { observedGeneration: pdb.status.observedGeneration } : {}),
      },
      now,
    );
    const old = pdb.status.conditions?.find((x) => x.type === 'DisruptionAllowed');
    if (pdb.status.disruptionsAllowed === 0 && old?.reason === 'SyncFailed' && old.message === counted.error) return;
    e.put({ ...pdb, status: { ...pdb.status, disruptionsAllowed: 0, conditions: cond } }, 'status (sync failed)', c);
    return;
  }
  if (counted.unmanaged.length)
    e.event(
      ref,
      'Warning',
      'UnmanagedPods',
      `Pods selected by this PodDisruptionBudget (selector: ${selectorText(pdb)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`,
      DISRUPTION_CONTROLLER,
      cause(),
    );
  // buildDisruptedPodMap: entries of pods not yet deleting, within DeletionTimeout.
  // Keyed by pod names (`constructor` is one): no prototype, own-key look-ups.
  const disrupted = dict<number>();
  const recorded = pdb.status.disruptedPods;
  if (recorded)
    for (const p of pods) {
      if (p.metadata.deletionTimestamp !== undefined) continue;
      const at = own(recorded, p.metadata.name);
      if (at === undefined) continue;
      if (at + DELETION_TIMEOUT_MS < now)
        e.event(
          { kind: 'Pod', name: p.metadata.name, namespace: p.metadata.namespace, uid: p.metadata.uid },
          'Warning',
          'NotDeleted',
          // Upstream prints the namespace twice (pdb.Namespace, pdb.Namespace).
          `Pod was expected by PDB ${pdb.metadata.namespace}/${pdb.metadata.namespace} to be deleted but it wasn't`,
          DISRUPTION_CONTROLLER,
          cause(),
        );
      else disrupted[p.metadata.name] = at;
    }
  let healthy = 0;
  for (const p of pods) {
    if (p.metadata.deletionTimestamp !== undefined) continue;
    const at = own(disrupted, p.metadata.name);
    if (at !== undefined && at + DELETION_TIMEOUT_MS > now) continue;
    if (isPodReady(p)) healthy++;
  }
  const { expected, desired } = counted;
  let allowed = healthy - desired;
  if (expected <= 0 || allowed <= 0) allowed = 0;
  const st = pdb.status;
  if (
    st.currentHealthy === healthy &&
    st.desiredHealthy === desired &&
    st.expectedPods === expected &&
    st.disruptionsAllowed === allowed &&
    sameRecord(st.disruptedPods, disrupted) &&
    conditionsUpToDate(pdb)
  )
    return;
  const status: PodDisruptionBudget['status'] = {
    disruptionsAllowed: allowed,
    currentHealthy: healthy,
    desiredHealthy: desired,
    expectedPods: expected,
  };
  if (Object.keys(disrupted).length) status.disruptedPods = disrupted;
  if (pdb.metadata.generation !== undefined) status.observedGeneration = pdb.metadata.generation;
  if (st.conditions) status.conditions = st.conditions;
  status.conditions = disruptionAllowedCondition(status, now);
  e.put({ ...pdb, status }, `status (${allowed} disruptions allowed)`, cause());
}

/** One pass over every PDB, in key order. */
export function syncDisruption(e: Engine): void {
  if (!controllerManagerActive(e)) return;
  const pdbs = e.list('PodDisruptionBudget').slice();
  pdbs.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  for (const p of pdbs) {
    const cur = e.get('PodDisruptionBudget', keyOf(p));
    if (cur) syncPdb(e, cur);
  }
}

const wake = (e: Engine) => {
  if (e.hasAny('PodDisruptionBudget')) e.enqueue(MODULE);
};

export const disruptionModule: SimModule = {
  name: MODULE,
  watch: {
    PodDisruptionBudget: (e, _key, obj, old) => {
      // Its own status writes need no second pass (the informer's update handler would requeue
      // it, and the pass would find nothing to change).
      const p = obj as PodDisruptionBudget | undefined;
      const o = old as PodDisruptionBudget | undefined;
      if (p && o && p.metadata.generation === o.metadata.generation && p.spec === o.spec) return;
      if (p) e.enqueue(MODULE);
    },
    Pod: wake,
    Deployment: wake,
    ReplicaSet: wake,
    StatefulSet: wake,
    Lease: (e, key, obj, old) => {
      if (key !== 'kube-system/kube-controller-manager' || !obj) return;
      const l = obj as Lease;
      const o = old as Lease | undefined;
      if (!o || o.spec.holderIdentity !== l.spec.holderIdentity || o.spec.acquireTime !== l.spec.acquireTime) wake(e);
    },
  },
  sync: syncDisruption,
};
