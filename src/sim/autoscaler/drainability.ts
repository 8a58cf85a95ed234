/**
 * What the autoscaler does with each pod of a node it would remove (cluster-autoscaler 1.33
 * simulator/drainability/rules, in their order: rules.go `Default`), docs/reference/cloud.md §3.10.
 * Mirror pods and pods terminating for longer than their grace period plus 30s are ignored;
 * DaemonSet pods, pods annotated `safe-to-evict: "true"` and finished pods never block; then a pod
 * without a replicating controller, a kube-system pod without a PodDisruptionBudget created less
 * than an hour ago, a pod annotated `safe-to-evict: "false"`, and a pod with a hostPath or a disk
 * emptyDir not listed in `safe-to-evict-local-volumes` (localstorage/rule.go, on by default:
 * --skip-nodes-with-local-storage=true), and last a pod whose PodDisruptionBudget has no disruption
 * left in the loop's budgets (pdb/rule.go) block the node. Everything else is moved.
 */
import { pdbSelects } from '../api/eviction';
import { controllerRef, isMirrorPod } from '../api/podutil';
import type { Pod, PodDisruptionBudget } from '../core/api-types';

/**
 * core/scaledown/pdb basicRemainingPdbTracker: the PodDisruptionBudgets as the loop found them,
 * with the disruptions left once the nodes already found removable this loop give up their pods.
 */
export interface RemainingPdb {
  pdb: PodDisruptionBudget;
  disruptionsAllowed: number;
}

/** SetPdbs: the loop's budgets, each with its status' disruptionsAllowed. */
export function remainingPdbs(pdbs: readonly PodDisruptionBudget[]): RemainingPdb[] {
  return pdbs.map((pdb) => ({ pdb, disruptionsAllowed: pdb.status.disruptionsAllowed }));
}

/** RemovePods: each pod of a node found removable spends one disruption of every budget selecting it. */
export function removePods(budgets: RemainingPdb[], pods: readonly Pod[]): void {
  for (const b of budgets) for (const p of pods) if (pdbSelects(b.pdb, p)) b.disruptionsAllowed -= 1;
}

export const SAFE_TO_EVICT = 'cluster-autoscaler.kubernetes.io/safe-to-evict';
/** utils/drain SafeToEvictLocalVolumesKey: comma-separated volume names that may be lost. */
export const SAFE_TO_EVICT_LOCAL_VOLUMES = 'cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes';

/** utils/drain HasBlockingLocalStorage / isLocalVolume: hostPath, or emptyDir not in memory, not listed. */
function hasBlockingLocalStorage(p: Pod): boolean {
  const volumes = p.spec.volumes;
  if (!volumes?.length) return false;
  const listed = new Set((p.metadata.annotations[SAFE_TO_EVICT_LOCAL_VOLUMES] ?? '').split(','));
  return volumes.some(
    (v) =>
      !listed.has(v.name) && (v.hostPath !== undefined || (v.emptyDir !== undefined && v.emptyDir.medium !== 'Memory')),
  );
}
/** utils/drain PodLongTerminatingExtraThreshold. */
export const POD_LONG_TERMINATING_EXTRA_MS = 30_000;
/** --blocking-system-pod-distruption-timeout (sic), 1h: since CA 1.33 old kube-system pods stop blocking. */
export const BLOCKING_SYSTEM_POD_TIMEOUT_MS = 3_600_000;

export type Drainability =
  | { kind: 'ignore' }
  | { kind: 'daemonset' }
  | { kind: 'move' }
  | { kind: 'block'; reason: string; message: string };

/** Kinds whose controllers recreate an evicted pod (replicated/rule.go replicatedKind). */
const REPLICATED_KINDS = new Set(['ReplicationController', 'Job', 'ReplicaSet', 'StatefulSet']);

/** utils/drain IsPodLongTerminating: deletionTimestamp + grace + 30s is past. */
export function isPodLongTerminating(p: Pod, now: number): boolean {
  const del = p.metadata.deletionTimestamp;
  if (del === undefined) return false;
  return del + p.spec.terminationGracePeriodSeconds * 1000 + POD_LONG_TERMINATING_EXTRA_MS < now;
}

const IGNORE: Drainability = { kind: 'ignore' };
const DAEMONSET: Drainability = { kind: 'daemonset' };
const MOVE: Drainability = { kind: 'move' };

/** `budgets`: the loop's RemainingPdbTracker (none: a cluster without PodDisruptionBudgets). */
export function drainability(p: Pod, now: number, budgets: readonly RemainingPdb[] = []): Drainability {
  if (isMirrorPod(p)) return IGNORE;
  if (isPodLongTerminating(p, now)) return IGNORE;
  const ref = controllerRef(p);
  if (ref?.kind === 'DaemonSet') return DAEMONSET;
  const annotation = p.metadata.annotations[SAFE_TO_EVICT];
  if (annotation === 'true') return MOVE;
  if (p.status.phase === 'Succeeded' || p.status.phase === 'Failed') return IGNORE;
  const name = p.metadata.name;
  const ns = p.metadata.namespace ?? 'default';
  if (!ref || !REPLICATED_KINDS.has(ref.kind))
    return { kind: 'block', reason: 'NotReplicated', message: `${ns}/${name} is not replicated` };
  const matching = budgets.length > 0 ? budgets.filter((b) => pdbSelects(b.pdb, p)) : budgets;
  // system/rule.go: a kube-system pod that a PodDisruptionBudget covers goes on to the next rules.
  if (
    ns === 'kube-system' &&
    matching.length === 0 &&
    !(now > p.metadata.creationTimestamp + BLOCKING_SYSTEM_POD_TIMEOUT_MS)
  )
    return {
      kind: 'block',
      reason: 'UnmovableKubeSystemPod',
      message: `non-daemonset, non-mirrored, non-pdb-assigned kube-system pod present: ${name}`,
    };
  if (annotation === 'false')
    return {
      kind: 'block',
      reason: 'NotSafeToEvictAnnotation',
      message: `pod annotated as not safe to evict present: ${name}`,
    };
  if (hasBlockingLocalStorage(p))
    return { kind: 'block', reason: 'LocalStorageRequested', message: `pod with local storage present: ${name}` };
  // pdb/rule.go: any budget selecting the pod with less than one disruption left.
  if (matching.some((b) => b.disruptionsAllowed < 1))
    return { kind: 'block', reason: 'NotEnoughPdb', message: `not enough pod disruption budget to move ${ns}/${name}` };
  return MOVE;
}

/**
 * The latest time up to which `drainability(p, t)` answers as it does at `now` (its only clocks:
 * a terminating pod becoming long-terminating, a kube-system pod turning an hour old).
 */
export function drainabilityHoldsUntil(p: Pod, now: number): number {
  let until = Number.POSITIVE_INFINITY;
  const del = p.metadata.deletionTimestamp;
  if (del !== undefined) {
    const long = del + p.spec.terminationGracePeriodSeconds * 1000 + POD_LONG_TERMINATING_EXTRA_MS;
    if (long >= now) until = long;
  }
  const old = p.metadata.creationTimestamp + BLOCKING_SYSTEM_POD_TIMEOUT_MS;
  if (p.metadata.namespace === 'kube-system' && old >= now) until = Math.min(until, old);
  return until;
}
