/**
 * Speed machinery for gc.ts: per host (derived, not state), the containers record and its change
 * count after a container GC pass that removed nothing, with the kubelet memory and podsSynced it
 * saw. While they are the same the pass would remove nothing again (dead instances appear only
 * through runtime/containers.ts, which counts every change; a worker never goes away leaving its
 * containers behind). Keyed by the host object: a restore brings new ones (see the warmth below).
 */
import { sameEntries, type Warmth } from '../core/engine';
import type { Host, KubeletMemory } from '../core/state';
import { containersVersion } from '../runtime/containers-cache';

const quiet = new WeakMap<
  Host,
  { containers: Host['containers']; version: number; mem: KubeletMemory; synced: boolean }
>();

/** A container GC pass over `h` would remove nothing: nothing changed since a pass that removed nothing. */
export function containerGCQuiet(h: Host & { kubelet: KubeletMemory }, synced: boolean): boolean {
  const seen = quiet.get(h);
  return (
    seen?.containers === h.containers &&
    seen.version === containersVersion(h) &&
    seen.mem === h.kubelet &&
    seen.synced === synced
  );
}

/** Notes a pass over `h` that started at change count `before` (nothing noted if it changed anything). */
export function noteContainerGCPass(h: Host & { kubelet: KubeletMemory }, before: number, synced: boolean): void {
  if (containersVersion(h) === before)
    quiet.set(h, { containers: h.containers, version: before, mem: h.kubelet, synced });
}

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
