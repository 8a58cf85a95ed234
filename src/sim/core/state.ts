/**
 * The whole simulation state as plain data. Everything the engine knows lives here, so that
 * `structuredClone(state)` is a complete snapshot: API objects, hosts, in-memory component state,
 * pending timers and the PRNG position.
 */

import type { ApiObject, Kind, PodSpec, Probe } from './api-types';
import type { CauseLog, CommandBy } from './cause-log';
import type { CloudState } from './cloud-types';
import type { EventLog } from './event-log';
import type { Timer } from './heap';
import type { JournalLog } from './journal-log';
import type { Profile, Settings } from './profiles';
import type { RngState } from './random';
import type { RecordCheckpoint, StoreRecord } from './store-record';

export type { Cause, CommandBy } from './cause-log';

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
  readonly id: string;
  readonly podUid: string;
  readonly podName: string;
  readonly namespace: string;
  readonly name: string;
  readonly image: string;
  readonly state: 'running' | 'exited';
  readonly startedAt: number;
  readonly finishedAt?: number;
  readonly exitCode?: number;
  /** Started from a static manifest (no API object needed). */
  readonly staticPod: boolean;
  /** Why it exited (`Completed`, `Error`...), set with exitCode. (H2 addition) */
  readonly reason?: string;
  /** The io.kubernetes.container.restartCount label: which attempt of its container this is (0: the first). */
  readonly restartCount?: number;
  /** The process the container runs (runtime/app.ts reads what it does from them). */
  readonly command?: string[];
  readonly args?: string[];
  /** Power was lost while it ran: it is not running, its exit status unknown until the runtime starts again. */
  readonly lost?: boolean;
  /** Files created or removed inside it after it started (`kubectl exec -- touch|rm`), in time order. */
  readonly fileChanges?: readonly { readonly at: number; readonly path: string; readonly exists: boolean }[];
}

/**
 * A pod sandbox (the pause container and the pod's network namespace): the pod IP lives here. It
 * survives a kubelet restart; after a reboot (or dockerd stopping its containers) it is NotReady and
 * the kubelet replaces it: SandboxChanged, a new sandbox, a new IP.
 */
export interface HostSandbox {
  readonly podUid: string;
  readonly podName: string;
  readonly namespace: string;
  readonly ip: string;
  readonly state: 'ready' | 'notready';
  /** Sandboxes of this pod before this one (0: the first); with the uid it names the sandbox. */
  readonly attempt: number;
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
  /**
   * The manifest's spec.priority (kubeadm's control-plane pods: 2000001000), read by the node
   * shutdown manager for its priority groups. Kept out of `spec` and the hash, so uids and mirror
   * pods stay as they were.
   */
  priority?: number;
}

/**
 * One journald entry of a host, kept as its parts: the line `journalctl` prints is rendered when
 * read (host/journal.ts `journalText`), its stamps from `t` alone. A big cluster's hosts hold
 * ~10^6 entries; a rendered line took ~250 bytes, its parts a tenth of it. The journal keeps an
 * entry as its time and its body (core/journal-log.ts): a failing kubelet repeats a few bodies,
 * each kept once and shared by its entries; `JournalLine` is the two together, built when read.
 */
export type JournalLine = KlogJournalLine | RawJournalLine | BootJournalLine;

/** An entry without its time: what repeats. */
export type JournalBody = KlogJournalBody | RawJournalBody | BootJournalBody;

/** A klog line of a unit's process: `E0602 09:01:02.123456    1150 kubelet_node_status.go:460] msg`. */
export interface KlogJournalBody {
  readonly unit: string;
  readonly pid: number;
  readonly severity: 'I' | 'W' | 'E';
  readonly fileLine: string;
  readonly msg: string;
}

/** A line another process wrote about the unit (`systemd[1]: Started kubelet.service`). */
export interface RawJournalBody {
  readonly unit: string;
  readonly ident: string;
  readonly text: string;
}

/** journalctl's boot separator (`-- Boot <id> --`). */
export interface BootJournalBody {
  readonly unit: string;
  readonly boot: string;
}

export type KlogJournalLine = KlogJournalBody & { readonly t: number };
export type RawJournalLine = RawJournalBody & { readonly t: number };
export type BootJournalLine = BootJournalBody & { readonly t: number };

export interface KubeletPodWorker {
  readonly uid: string;
  readonly key: string; // namespace/name
  readonly staticPod: boolean;
  /** pulling -> (backoff) -> running; killing while terminating. */
  readonly state: 'pulling' | 'pullBackOff' | 'running' | 'terminating' | 'terminated';
  readonly pullBackoffCount: number;
  readonly nextActionAt?: number;
  readonly lastError?: string;
  /** (H2 additions) Pod identity as the kubelet knows it. */
  readonly podName: string;
  readonly namespace: string;
  /** For static pods: the manifest file and hash the worker was started from. */
  readonly manifestFile?: string;
  readonly podIP?: string;
  readonly startTime?: number;
  /** Per container: restart count, pull/crash back-off and the state to report. */
  readonly containers: Record<string, KubeletContainerState>;
  /** Cause that created this worker (the pod's creation or the manifest change). */
  readonly cause: number;
  /** The pod's terminationGracePeriodSeconds (a liveness kill waits for it). */
  readonly terminationGracePeriodSeconds?: number;
  /** The pod runs in the host's network namespace (its sandbox has the host's IP). */
  readonly hostNetwork?: boolean;
  /** Some container has a readiness probe (the sync's manual trigger looks only then). */
  readonly readinessProbes?: boolean;
  /**
   * Killed by the node shutdown manager (kubelet/shutdown-manager.ts): once terminated it reports
   * phase Failed, reason Terminated, and stays (no final DELETE).
   */
  readonly shutdown?: boolean;
  /** Since when SyncPod waits for the pod's volumes (WaitForAttachAndMount; only with claims). */
  readonly volumeWaitSince?: number;
}

export type ProbeType = 'liveness' | 'readiness' | 'startup';
export type ProbeResult = 'Success' | 'Failure' | 'Unknown';

/** One probe worker (pkg/kubelet/prober/worker.go): a container's probe of one type. */
export interface ProbeWorkerState {
  readonly spec: Probe;
  /** The container the results belong to (results.Manager is keyed by container id). */
  readonly containerId?: string;
  /** The result the kubelet acts on (set once a threshold is reached; the initial value before). */
  readonly result?: ProbeResult;
  readonly lastResult?: ProbeResult;
  /** How many times in a row the probe returned lastResult. */
  readonly resultRun: number;
  /** A failed liveness or startup probe waits for a new container. */
  readonly onHold: boolean;
  /** When the periodic ticker fires next (a timer for another time is stale). */
  readonly nextTick: number;
  /** A manual run is pending (manualTriggerCh holds one). */
  readonly triggered: boolean;
  /** The worker's loop ran its first probe (before that a manual trigger waits for it). */
  readonly looping?: boolean;
}

/** What the kubelet remembers about one container of a pod (H2 addition). */
export interface KubeletContainerState {
  readonly name: string;
  readonly image: string;
  /** restartCount the API status had when the worker was made (used until the runtime has a container). */
  readonly restartCount: number;
  /** Host container id while one exists. */
  readonly containerId?: string;
  readonly pulling: boolean;
  readonly pullFailures: number;
  /** Image pull back-off ends (ms); while it runs, syncs report ImagePullBackOff. */
  readonly pullBackoffUntil?: number;
  /** The container's entry in the kubelet's crash back-off (flowcontrol.Backoff, kubelet/backoff.ts). */
  readonly backoff?: { readonly delay: number; readonly lastUpdate: number };
  readonly waiting?: { readonly reason: string; readonly message?: string };
  /** lastState the API status had when the worker was made (the runtime's dead container wins). */
  readonly lastTerminated?: Readonly<{
    reason: string;
    exitCode: number;
    startedAt?: number;
    finishedAt: number;
    message?: string;
  }>;
  /** Probe workers by type (only for the probes the container declares). */
  readonly probes?: Readonly<Partial<Record<ProbeType, ProbeWorkerState>>>;
  /** The container's declared ports (named probe ports), kept when it has probes. */
  readonly ports?: readonly { readonly containerPort: number; readonly name?: string }[];
  /** The container's command and args, given to the runtime when it creates the container. */
  readonly command?: string[];
  readonly args?: string[];
  /** Being killed after a failed liveness or startup probe; `before` is the newest dead instance before it. */
  readonly killing?: { readonly containerId: string; readonly probe: 'liveness' | 'startup'; readonly before?: string };
}

/**
 * What a running kubelet process holds in memory; reset at every start. Its fields, like a host's,
 * are written through `Engine.cow.touch` only (core/copy-on-write.ts): a snapshot takes its last
 * copy of a host again when nothing touched the host or its kubelet since.
 */
/**
 * Optional fields here and in ControllerMemory are cleared with `= undefined`, never `delete`: a
 * delete turns the record into a V8 dictionary for good, which made every kubelet memory of a
 * big run one (a copy 3.6 µs instead of 0.1; the 1,000-node zone-failure hour ran in 7.4 s
 * instead of 4.8 s).
 */
export interface KubeletMemory {
  readonly startedAt: number;
  readonly registrationCompleted: boolean;
  readonly nodeUid?: string;
  readonly lastStatusPostAt: number;
  /** Delay applied once to the forced report after a real change (delayAfterNodeStatusChange). */
  readonly lastBaseRuntimeSync: number;
  readonly runtimeError?: string;
  readonly plegLastRelist: number;
  readonly plegEverSucceeded: boolean;
  readonly containerGCFailing: boolean;
  readonly imageGCFailures: number;
  readonly pods: Readonly<Record<string, KubeletPodWorker>>;
  /** Mirror pods the kubelet created, by static pod uid. */
  readonly mirrors: Readonly<Record<string, string>>;
  readonly leaseExists: boolean;
  readonly fastStatusUntil: number;
  /** (H2 additions) */
  /** The updateRuntimeUp loop went idle at this tick, everything healthy (kubelet/runtime-health.ts). */
  readonly runtimeUpIdleSince?: number;
  /** Cause reused by every routine Lease renewal of this process. */
  readonly leaseRenewCause?: number;
  /** updateRuntimeUp succeeded at least once (lastBaseRuntimeSync is meaningful). */
  readonly runtimeEverSynced: boolean;
  /** When PLEG's first relist happens (the sync loop starts a little after the process). */
  readonly plegFirstRelistAt: number;
  /** Registration back-off (100ms doubling to 7s). */
  readonly registerBackoff: number;
  /** Events recorded while the API was unreachable, sent when it answers again (bounded). */
  readonly pendingEvents: readonly {
    kind: string;
    name: string;
    namespace?: string;
    uid: string;
    type: 'Normal' | 'Warning';
    reason: string;
    message: string;
    cause: number;
  }[];
  /** The container manager's NodeAllocatableEnforced event was sent for this process. */
  readonly nodeAllocatableEnforced: boolean;
  /** Consecutive status update failures in the current attempt series. */
  readonly statusTry: number;
  /** recordNodeSchedulableEvent's lastNodeUnschedulable (false at every start). */
  readonly lastNodeUnschedulable?: boolean;
  /** A sync pass created the workers of every pod the API and the manifests ask for. */
  readonly podsAdded?: boolean;
  /** Housekeeping ran once (podWorkers.podsSynced): dead containers of unknown pods may go. */
  readonly podsSynced?: boolean;
  /** The housekeeping loop's next tick, when it is armed. */
  readonly housekeepingAt?: number;
  /**
   * The node shutdown manager is processing a shutdown (kubelet/shutdown-manager.ts): the group of
   * pods being killed, the uids in it, when its period ends. Replaced, never changed in place.
   */
  readonly shutdown?: Readonly<{ cause: number; group: number; uids: readonly string[]; deadline: number }>;
}

export interface Host {
  readonly name: string;
  readonly role: 'control-plane' | 'worker';
  readonly zone: string;
  readonly ip: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly power: 'on' | 'off';
  readonly powerCause: number;
  readonly bootId: string;
  readonly networkCut: boolean;
  readonly networkCause: number;
  readonly services: Readonly<Partial<Record<HostServiceName, Readonly<HostService>>>>;
  readonly containers: Readonly<Record<string, HostContainer>>;
  /** Pod sandboxes by pod uid (created on first use). */
  readonly sandboxes?: Readonly<Record<string, HostSandbox>>;
  readonly images: Readonly<Record<string, true>>;
  readonly manifests: Readonly<Record<string, Readonly<StaticManifest>>>;
  /** Files moved out of the manifest folder, by path (e.g. /tmp/nginx.yaml). */
  readonly stash: Readonly<Record<string, Readonly<StaticManifest>>>;
  /** The journal's newest lines in shared chunks (core/journal-log.ts; written by host/journal.ts). */
  readonly journal: JournalLog;
  readonly kubelet: KubeletMemory | null;
  readonly nextPodIp: number;
  readonly podCidrIndex: number;
  /** Machine size the kubelet reports (millicores, MiB); absent: 4000m and 8192Mi. */
  readonly cpu?: number;
  readonly memory?: number;
  /** The machine is a cloud instance (SimState.cloud): its id. */
  readonly instance?: string;
  /**
   * The kubelet runs with `--cloud-provider=external`: it registers its Node with the
   * `node.cloudprovider.kubernetes.io/uninitialized` taint and no zone or instance-type labels,
   * which the cloud-node-controller sets (kk pkg/kubelet/kubelet_node_status.go initialNode).
   */
  readonly externalCloudProvider?: true;
}

export interface ObjectHistoryEntry {
  at: number;
  what: string;
  cause: number;
}

/**
 * An object's recent history as the state keeps it: its entries flat, `[at, what, cause, at, ...]`,
 * the older ones of a long history in a shared flat list in slot 0 (`core/history-list.ts`, which
 * writes and reads them; `Engine.history` gives them as records). A record per entry took ~56
 * bytes with its slot, three slots take 24: ~460,000 entries in a 1,000-node zone-failure hour.
 */
export type HistoryList = readonly (number | string | readonly (number | string)[])[];

export interface NodeHealth {
  probeTimestamp: number;
  readyTransitionTimestamp: number;
  lastReadyHeartbeat: number;
  lastLeaseRenew: number;
  /** Ready status the controller observed at its previous pass. */
  observedReady?: string;
  /** (H3 additions) Ready lastTransitionTime of the saved status; undefined = saved status had no Ready. */
  lastReadyTransition?: number;
  /** The controller has seen this node's Lease (savedLease != nil). */
  leaseSeen?: boolean;
}

/** (H3) One leader-election candidate (kube-controller-manager or kube-scheduler process). */
export interface LeaderElectionState {
  /** Host container id of the candidate process; a different running container is a new process. */
  containerId: string;
  /** holderIdentity it writes: `<host>_<uuid>`. */
  identity: string;
  leading: boolean;
  /** Last successful acquire or renew. */
  lastRenew: number;
  /** First failed attempt of the current failing series (renew deadline counts from here). */
  failingSince?: number;
  /**
   * The leader-election record last observed (the Lease's spec as served, renewals while the
   * leader's loop sleeps included: control-plane-idle.ts `servedLease`), and when it was first
   * observed (client-go leaderelection.go `observedRawRecord`, `observedTime`).
   */
  observedRecord?: string;
  observedAt: number;
  /** Cause of the current leadership (acquisition), reused for renewals. */
  cause?: number;
}

/**
 * A leader's routine renewals every retryPeriod while its election loop sleeps, not written to
 * the store (controllers/control-plane-idle.ts): the Lease record it last wrote (holder and
 * renewTime) stands for one renewed at `from + k * retryPeriod` up to now, or up to `until`.
 */
export interface IdleRenewals {
  holder: string;
  from: number;
  /** When the loop woke: from then on each renewal is the loop's to write, or to miss. */
  until?: number;
}

export interface ControllerMemory {
  /** node-lifecycle-controller, in kube-controller-manager's memory. */
  /** Each entry is replaced, never changed (shared with checkpoints: core/snapshot.ts). */
  nodeHealth: Readonly<Record<string, Readonly<NodeHealth>>>;
  /** name -> uid. Shared by checkpoints: written through `Engine.cow.field` (core/snapshot.ts `copyControllers`). */
  knownNodes: Readonly<Record<string, string>>;
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
  /** (H3 additions, all lazily created so older snapshots stay valid) */
  /** Bumped whenever kube-controller-manager gains or loses leadership: older controller timers stop. */
  generation?: number;
  /** Container id of the kube-controller-manager whose memory this is: a different one means a restart. */
  kcmContainerId?: string;
  /** Cause of the current kube-controller-manager leadership (parent of RegisteredNode...). */
  kcmCause?: number;
  /** Leader election candidates by component name. */
  leaderElection?: Record<string, LeaderElectionState>;
  /** Leader-election loop timers: chain per component, idle loops (controllers/control-plane-idle.ts). */
  electionLoops?: {
    chain: Record<string, number>;
    idleSince: Record<string, number>;
    /** Per component: the renewals its leader made while its loop slept (lazily created). */
    renewals?: Record<string, IdleRenewals>;
  };
  /** Node -> zone key for nodes in a zone's NoExecute tainting set (UniqueQueue set: kept after tainting). Shared like knownNodes. */
  taintQueued?: Readonly<Record<string, string>>;
  /** When the next NoExecute tainting tick is scheduled (dedupes timers). */
  noExecuteTickAt?: number;
  /** Token bucket QPS per zone (zoneTokens holds tokens in millionths and the last refill time). */
  zoneQps?: Record<string, number>;
  /** taint-eviction-controller: NoExecute taints last observed per node (`key:effect` list). */
  taintedNodes?: Record<string, string>;
  /** taint-eviction-controller: nodes and pods whose change waits for the next workqueue run. */
  tecDirtyNodes?: Record<string, true>;
  tecDirtyPods?: Record<string, true>;
  /** attachdetach-controller (lazily created, only with PVCs): `<pv>|<node>` -> when its detach was first wanted. */
  adDetachRequestedAt?: Record<string, number>;
  /** attachdetach-controller: `<pv>|<node>` in the desired state whose Multi-Attach error was reported. */
  adMultiAttachReported?: Record<string, true>;
  /** node-lifecycle-controller: pods newly bound to a node (processPod queue). */
  nlcDirtyPods?: Record<string, true>;
  /** node-lifecycle-controller: nodes written since their last NoSchedule tainting pass (undefined: all). */
  nlcDirtyNodes?: Record<string, true>;
  /** endpointslice-controller: Services whose inputs were written since their last reconcile (undefined: all). */
  epsDirtyServices?: Record<string, true>;
  /** taint-eviction: eviction work details (createdAt = start time, seq = timer generation; fired keeps the key). Shared like knownNodes, entries never changed once written. */
  evictionWork?: Readonly<Record<string, Readonly<{ createdAt: number; seq: number; fired: boolean }>>>;
  evictionSeq?: number;
  /** Workload controllers (H4): pods that left their owner, waiting to be paired with a replacement. Lazily created. */
  workloads?: WorkloadMemory;
  /** kube-scheduler's queue memory (H4); reset when the scheduler container changes. Lazily created. */
  scheduler?: SchedulerMemory;
}

/** A pod that got a deletionTimestamp or vanished, remembered so its replacement can point back to it. */
export interface DepartedPod {
  key: string;
  node: string;
  /** Cause recorded on the departed pod (its deletion). */
  cause: number;
  reason: string;
}

export interface WorkloadMemory {
  /** Owner uid -> pods that departed and were not replaced yet. */
  departed: Record<string, DepartedPod[]>;
  /** Per controller module: owner uids whose pods or object changed since its last run (`*` = everything). */
  dirty?: Record<string, Record<string, true>>;
}

export interface SchedulerQueueEntry {
  attempts: number;
  backoffUntil: number;
  /** In the unschedulable pool: waits for a cluster event or the 5-minute flush. */
  parked: boolean;
  parkedAt: number;
}

export interface SchedulerMemory {
  /** Container id of the kube-scheduler whose memory this is. */
  containerId: string;
  queue: Record<string, SchedulerQueueEntry>;
  /**
   * False when no entry is parked (a cluster event just moved them all back): the next cluster
   * event has nothing to do, where it would otherwise walk 5,000 pending pods per Node update.
   * Absent means unknown.
   */
  anyParked?: boolean;
}

/** An evicted pod `kubectl drain` waits for: gone, or replaced by a pod of that name with another UID. */
export interface DrainPending {
  namespace: string;
  name: string;
  uid: string;
}

/** What a running `kubectl drain` still waits for (api/drain.ts). */
export interface DrainWait {
  node: string;
  /** The filters' flags, for the list kubectl takes again after an error. */
  ignoreDaemonSets: boolean;
  force: boolean;
  /** --delete-emptydir-data (absent when not given). */
  deleteEmptyDirData?: boolean;
  pending: DrainPending[];
  /** When the global timeout ends the wait (absent: never). */
  deadline?: number;
  /** The --timeout as kubectl prints a time.Duration (`30s`, `1m30s`). */
  timeoutText?: string;
  /**
   * Pods whose eviction a PodDisruptionBudget refused (429): kubectl tries again at `retryAt`
   * (EvictErrorRetryDelay, 5 s). Absent while none is.
   */
  blocked?: (DrainPending & { retryAt: number; grace?: number })[];
  /** Errors of pods already given up (the eviction refused otherwise, or the timeout), in order. */
  errors?: string[];
}

/** A command that went on running over simulated time (commands/running.ts). */
export interface RunningCommandState {
  id: number;
  /** Canonical command line. */
  line: string;
  startedAt: number;
  /** Everything it printed so far. */
  output: string;
  done?: { at: number; ok: boolean };
  /** Who ran it (not traced). */
  by: CommandBy;
  /** What a drain still waits for, while it runs. */
  drain?: DrainWait;
  /** Bumped when it ends: a pending poll of an older generation is ignored. */
  gen: number;
}

export interface CommandLogEntry {
  at: number;
  line: string;
  ok: boolean;
  /** Who ran it (Simulation.run's `by`; timeline entries are the scenario's). */
  by: CommandBy;
}

// ---------------------------------------------------------------- the story (core/chapters.ts)

/** What sort of moment: the app picks an icon and a colour from it. */
export type ChapterKind = 'fault' | 'heal' | 'detect' | 'taint' | 'evict' | 'replace' | 'recover' | 'delete' | 'other';

/** One named moment of the run. */
export interface Chapter {
  /** Simulated ms when it happened. */
  at: number;
  /** Short, plain words, names as kubectl prints them (`node2 NotReady`). */
  label: string;
  kind: ChapterKind;
  /** Object to explain (Why?): `Node/node2`, `Pod/default/web-1`, `Host/node2`. */
  ref?: string;
  /** The node it concerns (the app's camera moves there). */
  node?: string;
  /**
   * A chapter about many nodes at one instant (`89 nodes NotReady`): each of them, in the order
   * their moments came (`node` is then unset).
   */
  nodes?: string[];
  /** For a command: who ran it. */
  by?: CommandBy;
  /** Who did it: `node-lifecycle-controller`, `taint-eviction-controller`, `kubelet`, `you`, `the scenario`... */
  actor?: string;
  /** The rule that decided it, e.g. `no heartbeat for 50s`. */
  rule?: string;
  /** The constant behind the rule, e.g. `nodeMonitorGracePeriod=50s`. */
  constant?: string;
}

/**
 * A chapter as the state keeps it. Moments of one kind that happen together (pods evicted from one
 * node at one instant, replacements becoming Ready at one instant) make one chapter: `group` says
 * which, `count` how many so far (the label is rewritten as the count grows).
 */
export interface StoredChapter extends Chapter {
  group?: string;
  count?: number;
  /** The group's moments concern more than one node (`node` is the first one's). */
  spread?: boolean;
}

/** The story's part of the state (SimState.story), created with the first chapter. */
export interface StoryState {
  /**
   * Shared with snapshots, as are the chapters in it: written only through core/chapters.ts, which
   * copies the list and a chapter once before the first write after a checkpoint (Engine.cow).
   */
  readonly chapters: readonly Readonly<StoredChapter>[];
  /** Replacement pods (by uid) whose Ready chapter is written; forgotten when the pod is removed. */
  readonly replacementsSeen: Readonly<Record<string, true>>;
}

/** The kinds kept as objects in `ApiState.objects`: Events are kept in a log (`ApiState.events`). */
export type RecordKind = Exclude<Kind, 'Event'>;

export interface ApiState {
  /**
   * Objects by kind, then by key (`namespace/name`, or `name` for Nodes), in store order
   * (core/store-record.ts); read through `Engine.get`, `list`, `forEachObject`.
   */
  objects: { [K in RecordKind]: StoreRecord<Extract<ApiObject, { kind: K }>> };
  /** The Events, in columns (core/event-log.ts); read through `Engine.list('Event')` and the like. */
  events: EventLog;
  resourceVersion: number;
  /**
   * Per object key (`Kind/key`), the recent history of changes with their causes (`Engine.history`);
   * a list may be a checkpoint's too, so none is written once stored (`Engine.remember` stores a
   * new one).
   */
  history: StoreRecord<HistoryList>;
}

/** What a checkpoint keeps of `ApiState`'s records: each one's page table (core/store-record.ts). */
export interface ApiCheckpoint {
  readonly objects: { readonly [K in RecordKind]?: RecordCheckpoint };
  readonly history: RecordCheckpoint;
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
  /** Name of the control-plane host (set at bootstrap; hosts never change role). */
  controlPlaneName?: string;
  registryUp: boolean;
  registryCause: number;
  controllers: ControllerMemory;
  /** Controllers' pending workqueue runs, deduplicated by name. */
  pendingSyncs: Record<string, true>;
  /** Every cause of the run, by id (core/cause-log.ts: `causeAt`, appended by `Engine.cause`). */
  causes: CauseLog;
  /** Rolling FNV-1a hash of every trace line, as two 32-bit halves. */
  traceHash: [number, number];
  traceLength: number;
  /** Recent trace lines (bounded) for `--events` and debugging. */
  trace: string[];
  commandLog: CommandLogEntry[];
  /** Commands that went on running (kubectl drain), oldest first; created with the first one. */
  running?: RunningCommandState[];
  /** Id of the last running command. */
  runningSeq?: number;
  /** Count of processed state changes; the UI uses it to know something moved. */
  changeCount: number;
  /** Chapters of the run (core/chapters.ts); created with the first one. Never traced. */
  story?: StoryState;
  /** The simulated cloud (cloud/), for scenarios with spec.cloud. */
  cloud?: CloudState;
}
