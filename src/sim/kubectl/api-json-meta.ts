/**
 * ObjectMeta and time stamps as the API serializes them (k8s.io/apimachinery/pkg/apis/meta/v1
 * types.go: `omitempty` on labels, annotations, ownerReferences; Time as RFC 3339 seconds,
 * MicroTime with microseconds), shared by the `-o json|yaml` serializers.
 */
import type { ObjectMeta } from '../core/api-types';
import { rfc3339 } from '../core/dates';
import type { Json } from './emit';

/** metav1.MicroTime: RFC 3339 with microseconds (Lease renewTime, acquireTime). */
export function microTime(ms: number): string {
  const base = rfc3339(ms);
  const micros = `${(((ms % 1000) + 1000) % 1000) * 1000}`.padStart(6, '0');
  return `${base.slice(0, -1)}.${micros}Z`;
}

/** Kinds whose controllers own what they create (metav1.NewControllerRef). */
const CONTROLLER_KINDS = new Set(['ReplicaSet', 'Deployment', 'StatefulSet', 'DaemonSet', 'Service', 'Job']);

/** ObjectMeta with omitempty: empty labels, annotations and owner lists are not printed. */
export function metaJson(m: ObjectMeta, generateName?: string): { [k: string]: Json } {
  const out: { [k: string]: Json } = {
    creationTimestamp: rfc3339(m.creationTimestamp),
    name: m.name,
    resourceVersion: String(m.resourceVersion),
    uid: m.uid,
  };
  if (m.namespace !== undefined) out.namespace = m.namespace;
  if (Object.keys(m.labels).length) out.labels = { ...m.labels };
  if (Object.keys(m.annotations).length) out.annotations = { ...m.annotations };
  if (generateName) out.generateName = generateName;
  if (m.generation !== undefined) out.generation = m.generation;
  if (m.deletionTimestamp !== undefined) out.deletionTimestamp = rfc3339(m.deletionTimestamp);
  if (m.deletionGracePeriodSeconds !== undefined) out.deletionGracePeriodSeconds = m.deletionGracePeriodSeconds;
  if (m.ownerReferences.length)
    out.ownerReferences = m.ownerReferences.map((r) => {
      const o: { [k: string]: Json } = { apiVersion: r.apiVersion, kind: r.kind, name: r.name, uid: r.uid };
      if (r.controller) {
        o.controller = true;
        // metav1.NewControllerRef sets blockOwnerDeletion; the kubelet's Node owner of a mirror pod does not.
        if (CONTROLLER_KINDS.has(r.kind)) o.blockOwnerDeletion = true;
      }
      return o;
    });
  return out;
}
