import type { ApiObject, Kind } from './api-types';

/** Store key of an object: `namespace/name`, or `name` for cluster-scoped kinds. */
export function keyOf(obj: { metadata: { name: string; namespace?: string } }): string {
  return obj.metadata.namespace ? `${obj.metadata.namespace}/${obj.metadata.name}` : obj.metadata.name;
}

export function refOf(obj: ApiObject): string {
  return `${obj.kind}/${keyOf(obj)}`;
}

export function splitKey(key: string): { namespace?: string; name: string } {
  const i = key.indexOf('/');
  return i < 0 ? { name: key } : { namespace: key.slice(0, i), name: key.slice(i + 1) };
}

export const ALL_KINDS: readonly Kind[] = [
  'Node',
  'Pod',
  'ReplicaSet',
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'Service',
  'EndpointSlice',
  'Lease',
  'ConfigMap',
  'PodDisruptionBudget',
  'PersistentVolumeClaim',
  'PersistentVolume',
  'VolumeAttachment',
  'Event',
];
