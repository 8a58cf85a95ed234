/**
 * Speed machinery for gc.ts: per engine and host name (derived, not state), what a container GC
 * pass that removed nothing read: the containers record and its change count, the host's
 * sandboxes record, the kubelet's pod workers record (a new kubelet process has a new one), each
 * by `objectId`, and podsSynced. While
 * they are the same the pass would remove nothing again (dead instances appear only through
 * runtime/containers.ts, which counts every change; a worker never goes away leaving its
 * containers behind). A record a snapshot holds is never changed, so a note holds across
 * restores too (core/per-engine.ts).
 */
import type { Engine } from '../core/engine';
import { objectId, perEngine } from '../core/per-engine';
import type { Host, KubeletMemory } from '../core/state';
import { containersVersion } from '../runtime/containers-cache';

type RunningHost = Host & { kubelet: KubeletMemory };

/** Records by their `objectId` (a note keeps none of them alive); no sandboxes: 0. */
interface Quiet {
  containers: number;
  version: number;
  sandboxes: number;
  workers: number;
  synced: boolean;
}

const quiet = perEngine(() => new Map<string, Quiet>());

/** A container GC pass over `h` would remove nothing: nothing changed since a pass that removed nothing. */
export function containerGCQuiet(e: Engine, h: RunningHost, synced: boolean): boolean {
  const seen = quiet(e).get(h.name);
  return (
    seen?.containers === objectId(h.containers) &&
    seen.version === containersVersion(h) &&
    seen.sandboxes === (h.sandboxes ? objectId(h.sandboxes) : 0) &&
    seen.workers === objectId(h.kubelet.pods) &&
    seen.synced === synced
  );
}

/** Notes a pass over `h` that started at change count `before` (nothing noted if it changed anything). */
export function noteContainerGCPass(e: Engine, h: RunningHost, before: number, synced: boolean): void {
  if (containersVersion(h) === before)
    quiet(e).set(h.name, {
      containers: objectId(h.containers),
      version: before,
      sandboxes: h.sandboxes ? objectId(h.sandboxes) : 0,
      workers: objectId(h.kubelet.pods),
      synced,
    });
}
