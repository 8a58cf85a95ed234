/**
 * API object shapes: the subset of Kubernetes fields the playground models.
 * Field names follow the real API so that kubectl printers and manifests read naturally.
 * All objects are plain data (no classes) so that a snapshot is a structured clone.
 */

export type ConditionStatus = 'True' | 'False' | 'Unknown';

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
}

export interface ObjectMeta {
  name: string;
  namespace?: string; // absent for cluster-scoped kinds (Node)
  uid: string;
  resourceVersion: number;
  creationTimestamp: number; // simulated ms
  generation?: number;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  ownerReferences: OwnerReference[];
  deletionTimestamp?: number;
  deletionGracePeriodSeconds?: number;
}

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
export interface Taint {
  key: string;
  value?: string;
  effect: TaintEffect;
  timeAdded?: number;
}
export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal';
  value?: string;
  effect?: TaintEffect;
  tolerationSeconds?: number;
}

export interface NodeCondition {
  type: 'Ready' | 'MemoryPressure' | 'DiskPressure' | 'PIDPressure' | 'NetworkUnavailable';
  status: ConditionStatus;
  lastHeartbeatTime: number;
  lastTransitionTime: number;
  reason: string;
  message: string;
}

export interface Node {
  kind: 'Node';
  metadata: ObjectMeta;
  spec: { unschedulable?: boolean; taints: Taint[]; podCIDR?: string; providerID?: string };
  status: {
    conditions: NodeCondition[];
    addresses: { type: 'InternalIP' | 'Hostname'; address: string }[];
    capacity: Resources;
    allocatable: Resources;
    nodeInfo: {
      kubeletVersion: string;
      containerRuntimeVersion: string;
      osImage: string;
      kernelVersion: string;
      bootID: string;
    };
  };
}

export interface Resources {
  cpu: number; // millicores
  memory: number; // MiB
  pods: number;
  /** Node capacity/allocatable as the kubelet reports them (quantity text; nothing schedules on them here). */
  'ephemeral-storage'?: string;
  'hugepages-1Gi'?: string;
  'hugepages-2Mi'?: string;
}

/** A probe port: a number, or the name of one of the container's ports (IntOrString). */
export type ProbePort = number | string;

/** core/v1 Probe, with the API defaults applied (timeout 1, period 10, success 1, failure 3). */
export interface Probe {
  exec?: { command: string[] };
  httpGet?: { path: string; port: ProbePort; host?: string; scheme: 'HTTP' | 'HTTPS' };
  tcpSocket?: { port: ProbePort; host?: string };
  initialDelaySeconds: number;
  timeoutSeconds: number;
  periodSeconds: number;
  successThreshold: number;
  failureThreshold: number;
  terminationGracePeriodSeconds?: number;
}

export interface ContainerSpec {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  ports?: { containerPort: number; name?: string; protocol?: string }[];
  resources?: { requests?: Partial<Pick<Resources, 'cpu' | 'memory'>> };
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
}

export interface PodSpec {
  nodeName?: string;
  containers: ContainerSpec[];
  tolerations: Toleration[];
  nodeSelector?: Record<string, string>;
  terminationGracePeriodSeconds: number;
  hostNetwork?: boolean;
  serviceAccountName?: string;
  priority?: number;
  /** DaemonSet pods are pinned to a node through required node affinity (here just its name). */
  affinityNodeName?: string;
  /** spec.volumes, only when the manifest declares some (absent keeps template hashes as they were). */
  volumes?: Volume[];
}

/**
 * core/v1 Volume with the sources the playground knows. emptyDir is what kubectl drain's
 * localStorageFilter looks for; the others are printed by describe and -o yaml as they are.
 */
export interface Volume {
  name: string;
  emptyDir?: { medium?: string; sizeLimit?: string };
  hostPath?: { path: string; type?: string };
  persistentVolumeClaim?: { claimName: string; readOnly?: boolean };
  configMap?: { name: string; optional?: boolean };
  secret?: { secretName: string; optional?: boolean };
}

export type PodConditionType =
  | 'PodScheduled'
  | 'Initialized'
  | 'ContainersReady'
  | 'Ready'
  | 'DisruptionTarget'
  | 'PodReadyToStartContainers';
export interface PodCondition {
  type: PodConditionType;
  status: ConditionStatus;
  lastTransitionTime: number;
  reason?: string;
  message?: string;
}

export interface ContainerStateTerminated {
  reason: string;
  exitCode: number;
  message?: string;
  startedAt?: number;
  finishedAt: number;
  containerID?: string;
}

export type ContainerState =
  | { waiting: { reason: string; message?: string } }
  | { running: { startedAt: number } }
  | { terminated: ContainerStateTerminated };

export interface ContainerStatus {
  name: string;
  image: string;
  /** The image's digest reference once a container exists (`docker.io/library/nginx@sha256:...`). */
  imageID?: string;
  ready: boolean;
  started: boolean;
  restartCount: number;
  state: ContainerState;
  /** lastState: the previous instance's termination (kubectl's `Last State` and `RESTARTS (Ns ago)`). */
  lastState?: { terminated: ContainerStateTerminated };
  containerID?: string;
}

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

export interface Pod {
  kind: 'Pod';
  metadata: ObjectMeta;
  spec: PodSpec;
  status: {
    phase: PodPhase;
    reason?: string;
    message?: string;
    conditions: PodCondition[];
    containerStatuses: ContainerStatus[];
    podIP?: string;
    hostIP?: string;
    startTime?: number;
  };
}

export interface LabelSelector {
  matchLabels: Record<string, string>;
}
export interface PodTemplate {
  metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
  spec: Omit<PodSpec, 'nodeName' | 'tolerations' | 'terminationGracePeriodSeconds'> & {
    tolerations?: Toleration[];
    terminationGracePeriodSeconds?: number;
  };
}

export interface ReplicaSet {
  kind: 'ReplicaSet';
  metadata: ObjectMeta;
  spec: { replicas: number; selector: LabelSelector; template: PodTemplate };
  status: { replicas: number; readyReplicas: number; availableReplicas: number; fullyLabeledReplicas: number };
}

export interface Deployment {
  kind: 'Deployment';
  metadata: ObjectMeta;
  spec: { replicas: number; selector: LabelSelector; template: PodTemplate };
  status: {
    replicas: number;
    updatedReplicas: number;
    readyReplicas: number;
    availableReplicas: number;
    unavailableReplicas: number;
  };
}

export interface StatefulSet {
  kind: 'StatefulSet';
  metadata: ObjectMeta;
  spec: {
    replicas: number;
    selector: LabelSelector;
    template: PodTemplate;
    serviceName: string;
    /** Claims made per pod, `<template>-<sts>-<ordinal>` (absent when the manifest has none). */
    volumeClaimTemplates?: VolumeClaimTemplate[];
  };
  status: { replicas: number; readyReplicas: number; currentReplicas: number; availableReplicas: number };
}

/** A StatefulSet's claim template: a PersistentVolumeClaim's metadata and spec. */
export interface VolumeClaimTemplate {
  metadata: { name: string; labels?: Record<string, string> };
  spec: PersistentVolumeClaim['spec'];
}

export interface DaemonSet {
  kind: 'DaemonSet';
  metadata: ObjectMeta;
  spec: { selector: LabelSelector; template: PodTemplate };
  status: {
    desiredNumberScheduled: number;
    currentNumberScheduled: number;
    numberReady: number;
    updatedNumberScheduled: number;
    numberAvailable: number;
    numberMisscheduled: number;
  };
}

export interface Service {
  kind: 'Service';
  metadata: ObjectMeta;
  spec: {
    selector: Record<string, string>;
    /** `name` is required when there are several (ValidateService); EndpointSlices carry it. */
    ports: { name?: string; port: number; targetPort?: number; protocol?: string }[];
    clusterIP: string;
    type: string;
    publishNotReadyAddresses?: boolean;
  };
}

export interface Endpoint {
  addresses: string[];
  conditions: { ready: boolean; serving: boolean; terminating: boolean };
  nodeName?: string;
  targetRef: { kind: 'Pod'; name: string; namespace: string; uid: string };
}
export interface EndpointSlice {
  kind: 'EndpointSlice';
  metadata: ObjectMeta;
  addressType: 'IPv4';
  endpoints: Endpoint[];
  ports: { port: number; protocol: string; name?: string }[];
}

export interface Lease {
  kind: 'Lease';
  metadata: ObjectMeta;
  spec: {
    holderIdentity: string;
    leaseDurationSeconds: number;
    renewTime: number;
    acquireTime?: number;
    /** Leader-election leases count changes of holder (client-go LeaderElectionRecord.LeaderTransitions). */
    leaseTransitions?: number;
  };
}

/** A ConfigMap (the cluster-autoscaler's status is the only one the playground writes). */
export interface ConfigMap {
  kind: 'ConfigMap';
  metadata: ObjectMeta;
  data: Record<string, string>;
}

/**
 * A PodDisruptionBudget (policy/v1): pods matching `selector` (matchLabels; a missing or empty
 * selector matches none for the eviction API, eviction.go getPodDisruptionBudgets) may be evicted
 * while the disruption controller's `disruptionsAllowed` (controllers/disruption.ts) is above 0.
 * `minAvailable` / `maxUnavailable`: a whole number or a percentage string (`50%`), one at most.
 */
export interface PodDisruptionBudget {
  kind: 'PodDisruptionBudget';
  metadata: ObjectMeta;
  spec: {
    selector?: LabelSelector;
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    /** policy/v1 (1.27+ on by default): `IfHealthyBudget` (nil's behaviour) or `AlwaysAllow`. */
    unhealthyPodEvictionPolicy?: 'IfHealthyBudget' | 'AlwaysAllow';
  };
  status: {
    observedGeneration?: number;
    /** Pod name -> time the eviction API counted it as disrupted (not yet seen deleted). */
    disruptedPods?: Record<string, number>;
    disruptionsAllowed: number;
    currentHealthy: number;
    desiredHealthy: number;
    expectedPods: number;
    conditions?: PdbCondition[];
  };
}

/** metav1.Condition as the disruption controller writes it (type DisruptionAllowed). */
export interface PdbCondition {
  type: 'DisruptionAllowed';
  status: 'True' | 'False';
  reason: string;
  message: string;
  observedGeneration?: number;
  lastTransitionTime: number;
}

/**
 * A PersistentVolumeClaim (v1). The playground's StorageClass `standard` provisions it at once
 * (api/provisioner.ts): `spec.volumeName` names its PV and `status.phase` is Bound.
 */
export interface PersistentVolumeClaim {
  kind: 'PersistentVolumeClaim';
  metadata: ObjectMeta;
  spec: {
    accessModes: string[];
    resources: { requests: { storage: string } };
    storageClassName: string;
    volumeMode: 'Filesystem';
    volumeName?: string;
  };
  status: { phase: 'Pending' | 'Bound' | 'Lost'; accessModes?: string[]; capacity?: { storage: string } };
}

/** A PersistentVolume (v1, cluster-scoped), provisioned for one claim by a CSI driver. */
export interface PersistentVolume {
  kind: 'PersistentVolume';
  metadata: ObjectMeta;
  spec: {
    accessModes: string[];
    capacity: { storage: string };
    claimRef: { apiVersion: 'v1'; kind: 'PersistentVolumeClaim'; name: string; namespace: string; uid: string };
    csi: { driver: string; volumeHandle: string; fsType: string };
    persistentVolumeReclaimPolicy: 'Delete' | 'Retain';
    storageClassName: string;
    volumeMode: 'Filesystem';
  };
  status: { phase: 'Available' | 'Bound' | 'Released' | 'Failed' };
}

/** A VolumeAttachment (storage.k8s.io/v1, cluster-scoped): a CSI volume attached to a node. */
export interface VolumeAttachment {
  kind: 'VolumeAttachment';
  metadata: ObjectMeta;
  spec: { attacher: string; nodeName: string; source: { persistentVolumeName: string } };
  status: { attached: boolean };
}

export interface ObjectReference {
  kind: string;
  name: string;
  namespace?: string;
  uid: string;
}

export interface KubeEvent {
  kind: 'Event';
  metadata: ObjectMeta;
  involvedObject: ObjectReference;
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  source: { component: string; host?: string };
  firstTimestamp: number;
  lastTimestamp: number;
  count: number;
}

export type ApiObject =
  | Node
  | Pod
  | ReplicaSet
  | Deployment
  | StatefulSet
  | DaemonSet
  | Service
  | EndpointSlice
  | Lease
  | ConfigMap
  | PodDisruptionBudget
  | PersistentVolumeClaim
  | PersistentVolume
  | VolumeAttachment
  | KubeEvent;
export type Kind = ApiObject['kind'];
export type ObjectOfKind<K extends Kind> = Extract<ApiObject, { kind: K }>;

/** Kinds that live in a namespace (everything but Node). */
export const CLUSTER_SCOPED: ReadonlySet<Kind> = new Set<Kind>(['Node', 'PersistentVolume', 'VolumeAttachment']);
