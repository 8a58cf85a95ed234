/**
 * Speed machinery for containers.ts: derived data about `host.containers` records, never state.
 * containers.ts is the only writer of the records and tells this file of every write.
 *
 * - Containers by pod uid, per `host.containers` record. The kubelet asks for a pod's containers
 *   several times per pod and sync pass; scanning every container of the host each time dominated
 *   profiles of big clusters. The index stays valid because `host.containers` is only written
 *   through containers.ts (`ownContainers`, `writableContainer`); tests that poke the record call
 *   `containersChanged`. A record shared with a snapshot is never changed (core/copy-on-write.ts):
 *   the first write after a checkpoint copies it, and the copy gets an index of its own when first
 *   asked.
 * - Changes per `host.containers` record, in all and per pod uid: with the record's identity they
 *   tell the kubelet that no container started, stopped or exited since its last sync pass
 *   (kubelet/quiet-sync.ts).
 * - Pod uids whose containers changed since the kubelet process last took them, keyed by the taker
 *   (its memory object).
 */
import type { Host, HostContainer, KubeletMemory } from '../core/state';

type Order = (a: HostContainer, b: HostContainer) => number;

const byPod = new WeakMap<Host['containers'], Map<string, HostContainer[]>>();

/** Containers of `h` by pod uid, each list in `order` (built at the first ask per record). */
export function containersByPod(h: Host, order: Order): Map<string, HostContainer[]> {
  let idx = byPod.get(h.containers);
  if (idx) return idx;
  idx = new Map();
  for (const c of Object.values(h.containers)) {
    const list = idx.get(c.podUid);
    if (list) list.push(c);
    else idx.set(c.podUid, [c]);
  }
  for (const list of idx.values()) list.sort(order);
  byPod.set(h.containers, idx);
  return idx;
}

/** `c` was put in `h.containers` (the live record): counted, and added to the index if it has one. */
export function containerAdded(h: Host, c: HostContainer, order: Order): void {
  bump(h, c.podUid);
  const idx = byPod.get(h.containers);
  if (idx) {
    const list = idx.get(c.podUid);
    if (list) {
      list.push(c);
      list.sort(order);
    } else idx.set(c.podUid, [c]);
  }
}

/** `c` was taken out of `h.containers` (the live record): counted, and dropped from the index. */
export function containerRemoved(h: Host, c: HostContainer): void {
  bump(h, c.podUid);
  const list = byPod.get(h.containers)?.get(c.podUid);
  if (list) {
    const i = list.indexOf(c);
    if (i >= 0) list.splice(i, 1);
  }
}

/** A container of pod `podUid` in `h.containers` changed its state: counted. */
export function containerChanged(h: Host, podUid: string): void {
  bump(h, podUid);
}

/** `copy` took the place of `c` in `rec` (a copy-on-write copy): the index follows. */
export function containerReplaced(rec: Host['containers'], c: HostContainer, copy: HostContainer): void {
  const list = byPod.get(rec)?.get(c.podUid);
  const i = list ? list.indexOf(c) : -1;
  if (list && i >= 0) list[i] = copy;
}

/** Forget the index of `h` (for code that writes `h.containers` directly, e.g. test kits). */
export function containersChanged(h: Host): void {
  byPod.delete(h.containers);
  bump(h);
}

/**
 * Changes per `host.containers` record (derived, like the index), in all and per pod uid. Every
 * write to the record goes through containers.ts and bumps them.
 */
const versions = new WeakMap<Host['containers'], { all: number; resets: number; pods: Map<string, number> }>();

/**
 * Pod uids whose containers changed in `record` since the kubelet process (the key: its memory
 * object) last took them, kept from its first take on. Keyed by the taker, not by the record: a
 * record may be a snapshot's too (core/copy-on-write.ts) and come back with a restore, whose new
 * kubelet memory starts without a log (its first pass visits every pod).
 */
const takes = new WeakMap<KubeletMemory, { record: Host['containers']; log: Set<string> }>();

function bump(h: Host, podUid?: string): void {
  let v = versions.get(h.containers);
  if (!v) {
    v = { all: 0, resets: 0, pods: new Map() };
    versions.set(h.containers, v);
  }
  v.all++;
  const t = h.kubelet ? takes.get(h.kubelet) : undefined;
  // Without a pod uid (a test kit rewrote the record) every pod's count moves.
  if (podUid === undefined) {
    v.resets++;
    if (h.kubelet) takes.delete(h.kubelet);
  } else {
    v.pods.set(podUid, (v.pods.get(podUid) ?? 0) + 1);
    if (t?.record === h.containers) t.log.add(podUid);
  }
}

/**
 * The pod uids whose containers changed in `h.containers` since the last call (for the same
 * record), or undefined when not known (the first call, a new record, a rewrite of the record):
 * the kubelet's sync pass then visits every pod (kubelet/quiet-sync.ts).
 */
export function takeContainerChanges(h: Host): ReadonlySet<string> | undefined {
  if (!h.kubelet) return undefined;
  const t = takes.get(h.kubelet);
  takes.set(h.kubelet, { record: h.containers, log: new Set() });
  return t?.record === h.containers ? t.log : undefined;
}

/** The change count of `h.containers` (compare together with the record's identity). */
export function containersVersion(h: Host): number {
  return versions.get(h.containers)?.all ?? 0;
}

/** The change count of one pod's containers in `h.containers` (compare with the record's identity). */
export function podContainersVersion(h: Host, podUid: string): number {
  const v = versions.get(h.containers);
  return v ? v.resets * 1e9 + (v.pods.get(podUid) ?? 0) : 0;
}
