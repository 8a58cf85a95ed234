/**
 * A validated, normalised scenario (DESIGN section 5). The YAML/JSON a person writes is checked and
 * turned into this shape by scenario/parse.ts; the engine only ever sees this shape.
 */
import type { ProfileName, Settings } from './profiles';

/** Which kube-system add-ons a scenario's cluster runs (all by default). */
export interface Addons {
  kubeProxy: boolean;
  /** The CNI agent: Calico's calico-node DaemonSet. */
  cni: boolean;
  coreDNS: boolean;
}

export interface ScenarioNode {
  name: string;
  roles: string[];
  zone?: string;
  labels?: Record<string, string>;
  /** Allocatable CPU in millicores and memory in MiB (defaults: 4000m, 8192Mi, 110 pods). */
  cpu?: number;
  memory?: number;
  /** The cloud node group (spec.cloud.nodeGroups) whose machine this is; its size and zone come from it. */
  group?: string;
}

/**
 * One node group of the simulated cloud (an auto scaling group, a managed instance group): its
 * machines share a zone, a machine type and a size, and its target size stays within min and max.
 */
export interface ScenarioNodeGroup {
  name: string;
  min: number;
  max: number;
  zone: string;
  /** Machine size: allocatable CPU in millicores and memory in MiB. */
  cpu: number;
  memory: number;
  /** The instance type the cloud reports (label node.kubernetes.io/instance-type). */
  machineType: string;
  /** From a machine's launch to its power-on (the instance is `pending` meanwhile). */
  bootTime: number;
}

/**
 * `spec.cloud` (DESIGN section 10): every machine becomes a cloud instance, the
 * cloud-controller-manager initializes and reaps Nodes, and the cluster-autoscaler (unless turned
 * off) resizes the node groups.
 */
export interface ScenarioCloud {
  nodeGroups: ScenarioNodeGroup[];
  /** The cluster-autoscaler runs (default true). */
  autoscaler: boolean;
}

/** A Kubernetes manifest as written (apiVersion, kind, metadata, spec...), already parsed. */
export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: unknown;
  [k: string]: unknown;
};

export interface ScenarioStaticPod {
  node: string;
  /** File name in /etc/kubernetes/manifests (defaults to `<name>.yaml`). */
  file?: string;
  manifest: Manifest;
}

export interface TimelineEntry {
  at: number;
  run: string;
  /**
   * Who ran it, when not the scenario: a replayed run (share links, scenario/replay.ts) turns the
   * whole command log into the timeline and keeps the learner's commands credited to them.
   */
  by?: 'you';
}

export interface LessonStep {
  id: string;
  /** Message catalog key or literal narration. */
  text: string;
  /** Command to run when the step starts (optional). */
  run?: string;
  /** Wait for a simulation condition, e.g. `node node2 NotReady`, `event TaintManagerEviction`, `time 60s`. */
  waitFor?: string;
  predict?: { question: string; choices: string[]; answer: number; explanation: string };
}

export interface Scenario {
  apiVersion: 'notready/v1';
  kind: 'Scenario';
  metadata: { name: string; title: string; description?: string };
  spec: {
    profile: ProfileName;
    seed: number;
    settings: Partial<Settings>;
    nodes: ScenarioNode[];
    objects: Manifest[];
    staticPods: ScenarioStaticPod[];
    timeline: TimelineEntry[];
    lesson: LessonStep[];
    /** The simulated cloud (absent: bare machines, no cloud controllers). */
    cloud?: ScenarioCloud;
    /**
     * kubeadm's kube-system add-ons (api/addons.ts): kube-proxy and the CNI agent (calico-node)
     * as DaemonSets, CoreDNS as a Deployment. Absent: all on; set by validation only when written.
     */
    addons?: Addons;
    /**
     * The scenario's end in ms of simulated time (DESIGN section 10): the app stops playing there
     * and scales its timeline to it. Always set: without `spec.duration` in the text, 10 minutes
     * after the last timeline entry (core/duration.ts `defaultScenarioDuration`).
     */
    duration: number;
  };
}
