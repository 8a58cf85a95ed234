/**
 * Deletion-side API verbs as kubectl drives them: `delete pod` (graceful / force), `delete <kind>`,
 * `cordon`, `uncordon`, `scale` (`drain` is api/drain.ts). Each returns kubectl's output text or throws ApiError.
 * Callers (commands) must check that the API answers first.
 *
 * History `what` prefixes: `deletion requested` (graceful pod delete: deletionTimestamp set),
 * `deleted` (object removed), `cordoned`, `uncordoned`, `scaled`.
 */

import type { Kind, Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import { splitKey } from '../core/keys';
import { replicasProblem } from '../core/limits';
import { ApiError, invalid, notFound, RESOURCE_NAMES } from './errors';
import { checkPodBudget } from './pod-budget';
import { clone } from './podutil';

export interface DeletePodOptions {
  /** --grace-period; undefined or negative = the pod's terminationGracePeriodSeconds. */
  gracePeriodSeconds?: number;
  /** --force */
  force?: boolean;
}

/** kubectl's force-deletion warning (capitalised "Warning:" in current kubectl; [U] lower case in old ones). */
export function forceDeletionWarning(e: Engine): string {
  const w = e.state.profile.name === 'v1.23-docker' ? 'warning' : 'Warning';
  return `${w}: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.`;
}

/**
 * DELETE a pod. Graceful: sets deletionTimestamp = now + grace and deletionGracePeriodSeconds
 * (the kubelet kills the containers and removes the object). Removed at once when grace is 0
 * (force), when the pod is not bound to a node, or when it already finished (apiserver pod strategy).
 * kubectl's flag rules apply (kubernetes/kubectl pkg/cmd/delete/delete.go, DeleteOptions.Complete
 * and DeleteResult): --grace-period defaults to -1, and a negative value sends no grace period,
 * so the pod's own terminationGracePeriodSeconds applies; --force with a negative (or no) grace
 * period means 0; --grace-period=0 without --force becomes 1, silently. Returns kubectl's output.
 */
export function deletePod(e: Engine, key: string, opts: DeletePodOptions, cause: number): string {
  const pod = e.get('Pod', key);
  const { name } = splitKey(key);
  if (!pod) throw notFound('Pod', name);
  let grace = opts.gracePeriodSeconds;
  if (grace !== undefined && grace < 0) grace = undefined;
  if (opts.force && grace === undefined) grace = 0;
  if (grace === 0 && !opts.force) grace = 1;
  if (grace === undefined) grace = pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds;
  const forced = grace === 0 && opts.force === true;
  removeOrTerminate(e, pod, grace, cause);
  if (forced) return `${forceDeletionWarning(e)}\npod "${name}" force deleted`;
  const ignored = opts.force ? 'warning: --force is ignored because --grace-period is not 0.\n' : '';
  return `${ignored}pod "${name}" deleted`;
}

/** The apiserver side of a pod DELETE with a grace period (no kubectl text). Used by controllers. */
export function removeOrTerminate(e: Engine, pod: Pod, grace: number, cause: number): void {
  const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
  const terminal = pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed';
  if (grace <= 0 || !pod.spec.nodeName || terminal) {
    e.remove('Pod', key, 'deleted', cause);
    return;
  }
  const at = e.now + grace * 1000;
  // A second graceful delete can only shorten the deadline.
  if (pod.metadata.deletionTimestamp !== undefined && pod.metadata.deletionTimestamp <= at) return;
  // A changed copy sharing the unchanged parts (stored objects never change).
  const next: Pod = {
    ...pod,
    metadata: { ...pod.metadata, deletionTimestamp: at, deletionGracePeriodSeconds: grace },
  };
  e.put(next, `deletion requested (grace ${grace}s)`, cause);
}

/**
 * `kubectl delete <kind> <name>`: remove the object (background propagation: the garbage
 * collector then deletes its dependents: ReplicaSets, pods, the Node's Lease...). Pods go through
 * deletePod. Returns `deployment.apps "web" deleted`.
 */
export function deleteObject(e: Engine, kind: Kind, key: string, cause: number): string {
  if (kind === 'Pod') return deletePod(e, key, {}, cause);
  const { name } = splitKey(key);
  if (!e.get(kind, key)) throw notFound(kind, name);
  e.remove(kind, key, 'deleted', cause);
  return `${RESOURCE_NAMES[kind].singular} "${name}" deleted`;
}

function setUnschedulable(e: Engine, nodeName: string, value: boolean, cause: number): string {
  const node = e.get('Node', nodeName);
  if (!node) throw notFound('Node', nodeName);
  const verb = value ? 'cordoned' : 'uncordoned';
  if ((node.spec.unschedulable ?? false) === value) return `node/${nodeName} already ${verb}`;
  const next = clone(node);
  if (value) next.spec.unschedulable = true;
  else delete next.spec.unschedulable;
  // The kubelet reports NodeNotSchedulable / NodeSchedulable at its next status sync (kubelet/node-status.ts).
  e.put(next, verb, cause);
  return `node/${nodeName} ${verb}`;
}

/** `kubectl cordon NODE`: spec.unschedulable=true. */
export function cordon(e: Engine, nodeName: string, cause: number): string {
  return setUnschedulable(e, nodeName, true, cause);
}

/** `kubectl uncordon NODE`. */
export function uncordon(e: Engine, nodeName: string, cause: number): string {
  return setUnschedulable(e, nodeName, false, cause);
}

/** `kubectl scale <kind>/<name> --replicas=N`: returns `deployment.apps/web scaled`. */
export function scale(
  e: Engine,
  kind: 'Deployment' | 'StatefulSet' | 'ReplicaSet',
  key: string,
  replicas: number,
  cause: number,
): string {
  const { name } = splitKey(key);
  const obj = e.get(kind, key);
  if (!obj) throw notFound(kind, name);
  const label = `${RESOURCE_NAMES[kind].singular}/${name}`;
  const problem = replicasProblem(replicas);
  if (problem && 'field' in problem) throw invalid(kind, name, [`spec.replicas: ${problem.field}`]);
  if (problem) throw new ApiError('Forbidden', `error: ${problem.limit}`);
  if (obj.spec.replicas === replicas) return `${label} scaled`;
  const next = clone(obj);
  next.spec.replicas = replicas;
  checkPodBudget(e, next);
  e.put(next, `scaled to ${replicas}`, cause);
  return `${label} scaled`;
}
