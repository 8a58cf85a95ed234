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
 * The marks (quiet-marks.ts) are derived data by host name, kept across restores: each names the
 * stamps and records it was made on, which a restore puts back, and every request for a pass
 * moves the host's sync-request stamp, so a mark holds only for the state it was made on (in this
 * history or a restored one with the same stamps). Worker marks are keyed by the pod workers, which a
 * snapshot and a restore share with the live state (core/copy-on-write.ts), and check the API pod
 * and the containers record by identity, which a restore keeps too. The pass scopes below and
 * the change logs they read are kept per kubelet memory object: a restore gives new ones, so each
 * host's first pass that must run after a seek visits every pod.
 */

import type { Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { Host, HostContainer, KubeletMemory, KubeletPodWorker } from '../core/state';
import { canReachApi } from '../core/world';
import { containersOf, criAvailable } from '../runtime/containers';
import { podContainersVersion, takeContainerChanges } from '../runtime/containers-cache';
import { probesSettled } from './probe-results';
import { forgetQuiet, markQuiet, quietMarkNow } from './quiet-marks';
import { runtimeErrors } from './runtime-health';
import { isMirrorPod } from './static-pods';

type RunningHost = Host & { kubelet: KubeletMemory };

let shortcutsEnabled = true;

/**
 * Tests compare runs with and without the shortcuts below (core/snapshot.test.ts): a run must not
 * change when every pass and every worker sync runs in full.
 */
export function setSyncShortcutsForTests(enabled: boolean): void {
  shortcutsEnabled = enabled;
}

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
    forgetQuiet(e, h);
    return;
  }
  markQuiet(e, h);
}

/** A pass now would repeat the last quiet pass exactly. */
export function passIsNoop(e: Engine, h: RunningHost): boolean {
  return (
    shortcutsEnabled &&
    quietMarkNow(e, h) !== undefined &&
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
  if (!apiKnown || w.state !== 'running' || !shortcutsEnabled) return false;
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
    !shortcutsEnabled ||
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
  if (!apiKnown || !shortcutsEnabled || !criAvailable(e, h) || hasManifests(h)) {
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
