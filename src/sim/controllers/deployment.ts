/**
 * deployment-controller (kube-controller-manager): one ReplicaSet `<deployment>-<pod-template-hash>`
 * per pod template, scaled to spec.replicas; a template change rolls over with the RollingUpdate
 * defaults (maxSurge 25% rounded up, maxUnavailable 25% rounded down). Status sums its ReplicaSets:
 * READY = readyReplicas/spec.replicas (§10.1), AVAILABLE = available (minReadySeconds 0).
 * Event `ScalingReplicaSet`: "Scaled up replica set web-7d9c8b6f5 from 0 to 3" (current), or
 * "Scaled up replica set web-7d9c8b6f5 to 3" (v1.23 profile).
 *
 * Cause `what` prefixes: `create ReplicaSet`, `scale ReplicaSet`, `status`.
 */

import { podTemplateHash } from '../api/defaults';
import { markDirty, takeDirty } from '../api/owner-index';
import { byNamespacedName, controllerRef } from '../api/podutil';
import type { Deployment, ReplicaSet } from '../core/api-types';
import type { Engine, SimModule } from '../core/engine';
import { clonePlain } from '../core/snapshot';
import { controllerManagerActive } from './control-plane';

const ACTOR = 'deployment-controller';

function dref(d: Deployment) {
  return { kind: 'Deployment', name: d.metadata.name, namespace: d.metadata.namespace, uid: d.metadata.uid };
}

function scaleMessage(e: Engine, up: boolean, rs: string, from: number, to: number): string {
  const verb = up ? 'up' : 'down';
  // The "from N" part was added in newer kube-controller-manager; v1.23 prints only "to N".
  if (e.state.profile.name === 'v1.23-docker') return `Scaled ${verb} replica set ${rs} to ${to}`;
  return `Scaled ${verb} replica set ${rs} from ${from} to ${to}`;
}

/** The ReplicaSet a Deployment owns for its current template (not stored yet). */
export function newReplicaSetFor(e: Engine, d: Deployment, replicas: number): ReplicaSet {
  const hash = podTemplateHash(d.spec.template);
  const template = clonePlain(d.spec.template);
  template.metadata.labels = { ...template.metadata.labels, 'pod-template-hash': hash };
  return {
    kind: 'ReplicaSet',
    metadata: {
      name: `${d.metadata.name}-${hash}`,
      namespace: d.metadata.namespace ?? 'default',
      uid: e.uid(),
      resourceVersion: 0,
      creationTimestamp: e.now,
      generation: 1,
      labels: { ...template.metadata.labels },
      annotations: { 'deployment.kubernetes.io/desired-replicas': String(d.spec.replicas) },
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata.name, uid: d.metadata.uid, controller: true },
      ],
    },
    spec: {
      replicas,
      selector: { matchLabels: { ...d.spec.selector.matchLabels, 'pod-template-hash': hash } },
      template,
    },
    status: { replicas: 0, readyReplicas: 0, availableReplicas: 0, fullyLabeledReplicas: 0 },
  };
}

/** Scale `rs` to `to`; returns the ReplicaSet as written (stored objects are never mutated: snapshots share them). */
function scaleRS(e: Engine, d: Deployment, rs: ReplicaSet, to: number, parents: number[]): ReplicaSet {
  const from = rs.spec.replicas;
  if (from === to) return rs;
  const msg = scaleMessage(e, to > from, rs.metadata.name, from, to);
  const c = e.cause({
    actor: ACTOR,
    what: `scale ReplicaSet ${rs.metadata.name} ${from} -> ${to}`,
    rule: 'deployment spec.replicas / rolling update',
    parents,
  });
  const next = clonePlain(rs);
  next.spec.replicas = to;
  next.metadata.annotations['deployment.kubernetes.io/desired-replicas'] = String(d.spec.replicas);
  e.put(next, `scaled to ${to}`, c);
  e.event(dref(d), 'Normal', 'ScalingReplicaSet', msg, ACTOR, c);
  return next;
}

/** Reconcile one Deployment with the ReplicaSets it controls. */
export function syncDeployment(e: Engine, d: Deployment, owned: ReplicaSet[]): void {
  const ns = d.metadata.namespace ?? 'default';
  const dKey = `${ns}/${d.metadata.name}`;
  const parents = [e.lastCause(`Deployment/${dKey}`) ?? 0];
  const desired = d.spec.replicas;
  const hash = podTemplateHash(d.spec.template);
  const newName = `${d.metadata.name}-${hash}`;
  let newRS = owned.find((r) => r.metadata.name === newName);
  const olds = owned
    .filter((r) => r !== newRS)
    .sort((a, b) => a.metadata.creationTimestamp - b.metadata.creationTimestamp);
  const maxSurge = Math.ceil(desired / 4);
  let maxUnavailable = Math.floor(desired / 4);
  if (maxSurge === 0 && maxUnavailable === 0) maxUnavailable = 1;
  const oldTotal = olds.reduce((s, r) => s + r.spec.replicas, 0);
  if (!newRS) {
    const replicas = oldTotal === 0 ? desired : Math.max(0, Math.min(desired, desired + maxSurge - oldTotal));
    const rs = newReplicaSetFor(e, d, replicas);
    if (e.get('ReplicaSet', `${ns}/${rs.metadata.name}`)) return; // name taken by a non-owned RS: real controller would adopt
    const c = e.cause({
      actor: ACTOR,
      what: `create ReplicaSet ${rs.metadata.name} (${replicas} replicas)`,
      rule: 'new pod template',
      parents,
    });
    e.put(rs, 'created by deployment-controller', c);
    if (replicas > 0)
      e.event(dref(d), 'Normal', 'ScalingReplicaSet', scaleMessage(e, true, rs.metadata.name, 0, replicas), ACTOR, c);
    newRS = rs;
  } else if (oldTotal === 0) {
    newRS = scaleRS(e, d, newRS, desired, parents);
  } else {
    // Rolling update: surge the new RS, then scale old ones down while enough pods stay available.
    const total = oldTotal + newRS.spec.replicas;
    if (newRS.spec.replicas < desired) {
      const up = Math.min(desired, newRS.spec.replicas + Math.max(0, desired + maxSurge - total));
      newRS = scaleRS(e, d, newRS, up, parents);
    }
    const allPods = oldTotal + newRS.spec.replicas;
    const newUnavailable = Math.max(0, newRS.spec.replicas - newRS.status.availableReplicas);
    let canScaleDown = allPods - (desired - maxUnavailable) - newUnavailable;
    for (let i = 0; i < olds.length; i++) {
      const r = olds[i] as ReplicaSet;
      if (canScaleDown <= 0) break;
      if (r.spec.replicas === 0) continue;
      const by = Math.min(r.spec.replicas, canScaleDown);
      olds[i] = scaleRS(e, d, r, r.spec.replicas - by, parents);
      canScaleDown -= by;
    }
  }
  const all = [newRS, ...olds];
  const cur = e.get('Deployment', dKey);
  if (!cur) return;
  const sum = (f: (r: ReplicaSet) => number) => all.reduce((s, r) => s + f(r), 0);
  const available = sum((r) => r.status.availableReplicas);
  const status: Deployment['status'] = {
    replicas: sum((r) => r.status.replicas),
    updatedReplicas: newRS.status.replicas,
    readyReplicas: sum((r) => r.status.readyReplicas),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, sum((r) => r.spec.replicas) - available),
  };
  if (JSON.stringify(cur.status) === JSON.stringify(status)) return;
  const c = e.cause({
    actor: ACTOR,
    what: `status ${d.metadata.name}: ${status.readyReplicas}/${desired} ready`,
    rule: 'READY = sum of ReplicaSet readyReplicas',
    parents: [e.lastCause(`ReplicaSet/${ns}/${newRS.metadata.name}`, 'status') ?? parents[0]!],
  });
  e.put({ ...clonePlain(cur), status }, `status ${status.readyReplicas}/${desired} ready`, c);
}

const MODULE = 'deployment';

/** Workqueue: reconcile the Deployments whose spec or ReplicaSets changed (all after a KCM start). */
export function syncDeployments(e: Engine): void {
  if (!controllerManagerActive(e)) return;
  const dirty = takeDirty(e, MODULE);
  const byOwner = new Map<string, ReplicaSet[]>();
  for (const rs of e.list('ReplicaSet')) {
    const r = controllerRef(rs);
    if (r?.kind !== 'Deployment') continue;
    const l = byOwner.get(r.uid) ?? [];
    l.push(rs);
    byOwner.set(r.uid, l);
  }
  const all = e
    .list('Deployment')
    .filter((d) => !dirty || dirty.has(d.metadata.uid))
    .sort(byNamespacedName);
  for (const d of all) syncDeployment(e, d, byOwner.get(d.metadata.uid) ?? []);
}

export const deploymentModule: SimModule = {
  name: MODULE,
  watch: {
    Deployment: (e, _k, obj) => {
      if (obj) markDirty(e, MODULE, obj.metadata.uid);
    },
    ReplicaSet: (e, _k, obj, old) => {
      const owner = (obj ?? old)?.metadata.ownerReferences.find((r) => r.controller && r.kind === 'Deployment');
      if (owner) markDirty(e, MODULE, owner.uid);
    },
  },
  sync: syncDeployments,
};
