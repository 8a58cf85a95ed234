/**
 * Taint keys of the cloud processes, as upstream names them.
 */

/** cloud-provider api/well_known_taints.go TaintExternalCloudProvider (value `true`, NoSchedule). */
export const TAINT_EXTERNAL_CLOUD_PROVIDER = 'node.cloudprovider.kubernetes.io/uninitialized';
/** cloud-provider api/well_known_taints.go TaintNodeShutdown (NoSchedule, no value). */
export const TAINT_NODE_SHUTDOWN = 'node.cloudprovider.kubernetes.io/shutdown';
/** cluster-autoscaler utils/taints/taints.go ToBeDeletedTaint (value: unix seconds, NoSchedule). */
export const TAINT_TO_BE_DELETED = 'ToBeDeletedByClusterAutoscaler';
/** cluster-autoscaler utils/taints/taints.go DeletionCandidateTaint (value: unix seconds, PreferNoSchedule). */
export const TAINT_DELETION_CANDIDATE = 'DeletionCandidateOfClusterAutoscaler';
