/**
 * replicaset-controller (kube-controller-manager): keeps `spec.replicas` active pods per ReplicaSet.
 * Active = not Succeeded/Failed and no deletionTimestamp (IsPodActive, RS [C]), so a pod that is
 * Terminating (e.g. evicted from an unreachable node) is replaced at once (§3.4).
 * Events: `SuccessfulCreate` "Created pod: <name>", `SuccessfulDelete` "Deleted pod: <name>".
 *
 * Cause `what` prefixes: `create pod`, `replacement for` (pod creates), `scale down`, `status`.
 */

import { ApiError, createPod, podFromTemplate } from '../api/apply';
import { removeOrTerminate } from '../api/delete';
import { markDirty, ownerCounts, podsOwnedBy, takeDirty } from '../api/owner-index';
import { byNamespacedName, cmp, isPodActive, isPodReady } from '../api/podutil';
import { forgetDeparted, markReplacement, noteDeparture, onLeaderLease, takeDeparted } from '../api/workload-memory';
import type { Lease, Pod, ReplicaSet } from '../core/api-types';
import type { Engine, SimModule } from '../core/engine';
import { clonePlain } from '../core/snapshot';
import { controllerManagerActive } from './control-plane';

const ACTOR = 'replicaset-controller';

/**
 * BurstReplicas (pkg/controller/replicaset/replica_set.go): pods created or deleted per sync of
 * one ReplicaSet; upstream then waits for the watch events of those (expectations) before the next.
 */
export const BURST_REPLICAS = 500;
/** controller.SlowStartInitialBatchSize. */
const SLOW_START_INITIAL_BATCH_SIZE = 1;

/**
 * slowStartBatch (replica_set.go): calls `fn` up to `count` times in batches of 1, 2, 4... and
 * stops after a batch with a failure, so a create that keeps failing is not tried hundreds of
 * times. Returns the successful calls. Calls within a batch run one after another here, in order.
 */
export function slowStartBatch(count: number, initialBatchSize: number, fn: () => boolean): number {
  let remaining = count;
  let successes = 0;
  for (let batch = Math.min(remaining, initialBatchSize); batch > 0; batch = Math.min(2 * batch, remaining)) {
    let failed = false;
    for (let k = 0; k < batch; k++) {
      if (fn()) successes++;
      else failed = true;
    }
    if (failed) return successes;
    remaining -= batch;
  }
  return successes;
}

/** getPodsToDelete ranking (subset): unassigned, then pending, then not ready, then newest first. */
function deletionRank(a: Pod, b: Pod): number {
  const assigned = (p: Pod) => (p.spec.nodeName ? 1 : 0);
  const phase = (p: Pod) => (p.status.phase === 'Pending' ? 0 : p.status.phase === 'Unknown' ? 1 : 2);
  const ready = (p: Pod) => (isPodReady(p) ? 1 : 0);
  return (
    assigned(a) - assigned(b) ||
    phase(a) - phase(b) ||
    ready(a) - ready(b) ||
    b.metadata.creationTimestamp - a.metadata.creationTimestamp ||
    cmp(a.metadata.name, b.metadata.name)
  );
}

function ref(rs: ReplicaSet) {
  return { kind: 'ReplicaSet', name: rs.metadata.name, namespace: rs.metadata.namespace, uid: rs.metadata.uid };
}

/**
 * Reconcile one ReplicaSet against its pods. Counts come from the owner index (api/owner-index.ts);
 * the pods themselves are only listed to choose which ones to delete.
 */
export function syncReplicaSet(e: Engine, rs: ReplicaSet): void {
  const ns = rs.metadata.namespace ?? 'default';
  const rsKey = `${ns}/${rs.metadata.name}`;
  const activeCount = ownerCounts(e, rs.metadata.uid).active;
  const diff = activeCount - rs.spec.replicas;
  if (diff < 0) {
    let i = 0;
    // manageReplicas: at most burstReplicas per sync, in slow-start batches; the pods' watch
    // events requeue the ReplicaSet for the rest, so a big scale-up is spread over syncs.
    slowStartBatch(Math.min(-diff, BURST_REPLICAS), SLOW_START_INITIAL_BATCH_SIZE, () => {
      const pod = podFromTemplate(e, rs.spec.template, ns, {
        kind: 'ReplicaSet',
        name: rs.metadata.name,
        uid: rs.metadata.uid,
      });
      const d = takeDeparted(e, rs.metadata.uid);
      let parents = [e.lastCause(`ReplicaSet/${rsKey}`) ?? 0];
      // Byte-identical with the earlier list-based code, which added i to a list that had already
      // grown by i (so the count shown is activeCount + 2i): correcting it is the owner's call.
      let what = `create pod for ReplicaSet ${rs.metadata.name} (${activeCount + 2 * i}/${rs.spec.replicas} active)`;
      if (d) {
        const r = markReplacement(pod, d);
        what = r.what;
        parents = r.parents.concat(parents);
      }
      const c = e.cause({ actor: ACTOR, what, rule: 'active pods < spec.replicas (IsPodActive)', parents });
      i++;
      try {
        createPod(e, pod, c, ACTOR, `${rs.metadata.name}-`);
      } catch (err) {
        if (err instanceof ApiError) return false;
        throw err;
      }
      e.event(ref(rs), 'Normal', 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`, ACTOR, c);
      return true;
    });
  } else if (diff > 0) {
    const active = podsOwnedBy(e, rs.metadata.uid).filter(isPodActive);
    const victims = active.sort(deletionRank).slice(0, Math.min(diff, BURST_REPLICAS));
    const c = e.cause({
      actor: ACTOR,
      what: `scale down ${rs.metadata.name}: ${active.length} active > ${rs.spec.replicas} replicas`,
      rule: 'active pods > spec.replicas',
      parents: [e.lastCause(`ReplicaSet/${rsKey}`) ?? 0],
    });
    for (const p of victims) {
      removeOrTerminate(e, p, p.spec.terminationGracePeriodSeconds, c);
      e.event(ref(rs), 'Normal', 'SuccessfulDelete', `Deleted pod: ${p.metadata.name}`, ACTOR, c);
    }
  }
  // Departures that did not need a replacement (scale down, replaced already) are forgotten.
  forgetDeparted(e, rs.metadata.uid);
  // After the creates and deletes above (their watches kept the counts current).
  const counts = ownerCounts(e, rs.metadata.uid);
  // minReadySeconds 0: available = ready. fullyLabeledReplicas = active: pods are stamped from the
  // template and no command here relabels them.
  const status: ReplicaSet['status'] = {
    replicas: counts.active,
    readyReplicas: counts.ready,
    availableReplicas: counts.ready,
    fullyLabeledReplicas: counts.active,
  };
  const cur = e.get('ReplicaSet', rsKey);
  const st = cur?.status;
  if (
    cur &&
    st &&
    (st.replicas !== status.replicas ||
      st.readyReplicas !== status.readyReplicas ||
      st.availableReplicas !== status.availableReplicas ||
      st.fullyLabeledReplicas !== status.fullyLabeledReplicas)
  ) {
    const c = e.cause({
      actor: ACTOR,
      what: `status ${rs.metadata.name}: ${status.readyReplicas}/${rs.spec.replicas} ready`,
      rule: 'readyReplicas counts pods with Ready=True (calculateStatus)',
      parents: [e.lastCause(`ReplicaSet/${rsKey}`) ?? 0],
    });
    e.put({ ...clonePlain(cur), status }, `status ${status.readyReplicas}/${rs.spec.replicas} ready`, c);
  }
}

/** Workqueue: reconcile the ReplicaSets whose pods or spec changed (all of them after a KCM start). */
export function syncReplicaSets(e: Engine): void {
  if (!controllerManagerActive(e)) return;
  const dirty = takeDirty(e, MODULE);
  const all = e
    .list('ReplicaSet')
    .filter((rs) => !dirty || dirty.has(rs.metadata.uid))
    .sort(byNamespacedName);
  for (const rs of all) syncReplicaSet(e, rs);
}

const MODULE = 'replicaset';

export const replicasetModule: SimModule = {
  name: MODULE,
  watch: {
    ReplicaSet: (e, _key, obj) => {
      if (obj) markDirty(e, MODULE, obj.metadata.uid);
    },
    Pod: (e, _key, obj, old) => {
      const p = (obj ?? old) as Pod | undefined;
      const owner = p?.metadata.ownerReferences.find((r) => r.controller);
      if (!owner) return;
      noteDeparture(e, obj as Pod | undefined, old as Pod | undefined);
      if (owner.kind === 'ReplicaSet') markDirty(e, MODULE, owner.uid);
    },
    Lease: (e, key, obj, old) => {
      if (key === 'kube-system/kube-controller-manager')
        onLeaderLease(e, key, obj as Lease | undefined, old as Lease | undefined);
    },
  },
  sync: syncReplicaSets,
};
