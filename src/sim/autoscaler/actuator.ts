/**
 * Scale-down actuation (cluster-autoscaler 1.33 core/scaledown/actuation: actuator.go, drain.go,
 * delete_in_batch.go; utils/taints/taints.go), docs/reference/cloud.md §3.11:
 * 1. taint `ToBeDeletedByClusterAutoscaler=<unix>:NoSchedule` and cordon, node event `ScaleDown`
 *    "marked the node as toBeDeleted/unschedulable"; status event `ScaleDownEmpty` (empty node) or
 *    `ScaleDown` "Scale-down: removing node …, utilization: {…}, pods to reschedule: …";
 * 2. after node-delete-delay-after-taint (5s): evict each pod to move through the Eviction API
 *    (event `ScaleDown` "deleting pod for node scale down", DisruptionTarget EvictionByEvictionAPI,
 *    grace min(pod's, 600s)) and the DaemonSet pods best-effort; a pod its budget refuses is asked
 *    again every 10s for 2m, then `ScaleDownFailed` "failed to delete pod for ScaleDown" and the
 *    node fails (step 4); then every 5s check the evicted pods are gone, for at most
 *    max-graceful-termination-sec + 30s;
 * 3. `DeleteNodes`: the instance is terminated and the group's target shrinks; node event
 *    `ScaleDown` "nodes removed by cluster autoscaler", status event "Scale-down: node … removed
 *    with drain" / "Scale-down: empty node … removed". The Node stays until the
 *    cloud-node-lifecycle-controller deletes it;
 * 4. on failure: Warning `ScaleDownFailed` "failed to drain and delete node: …", taint removed and
 *    node uncordoned.
 * At most 10 nodes at once (--max-scale-down-parallelism), 1 of them drained (--max-drain-parallelism).
 */
import { type EvictionResult, evictPod } from '../api/eviction';
import { clone } from '../api/podutil';
import { terminateInstance } from '../cloud/lifecycle';
import { instanceByProviderId } from '../cloud/provider';
import { TAINT_TO_BE_DELETED } from '../cloud/taints';
import type { Node, Pod } from '../core/api-types';
import { causeAt } from '../core/cause-log';
import type { AutoscalerMemory, NodeDeletion } from '../core/cloud-types';
import type { Engine } from '../core/engine';
import { apiAvailable } from '../core/world';
import { scaleDownChapter } from './chapters';
import { drainability } from './drainability';
import { caEvent, nodeRef, podRef, statusEvent } from './events';
import { MAX_SCALE_DOWN_PARALLELISM, type Removable, unixSeconds } from './scale-down';
import { utilText } from './utilization';

export const MAX_DRAIN_PARALLELISM = 1;
/** drain.go: pods are checked every 5s; the wait adds DefaultPodEvictionHeadroom (30s) to the grace cap. */
const POD_GONE_POLL_MS = 5000;
const POD_EVICTION_HEADROOM_MS = 30_000;
/** drain.go DefaultEvictionRetryTime: a refused eviction is asked again 10s later. */
export const EVICTION_RETRY_MS = 10_000;
/** --max-pod-eviction-time (2m): how long refused evictions are asked again before the drain fails. */
export const MAX_POD_EVICTION_TIME_MS = 120_000;

const CA = 'cluster-autoscaler';

/**
 * utils/taints/taints.go MarkToBeDeleted (cordon included) or CleanToBeDeleted (uncordon), as one
 * Update. `AddTaints`/`addTaintsToSpec` only append the taint, and write nothing when the node has
 * it already: a soft taint `DeletionCandidateOfClusterAutoscaler` stays beside it (and
 * `UpdateSoftDeletionTaints` leaves a node with `ToBeDeletedByClusterAutoscaler` alone).
 * `CleanTaints` removes that one key, and writes nothing when it is absent.
 */
function setToBeDeleted(e: Engine, name: string, on: boolean, cause: number): Node | undefined {
  const node = e.get('Node', name);
  if (!node) return undefined;
  if (node.spec.taints.some((t) => t.key === TAINT_TO_BE_DELETED) === on) return node;
  const next = clone(node);
  if (on) {
    next.spec.taints.push({ key: TAINT_TO_BE_DELETED, value: String(unixSeconds(e.now)), effect: 'NoSchedule' });
    next.spec.unschedulable = true;
  } else {
    next.spec.taints = next.spec.taints.filter((t) => t.key !== TAINT_TO_BE_DELETED);
    delete next.spec.unschedulable;
  }
  e.put(
    next,
    on ? `taint ${TAINT_TO_BE_DELETED}:NoSchedule, cordoned` : `untaint ${TAINT_TO_BE_DELETED}:NoSchedule, uncordoned`,
    cause,
  );
  return next;
}

/** StartDeletion: empty nodes first, then drains, within the parallelism budgets. */
export function startDeletion(e: Engine, ca: AutoscalerMemory, empty: Removable[], drain: Removable[]): boolean {
  const inProgress = Object.values(ca.deletions);
  let budget = MAX_SCALE_DOWN_PARALLELISM - inProgress.length;
  let drainBudget = MAX_DRAIN_PARALLELISM - inProgress.filter((d) => d.drain).length;
  let started = false;
  for (const r of [...empty, ...drain]) {
    const isDrain = r.podsToMove.length > 0;
    if (budget <= 0 || (isDrain && drainBudget <= 0)) continue;
    budget--;
    if (isDrain) drainBudget--;
    started = true;
    const name = r.node.metadata.name;
    // The simulation moves pods a controller at a time: name them in order.
    const names = r.podsToMove.map((p) => p.metadata.name).sort();
    const cause = e.cause({
      actor: CA,
      what: `cluster-autoscaler: scale down ${name} (group ${r.group}): ${isDrain ? `pods ${names.join(', ')} fit elsewhere` : 'empty'}`,
      rule: `utilization ${Math.round(r.util.utilization * 100)}% at or below the threshold, unneeded long enough`,
      constant: `scaleDownUnneededTime=${e.state.settings.scaleDownUnneededTime / 60_000}m`,
      parents: [e.lastCause(`Node/${name}`, 'taint DeletionCandidate') ?? e.lastCause(`Node/${name}`) ?? 0],
    });
    e.trace(`cluster-autoscaler: Marking node ${name} to be cordoned by Cluster Autoscaler`);
    const node = setToBeDeleted(e, name, true, cause);
    if (!node) continue;
    caEvent(e, ca, nodeRef(node), 'Normal', 'ScaleDown', 'marked the node as toBeDeleted/unschedulable', cause);
    scaleDownChapter(e, name, cause);
    if (isDrain) {
      const pods = names.join(',');
      statusEvent(
        e,
        ca,
        'Normal',
        'ScaleDown',
        `Scale-down: removing node ${name}, utilization: ${utilText(r.util)}, pods to reschedule: ${pods}`,
        cause,
      );
    } else statusEvent(e, ca, 'Normal', 'ScaleDownEmpty', `Scale-down: removing empty node "${name}"`, cause);
    // Unique per node: a deletion of the same node started later has another start time.
    const gen = e.now;
    ca.deletions[name] = { group: r.group, drain: isDrain, startedAt: e.now, evicted: [], deadline: 0, cause, gen };
    ca.decisions[`Node/${name}`] = { at: e.now, text: causeAt(e.state.causes, cause)?.what ?? '', cause };
    e.schedule(e.state.settings.nodeDeleteDelayAfterTaint, 'autoscaler.deletion', `${name}|${gen}`);
  }
  return started;
}

/**
 * drain.go evictPod, one try: the Eviction API (api/eviction.ts: the pod's budget, DisruptionTarget
 * `EvictionByEvictionAPI`, a delete with the pod's grace capped at max-graceful-termination-sec).
 */
function evict(e: Engine, pod: Pod, cause: number): EvictionResult {
  const grace = Math.min(pod.spec.terminationGracePeriodSeconds, e.state.settings.maxGracefulTerminationSec);
  return evictPod(e, pod, grace, cause);
}

/**
 * The refused evictions' next try (drain.go evictPod's loop: every EvictionRetryTime while before
 * retryUntil). A pod gone meanwhile counts as evicted (IsNotFound). When none is left refused, the
 * wait for the evicted pods starts; past retryUntil the node's drain fails, naming each pod.
 */
function retryEvictions(e: Engine, ca: AutoscalerMemory, name: string, d: NodeDeletion): boolean {
  const refused = d.refused ?? [];
  if (e.now >= (d.retryUntil ?? 0)) {
    const errs: string[] = [];
    for (const r of refused) {
      const pod = e.get('Pod', r.key);
      if (pod) caEvent(e, ca, podRef(pod), 'Warning', 'ScaleDownFailed', 'failed to delete pod for ScaleDown', d.cause);
      errs.push(`failed to evict pod ${r.key} within allowed timeout (last error: ${r.error})`);
    }
    // initiateEviction: "Failed to drain node %s/%s, due to following errors: %v" (a Node has no namespace).
    fail(e, ca, name, d, `Failed to drain node /${name}, due to following errors: [${errs.join(' ')}]`);
    return false;
  }
  const still: NonNullable<NodeDeletion['refused']> = [];
  const evicted = [...d.evicted];
  for (const r of refused) {
    const pod = e.get('Pod', r.key);
    if (!pod || pod.metadata.uid !== r.uid) continue;
    const res = evict(e, pod, d.cause);
    if (res.ok) evicted.push({ key: r.key, uid: r.uid });
    else still.push({ ...r, error: res.message });
  }
  d.evicted = evicted;
  d.refused = still;
  return true;
}

function fail(e: Engine, ca: AutoscalerMemory, name: string, d: NodeDeletion, err: string): void {
  delete ca.deletions[name];
  const node = e.get('Node', name);
  const cause = e.cause({
    actor: CA,
    what: `cluster-autoscaler: scale down of ${name} failed: ${err}`,
    parents: [d.cause],
  });
  if (node)
    caEvent(
      e,
      ca,
      nodeRef(node),
      'Warning',
      'ScaleDownFailed',
      `failed to ${d.drain ? 'drain and delete' : 'delete empty'} node: ${err}`,
      cause,
    );
  setToBeDeleted(e, name, false, cause);
}

/** DeleteNodes: terminate the instance, shrink the group; the success events. */
function deleteNode(e: Engine, ca: AutoscalerMemory, name: string, d: NodeDeletion): void {
  const node = e.get('Node', name);
  const inst = node?.spec.providerID ? instanceByProviderId(e, node.spec.providerID) : undefined;
  if (!node || !inst) {
    fail(e, ca, name, d, `failed to find node group for ${name}`);
    return;
  }
  delete ca.deletions[name];
  terminateInstance(e, inst, `terminated by cluster-autoscaler: scale-down of ${name}`, d.cause, true);
  caEvent(e, ca, nodeRef(node), 'Normal', 'ScaleDown', 'nodes removed by cluster autoscaler', d.cause);
  if (d.drain) statusEvent(e, ca, 'Normal', 'ScaleDown', `Scale-down: node ${name} removed with drain`, d.cause);
  else statusEvent(e, ca, 'Normal', 'ScaleDownEmpty', `Scale-down: empty node ${name} removed`, d.cause);
}

/** Timer: the next step of a node's deletion (drain after the taint delay, then the polls). */
export function deletionStep(e: Engine, ca: AutoscalerMemory, name: string, gen: number): void {
  const d = ca.deletions[name];
  if (!d || d.gen !== gen) return;
  // The deletion runs in the autoscaler's process: it needs the API like any step.
  if (!apiAvailable(e)) {
    e.schedule(POD_GONE_POLL_MS, 'autoscaler.deletion', `${name}|${gen}`);
    return;
  }
  if (d.retryUntil === undefined) {
    // The drain: the pods on the node now (GetPodsToMove again), each evicted once.
    const pods = e.podsOnNode(name).sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
    const toMove = pods.filter((p) => drainability(p, e.now).kind === 'move');
    if (!d.drain && toMove.length > 0) {
      fail(e, ca, name, d, `failed to delete empty node "${name}", new pods scheduled`);
      return;
    }
    const full = new Set(toMove);
    const evicted: NodeDeletion['evicted'] = [];
    const refused: NonNullable<NodeDeletion['refused']> = [];
    for (const p of d.drain ? [...toMove, ...pods.filter((x) => drainability(x, e.now).kind === 'daemonset')] : []) {
      caEvent(e, ca, podRef(p), 'Normal', 'ScaleDown', 'deleting pod for node scale down', d.cause);
      const r = evict(e, p, d.cause);
      // DaemonSet pods are best effort: a refusal is neither waited for nor asked again here.
      if (!full.has(p)) continue;
      const id = { key: `${p.metadata.namespace}/${p.metadata.name}`, uid: p.metadata.uid };
      if (r.ok) evicted.push(id);
      else refused.push({ ...id, error: r.message });
    }
    d.evicted = evicted;
    d.retryUntil = e.now + MAX_POD_EVICTION_TIME_MS;
    d.refused = refused;
  } else if (d.deadline === 0 && !retryEvictions(e, ca, name, d)) return;
  if (d.deadline === 0) {
    // initiateEviction returns once every pod is evicted (or given up): then waitPodsToDisappear.
    if ((d.refused?.length ?? 0) > 0) {
      e.schedule(EVICTION_RETRY_MS, 'autoscaler.deletion', `${name}|${gen}`);
      return;
    }
    d.deadline = e.now + e.state.settings.maxGracefulTerminationSec * 1000 + POD_EVICTION_HEADROOM_MS;
  }
  const remaining = d.evicted.filter((x) => e.get('Pod', x.key)?.metadata.uid === x.uid);
  if (remaining.length === 0) {
    deleteNode(e, ca, name, d);
    return;
  }
  if (e.now >= d.deadline) {
    fail(e, ca, name, d, `Failed to drain node /${name}: pods remaining after timeout`);
    return;
  }
  e.schedule(POD_GONE_POLL_MS, 'autoscaler.deletion', `${name}|${gen}`);
}
