/**
 * The simulated cloud as plain data (part of SimState): node groups, instances, and the memories of
 * the two processes that talk to the cloud, cloud-controller-manager and cluster-autoscaler.
 *
 * The cloud is the third truth beside the hosts and the API: an instance may run with no Node
 * (the seed's zombie), a Node may outlive its instance (until the cloud-node-lifecycle-controller
 * deletes it), and a node group's target size may differ from the machines it has.
 */

/** EC2's instance states, without the transitional `shutting-down` (a terminate is immediate here). */
export type InstanceState = 'pending' | 'running' | 'stopping' | 'stopped' | 'terminated';

/** One machine of the cloud. Its host (the hosts truth) has the same name as its Node. */
export interface CloudInstance {
  /** `i-` and 17 hex digits, like an EC2 instance id. */
  id: string;
  /** `notready:///<zone>/<id>`, shaped like the AWS provider's `aws:///<zone>/<id>`. */
  providerID: string;
  /** The machine's hostname: the kubelet registers its Node under it. */
  host: string;
  /** Its node group, if it belongs to one (machines outside groups are never autoscaled). */
  group?: string;
  zone: string;
  machineType: string;
  privateIp: string;
  state: InstanceState;
  launchedAt: number;
  /** When `state` last changed. */
  since: number;
  /** Cause of the last state change ("Why?"). */
  cause: number;
  /** Bumped at every state change: transition timers of an older generation are ignored. */
  gen: number;
  /** Who or what changed the state last, as the cloud's CLI shows it (EC2's StateTransitionReason). */
  reason: string;
}

/** A node group: an auto scaling group of identical machines with a target size. */
export interface CloudNodeGroup {
  name: string;
  min: number;
  max: number;
  zone: string;
  cpu: number;
  memory: number;
  machineType: string;
  bootTime: number;
  /** Desired capacity: the group launches or terminates machines to match it (TargetSize). */
  target: number;
  /** Cause of the last change of `target`. */
  targetCause: number;
}

/** cloud-controller-manager's memory (reset when its process changes). */
export interface CloudControllerMemory {
  containerId: string;
  /** cloud-node-controller: nodes to initialize at the next workqueue run (`*`: every node). */
  dirty: Record<string, true>;
}

/** A scale-up the autoscaler waits for (clusterstate.go ScaleUpRequest). */
export interface ScaleUpRequest {
  increase: number;
  time: number;
  expectedAddTime: number;
  cause: number;
}

/** Per node group back-off after a failed scale-up (utils/backoff/exponential_backoff.go). */
export interface GroupBackoff {
  duration: number;
  until: number;
  lastFailed: number;
  errorCode: string;
  errorMessage: string;
}

/** A node the autoscaler is removing (core/scaledown/actuation). */
export interface NodeDeletion {
  group: string;
  /** Empty nodes are deleted without a drain. */
  drain: boolean;
  startedAt: number;
  /** Pods evicted (`ns/name` with their uid) that must be gone before the instance is deleted. */
  evicted: { key: string; uid: string }[];
  /**
   * Pods the eviction API refused (a PodDisruptionBudget), asked again every 10s until `retryUntil`
   * (drain.go evictPod: MaxPodEvictionTime after the first try), with the last refusal's message.
   */
  refused?: { key: string; uid: string; error: string }[];
  retryUntil?: number;
  /** When the drain gives up (max graceful termination + 30s after the evictions). */
  deadline: number;
  cause: number;
  gen: number;
}

/** What the status ConfigMap said last, for `lastTransitionTime` (clusterstate.go lastStatus). */
export interface StatusConditions {
  [condition: string]: { status: string; since: number };
}

/** cluster-autoscaler's memory: everything it keeps in process, forgotten when it restarts. */
export interface AutoscalerMemory {
  containerId: string;
  startedAt: number;
  /** Loops run by this process (the first one cleans up leftover taints). */
  loops: number;
  /** Bumped when the memory is reset: loop and deletion timers of an older process are ignored. */
  gen: number;
  lastScaleUpTime: number;
  lastScaleDownDeleteTime: number;
  lastScaleDownFailTime: number;
  /** Instance id -> the loop that first saw it unregistered (UnregisteredSince). */
  unregistered: Record<string, number>;
  /** Node -> since when it is unneeded. */
  unneeded: Record<string, number>;
  /** Node -> until when it is not simulated again, and why it was unremovable. */
  unremovable: Record<string, { until: number; reason: string }>;
  scaleUpRequests: Record<string, ScaleUpRequest>;
  backoff: Record<string, GroupBackoff>;
  /** Group -> registered/expected sizes first seen different (updateIncorrectNodeGroupSizes). */
  incorrectSizes: Record<string, { current: number; expected: number; since: number }>;
  deletions: Record<string, NodeDeletion>;
  /** The event spam filter: key -> when an event with that key last went out. */
  spam: Record<string, number>;
  /**
   * The event recorder's observations (client-go events_cache.go `eventLogger`, an LRU of
   * factory.go defaultLRUCache keys): event key -> occurrences counted, the first one's time and
   * the Event written for them (its sequence number in the Event log, -1 while none). In LRU
   * order, least recently observed first; `recorderSize` keys.
   */
  recorder: Record<string, EventObservation>;
  recorderSize: number;
  /** Last written status conditions, for lastTransitionTime. */
  conditions: StatusConditions;
  /** Why the autoscaler last did or did not act, per object (for Why? and the view). */
  decisions: Record<string, AutoscalerDecision>;
  /** When the scale-down candidates were last computed (the status's scaleDown lastProbeTime). */
  scaleDownProbe?: number;
}

/** client-go events_cache.go `eventLog`: what the recorder remembers of an event (autoscaler/events.ts). */
export interface EventObservation {
  count: number;
  first: number;
  seq: number;
}

/** One decision of the autoscaler, kept for the view and Why? ("pod web-… unschedulable, group workers 2→3 (max 5)"). */
export interface AutoscalerDecision {
  at: number;
  text: string;
  cause: number;
}

export interface CloudState {
  groups: Record<string, CloudNodeGroup>;
  /** Every instance ever launched, by id, in launch order. */
  instances: Record<string, CloudInstance>;
  /** The cluster-autoscaler is part of the scenario (spec.cloud.autoscaler). */
  autoscaler: boolean;
  ccm?: CloudControllerMemory;
  ca?: AutoscalerMemory;
}
