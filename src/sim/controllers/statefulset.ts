/**
 * statefulset-controller (kube-controller-manager), podManagementPolicy OrderedReady: pods
 * `<sts>-<ordinal>` created one at a time in order (the next only once every lower ordinal is
 * Running and Ready), at most one pod per ordinal: while the old object exists (Terminating on an
 * unreachable node) nothing replaces it; once it is gone the same name is recreated (§3.4, DOC-STS).
 * Scale down removes the highest ordinal first, one at a time.
 * Events: `SuccessfulCreate` "create Pod db-0 in StatefulSet db successful", `SuccessfulDelete`
 * "delete Pod db-1 in StatefulSet db successful" (recordPodEvent).
 *
 * Cause `what` prefixes: `create pod`, `replacement for`, `delete pod`, `status`.
 */

import { createPod, podFromTemplate } from '../api/apply';
import { newMeta, podTemplateHash } from '../api/defaults';
import { removeOrTerminate } from '../api/delete';
import { markDirty, podsOwnedBy, takeDirty } from '../api/owner-index';
import { byNamespacedName, isPodReady } from '../api/podutil';
import { newClaim, provisionClaim } from '../api/provisioner';
import { forgetDeparted, markReplacement, takeDeparted } from '../api/workload-memory';
import type { Pod, StatefulSet } from '../core/api-types';
import type { Engine, SimModule } from '../core/engine';
import { maxOf } from '../core/lists';
import { clonePlain } from '../core/snapshot';
import { controllerManagerActive } from './control-plane';

const ACTOR = 'statefulset-controller';

function sref(s: StatefulSet) {
  return { kind: 'StatefulSet', name: s.metadata.name, namespace: s.metadata.namespace, uid: s.metadata.uid };
}

function runningAndReady(p: Pod): boolean {
  return p.status.phase === 'Running' && isPodReady(p) && p.metadata.deletionTimestamp === undefined;
}

/** Ordinal of a pod named `<sts>-<n>`, or -1. */
function ordinalOf(sts: string, podName: string): number {
  if (!podName.startsWith(`${sts}-`)) return -1;
  const s = podName.slice(sts.length + 1);
  return /^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : -1;
}

function createOrdinal(e: Engine, s: StatefulSet, ordinal: number): void {
  const ns = s.metadata.namespace ?? 'default';
  const name = `${s.metadata.name}-${ordinal}`;
  const pod = podFromTemplate(e, s.spec.template, ns, {
    kind: 'StatefulSet',
    name: s.metadata.name,
    uid: s.metadata.uid,
  });
  pod.metadata.name = name;
  pod.metadata.labels['controller-revision-hash'] = `${s.metadata.name}-${podTemplateHash(s.spec.template)}`;
  pod.metadata.labels['statefulset.kubernetes.io/pod-name'] = name;
  pod.metadata.labels['apps.kubernetes.io/pod-index'] = String(ordinal);
  if (s.spec.volumeClaimTemplates) claimVolumes(e, s, pod, ordinal);
  const d = takeDeparted(e, s.metadata.uid, (x) => x.key === `${ns}/${name}`);
  let parents = [e.lastCause(`StatefulSet/${ns}/${s.metadata.name}`) ?? 0];
  let what = `create pod ${name} for StatefulSet ${s.metadata.name}`;
  if (d) {
    const r = markReplacement(pod, d);
    what = r.what;
    parents = r.parents.concat(parents);
  }
  const c = e.cause({
    actor: ACTOR,
    what,
    rule: 'ordinal missing; lower ordinals Running and Ready (OrderedReady)',
    parents,
  });
  createPod(e, pod, c, ACTOR);
  e.event(
    sref(s),
    'Normal',
    'SuccessfulCreate',
    `create Pod ${name} in StatefulSet ${s.metadata.name} successful`,
    ACTOR,
    c,
  );
}

/**
 * stateful_set_utils.go updateStorage / getPersistentVolumeClaims and stateful_pod_control.go
 * createPersistentVolumeClaims: each claim template gives the pod a volume of its name on the claim
 * `<template>-<sts>-<ordinal>` (getPersistentVolumeClaimName; replacing a template volume of the
 * same name), created first when missing (labels: the template's and the selector's), with
 * `SuccessfulCreate` "create Claim data-db-0 Pod db-0 in StatefulSet db success" (recordClaimEvent).
 * Claims outlive their pods (persistentVolumeClaimRetentionPolicy Retain).
 */
function claimVolumes(e: Engine, s: StatefulSet, pod: Pod, ordinal: number): void {
  const ns = s.metadata.namespace ?? 'default';
  const volumes = [...(pod.spec.volumes ?? [])];
  for (const t of s.spec.volumeClaimTemplates ?? []) {
    const claimName = `${t.metadata.name}-${s.metadata.name}-${ordinal}`;
    const v = { name: t.metadata.name, persistentVolumeClaim: { claimName } };
    const at = volumes.findIndex((x) => x.name === t.metadata.name);
    if (at >= 0) volumes[at] = v;
    else volumes.push(v);
    if (e.get('PersistentVolumeClaim', `${ns}/${claimName}`)) continue;
    const meta = newMeta(e, {
      name: claimName,
      namespace: ns,
      labels: { ...(t.metadata.labels ?? {}), ...s.spec.selector.matchLabels },
    });
    const claim = newClaim(meta, {});
    claim.spec = clonePlain(t.spec);
    const c = e.cause({
      actor: ACTOR,
      what: `create claim ${claimName} for StatefulSet ${s.metadata.name}`,
      rule: 'volumeClaimTemplates: a claim per pod, made before the pod',
      parents: [e.lastCause(`StatefulSet/${ns}/${s.metadata.name}`) ?? 0],
    });
    e.put(claim, 'created', c);
    e.event(
      sref(s),
      'Normal',
      'SuccessfulCreate',
      `create Claim ${claimName} Pod ${pod.metadata.name} in StatefulSet ${s.metadata.name} success`,
      ACTOR,
      c,
    );
    provisionClaim(e, claim, c);
  }
  pod.spec.volumes = volumes;
}

function deletePodOf(e: Engine, s: StatefulSet, p: Pod, why: string): void {
  const ns = s.metadata.namespace ?? 'default';
  const c = e.cause({
    actor: ACTOR,
    what: `delete pod ${p.metadata.name} (${why})`,
    rule: why,
    parents: [e.lastCause(`StatefulSet/${ns}/${s.metadata.name}`) ?? 0],
  });
  removeOrTerminate(e, p, p.spec.terminationGracePeriodSeconds, c);
  e.event(
    sref(s),
    'Normal',
    'SuccessfulDelete',
    `delete Pod ${p.metadata.name} in StatefulSet ${s.metadata.name} successful`,
    ACTOR,
    c,
  );
}

/** Reconcile one StatefulSet. */
export function syncStatefulSet(e: Engine, s: StatefulSet, owned: Pod[]): void {
  const byOrdinal = new Map<number, Pod>();
  for (const p of owned) {
    const o = ordinalOf(s.metadata.name, p.metadata.name);
    if (o >= 0) byOrdinal.set(o, p);
  }
  let blocked = false;
  for (let i = 0; i < s.spec.replicas && !blocked; i++) {
    const p = byOrdinal.get(i);
    if (!p) {
      createOrdinal(e, s, i);
      blocked = true; // the new pod is not Running and Ready yet
    } else if (p.status.phase === 'Failed' && !p.metadata.deletionTimestamp) {
      deletePodOf(e, s, p, 'pod Failed: recreate');
      blocked = true;
    } else if (!runningAndReady(p)) {
      blocked = true; // OrderedReady: wait (also while the pod is Terminating)
    }
  }
  if (!blocked) {
    // Condemned ordinals, highest first, one at a time.
    const extra = [...byOrdinal.keys()].filter((o) => o >= s.spec.replicas).sort((a, b) => b - a);
    const top = extra[0];
    if (top !== undefined) {
      const p = byOrdinal.get(top)!;
      if (!p.metadata.deletionTimestamp) deletePodOf(e, s, p, `ordinal ${top} >= replicas ${s.spec.replicas}`);
    }
  }
  forgetDepartedUnless(e, s, byOrdinal);
  // Re-read the pods after this pass's creates and deletes.
  const ns = s.metadata.namespace ?? 'default';
  const pods: Pod[] = [];
  for (let o = 0; o <= maxOf(byOrdinal.keys(), (o) => o, s.spec.replicas); o++) {
    const p = e.get('Pod', `${ns}/${s.metadata.name}-${o}`);
    if (p?.metadata.ownerReferences.some((r) => r.uid === s.metadata.uid)) pods.push(p);
  }
  const ready = pods.filter((p) => p.status.phase === 'Running' && isPodReady(p)).length;
  const status: StatefulSet['status'] = {
    replicas: pods.length,
    readyReplicas: ready,
    currentReplicas: pods.length,
    availableReplicas: ready,
  };
  const key = `${s.metadata.namespace}/${s.metadata.name}`;
  const cur = e.get('StatefulSet', key);
  if (!cur || JSON.stringify(cur.status) === JSON.stringify(status)) return;
  const c = e.cause({
    actor: ACTOR,
    what: `status ${s.metadata.name}: ${ready}/${s.spec.replicas} ready`,
    rule: 'readyReplicas counts Running pods with Ready=True',
    parents: [e.lastCause(`StatefulSet/${key}`) ?? 0],
  });
  e.put({ ...clonePlain(cur), status }, `status ${ready}/${s.spec.replicas} ready`, c);
}

/** Keep departures whose ordinal is still wanted and not yet recreated (the pod may still be Terminating). */
function forgetDepartedUnless(e: Engine, s: StatefulSet, byOrdinal: Map<number, Pod>): void {
  const list = e.state.controllers.workloads?.departed[s.metadata.uid];
  if (!list) return;
  const keep = list.filter((d) => {
    const o = ordinalOf(s.metadata.name, d.key.slice(d.key.indexOf('/') + 1));
    const p = byOrdinal.get(o);
    return o >= 0 && o < s.spec.replicas && (!p || p.metadata.deletionTimestamp !== undefined);
  });
  if (keep.length) e.state.controllers.workloads!.departed[s.metadata.uid] = keep;
  else forgetDeparted(e, s.metadata.uid);
}

const MODULE = 'statefulset';

/** Workqueue: reconcile the StatefulSets whose pods or spec changed (all of them after a KCM start). */
export function syncStatefulSets(e: Engine): void {
  if (!controllerManagerActive(e)) return;
  const dirty = takeDirty(e, MODULE);
  const all = e
    .list('StatefulSet')
    .filter((s) => !dirty || dirty.has(s.metadata.uid))
    .sort(byNamespacedName);
  for (const s of all) syncStatefulSet(e, s, podsOwnedBy(e, s.metadata.uid));
}

export const statefulsetModule: SimModule = {
  name: MODULE,
  watch: {
    StatefulSet: (e, _k, obj) => {
      if (obj) markDirty(e, MODULE, obj.metadata.uid);
    },
    Pod: (e, _key, obj, old) => {
      const owner = (obj ?? old)?.metadata.ownerReferences.find((r) => r.controller && r.kind === 'StatefulSet');
      if (owner) markDirty(e, MODULE, owner.uid);
    },
  },
  sync: syncStatefulSets,
};
