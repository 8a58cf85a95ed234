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
import { type Engine, sameEntries, type Warmth } from '../core/engine';
import type { Host, HostContainer, KubeletMemory } from '../core/state';
import { logLine, q } from '../host/journal';
import { byCreated, criAvailable, criError, removeDeadContainer } from '../runtime/containers';
import { containersVersion } from '../runtime/containers-cache';
import { removePodSandbox } from '../runtime/sandboxes';
import { kubeletEvent } from './events';
import { actor, kgen, nodeRef } from './memory';

type RunningHost = Host & { kubelet: KubeletMemory };

/** ContainerGCPeriod and ImageGCPeriod. */
export const CONTAINER_GC_PERIOD = 60_000;
export const IMAGE_GC_PERIOD = 300_000;

/**
 * Per host (derived, not state), the containers record and its change count after a pass that
 * removed nothing, with the kubelet memory and podsSynced it saw: while they are the same the pass
 * would remove nothing again (dead instances appear only through containers.ts, which counts
 * every change; a worker never goes away leaving its containers behind).
 */
const quiet = new WeakMap<
  Host,
  { containers: Host['containers']; version: number; mem: KubeletMemory; synced: boolean }
>();

/**
 * The quiet notes carried across a snapshot and restore (core/engine.ts `Warmth`): per host whose
 * note stands at the snapshot, the podsSynced it saw; the import notes it again for the restored
 * host's objects (a restore gives new ones: every host's first pass after a seek walked its
 * containers again).
 */
export const containerGCWarmth: Warmth = {
  export(e, prev) {
    const out = new Map<string, boolean>();
    const hosts = e.state.hosts;
    for (const name in hosts) {
      const h = hosts[name] as Host;
      const seen = quiet.get(h);
      if (
        seen &&
        h.kubelet &&
        seen.mem === h.kubelet &&
        seen.containers === h.containers &&
        seen.version === containersVersion(h)
      )
        out.set(name, seen.synced);
    }
    return sameEntries(out, prev);
  },
  import(e, data) {
    if (!(data instanceof Map)) return;
    const hosts = e.state.hosts;
    for (const [name, synced] of data as Map<string, boolean>) {
      const h = hosts[name];
      if (h?.kubelet) quiet.set(h, { containers: h.containers, version: containersVersion(h), mem: h.kubelet, synced });
    }
  },
};

/** evictContainers: dead instances beyond the newest per container, and everything of unknown pods. */
function evictContainers(e: Engine, h: RunningHost): void {
  const mem = h.kubelet;
  const seen = quiet.get(h);
  const synced = mem.podsSynced === true;
  if (
    seen?.containers === h.containers &&
    seen.version === containersVersion(h) &&
    seen.mem === mem &&
    seen.synced === synced
  )
    return;
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
  if (containersVersion(h) === before) quiet.set(h, { containers: h.containers, version: before, mem, synced });
}

export function containerGC(e: Engine, h: RunningHost): void {
  const mem = h.kubelet;
  if (criAvailable(e, h)) {
    mem.containerGCFailing = false;
    evictContainers(e, h);
  } else {
    mem.containerGCFailing = true;
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
    mem.imageGCFailures = 0;
  } else {
    mem.imageGCFailures++;
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
