/**
 * Fidelity profiles (DESIGN section 3). Every constant comes from reference/k8s-behavior.md;
 * a scenario's `settings` may override any of them. Durations are integer milliseconds.
 */
export type ProfileName = 'v1.33' | 'v1.23-docker';

export interface Settings {
  /** node-monitor-grace-period: 50s since v1.32 (kk#126287), 40s before. */
  nodeMonitorGracePeriod: number;
  /** node-startup-grace-period, used while a node never posted Ready. */
  nodeStartupGracePeriod: number;
  /** node-monitor-period: how often the node-lifecycle controller checks node health. */
  nodeMonitorPeriod: number;
  /** kubelet nodeLeaseDurationSeconds (renew interval is a quarter of it). */
  nodeLeaseDurationSeconds: number;
  /** kubelet nodeStatusUpdateFrequency: how often status is computed. */
  nodeStatusUpdateFrequency: number;
  /** kubelet nodeStatusReportFrequency: post at least this often even with no change. */
  nodeStatusReportFrequency: number;
  /** DefaultTolerationSeconds admission: not-ready / unreachable NoExecute toleration. */
  defaultTolerationSeconds: number;
  nodeEvictionRate: number;
  secondaryNodeEvictionRate: number;
  unhealthyZoneThreshold: number;
  largeClusterSizeThreshold: number;
  /** PodGC gcCheckPeriod and quarantineTime. */
  podGCPeriod: number;
  podGCQuarantine: number;
  /** kubelet maxWaitForContainerRuntime and PLEG relist threshold. */
  maxWaitForContainerRuntime: number;
  plegRelistThreshold: number;
  /**
   * kubelet shutdownGracePeriod / shutdownGracePeriodCriticalPods (graceful node shutdown, 0 = off as
   * kubeadm leaves it): on a clean `poweroff` the shutdown manager kills regular pods within
   * shutdownGracePeriod - shutdownGracePeriodCriticalPods, then critical ones within
   * shutdownGracePeriodCriticalPods (kk pkg/kubelet/nodeshutdown, KCFG defaults 0).
   */
  shutdownGracePeriod: number;
  shutdownGracePeriodCriticalPods: number;
  /** How long a watch takes to deliver a change to a controller or kubelet. */
  watchLatency: number;
  /** Image pull time range for an image not yet on the host. */
  imagePullMin: number;
  imagePullMax: number;
  // ---- cloud-controller-manager and cluster-autoscaler (scenarios with spec.cloud; docs/reference/cloud.md)
  /** cloud-controller-manager --node-monitor-period: the cloud-node-lifecycle-controller's pass. CP-CFG [C] */
  cloudNodeMonitorPeriod: number;
  /** cluster-autoscaler --scan-interval: sleep between two loops (CA ≤1.34: no early loops). CA-FLAGS [C] */
  scanInterval: number;
  /** --max-node-provision-time: a scale-up must register within it; unregistered machines older than it are removed. */
  maxNodeProvisionTime: number;
  /** --scale-down-utilization-threshold: a node is a candidate if max(cpu, memory) requests / allocatable ≤ this. */
  scaleDownUtilizationThreshold: number;
  /** --scale-down-unneeded-time: how long a Ready node must be unneeded before it is removed. */
  scaleDownUnneededTime: number;
  /** --scale-down-unready-time: the same for a node that is not Ready. */
  scaleDownUnreadyTime: number;
  /** --scale-down-delay-after-add / -after-delete / -after-failure: scale-down cooldowns. */
  scaleDownDelayAfterAdd: number;
  scaleDownDelayAfterDelete: number;
  scaleDownDelayAfterFailure: number;
  /** --max-total-unready-percentage and --ok-total-unready-count: the cluster-wide health rule. */
  maxTotalUnreadyPercentage: number;
  okTotalUnreadyCount: number;
  /** --max-graceful-termination-sec: cap on a pod's grace period when the autoscaler drains a node. */
  maxGracefulTerminationSec: number;
  /** --node-delete-delay-after-taint: pause between the ToBeDeleted taint and the drain. */
  nodeDeleteDelayAfterTaint: number;
  /** --unremovable-node-recheck-timeout: a node found unremovable is not simulated again for this long. */
  unremovableNodeRecheckTimeout: number;
  /** --initial-node-group-backoff-duration / --max-node-group-backoff-duration after a failed scale-up. */
  initialNodeGroupBackoffDuration: number;
  maxNodeGroupBackoffDuration: number;
}

/** The settings of the cloud's processes (read only in scenarios with `spec.cloud`). */
export const CLOUD_SETTINGS: readonly (keyof Settings)[] = [
  'cloudNodeMonitorPeriod',
  'scanInterval',
  'maxNodeProvisionTime',
  'scaleDownUtilizationThreshold',
  'scaleDownUnneededTime',
  'scaleDownUnreadyTime',
  'scaleDownDelayAfterAdd',
  'scaleDownDelayAfterDelete',
  'scaleDownDelayAfterFailure',
  'maxTotalUnreadyPercentage',
  'okTotalUnreadyCount',
  'maxGracefulTerminationSec',
  'nodeDeleteDelayAfterTaint',
  'unremovableNodeRecheckTimeout',
  'initialNodeGroupBackoffDuration',
  'maxNodeGroupBackoffDuration',
];

export interface Profile {
  name: ProfileName;
  kubernetesVersion: string;
  runtime: 'containerd' | 'docker';
  containerRuntimeVersion: string;
  /** Stopping the runtime stops containers (docker without live-restore) or not (containerd shims). */
  runtimeStopKillsContainers: boolean;
  /** Event source of taint-based eviction: taint-eviction-controller (1.29+) or taint-controller. */
  taintEvictionSource: string;
  /** DisruptionTarget pod condition (PodDisruptionConditions, default on since 1.26). */
  disruptionConditions: boolean;
  /** Capitalised "Container runtime not ready" (~1.18-1.2x) vs lower case. */
  runtimeNotReadyPrefix: string;
  /**
   * The taint kubeadm registers the control plane with (`--register-with-taints`, NoSchedule):
   * `node-role.kubernetes.io/master` up to 1.23, `node-role.kubernetes.io/control-plane` since 1.24
   * (kubernetes/kubernetes#107533; both in 1.24, master dropped in 1.25).
   */
  controlPlaneTaint: string;
  /**
   * kube-apiserver `--event-ttl`: an Event is deleted this long after its last write
   * (core/event-expiry.ts). `EventTTL: 1 * time.Hour` in kk `cmd/kube-apiserver/app/options/options.go`
   * (`NewServerRunOptions`), the same default in every version profiled here. Not a scenario setting.
   */
  eventTTL: number;
  /** kubectl describe "From" column printed "kubelet, <host>" in old kubectl. */
  defaults: Settings;
}

const s = 1000;
const m = 60 * s;

const common: Omit<Settings, 'nodeMonitorGracePeriod'> = {
  nodeStartupGracePeriod: 60 * s,
  nodeMonitorPeriod: 5 * s,
  nodeLeaseDurationSeconds: 40,
  nodeStatusUpdateFrequency: 10 * s,
  nodeStatusReportFrequency: 5 * m,
  defaultTolerationSeconds: 300,
  nodeEvictionRate: 0.1,
  secondaryNodeEvictionRate: 0.01,
  unhealthyZoneThreshold: 0.55,
  largeClusterSizeThreshold: 50,
  podGCPeriod: 20 * s,
  podGCQuarantine: 40 * s,
  maxWaitForContainerRuntime: 30 * s,
  plegRelistThreshold: 3 * m,
  shutdownGracePeriod: 0,
  shutdownGracePeriodCriticalPods: 0,
  watchLatency: 100,
  imagePullMin: 2 * s,
  imagePullMax: 6 * s,
  // Upstream defaults: cloud-provider config/v1alpha1/defaults.go; cluster-autoscaler config/flags/flags.go.
  cloudNodeMonitorPeriod: 5 * s,
  scanInterval: 10 * s,
  maxNodeProvisionTime: 15 * m,
  scaleDownUtilizationThreshold: 0.5,
  scaleDownUnneededTime: 10 * m,
  scaleDownUnreadyTime: 20 * m,
  scaleDownDelayAfterAdd: 10 * m,
  scaleDownDelayAfterDelete: 0,
  scaleDownDelayAfterFailure: 3 * m,
  maxTotalUnreadyPercentage: 45,
  okTotalUnreadyCount: 3,
  maxGracefulTerminationSec: 600,
  nodeDeleteDelayAfterTaint: 5 * s,
  unremovableNodeRecheckTimeout: 5 * m,
  initialNodeGroupBackoffDuration: 5 * m,
  maxNodeGroupBackoffDuration: 30 * m,
};

export const PROFILES: Record<ProfileName, Profile> = {
  'v1.33': {
    name: 'v1.33',
    kubernetesVersion: 'v1.33.2',
    runtime: 'containerd',
    containerRuntimeVersion: 'containerd://2.0.5',
    runtimeStopKillsContainers: false,
    taintEvictionSource: 'taint-eviction-controller',
    disruptionConditions: true,
    runtimeNotReadyPrefix: 'container runtime not ready',
    controlPlaneTaint: 'node-role.kubernetes.io/control-plane',
    eventTTL: 60 * m,
    defaults: { ...common, nodeMonitorGracePeriod: 50 * s },
  },
  'v1.23-docker': {
    name: 'v1.23-docker',
    kubernetesVersion: 'v1.23.2',
    runtime: 'docker',
    containerRuntimeVersion: 'docker://20.10.12',
    runtimeStopKillsContainers: true,
    taintEvictionSource: 'taint-controller',
    disruptionConditions: false,
    runtimeNotReadyPrefix: 'Container runtime not ready',
    controlPlaneTaint: 'node-role.kubernetes.io/master',
    eventTTL: 60 * m,
    defaults: { ...common, nodeMonitorGracePeriod: 40 * s },
  },
};

export const DEFAULT_PROFILE: ProfileName = 'v1.33';
