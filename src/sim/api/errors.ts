/**
 * API errors with the text kubectl prints, so commands can show them verbatim.
 */
import type { Kind } from '../core/api-types';

/** An API request that the server (or kubectl's client-side checks) refused; `message` is what kubectl prints. */
export class ApiError extends Error {
  /** Kubernetes StatusReason (AlreadyExists, NotFound, Invalid, BadRequest...). */
  readonly reason: string;
  constructor(reason: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.reason = reason;
  }
}

/** `kubectl` resource names per kind: `plural` for server errors, `singular` for `<kind>/<name> created`. */
export const RESOURCE_NAMES: Record<Kind, { plural: string; singular: string }> = {
  Node: { plural: 'nodes', singular: 'node' },
  Pod: { plural: 'pods', singular: 'pod' },
  ReplicaSet: { plural: 'replicasets.apps', singular: 'replicaset.apps' },
  Deployment: { plural: 'deployments.apps', singular: 'deployment.apps' },
  StatefulSet: { plural: 'statefulsets.apps', singular: 'statefulset.apps' },
  DaemonSet: { plural: 'daemonsets.apps', singular: 'daemonset.apps' },
  Service: { plural: 'services', singular: 'service' },
  EndpointSlice: { plural: 'endpointslices.discovery.k8s.io', singular: 'endpointslice.discovery.k8s.io' },
  Lease: { plural: 'leases.coordination.k8s.io', singular: 'lease.coordination.k8s.io' },
  ConfigMap: { plural: 'configmaps', singular: 'configmap' },
  PodDisruptionBudget: { plural: 'poddisruptionbudgets.policy', singular: 'poddisruptionbudget.policy' },
  PersistentVolumeClaim: { plural: 'persistentvolumeclaims', singular: 'persistentvolumeclaim' },
  PersistentVolume: { plural: 'persistentvolumes', singular: 'persistentvolume' },
  VolumeAttachment: { plural: 'volumeattachments.storage.k8s.io', singular: 'volumeattachment.storage.k8s.io' },
  Event: { plural: 'events', singular: 'event' },
};

/** `Error from server (AlreadyExists): deployments.apps "web" already exists` */
export function alreadyExists(kind: Kind, name: string): ApiError {
  return new ApiError(
    'AlreadyExists',
    `Error from server (AlreadyExists): ${RESOURCE_NAMES[kind].plural} "${name}" already exists`,
  );
}

/** `Error from server (NotFound): pods "web-1" not found` */
export function notFound(kind: Kind, name: string): ApiError {
  return new ApiError('NotFound', `Error from server (NotFound): ${RESOURCE_NAMES[kind].plural} "${name}" not found`);
}

/** `The Deployment "web" is invalid: spec.template.spec.containers: Required value` (field errors joined by ", "). */
export function invalid(kind: string, name: string, fieldErrors: string[]): ApiError {
  const body = fieldErrors.length === 1 ? fieldErrors[0] : `[${fieldErrors.join(', ')}]`;
  return new ApiError('Invalid', `The ${kind} "${name}" is invalid: ${body}`);
}
