/**
 * Garbage collection loops (reference 4.3): container GC every 1m, image GC every 5m. While the
 * runtime is down they fail: Warning `ContainerGCFailed` with the raw CRI error at every pass,
 * Warning `ImageGCFailed` only after two consecutive failures (the first is only logged).
 *
 * Container GC (pkg/kubelet/kuberuntime/kuberuntime_gc.go evictContainers, the kubelet's default
 * policy MinAge 0, MaxPerPodContainer 1): a container keeps its newest dead instance; dead
 * containers and stopped sandboxes of pods the kubelet no longer knows go once housekeeping has
 * run (pod_workers.go ShouldPodContentBeRemoved: podsSynced).
 *
 * Cause `what` prefixes: `gc failed`.
 */
import type { Engine } from '../core/engine';
import type { Host, HostContainer, KubeletMemory } from '../core/state';
import { logLine, q } from '../host/journal';
import { byCreated, criAvailable, criError, removeDeadContainer } from '../runtime/containers';
import { containersVersion } from '../runtime/containers-cache';
import { removePodSandbox } from '../runtime/sandboxes';
import { kubeletEvent } from './events';
import { containerGCQuiet, noteContainerGCPass } from './gc-cache';
import { actor, kgen, nodeRef } from './memory';

type RunningHost = Host & { kubelet: KubeletMemory };

/** ContainerGCPeriod and ImageGCPeriod. */
export const CONTAINER_GC_PERIOD = 60_000;
export const IMAGE_GC_PERIOD = 300_000;

/** evictContainers: dead instances beyond the newest per container, and everything of unknown pods. */
function evictContainers(e: Engine, h: RunningHost): void {
  const mem = h.kubelet;
  const synced = mem.podsSynced === true;
  // Nothing changed since a pass that removed nothing (gc-cache.ts).
  if (containerGCQuiet(e, h, synced)) return;
  const before = containersVersion(h);
  // Most hosts have no dead container at most passes: look before building anything.
  const dead: HostContainer[] = [];
  for (const id in h.containers) {
    const c = h.containers[id] as HostContainer;
    if (c.state === 'exited' && !c.lost) dead.push(c);
  }
  if (dead.length > 0) {
    dead.sort(byCreated);
    const newest = new Map<string, string>();
    for (const c of dead) newest.set(`${c.podUid}|${c.name}`, c.id);
    for (const c of dead) {
      const unknown = mem.podsSynced === true && !mem.pods[c.podUid];
      if (unknown || newest.get(`${c.podUid}|${c.name}`) !== c.id) removeDeadContainer(e, h, c.id);
    }
  }
  if (synced && h.sandboxes) {
    const stopped: string[] = [];
    for (const uid in h.sandboxes) if (h.sandboxes[uid]?.state === 'notready' && !mem.pods[uid]) stopped.push(uid);
    for (const uid of stopped.sort()) removePodSandbox(e, h, uid);
  }
  noteContainerGCPass(e, h, before, synced);
}

export function containerGC(e: Engine, h: RunningHost): void {
  const mem = h.kubelet;
  if (criAvailable(e, h)) {
    if (mem.containerGCFailing) e.cow.touch(mem).containerGCFailing = false;
    evictContainers(e, h);
  } else {
    e.cow.touch(mem).containerGCFailing = true;
    const err = criError(e);
    const c = e.cause({
      actor: actor(h),
      what: `gc failed: container GC on ${h.name}`,
      rule: 'container GC runs every 1m and needs the runtime',
      constant: 'ContainerGCPeriod=1m',
      parents: [h.services[e.state.profile.runtime]?.cause ?? 0],
    });
    logLine(e, h.name, 'kubelet', 'E', 'kubelet.go:1634', `"Container garbage collection failed" err=${q(err)}`);
    kubeletEvent(e, h, nodeRef(h), 'Warning', 'ContainerGCFailed', err, c);
  }
  e.schedule(CONTAINER_GC_PERIOD, 'kubelet.container-gc', h.name, kgen(h));
}

export function imageGC(e: Engine, h: RunningHost): void {
  const mem = h.kubelet;
  if (criAvailable(e, h)) {
    if (mem.imageGCFailures !== 0) e.cow.touch(mem).imageGCFailures = 0;
  } else {
    e.cow.touch(mem).imageGCFailures++;
    // [U] the reference gives no exact image GC error; the raw CRI error is the most plausible.
    const err = criError(e);
    if (mem.imageGCFailures < 2) {
      logLine(
        e,
        h.name,
        'kubelet',
        'E',
        'kubelet.go:1654',
        `"Image garbage collection failed once. Stats initialization may not have completed yet" err=${q(err)}`,
      );
    } else {
      const c = e.cause({
        actor: actor(h),
        what: `gc failed: image GC on ${h.name}`,
        rule: 'image GC failed twice in a row',
        constant: 'ImageGCPeriod=5m',
        parents: [h.services[e.state.profile.runtime]?.cause ?? 0],
      });
      logLine(
        e,
        h.name,
        'kubelet',
        'E',
        'kubelet.go:1650',
        `"Image garbage collection failed multiple times in a row" err=${q(err)}`,
      );
      kubeletEvent(e, h, nodeRef(h), 'Warning', 'ImageGCFailed', err, c);
    }
  }
  e.schedule(IMAGE_GC_PERIOD, 'kubelet.image-gc', h.name, kgen(h));
}
