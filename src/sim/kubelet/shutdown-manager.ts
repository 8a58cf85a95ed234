/**
 * The node shutdown manager (graceful node shutdown): kk pkg/kubelet/nodeshutdown
 * nodeshutdown_manager_linux.go (the logind inhibitor lock, the shutdown event) and
 * nodeshutdown_manager.go (migrateConfig, groupByPriority, killPods).
 *
 * With kubelet `shutdownGracePeriod` > 0 the kubelet holds a delay inhibitor lock, so a clean
 * `poweroff` waits for it: the kubelet records Normal `Shutdown` "Shutdown manager detected
 * shutdown event" on its Node, reports Ready=False `node is shutting down` at once (syncNodeStatus),
 * then kills its active pods by priority group: regular pods within shutdownGracePeriod -
 * shutdownGracePeriodCriticalPods, then critical ones (priority >= 2000000000, system-cluster- and
 * system-node-critical) within shutdownGracePeriodCriticalPods. Each pod's grace is the smaller of
 * its terminationGracePeriodSeconds and its group's period; a group ends when all its pods are
 * killed or its period ran out, an empty group does not wait. Killed pods end Failed, reason
 * `Terminated` (pod-status.ts). Then the lock is released and the machine powers off (host/power.ts
 * powerOff). With 0 (kubeadm's default) there is no lock: `poweroff` is at once, as before.
 * If the kubelet dies meanwhile its lock goes with it and the power-off goes on at once.
 *
 * Causes name the actor `kubelet on NODE (shutdown manager)`; the pods' terminations name the
 * shutdown as what decided them (Why? leads from a killed pod to it). The story gets a chapter
 * `NODE shutting down` with the Event (story/watch.ts adds the pods it ended).
 *
 * Cause `what` prefixes: `node shutdown`.
 */
import { instanceShutdownByGuest } from '../cloud/lifecycle';
import { instanceOfHost } from '../cloud/provider';
import { causeAt } from '../core/cause-log';
import { addChapter, fromCause } from '../core/chapters';
import type { Engine } from '../core/engine';
import type { Timer } from '../core/heap';
import type { Host, KubeletMemory } from '../core/state';
import { powerOff } from '../host/power';
import { kubeletEvent } from './events';
import { actor, kgen, kubeletRunning, nodeRef } from './memory';
import { tryUpdateNodeStatus } from './node-status';
import { publishStatus, reportTarget } from './pod-status';
import { startTermination } from './pod-sync';
import { writableWorker } from './worker-writes';

type RunningHost = Host & { kubelet: KubeletMemory };

/** Who the causes name: `kubelet on node2 (shutdown manager)`, the kubelet's part that acts. */
export function shutdownActor(h: Host): string {
  return `${actor(h)} (shutdown manager)`;
}

/** kubeletevents.NodeShutdown and the shutdown manager's message (nodeshutdown_manager_linux.go). */
export const NODE_SHUTDOWN_EVENT_REASON = 'Shutdown';
export const NODE_SHUTDOWN_EVENT_MESSAGE = 'Shutdown manager detected shutdown event';
/** ShutdownStatus()'s error, the Ready condition's message while shutting down. */
export const NODE_SHUTTING_DOWN = 'node is shutting down';
/** scheduling.SystemCriticalPriority: the critical group's lower bound. */
export const SYSTEM_CRITICAL_PRIORITY = 2_000_000_000;
/** How often the manager looks whether a group's pods are all killed (the WaitGroup). [D] */
const POLL_MS = 100;

/**
 * migrateConfig: [regular, critical] periods in whole seconds (Go's Duration / time.Second), or
 * undefined when graceful shutdown is off (shutdownGracePeriod 0, or critical above it).
 */
export function shutdownPeriods(e: Engine): [number, number] | undefined {
  const { shutdownGracePeriod: total, shutdownGracePeriodCriticalPods: critical } = e.state.settings;
  if (total <= 0 || critical > total) return undefined;
  return [Math.floor((total - critical) / 1000), Math.floor(critical / 1000)];
}

/**
 * `ssh NODE poweroff` on a host whose kubelet holds the inhibitor lock: the shutdown manager acts
 * first and powers the machine off when done. False when there is no lock (feature off, kubelet not
 * running): the caller powers off at once. True as well for a second poweroff while one is under way.
 */
export function beginNodeShutdown(e: Engine, node: string, parent: number): boolean {
  const h = e.state.hosts[node];
  if (h?.power !== 'on' || !kubeletRunning(h)) return false;
  if (h.kubelet.shutdown) return true;
  const periods = shutdownPeriods(e);
  if (!periods) return false;
  const s = e.state.settings;
  const c = e.cause({
    actor: shutdownActor(h),
    what: `node shutdown ${h.name}`,
    rule: 'logind PrepareForShutdown: the shutdown manager kills pods by priority before the power goes',
    constant: `shutdownGracePeriod=${s.shutdownGracePeriod / 1000}s shutdownGracePeriodCriticalPods=${s.shutdownGracePeriodCriticalPods / 1000}s`,
    parents: [parent],
  });
  e.trace(`kubelet ${h.name} shutdown event`);
  e.remember(`Host/${h.name}`, 'shutdown (kubelet shutdown manager)', c);
  e.cow.touch(h.kubelet).shutdown = { cause: c, group: -1, uids: [], deadline: e.now };
  kubeletEvent(e, h, nodeRef(h), 'Normal', NODE_SHUTDOWN_EVENT_REASON, NODE_SHUTDOWN_EVENT_MESSAGE, c);
  // The story's moment (the Event's, `Shutdown`), before the NotReady it causes at once.
  addChapter(e, {
    label: `${h.name} shutting down`,
    kind: 'other',
    ref: `Node/${h.name}`,
    node: h.name,
    ...fromCause(causeAt(e.state.causes, c)),
  });
  // `go m.syncNodeStatus()`: Ready=False at once, not at the next status tick.
  tryUpdateNodeStatus(e, h, 1);
  nextGroup(e, h, 0, c);
  return true;
}

/** A pod's priority as the kubelet reads it (spec.priority; static pods from their manifest). */
function priorityOf(e: Engine, h: RunningHost, uid: string): number {
  const w = h.kubelet.pods[uid];
  if (!w) return 0;
  if (w.staticPod) {
    for (const f in h.manifests) {
      const m = h.manifests[f];
      if (m?.file === w.manifestFile) return m?.priority ?? m?.spec.priority ?? 0;
    }
    return 0;
  }
  return reportTarget(e, w)?.spec.priority ?? 0;
}

/** Active pods (not terminating or terminated) in group `i`: 0 regular, 1 critical; uid order. */
function groupPods(e: Engine, h: RunningHost, i: number): string[] {
  const out: string[] = [];
  for (const uid of Object.keys(h.kubelet.pods).sort()) {
    const w = h.kubelet.pods[uid];
    if (!w || w.state === 'terminating' || w.state === 'terminated') continue;
    if ((priorityOf(e, h, uid) >= SYSTEM_CRITICAL_PRIORITY ? 1 : 0) === i) out.push(uid);
  }
  return out;
}

/** Start killing group `i` (or the next one with pods); past the last, power off. */
function nextGroup(e: Engine, h: RunningHost, first: number, cause: number): void {
  const periods = shutdownPeriods(e) ?? [0, 0];
  for (let i = first; i < periods.length; i++) {
    const uids = groupPods(e, h, i);
    // "If there are no pods in a particular range, then do not wait for pods in that priority range."
    if (uids.length === 0) continue;
    const period = periods[i] ?? 0;
    for (const uid of uids) {
      const w = writableWorker(e, h.kubelet, uid);
      if (!w) continue;
      w.shutdown = true;
      const grace = Math.min(w.terminationGracePeriodSeconds ?? 30, period);
      startTermination(
        e,
        h,
        uid,
        grace,
        `node shutdown: ${i === 1 ? 'critical' : 'regular'} pods get ${period}s (shutdown manager killPods)`,
        cause,
      );
    }
    e.trace(`kubelet ${h.name} shutdown group ${i === 1 ? 'critical' : 'regular'} pods=${uids.length} ${period}s`);
    e.cow.touch(h.kubelet).shutdown = { cause, group: i, uids, deadline: e.now + period * 1000 };
    e.schedule(Math.min(POLL_MS, period * 1000), 'kubelet.shutdown', `${h.name}|${h.bootId}|${cause}`, kgen(h));
    return;
  }
  finishShutdown(e, h, cause);
}

/** The status manager writes the killed pods' statuses (Failed, Terminated) as each kill ends. */
function publishKilled(e: Engine, h: RunningHost, uids: readonly string[]): void {
  for (const uid of uids) {
    const w = h.kubelet.pods[uid];
    if (w?.shutdown && w.state === 'terminated') publishStatus(e, h, w);
  }
}

/** The lock is released: last statuses out, then the machine powers off. */
function finishShutdown(e: Engine, h: RunningHost, cause: number): void {
  publishKilled(e, h, Object.keys(h.kubelet.pods).sort());
  powerOffGuest(e, h.name, cause);
}

/** The machine powers off from inside; a cloud instance then stops (as `ssh NODE poweroff` does). */
function powerOffGuest(e: Engine, node: string, cause: number): void {
  const r = powerOff(e, node, cause);
  const inst = instanceOfHost(e, node);
  if (r.ok && inst) instanceShutdownByGuest(e, inst, cause);
}

/** Timer `kubelet.shutdown`: is the group done (all killed, or its period over)? */
export function shutdownTimer(e: Engine, t: Timer): void {
  const [name = '', bootId = '', cause = '0'] = t.target.split('|');
  const h = e.state.hosts[name];
  if (h?.power !== 'on' || h.bootId !== bootId) return;
  if (!kubeletRunning(h) || kgen(h) !== t.gen || !h.kubelet.shutdown) {
    // The kubelet died and its inhibitor lock with it: logind goes on with the power-off.
    powerOffGuest(e, name, Number(cause));
    return;
  }
  const s = h.kubelet.shutdown;
  publishKilled(e, h, s.uids);
  const done = s.uids.every((uid) => {
    const w = h.kubelet.pods[uid];
    return !w || w.state === 'terminated';
  });
  if (done || e.now >= s.deadline) {
    nextGroup(e, h, s.group + 1, s.cause);
    return;
  }
  e.schedule(Math.min(POLL_MS, s.deadline - e.now), 'kubelet.shutdown', t.target, t.gen);
}
