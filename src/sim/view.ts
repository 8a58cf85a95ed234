/**
 * The compact view model the app draws: both truths per node and per pod. Built on demand from the
 * state; plain data, small enough to post to the UI thread.
 * STUB body: the full builder is owned by the app engineer; the types are the contract.
 */
import type { Engine } from './core/engine';

export interface ServiceView {
  name: 'kubelet' | 'containerd' | 'docker' | 'kube-proxy' | 'calico-node';
  active: boolean;
}

export interface NodeView {
  name: string;
  role: 'control-plane' | 'worker';
  zone: string;
  /** Host truth. */
  power: 'on' | 'off';
  networkCut: boolean;
  services: ServiceView[];
  /** API truth: does a Node object exist, and what does kubectl say. */
  apiExists: boolean;
  status: string; // kubectl STATUS column: Ready, NotReady, Ready,SchedulingDisabled, Unknown, or '' if no object
  conditions: { type: string; status: string; reason: string }[]; // the unhealthy ones
  taints: string[]; // key:Effect
  /** ms since the node's last heartbeat (Lease renewal) as the API sees it; undefined if none. */
  heartbeatAge?: number;
  /** The node-monitor-grace-period in force. */
  grace: number;
  /** Lease renewTime, for pulsing the heartbeat edge. */
  lastLeaseRenew?: number;
}

export interface PodView {
  key: string; // namespace/name (API) or host:<container id> for a ghost
  name: string;
  namespace: string;
  node?: string;
  /** kubectl STATUS column ('' for ghosts, which are not in the API). */
  status: string;
  /** kubectl READY column. */
  ready: string;
  /** Pod Ready condition is True. */
  apiReady: boolean;
  inApi: boolean;
  /** A container of this pod runs on its host right now. */
  hostRunning: boolean;
  /** Runs on a host but has no API object. */
  ghost: boolean;
  /** The API says Running but nothing runs on the host (dead host, stopped runtime). */
  zombie: boolean;
  terminating: boolean;
  /** When the taint-eviction controller will delete it (NoExecute toleration ends), if scheduled. */
  evictionAt?: number;
  owner?: string; // Kind/name
  staticPod: boolean;
  /** For a replacement pod: the node its predecessor ran on (for the travel animation). */
  fromNode?: string;
}

export interface WorkloadView {
  kind: 'Deployment' | 'StatefulSet' | 'DaemonSet';
  name: string;
  namespace: string;
  ready: number;
  desired: number;
}

export interface ControlPlaneView {
  node: string;
  components: {
    name: 'etcd' | 'kube-apiserver' | 'kube-controller-manager' | 'kube-scheduler';
    running: boolean;
    restarts: number;
  }[];
  apiAvailable: boolean;
}

export interface ClusterView {
  now: number;
  changeCount: number;
  profile: string;
  registryUp: boolean;
  controlPlane?: ControlPlaneView;
  nodes: NodeView[];
  pods: PodView[];
  workloads: WorkloadView[];
}

export function buildView(e: Engine): ClusterView {
  return {
    now: e.now,
    changeCount: e.state.changeCount,
    profile: e.state.profile.name,
    registryUp: e.state.registryUp,
    nodes: [],
    pods: [],
    workloads: [],
  };
}
