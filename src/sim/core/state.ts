/**
 * The whole simulation state as plain data. Everything the engine knows lives here, so that
 * `structuredClone(state)` is a complete snapshot: API objects, hosts, in-memory component state,
 * pending timers and the PRNG position.
 */
import type { ApiObject, Kind, PodSpec } from '../api/types';
import type { Profile, Settings } from '../scenario/profiles';
import type { Timer } from './heap';
import type { RngState } from './random';

export type HostServiceName = 'kubelet' | 'containerd' | 'docker' | 'kube-proxy' | 'calico-node';

export interface HostService {
  active: boolean;
  /** When it last became active or inactive (systemctl "since"). */
  since: number;
  pid: number;
  /** Bumped at every start and stop: timers of an older generation are ignored. */
  gen: number;
  /** Cause id of the last start/stop, for "Why?". */
  cause: number;
}

/** A container as the host's runtime sees it: this is the "host truth" of a pod. */
export interface HostContainer {
  id: string;
  podUid: string;
  podName: string;
  namespace: string;
  name: string;
  image: string;
  state: 'running' | 'exited';
  startedAt: number;
  finishedAt?: number;
  exitCode?: number;
  /** Started from a static manifest (no API object needed). */
  staticPod: boolean;
}

/** A pod manifest in /etc/kubernetes/manifests (or stashed elsewhere after `mv`). */
export interface StaticManifest {
  file: string;
  name: string;
  namespace: string;
  labels: Record<string, string>;
  spec: Pick<PodSpec, 'containers' | 'hostNetwork' | 'priority'>;
  /** Content hash: editing the file changes it, and with it the static pod UID. */
  hash: string;
}

export interface JournalLine {
  t: number;
  unit: string;
  line: string;
}

export interface KubeletPodWorker {
  uid: string;
  key: string; // namespace/name
  staticPod: boolean;
  /** pulling -> (backoff) -> running; killing while terminating. */
  state: 'pulling' | 'pullBackOff' | 'running' | 'terminating' | 'terminated';
  readyAt?: number;
  pullBackoffCount: number;
  nextActionAt?: number;
  lastError?: string;
}

/** What a running kubelet process holds in memory; reset at every start. */
export interface KubeletMemory {
  startedAt: number;
  registrationCompleted: boolean;
  nodeUid?: string;
  lastStatusPostAt: number;
  /** Delay applied once to the forced report after a real change (delayAfterNodeStatusChange). */
  lastBaseRuntimeSync: number;
  runtimeError?: string;
  plegLastRelist: number;
  plegEverSucceeded: boolean;
  containerGCFailing: boolean;
  imageGCFailures: number;
  pods: Record<string, KubeletPodWorker>;
  /** Mirror pods the kubelet created, by static pod uid. */
  mirrors: Record<string, string>;
  leaseExists: boolean;
  fastStatusUntil: number;
}

export interface Host {
  name: string;
  role: 'control-plane' | 'worker';
  zone: string;
  ip: string;
  labels: Record<string, string>;
  power: 'on' | 'off';
  powerCause: number;
  bootId: string;
  networkCut: boolean;
  networkCause: number;
  services: Partial<Record<HostServiceName, HostService>>;
  containers: Record<string, HostContainer>;
  images: Record<string, true>;
  manifests: Record<string, StaticManifest>;
  /** Files moved out of the manifest folder, by path (e.g. /tmp/nginx.yaml). */
  stash: Record<string, StaticManifest>;
  journal: JournalLine[];
  kubelet: KubeletMemory | null;
  nextPodIp: number;
  podCidrIndex: number;
}

/** One link of the causal chain behind a state: who did what, by which rule and constant. */
export interface Cause {
  id: number;
  at: number;
  actor: string;
  what: string;
  rule?: string;
  constant?: string;
  command?: string;
  parents: number[];
}

export interface ObjectHistoryEntry {
  at: number;
  what: string;
  cause: number;
}

export interface NodeHealth {
  probeTimestamp: number;
  readyTransitionTimestamp: number;
  lastReadyHeartbeat: number;
  lastLeaseRenew: number;
  /** Ready status the controller observed at its previous pass. */
  observedReady?: string;
}

export interface ControllerMemory {
  /** node-lifecycle-controller, in kube-controller-manager's memory. */
  nodeHealth: Record<string, NodeHealth>;
  knownNodes: Record<string, string>; // name -> uid
  zoneStates: Record<string, 'Normal' | 'PartialDisruption' | 'FullDisruption' | 'Initial'>;
  /** Nodes waiting in a zone's rate-limited NoExecute tainting queue, with when they were queued. */
  taintQueue: Record<string, string[]>;
  zoneTokens: Record<string, { tokens: number; last: number }>;
  masterDisruption: boolean;
  /** taint-eviction-controller: pod key -> when deletion fires. */
  evictions: Record<string, { at: number; node: string; cause: number }>;
  /** podgc: node name -> when its orphaned pods were first seen. */
  podgcQuarantine: Record<string, number>;
  startedAt: number;
}

export interface CommandLogEntry {
  at: number;
  line: string;
  ok: boolean;
  output?: string;
}

export interface ApiState {
  /** Objects by kind, then by key (`namespace/name`, or `name` for Nodes). */
  objects: { [K in Kind]: Record<string, Extract<ApiObject, { kind: K }>> };
  resourceVersion: number;
  /** Per object key (`Kind/key`), the recent history of changes with their causes. */
  history: Record<string, ObjectHistoryEntry[]>;
}

export interface SimState {
  now: number;
  seed: number;
  rng: RngState;
  nextSeq: number;
  nextUid: number;
  timers: Timer[];
  profile: Profile;
  settings: Settings;
  api: ApiState;
  hosts: Record<string, Host>;
  registryUp: boolean;
  registryCause: number;
  controllers: ControllerMemory;
  /** Controllers' pending workqueue runs, deduplicated by name. */
  pendingSyncs: Record<string, true>;
  causes: Cause[];
  /** Rolling FNV-1a hash of every trace line, as two 32-bit halves. */
  traceHash: [number, number];
  traceLength: number;
  /** Recent trace lines (bounded) for `--events` and debugging. */
  trace: string[];
  commandLog: CommandLogEntry[];
  /** Count of processed state changes; the UI uses it to know something moved. */
  changeCount: number;
}
