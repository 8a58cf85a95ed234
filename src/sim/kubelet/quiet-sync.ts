/**
 * Skipping kubelet sync passes that cannot do anything (a performance shortcut, not behaviour).
 *
 * Every kubelet asks for a full sync pass each minute (syncFrequency); on a big, healthy cluster
 * almost all of those passes change nothing, yet each walks every pod of the node. A pass is a
 * function of: the API pods bound to the node, the host's containers, the static manifests, the
 * kubelet's memory, whether the API and the runtime answer, and the clock. When a pass left
 * every worker running and healthy (no back-off, no pull, no kill under way, probe results ready
 * and no failed liveness probe: nothing in it depends on the clock any more) and did nothing observable (no
 * trace, journal line, cause, timer, random draw or API write), the next pass with the same
 * inputs does nothing either. So a sync pass is skipped while:
 * - no Pod bound to the node was written (Engine.podWritesOn),
 * - no container of the host changed (runtime/containers-cache.ts containersVersion),
 * - nobody asked for a pass since (requestPodSync drops the mark: static manifest edits, network
 *   changes, runtime restarts, PLEG events all come through it),
 * - the API and the runtime still answer and runtimeErrors() is still empty (checked live).
 * The periodic resync asks without dropping the mark. A pass timed to a clock-dependent change
 * (readiness delay, back-off) cannot be skipped: the mark needs every worker settled.
 *
 * The marks (quiet-marks.ts) are derived data keyed by the kubelet's memory object (a restart or a
 * restore gives a new one, hence a full pass first), never part of the state.
 */

import type { Pod } from '../core/api-types';
import { type Engine, sameEntries, type Warmth } from '../core/engine';
import type { Host, HostContainer, KubeletMemory, KubeletPodWorker } from '../core/state';
import { canReachApi } from '../core/world';
import { containersOf, criAvailable } from '../runtime/containers';
import {
  containersVersion,
  peekContainerChanges,
  podContainersVersion,
  restoreContainerChanges,
  takeContainerChanges,
} from '../runtime/containers-cache';
import { statusCacheEnabled } from './pod-status-cache';
import { probesSettled } from './probe-results';
import { quietMarks } from './quiet-marks';
import { runtimeErrors } from './runtime-health';
import { isMirrorPod } from './static-pods';

type RunningHost = Host & { kubelet: KubeletMemory };

const marks = quietMarks;

/** What a pass may leave behind, read before it runs (compared by samePass). */
export interface PassProbe {
  trace: number;
  causes: number;
  seq: number;
  rv: number;
  /** Journal entries ever written on the host. */
  journal: number;
  rng: number;
}

export function probePass(e: Engine, h: Host): PassProbe {
  const s = e.state;
  return {
    trace: s.traceLength,
    causes: s.causes.length,
    seq: s.nextSeq,
    rv: s.api.resourceVersion,
    journal: h.journal.written,
    rng: s.rng[0] ^ s.rng[1] ^ s.rng[2] ^ s.rng[3],
  };
}

function samePass(e: Engine, h: Host, p: PassProbe): boolean {
  const now = probePass(e, h);
  return (
    now.trace === p.trace &&
    now.causes === p.causes &&
    now.seq === p.seq &&
    now.rv === p.rv &&
    now.journal === p.journal &&
    now.rng === p.rng
  );
}

/**
 * The worker runs with all its containers up and nothing left that the clock could change: no
 * pull, no back-off, no kill in progress, and probe results that leave the pass nothing to do
 * (ready, no failed liveness or startup probe; a change of result asks for a pass itself).
 */
function workerSettled(_e: Engine, h: Host, w: KubeletPodWorker): boolean {
  if (w.state !== 'running') return false;
  const hcs = containersOf(h, w.uid);
  for (const name in w.containers) {
    const st = w.containers[name];
    if (!st || st.pulling || st.waiting || st.killing) return false;
    let latest: HostContainer | undefined;
    for (const c of hcs) if (c.name === name) latest = c;
    if (latest?.state !== 'running' || !probesSettled(st, latest)) return false;
  }
  return true;
}

function allSettled(e: Engine, h: RunningHost): boolean {
  // After a pass that kept its scope (passScope), a worker outside `unsettled` has a standing mark:
  // noteWorkerSync gave it when the worker was settled, and nothing it reads changed since. Only
  // the others need a look (walking every worker after each pass was a node's pods again).
  const st = scopes.get(h.kubelet);
  if (st && st.containers === h.containers) {
    for (const uid of st.unsettled) {
      const w = h.kubelet.pods[uid];
      if (w && !workerSettled(e, h, w)) return false;
    }
    return true;
  }
  for (const uid in h.kubelet.pods) {
    const w = h.kubelet.pods[uid];
    if (!w || !workerSettled(e, h, w)) return false;
  }
  return true;
}

/** After a full pass that started at `probe`: remember it if it settled and did nothing. */
export function notePass(e: Engine, h: RunningHost, probe: PassProbe): void {
  if (!canReachApi(e, h.name) || !samePass(e, h, probe) || !allSettled(e, h)) {
    marks.delete(h.kubelet);
    return;
  }
  marks.set(h.kubelet, {
    podWrites: e.podWritesOn(h.name),
    containers: h.containers,
    containersVersion: containersVersion(h),
    workers: h.kubelet.pods,
  });
}

/** A pass now would repeat the last quiet pass exactly. */
export function passIsNoop(e: Engine, h: RunningHost): boolean {
  const m = marks.get(h.kubelet);
  return (
    m !== undefined &&
    statusCacheEnabled() &&
    m.podWrites === e.podWritesOn(h.name) &&
    m.containers === h.containers &&
    m.containersVersion === containersVersion(h) &&
    m.workers === h.kubelet.pods &&
    canReachApi(e, h.name) &&
    criAvailable(e, h) &&
    runtimeErrors(e, h).length === 0
  );
}

/**
 * The same shortcut for one worker inside a pass that must run (bursts: a node taking new pods
 * re-walks all its pods on every pass). A settled worker whose syncWorkerContainers +
 * publishStatus did nothing does nothing again while its API pod is the same object, its
 * containers did not change and the runtime answers (the pass itself checked the API and
 * runtimeErrors before getting here).
 */
interface WorkerMark {
  pod: Pod | undefined;
  containers: Host['containers'];
  version: number;
}

const workerMarks = new WeakMap<KubeletPodWorker, WorkerMark>();

export function workerSyncIsNoop(e: Engine, h: Host, w: KubeletPodWorker, apiKnown: boolean): boolean {
  if (!apiKnown || w.state !== 'running' || !statusCacheEnabled()) return false;
  const m = workerMarks.get(w);
  return (
    m !== undefined &&
    m.containers === h.containers &&
    m.version === podContainersVersion(h, w.uid) &&
    m.pod === e.get('Pod', w.key) &&
    criAvailable(e, h)
  );
}

/** A probe result changed: the worker's next sync must run in full. */
export function forgetWorkerMark(h: Host, w: KubeletPodWorker): void {
  workerMarks.delete(w);
  if (h.kubelet) scopes.get(h.kubelet)?.unsettled.add(w.uid);
}

/** After a worker's sync that started at `probe`: remember it if it settled and did nothing. */
export function noteWorkerSync(e: Engine, h: Host, w: KubeletPodWorker, apiKnown: boolean, probe: PassProbe): void {
  if (!apiKnown || !criAvailable(e, h) || !samePass(e, h, probe) || !workerSettled(e, h, w)) {
    workerMarks.delete(w);
    return;
  }
  workerMarks.set(w, { pod: e.get('Pod', w.key), containers: h.containers, version: podContainersVersion(h, w.uid) });
}

/**
 * Passes over the changed pods only. A pass that must run (a pod of the node was written) still
 * walked every pod of the node three times, asking each settled worker whether its sync would be
 * a no-op: a node taking 30 pods at boot ran ~40 passes over ~30 pods, and a zone failure's
 * replacements cost one pass over a node's ~40 pods each. A worker's part of a pass does nothing
 * while its API pod is the same object, its containers did not change and it is settled (its
 * mark stands, workerSyncIsNoop), and the worker it would be created for or removed from exists
 * or not as before. So after a full pass on a node without static pods or mirror pods, with the
 * API and the runtime answering, a pass may visit, in uid order, only the pods written on the node
 * since the last pass (Engine.takePodChangesOn), those whose containers changed
 * (takeContainerChanges) and the workers that were not settled at the end of their last visit
 * (or whose mark was dropped since): every other pod would give nothing in any of its loops.
 *
 * Derived data keyed by the kubelet's memory object (a restart or a restore gives a new one,
 * hence a full pass first), never part of the state.
 */
interface PassScopeState {
  containers: Host['containers'];
  /** Uids of the workers whose sync was not known to be a no-op at the end of their last visit. */
  unsettled: Set<string>;
}

const scopes = new WeakMap<KubeletMemory, PassScopeState>();

/** The pods a pass visits when it need not visit them all: uids in order, with their store keys. */
export interface PassScope {
  uids: string[];
  keys: Map<string, string>;
}

function hasManifests(h: Host): boolean {
  for (const f in h.manifests) if (!f.startsWith('.')) return true;
  return false;
}

/** The scope of the pass about to run on `h`, or undefined: visit every pod. */
export function passScope(e: Engine, h: RunningHost): PassScope | undefined {
  // Both logs are taken on every pass, so that each covers the time since the previous one.
  const pods = e.takePodChangesOn(h.name);
  const containers = takeContainerChanges(h);
  const mem = h.kubelet;
  const st = scopes.get(mem);
  if (
    !st ||
    !pods ||
    !containers ||
    st.containers !== h.containers ||
    !statusCacheEnabled() ||
    !canReachApi(e, h.name) ||
    !criAvailable(e, h) ||
    hasManifests(h)
  ) {
    scopes.delete(mem);
    return undefined;
  }
  const keys = new Map<string, string>();
  for (const [uid, key] of pods) {
    const p = e.get('Pod', key);
    // A mirror pod is syncMirrorPods' business: a full pass.
    if (p && isMirrorPod(p)) {
      scopes.delete(mem);
      return undefined;
    }
    keys.set(uid, key);
  }
  for (const uid of containers) {
    const w = mem.pods[uid];
    if (w) keys.set(uid, w.key);
  }
  for (const uid of st.unsettled) {
    const w = mem.pods[uid];
    if (w) keys.set(uid, w.key);
  }
  return { uids: [...keys.keys()].sort(), keys };
}

/** A pass that ran to its end (`scope` undefined: over every pod) with the API known or not. */
export function endPass(e: Engine, h: RunningHost, scope: PassScope | undefined, apiKnown: boolean): void {
  const mem = h.kubelet;
  if (scope) {
    const st = scopes.get(mem);
    if (!st) return;
    for (const uid of scope.uids) {
      const w = mem.pods[uid];
      if (w && !workerSyncIsNoop(e, h, w, true)) st.unsettled.add(uid);
      else st.unsettled.delete(uid);
    }
    return;
  }
  if (!apiKnown || !statusCacheEnabled() || !criAvailable(e, h) || hasManifests(h)) {
    scopes.delete(mem);
    return;
  }
  const unsettled = new Set<string>();
  for (const uid in mem.pods) {
    const w = mem.pods[uid] as KubeletPodWorker;
    if (w.staticPod) {
      scopes.delete(mem);
      return;
    }
    if (!workerSyncIsNoop(e, h, w, true)) unsettled.add(uid);
  }
  for (const p of e.podsOnNode(h.name))
    if (isMirrorPod(p)) {
      scopes.delete(mem);
      return;
    }
  scopes.set(mem, { containers: h.containers, unsettled });
}

/** A pass stopped short (runtime errors): the next one visits every pod. */
export function dropPassScope(h: RunningHost): void {
  scopes.delete(h.kubelet);
}

/**
 * One host's marks at a snapshot, without references to its (mutable) objects: whether its quiet
 * mark stands, its pass scope's unsettled workers and its containers' change log (undefined: none
 * or not known). Worker marks need no carrying: they are keyed by the pod workers, which a
 * snapshot and a restore share with the live state (core/copy-on-write.ts), and check the API pod
 * and the containers record by identity, which a restore keeps too.
 */
interface HostWarmth {
  quiet: boolean;
  unsettled: readonly string[] | undefined;
  /** The engine's pod-change log of the node (uid, key...), kept only with a pass scope (`unsettled`). */
  podLog: readonly string[] | undefined;
  containerLog: readonly string[] | undefined;
}

const NONE: readonly string[] = Object.freeze([]) as readonly string[];
/** A settled host's warmth (most hosts of a quiet cluster), shared. */
const SETTLED: HostWarmth = Object.freeze({
  quiet: true,
  unsettled: NONE,
  podLog: NONE,
  containerLog: NONE,
});

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Same marks (a previous snapshot's export of the host is shared then). */
function sameWarmth(a: HostWarmth, b: HostWarmth): boolean {
  return (
    a.quiet === b.quiet &&
    sameList(a.unsettled, b.unsettled) &&
    sameList(a.podLog, b.podLog) &&
    sameList(a.containerLog, b.containerLog)
  );
}

function list(s: ReadonlySet<string> | undefined): readonly string[] | undefined {
  return s === undefined ? undefined : s.size === 0 ? NONE : [...s];
}

/**
 * The marks carried across a snapshot and restore (core/engine.ts `Warmth`): a restore put new
 * host objects in place, so every mark above (keyed by them) was lost and each kubelet ran a
 * full pass over its pods in the first simulated minute after a seek (~1.2 s of a 5,000-node
 * replay). A mark that stands at the snapshot stands for the restored state, which equals it:
 * the import gives it again, keyed by the restored objects, with the versions they have now
 * (and the engine's pod-change log of each node with a pass scope: Engine.restorePodChangesOn).
 */
export const quietSyncWarmth: Warmth = {
  export(e, prev) {
    const out = new Map<string, HostWarmth>();
    const earlier = prev instanceof Map ? (prev as Map<string, HostWarmth>) : undefined;
    const hosts = e.state.hosts;
    for (const name in hosts) {
      const h = hosts[name] as Host;
      const mem = h.kubelet;
      if (!mem) continue;
      const m = marks.get(mem);
      const quiet =
        m !== undefined &&
        m.podWrites === e.podWritesOn(h.name) &&
        m.containers === h.containers &&
        m.containersVersion === containersVersion(h) &&
        m.workers === mem.pods;
      const st = scopes.get(mem);
      const unsettled = st && st.containers === h.containers ? list(st.unsettled) : undefined;
      const containerLog = list(peekContainerChanges(h));
      // Without a scope the next pass is a full one, which needs no log.
      const podLog = unsettled ? e.peekPodChangesOn(h.name) : undefined;
      if (quiet && unsettled === NONE && podLog?.length === 0 && containerLog === NONE) {
        out.set(name, SETTLED);
        continue;
      }
      const hw: HostWarmth = { quiet, unsettled, podLog, containerLog };
      const before = earlier?.get(name);
      out.set(name, before && sameWarmth(hw, before) ? before : hw);
    }
    return sameEntries(out, prev);
  },
  import(e, data) {
    if (!(data instanceof Map)) return;
    const hosts = e.state.hosts;
    for (const [name, hw] of data as Map<string, HostWarmth>) {
      const h = hosts[name];
      const mem = h?.kubelet;
      if (!h || !mem) continue;
      if (hw.containerLog) restoreContainerChanges(h, hw.containerLog);
      if (hw.podLog) e.restorePodChangesOn(h.name, hw.podLog);
      if (hw.unsettled) scopes.set(mem, { containers: h.containers, unsettled: new Set(hw.unsettled) });
      if (hw.quiet)
        marks.set(mem, {
          podWrites: e.podWritesOn(h.name),
          containers: h.containers,
          containersVersion: containersVersion(h),
          workers: mem.pods,
        });
    }
  },
};
