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
  /** How long a watch takes to deliver a change to a controller or kubelet. */
  watchLatency: number;
  /** Image pull time range for an image not yet on the host. */
  imagePullMin: number;
  imagePullMax: number;
}

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
  watchLatency: 100,
  imagePullMin: 2 * s,
  imagePullMax: 6 * s,
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
    defaults: { ...common, nodeMonitorGracePeriod: 40 * s },
  },
};

export const DEFAULT_PROFILE: ProfileName = 'v1.33';
