/**
 * The cluster-autoscaler's two event recorders (utils/kubernetes/factory.go `CreateEventRecorder`,
 * clusterstate/utils/status.go `LogEventRecorder`), source component `cluster-autoscaler`.
 *
 * Both pass through client-go's spam filter with the autoscaler's own key: one event per
 * (reason, source, object) per 5 minutes (QPS 1/300, burst 1), excess dropped; for the status
 * ConfigMap the key is the message, so distinct messages all go out and a repeated one (`Cluster
 * is unhealthy`) at most every 5 minutes. That is why `kubectl describe pod` shows
 * `NotTriggerScaleUp … (x3 over 12m)` although the autoscaler decides every 10 seconds.
 */

import type { ObjectReference } from '../core/api-types';
import type { AutoscalerMemory } from '../core/cloud-types';
import type { Engine } from '../core/engine';

export const CA_SOURCE = 'cluster-autoscaler';
export const STATUS_CONFIGMAP = 'cluster-autoscaler-status';
export const STATUS_NAMESPACE = 'kube-system';

/** factory.go defaultQPS = 1/300: one token every 5 minutes, burst 1. */
const SPAM_INTERVAL_MS = 300_000;

function spamKey(involved: ObjectReference, reason: string, message: string): string {
  const statusMap =
    involved.kind === 'ConfigMap' && involved.name === STATUS_CONFIGMAP && involved.namespace === STATUS_NAMESPACE;
  return statusMap
    ? message
    : `${reason}${CA_SOURCE}${involved.kind}${involved.namespace ?? ''}${involved.name}${involved.uid}`;
}

/** Recorder.Eventf through the spam filter; true if the event went out. */
export function caEvent(
  e: Engine,
  ca: AutoscalerMemory,
  involved: ObjectReference,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
  cause: number,
): boolean {
  const key = spamKey(involved, reason, message);
  const last = ca.spam[key];
  if (last !== undefined && e.now - last < SPAM_INTERVAL_MS) return false;
  ca.spam[key] = e.now;
  e.event(involved, type, reason, message, CA_SOURCE, cause);
  return true;
}

/** LogRecorder.Eventf: an event on the status ConfigMap (none while it does not exist). */
export function statusEvent(
  e: Engine,
  ca: AutoscalerMemory,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
  cause: number,
): void {
  const cm = e.get('ConfigMap', `${STATUS_NAMESPACE}/${STATUS_CONFIGMAP}`);
  if (!cm) return;
  const ref = { kind: 'ConfigMap', name: STATUS_CONFIGMAP, namespace: STATUS_NAMESPACE, uid: cm.metadata.uid };
  caEvent(e, ca, ref, type, reason, message, cause);
}

/** Forget spam-filter entries whose interval is over (the LRU cache's job upstream). */
export function pruneSpamFilter(e: Engine, ca: AutoscalerMemory): void {
  for (const [k, t] of Object.entries(ca.spam)) if (e.now - t >= SPAM_INTERVAL_MS) delete ca.spam[k];
}

/** A pod as an event's involved object. */
export function podRef(p: { metadata: { name: string; namespace?: string; uid: string } }): ObjectReference {
  return { kind: 'Pod', name: p.metadata.name, namespace: p.metadata.namespace ?? 'default', uid: p.metadata.uid };
}

/** A node as an event's involved object. */
export function nodeRef(n: { metadata: { name: string; uid: string } }): ObjectReference {
  return { kind: 'Node', name: n.metadata.name, uid: n.metadata.uid };
}
