/**
 * The cluster-autoscaler's two event recorders (utils/kubernetes/factory.go `CreateEventRecorder`,
 * clusterstate/utils/status.go `LogEventRecorder`), source component `cluster-autoscaler`.
 *
 * Both go through client-go's EventCorrelate (tools/record/events_cache.go) with the autoscaler's
 * options (factory.go `getCorrelationOptions`): it runs the aggregator, then `eventObserve`, the
 * recorder's cache that counts every occurrence of an identical event (count + 1, firstTimestamp
 * kept), and only then the spam filter (`filterFunc`) with the autoscaler's key: one event per
 * (reason, source, object) per 5 minutes (QPS 1/300, burst 1); for the status ConfigMap the key
 * is the message, so distinct messages all go out and a repeated one (`Cluster is unhealthy`) at
 * most every 5 minutes. A filtered occurrence is not written (event.go `recordToSink` returns on
 * `Skip`) but stays counted, so the next one that passes PATCHes the Event to the count of every
 * occurrence: `kubectl describe pod` shows `NotTriggerScaleUp … (x31 over 5m)` after 5 minutes of
 * 10-second loops, not `(x2 over 5m)`.
 */

import type { ObjectReference } from '../core/api-types';
import type { AutoscalerMemory, EventObservation } from '../core/cloud-types';
import type { Engine } from '../core/engine';

export const CA_SOURCE = 'cluster-autoscaler';
export const STATUS_CONFIGMAP = 'cluster-autoscaler-status';
export const STATUS_NAMESPACE = 'kube-system';

/** factory.go defaultQPS = 1/300: one token every 5 minutes, burst 1. */
const SPAM_INTERVAL_MS = 300_000;
/** factory.go defaultLRUCache: keys the recorder's caches hold (events_cache.go `lru.New`). */
export const LRU_CACHE_SIZE = 8192;

/** factory.go getCustomSpamKeyFunc (Source.Host and APIVersion empty here). */
function spamKey(involved: ObjectReference, reason: string, message: string): string {
  const statusMap =
    involved.kind === 'ConfigMap' && involved.name === STATUS_CONFIGMAP && involved.namespace === STATUS_NAMESPACE;
  return statusMap
    ? message
    : `${reason}${CA_SOURCE}${involved.kind}${involved.namespace ?? ''}${involved.name}${involved.uid}`;
}

/** events_cache.go getEventKey: source, involved object, type, reason and message, joined as upstream joins them. */
function eventKey(involved: ObjectReference, type: string, reason: string, message: string): string {
  return `${CA_SOURCE}${involved.kind}${involved.namespace ?? ''}${involved.name}${involved.uid}${type}${reason}${message}`;
}

/**
 * events_cache.go eventObserve: this occurrence counted in the recorder's cache (count + 1 and the
 * first occurrence's time when the key is there; count 1 now when not), whether or not it is
 * written. The cache is an LRU (groupcache lru: an Add makes the key the most recent, and past
 * its size the least recent goes): here the record's order, the least recent first.
 */
function eventObserve(e: Engine, ca: AutoscalerMemory, key: string): EventObservation {
  const last = ca.recorder[key];
  if (last) delete ca.recorder[key];
  else if (ca.recorderSize >= LRU_CACHE_SIZE) {
    for (const oldest in ca.recorder) {
      delete ca.recorder[oldest];
      break;
    }
  } else ca.recorderSize++;
  const seen = last ? { count: last.count + 1, first: last.first, seq: last.seq } : { count: 1, first: e.now, seq: -1 };
  ca.recorder[key] = seen;
  return seen;
}

/**
 * Recorder.Eventf through EventCorrelate: observed (counted), then the spam filter; true if the
 * event went out (written with every occurrence counted so far, `Engine.recordEvent`).
 */
export function caEvent(
  e: Engine,
  ca: AutoscalerMemory,
  involved: ObjectReference,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
  cause: number,
): boolean {
  // The aggregator (similar events with 10 distinct messages in 10 minutes) is not modelled.
  const seen = eventObserve(e, ca, eventKey(involved, type, reason, message));
  const key = spamKey(involved, reason, message);
  const last = ca.spam[key];
  if (last !== undefined && e.now - last < SPAM_INTERVAL_MS) return false;
  ca.spam[key] = e.now;
  // recordEvent, then UpdateState: the cache names the Event written.
  seen.seq = e.recordEvent(involved, type, reason, message, CA_SOURCE, cause, seen);
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
