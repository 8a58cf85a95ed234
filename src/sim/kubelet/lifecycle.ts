/**
 * Kubelet process start and stop (reference 5.1). The host's systemd layer marks the unit
 * active/inactive (bumping its generation so old timers die) and calls these.
 *
 * Start: BirthCry event `Starting`, one updateRuntimeUp before the first status sync, the status
 * loop (which registers the node first), the lease controller, fastStatusUpdateOnce, container
 * manager (`NodeAllocatableEnforced`), PLEG, the sync loop, housekeeping (every 2s, until it
 * finds no orphan: kubelet/housekeeping.ts), GC loops.
 *
 * Cause `what` prefixes: `kubelet started` (on the host side), `kubelet event`.
 */
import type { Engine } from '../core/engine';
import type { Host, KubeletMemory } from '../core/state';
import { logLine } from '../host/journal';
import { kubeletEvent } from './events';
import { armHousekeeping } from './housekeeping';
import { scheduleLeaseTick } from './lease';
import { kgen, nodeRef } from './memory';
import { requestPodSync } from './pod-sync-queue';
import { updateRuntimeUp } from './runtime-health';

function freshMemory(e: Engine): KubeletMemory {
  const now = e.now;
  return {
    startedAt: now,
    registrationCompleted: false,
    lastStatusPostAt: now,
    lastBaseRuntimeSync: 0,
    plegLastRelist: 0,
    plegEverSucceeded: false,
    containerGCFailing: false,
    imageGCFailures: 0,
    pods: {},
    mirrors: {},
    leaseExists: false,
    fastStatusUntil: now + 120_000,
    runtimeEverSynced: false,
    // The sync loop (and PLEG) start a moment after the process: the first status is computed
    // before PLEG's first relist, hence NodeNotReady "PLEG is not healthy" at start. [U] delay.
    plegFirstRelistAt: now + e.randInt(1500, 4000),
    registerBackoff: 50,
    pendingEvents: [],
    nodeAllocatableEnforced: false,
    statusTry: 0,
    lastNodeUnschedulable: false,
  };
}

/** The kubelet unit became active on `h` (systemd already updated h.services.kubelet). */
export function startKubelet(e: Engine, h: Host, cause: number): void {
  const mem = freshMemory(e);
  e.cow.touch(h).kubelet = mem;
  const rh = h as Host & { kubelet: KubeletMemory };
  logLine(
    e,
    h.name,
    'kubelet',
    'I',
    'server.go:530',
    `"Kubelet version" kubeletVersion="${e.state.profile.kubernetesVersion}"`,
  );
  logLine(e, h.name, 'kubelet', 'I', 'kubelet.go:1659', '"Starting kubelet main sync loop"');
  kubeletEvent(e, h, nodeRef(h), 'Normal', 'Starting', 'Starting kubelet.', cause);
  updateRuntimeUp(e, rh);
  const gen = kgen(h);
  e.schedule(e.randInt(100, 300), 'kubelet.status', h.name, gen);
  e.schedule(e.randInt(900, 1200), 'kubelet.cm-start', h.name, gen);
  e.schedule(100, 'kubelet.fast-status', h.name, gen);
  e.schedule(5000, 'kubelet.runtime-up', h.name, gen);
  e.schedule(60_000, 'kubelet.container-gc', h.name, gen);
  e.schedule(300_000, 'kubelet.image-gc', h.name, gen);
  e.schedule(60_000, 'kubelet.resync', h.name, gen);
  scheduleLeaseTick(e, h, e.randInt(200, 600));
  armHousekeeping(e, rh);
  // The sync loop starts at once and skips until PLEG has relisted ("Skipping pod synchronization").
  requestPodSync(e, h, e.randInt(100, 300));
}

/** The kubelet unit stopped (or the host lost power): its memory is gone, containers stay. */
export function stopKubelet(e: Engine, h: Host): void {
  e.cow.touch(h).kubelet = null;
}

/** SIGTERM from systemd: the kubelet logs its shutdown (not on power loss). */
export function logKubeletShutdown(e: Engine, h: Host): void {
  if (h.kubelet) logLine(e, h.name, 'kubelet', 'I', 'kubelet.go:1700', '"Shutting down kubelet"');
}
