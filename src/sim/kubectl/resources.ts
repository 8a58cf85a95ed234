/**
 * Resource types kubectl knows here: names, short names, API groups, and how kubectl spells them
 * in `kind.group/name` prefixes and NotFound errors (`deployments.apps "web" not found`).
 */
import type { Kind } from '../core/api-types';

export interface ResourceType {
  /** A stored kind, or `Endpoints` (derived from EndpointSlices: kubectl/endpoints.ts). */
  kind: Kind | 'Endpoints';
  /** Lower-case singular, as in `deployment.apps/web`. */
  singular: string;
  plural: string;
  group: string;
  namespaced: boolean;
  aliases: readonly string[];
}

export const RESOURCE_TYPES: readonly ResourceType[] = [
  { kind: 'Node', singular: 'node', plural: 'nodes', group: '', namespaced: false, aliases: ['no'] },
  { kind: 'Pod', singular: 'pod', plural: 'pods', group: '', namespaced: true, aliases: ['po'] },
  {
    kind: 'Deployment',
    singular: 'deployment',
    plural: 'deployments',
    group: 'apps',
    namespaced: true,
    aliases: ['deploy'],
  },
  {
    kind: 'ReplicaSet',
    singular: 'replicaset',
    plural: 'replicasets',
    group: 'apps',
    namespaced: true,
    aliases: ['rs'],
  },
  {
    kind: 'StatefulSet',
    singular: 'statefulset',
    plural: 'statefulsets',
    group: 'apps',
    namespaced: true,
    aliases: ['sts'],
  },
  { kind: 'DaemonSet', singular: 'daemonset', plural: 'daemonsets', group: 'apps', namespaced: true, aliases: ['ds'] },
  { kind: 'Service', singular: 'service', plural: 'services', group: '', namespaced: true, aliases: ['svc'] },
  { kind: 'Endpoints', singular: 'endpoints', plural: 'endpoints', group: '', namespaced: true, aliases: ['ep'] },
  {
    kind: 'EndpointSlice',
    singular: 'endpointslice',
    plural: 'endpointslices',
    group: 'discovery.k8s.io',
    namespaced: true,
    aliases: [],
  },
  { kind: 'Event', singular: 'event', plural: 'events', group: '', namespaced: true, aliases: ['ev'] },
  { kind: 'Lease', singular: 'lease', plural: 'leases', group: 'coordination.k8s.io', namespaced: true, aliases: [] },
  { kind: 'ConfigMap', singular: 'configmap', plural: 'configmaps', group: '', namespaced: true, aliases: ['cm'] },
  {
    kind: 'PodDisruptionBudget',
    singular: 'poddisruptionbudget',
    plural: 'poddisruptionbudgets',
    group: 'policy',
    namespaced: true,
    aliases: ['pdb'],
  },
  {
    kind: 'PersistentVolumeClaim',
    singular: 'persistentvolumeclaim',
    plural: 'persistentvolumeclaims',
    group: '',
    namespaced: true,
    aliases: ['pvc'],
  },
  {
    kind: 'PersistentVolume',
    singular: 'persistentvolume',
    plural: 'persistentvolumes',
    group: '',
    namespaced: false,
    aliases: ['pv'],
  },
  {
    kind: 'VolumeAttachment',
    singular: 'volumeattachment',
    plural: 'volumeattachments',
    group: 'storage.k8s.io',
    namespaced: false,
    aliases: [],
  },
];

/** Resolve `po`, `pods`, `pod`, `deployments.apps`... to a resource type. */
export function resolveResource(word: string): ResourceType | undefined {
  const w = word.toLowerCase();
  for (const r of RESOURCE_TYPES) {
    const full = r.group ? [`${r.plural}.${r.group}`, `${r.singular}.${r.group}`] : [];
    if (w === r.singular || w === r.plural || r.aliases.includes(w) || full.includes(w)) return r;
  }
  return undefined;
}

/** `deployments.apps`, `pods`: the resource as it appears in API errors. */
export function qualifiedPlural(r: ResourceType): string {
  return r.group ? `${r.plural}.${r.group}` : r.plural;
}

/** `deployment.apps/web`, `pod/web-1`: how kubectl names an object when several kinds are listed. */
export function qualifiedName(r: ResourceType, name: string): string {
  return `${r.group ? `${r.singular}.${r.group}` : r.singular}/${name}`;
}

export function notFound(r: ResourceType, name: string): string {
  return `Error from server (NotFound): ${qualifiedPlural(r)} "${name}" not found`;
}

export function unknownResource(word: string): string {
  return `error: the server doesn't have a resource type "${word}"`;
}
