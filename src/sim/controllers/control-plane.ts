/**
 * Leader election of kube-controller-manager and kube-scheduler (reference §9.1, §11.5), and the
 * answer to "do the control-plane controllers run right now?".
 *
 * Both components are static pods on the control-plane host. Each process is a leader-election
 * candidate holding the Lease `kube-system/<component>` (leaseDuration 15s, renewDeadline 10s,
 * retryPeriod 2s — LE [C]). While the API is unavailable the leader cannot renew; 10s after its
 * first failed renewal it logs "leaderelection lost" (kube-scheduler: "Leaderelection lost") and
 * exits with code 1 (cmd/kube-controller-manager/app/controllermanager.go, cmd/kube-scheduler/app/
 * server.go OnStoppedLeading), and the kubelet restarts it once. The restarted process is no leader:
 * it waits in client-go's `acquire()`, retrying every retryPeriod, and never exits, so RESTARTS is 1
 * and there is no back-off (client-go tools/leaderelection/leaderelection.go Run, acquire). Once
 * the API answers it sees the old holder's record and waits leaseDuration from then before taking
 * it, whatever the record's renewTime says (isLeaseValid counts from observedTime, when the
 * candidate first saw the record as it is). Acquiring records the Event `Normal LeaderElection
 * <identity> became leader` on the Lease (acquire: `RecordEvent("became leader")`). A leader's
 * routine renewals every retryPeriod are not written while nothing changes; kubectl still sees
 * them (control-plane-idle.ts `servedLease`).
 * When a kube-controller-manager process that is not the one whose memory we hold acquires the
 * lease, the controllers' in-memory state is reset: the node-lifecycle-controller then emits
 * RegisteredNode for every node and grants each a fresh grace period. A stopped kube-scheduler
 * releases its lease (leader-release.ts); kube-controller-manager does not.
 *
 * Cause `what` prefixes: `leader election: ` (acquired), `leaderelection lost` (exit).
 */

import type { Lease } from '../core/api-types';
import { unixNanoHex } from '../core/dates';
import { dict } from '../core/dict';
import type { Engine, SimModule } from '../core/engine';
import type { ControllerMemory, LeaderElectionState } from '../core/state';
import { hashString } from '../core/trace';
import { apiAvailable, canReachApi, controlPlaneContainer, controlPlaneHost, formatDuration } from '../core/world';
import { containerExited } from '../runtime/containers';
import { electionChain, idleElection, RETRY_PERIOD_MS, servedLease } from './control-plane-idle';

/** client-go leader election defaults used by kube-controller-manager and kube-scheduler. LE [C] */
export const LEASE_DURATION_MS = 15_000;
export const RENEW_DEADLINE_MS = 10_000;
export { RETRY_PERIOD_MS };

export type LeaderComponent = 'kube-controller-manager' | 'kube-scheduler';
const COMPONENTS: readonly LeaderComponent[] = ['kube-controller-manager', 'kube-scheduler'];

/** Every lazily created H3 field of the controller memory, filled in. */
export type H3Memory = ControllerMemory &
  Required<
    Pick<
      ControllerMemory,
      | 'generation'
      | 'leaderElection'
      | 'taintQueued'
      | 'zoneQps'
      | 'taintedNodes'
      | 'tecDirtyNodes'
      | 'tecDirtyPods'
      | 'nlcDirtyPods'
      | 'evictionWork'
      | 'evictionSeq'
    >
  >;

/** The controller memory with the H3 fields created on first use (older snapshots lack them). */
export function controllerMemory(e: Engine): H3Memory {
  const m = e.state.controllers;
  m.generation ??= 0;
  m.leaderElection ??= dict();
  m.taintQueued ??= dict();
  m.zoneQps ??= dict();
  m.taintedNodes ??= dict();
  m.tecDirtyNodes ??= dict();
  m.tecDirtyPods ??= dict();
  m.nlcDirtyPods ??= dict();
  m.evictionWork ??= dict();
  m.evictionSeq ??= 0;
  return m as H3Memory;
}

/** The candidate process of `component` currently holds its lease (and still runs). */
export function holdsLeadership(e: Engine, component: LeaderComponent): boolean {
  const le = e.state.controllers.leaderElection?.[component];
  if (le?.leading !== true) return false;
  // Direct lookup of the leader's container (this is asked on every controller pass).
  const cp = controlPlaneHost(e);
  return cp !== undefined && cp.power === 'on' && cp.containers[le.containerId]?.state === 'running';
}

/**
 * kube-controller-manager's controllers act: its container runs on the control-plane host, the API
 * answers and it holds the leader lease.
 */
export function controllerManagerActive(e: Engine): boolean {
  return holdsLeadership(e, 'kube-controller-manager') && apiAvailable(e);
}

/** kube-scheduler schedules: its container runs, the API answers and it holds the leader lease. */
export function schedulerActive(e: Engine): boolean {
  return holdsLeadership(e, 'kube-scheduler') && apiAvailable(e);
}

/**
 * Forget everything kube-controller-manager held in memory (a new process): health map, known
 * nodes, zones, tainting queues, scheduled evictions, PodGC quarantine. H4's workload memory is left
 * to its owner.
 */
export function resetControllerMemory(e: Engine, containerId: string): void {
  const m = controllerMemory(e);
  m.nodeHealth = dict();
  m.knownNodes = dict();
  m.zoneStates = dict();
  if (e.observers.length) e.observe({ type: 'zone-states', at: e.now, states: {} });
  m.taintQueue = dict();
  m.zoneTokens = dict();
  m.masterDisruption = false;
  m.evictions = dict();
  m.podgcQuarantine = dict();
  m.startedAt = e.now;
  m.kcmContainerId = containerId;
  m.taintQueued = dict();
  m.noExecuteTickAt = undefined;
  m.zoneQps = dict();
  m.taintedNodes = dict();
  m.tecDirtyNodes = dict();
  m.tecDirtyPods = dict();
  m.nlcDirtyPods = dict();
  // A new process lists every node: all of them get a NoSchedule tainting pass.
  m.nlcDirtyNodes = undefined;
  m.epsDirtyServices = undefined;
  m.evictionWork = dict();
  // attachdetach-controller: its desired state is rebuilt, detach requests are timed afresh (only
  // where it ever ran: a cluster without claims keeps no such records).
  if (m.adDetachRequestedAt) m.adDetachRequestedAt = dict();
  if (m.adMultiAttachReported) m.adMultiAttachReported = dict();
}

/** Start the leader-election loops once the API has been written to for the first time. */
function ensureElectionLoops(e: Engine): void {
  const m = e.state.controllers;
  if (m.leaderElection) return;
  m.leaderElection = dict();
  for (const comp of COMPONENTS) e.schedule(0, 'leader-election.tick', comp);
}

function leaseKey(component: LeaderComponent): string {
  return `kube-system/${component}`;
}

/** kube-controller-manager acquired its lease: reset memory if it is a new process, start the controllers. */
function startControllers(e: Engine, containerId: string, cause: number): void {
  const m = controllerMemory(e);
  if (m.kcmContainerId !== containerId) resetControllerMemory(e, containerId);
  m.generation++;
  m.kcmCause = cause;
  const gen = m.generation;
  const latency = e.state.settings.watchLatency;
  // Informers sync (one watch latency), then each controller's loop starts at once.
  e.schedule(latency, 'node-lifecycle.monitor', '', gen);
  e.schedule(latency, 'podgc.gc', '', gen);
  // Informer adds: every Node reaches the taint-eviction controller and the NoSchedule pass.
  for (const n of e.list('Node')) m.tecDirtyNodes[n.metadata.name] = true;
  e.enqueue('taint-eviction');
  e.enqueue('node-lifecycle');
  // The attachdetach-controller's first run, only where there are claims (controllers/attach-detach.ts).
  if (e.hasAny('PersistentVolumeClaim')) e.enqueue('attachdetach');
}

function stopControllers(e: Engine): void {
  const m = controllerMemory(e);
  m.generation++;
}

/**
 * The leader-election record of a Lease spec, what client-go compares to see whether the record
 * changed (resourcelock/leaselock.go `Get`: the LeaderElectionRecord marshalled to JSON; the
 * Lease's metadata is not part of it).
 */
function electionRecord(spec: Lease['spec']): string {
  return `${spec.holderIdentity}|${spec.leaseDurationSeconds}|${spec.acquireTime ?? ''}|${spec.renewTime}|${spec.leaseTransitions ?? 0}`;
}

/**
 * The recorder each component hands its resource lock, whose name is the Events' source:
 * kube-controller-manager's (cmd/kube-controller-manager/app/options/options.go `Config`:
 * `EventSource{Component: KubeControllerManagerUserAgent}`), kube-scheduler's first profile's
 * scheduler name (cmd/kube-scheduler/app/options/options.go `Config`:
 * `DeprecatedNewLegacyRecorder(schedulerName)`, `default-scheduler`).
 */
const EVENT_SOURCE: Record<LeaderComponent, string> = {
  'kube-controller-manager': 'kube-controller-manager',
  'kube-scheduler': 'default-scheduler',
};

/**
 * The name suffix and uid of a LeaderElection Event, none drawn from the PRNG: every built-in
 * scenario boots through two acquisitions, and two draws there would change every later pod name
 * and jitter of every run. The suffix is client-go's (tools/record/event.go `makeEvent`: the Unix
 * time in nanoseconds, in hex); the uid, which kube-apiserver makes random, is a hash of the Lease's
 * uid and that suffix.
 */
function eventIds(leaseUid: string, now: number): { name: string; uid: string } {
  const name = unixNanoHex(now);
  const h = hashString(`${leaseUid}.${name}`) + hashString(`${name}.${leaseUid}`);
  return { name, uid: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` };
}

function acquireOrRenew(e: Engine, comp: LeaderComponent, le: LeaderElectionState, cpName: string): void {
  const key = leaseKey(comp);
  const lease = e.get('Lease', key);
  const now = e.now;
  if (lease) {
    // The record as the API serves it (an idle leader's renewals included): a new record, or one
    // renewed since, is observed now (client-go tryAcquireOrRenew: `observedRawRecord`,
    // `setObservedRecord` sets observedTime to now).
    const record = electionRecord(servedLease(e, lease).spec);
    if (record !== le.observedRecord) {
      le.observedRecord = record;
      le.observedAt = now;
    }
  }
  const ours = lease?.spec.holderIdentity === le.identity;
  // Another holder's record is valid until leaseDuration after we first observed it, whatever
  // its renewTime says (client-go isLeaseValid: observedTime + LeaseDurationSeconds).
  if (
    lease &&
    !ours &&
    lease.spec.holderIdentity !== '' &&
    le.observedAt + lease.spec.leaseDurationSeconds * 1000 > now
  )
    return;
  const acquiring = !le.leading;
  // LeaderTransitions: +1 when the holder changes (tryAcquireOrRenew), kept by renewals.
  const transitions = lease
    ? (lease.spec.leaseTransitions ?? 0) + (acquiring && lease.spec.holderIdentity !== le.identity ? 1 : 0)
    : 0;
  let cause = le.cause ?? 0;
  if (acquiring) {
    const parents: number[] = [];
    const prev = e.lastCause(`Host/${cpName}`);
    if (prev !== undefined) parents.push(prev);
    cause = e.cause({
      actor: comp,
      what: `leader election: ${le.identity} acquired lease ${key}`,
      rule: lease ? 'previous holder did not renew within leaseDuration' : 'no lease yet',
      constant: `leaseDuration=${formatDuration(LEASE_DURATION_MS)}`,
      parents,
    });
  }
  // A shallow copy is enough: only spec fields change (renewals run every 2s, keep them cheap).
  const next: Lease = lease
    ? { ...lease, metadata: { ...lease.metadata }, spec: { ...lease.spec } }
    : {
        kind: 'Lease',
        metadata: {
          name: comp,
          namespace: 'kube-system',
          uid: e.uid(),
          resourceVersion: 0,
          creationTimestamp: now,
          labels: {},
          annotations: {},
          ownerReferences: [],
        },
        spec: {
          holderIdentity: le.identity,
          leaseDurationSeconds: LEASE_DURATION_MS / 1000,
          renewTime: now,
          acquireTime: now,
        },
      };
  next.spec.holderIdentity = le.identity;
  next.spec.leaseDurationSeconds = LEASE_DURATION_MS / 1000;
  next.spec.renewTime = now;
  next.spec.leaseTransitions = transitions;
  if (acquiring) next.spec.acquireTime = now;
  e.put(next, acquiring ? `leader election: acquired by ${le.identity}` : 'renewed', cause);
  le.observedRecord = electionRecord(next.spec);
  le.observedAt = now;
  le.lastRenew = now;
  if (acquiring) {
    le.leading = true;
    le.cause = cause;
    // client-go leaderelection.go `acquire`: `le.config.Lock.RecordEvent("became leader")`, which
    // resourcelock/leaselock.go `RecordEvent` turns into a Normal `LeaderElection` Event on the
    // Lease with the message `<identity> became leader`.
    e.event(
      { kind: 'Lease', name: comp, namespace: 'kube-system', uid: next.metadata.uid },
      'Normal',
      'LeaderElection',
      `${le.identity} became leader`,
      EVENT_SOURCE[comp],
      cause,
      eventIds(next.metadata.uid, now),
    );
    e.trace(`${comp}: successfully acquired lease ${key}`);
    if (comp === 'kube-controller-manager') startControllers(e, le.containerId, cause);
  }
}

/** OnStoppedLeading's log line: kube-scheduler capitalises it (cmd/kube-scheduler/app/server.go). */
const LOST: Record<LeaderComponent, string> = {
  'kube-controller-manager': 'leaderelection lost',
  'kube-scheduler': 'Leaderelection lost',
};

/** The leader could not renew: "leaderelection lost", then exit code 1; the kubelet restarts it. */
function exitLeader(e: Engine, comp: LeaderComponent, le: LeaderElectionState, cpName: string): void {
  const parents: number[] = [];
  const prev = e.lastCause(`Host/${cpName}`);
  if (prev !== undefined) parents.push(prev);
  const cause = e.cause({
    actor: comp,
    what: `leaderelection lost: ${comp} exits`,
    rule: `API unavailable for renewDeadline ${formatDuration(RENEW_DEADLINE_MS)}`,
    constant: `renewDeadline=${formatDuration(RENEW_DEADLINE_MS)}`,
    parents,
  });
  e.trace(`${comp}: "${LOST[comp]}"`);
  if (comp === 'kube-controller-manager') stopControllers(e);
  le.leading = false;
  delete le.failingSince;
  containerExited(e, cpName, le.containerId, 1, 'Error', cause);
}

/** One leader-election attempt (every retryPeriod) of a component's current process. */
function electionTick(e: Engine, comp: LeaderComponent, chain: number): void {
  if (chain !== electionChain(e, comp)) return;
  e.schedule(RETRY_PERIOD_MS, 'leader-election.tick', comp, chain);
  const les = controllerMemory(e).leaderElection;
  const cp = controlPlaneHost(e);
  let le = les[comp];
  // Fast path: the known process still runs (only one container of a static pod runs at a time).
  const known = le && cp?.power === 'on' ? cp.containers[le.containerId] : undefined;
  const c = known?.state === 'running' ? known : controlPlaneContainer(e, comp);
  if (!c || !cp) {
    // The process is gone (manifest moved, host down): it holds nothing any more.
    if (le?.leading && comp === 'kube-controller-manager') stopControllers(e);
    delete les[comp];
    return;
  }
  if (!le || le.containerId !== c.id) {
    if (le?.leading && comp === 'kube-controller-manager') stopControllers(e);
    le = { containerId: c.id, identity: `${cp.name}_${e.uid()}`, leading: false, lastRenew: e.now, observedAt: e.now };
    les[comp] = le;
  }
  if (!canReachApi(e, cp.name)) {
    // A candidate in acquire() just tries again next retryPeriod: it never exits (client-go acquire).
    if (!le.leading) return;
    le.failingSince ??= e.now;
    // The leader exits renewDeadline after its first failed renewal (client-go renew, LE [C]).
    if (e.now - le.failingSince >= RENEW_DEADLINE_MS) exitLeader(e, comp, le, cp.name);
    return;
  }
  delete le.failingSince;
  const wasLeading = le.leading;
  acquireOrRenew(e, comp, le, cp.name);
  // A routine renewal: nothing to do until something changes on the host (control-plane-idle.ts).
  if (wasLeading && le.leading && le.lastRenew === e.now) idleElection(e, comp, le.identity);
}

/** The control-plane module: leader-election loops, started by the first API write. */
export const controlPlaneModule: SimModule = {
  name: 'control-plane',
  timers: {
    'leader-election.tick': (e, t) => electionTick(e, t.target as LeaderComponent, t.gen),
  },
  watch: {
    Node: (e) => ensureElectionLoops(e),
    Lease: (e) => ensureElectionLoops(e),
    Pod: (e) => ensureElectionLoops(e),
  },
};
