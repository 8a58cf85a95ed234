/**
 * The one path by which the kubelet changes its pod workers (`KubeletMemory.pods`), their
 * container states and probe workers. Snapshots share these records with the live state instead
 * of copying them (core/copy-on-write.ts), so they are typed `readonly` and a write asks here
 * first: the record, the worker and each level down to what changes are copied once after a
 * checkpoint (the copies then put in place of the shared ones) and changed in place after that.
 *
 * Each function returns the objects now in the state: a caller reads those from then on, not the
 * ones it held before (those may be a snapshot's now).
 */
import type { Writable } from '../core/copy-on-write';
import type { Engine } from '../core/engine';
import type {
  KubeletContainerState,
  KubeletMemory,
  KubeletPodWorker,
  ProbeType,
  ProbeWorkerState,
} from '../core/state';

export type WritableWorker = Writable<KubeletPodWorker>;
export type WritableContainerState = Writable<KubeletContainerState>;
export type WritableProbe = Writable<ProbeWorkerState>;

/** `k.pods` as the live state's own record. */
function ownPods(e: Engine, k: KubeletMemory): Record<string, KubeletPodWorker> {
  const pods = e.cow.writable(k.pods);
  if (pods !== k.pods) e.cow.touch(k).pods = pods;
  return pods;
}

/** A new pod worker (AddPod), or one in place of the worker of the same uid. */
export function putWorker(e: Engine, k: KubeletMemory, w: KubeletPodWorker): WritableWorker {
  const own = e.cow.adopt(w);
  ownPods(e, k)[w.uid] = own;
  return own;
}

/** The pod worker of `uid` is gone (the pod was removed or its worker replaced). */
export function deleteWorker(e: Engine, k: KubeletMemory, uid: string): void {
  if (k.pods[uid]) delete ownPods(e, k)[uid];
}

/** The worker of `uid`, writable (undefined if there is none). */
export function writableWorker(e: Engine, k: KubeletMemory, uid: string): WritableWorker | undefined {
  const w = k.pods[uid];
  if (!w) return undefined;
  const own = e.cow.writable(w);
  if (own !== w) ownPods(e, k)[uid] = own;
  return own;
}

/** The worker of `uid` and the state of its container `name`, both writable. */
export function writableContainerState(
  e: Engine,
  k: KubeletMemory,
  uid: string,
  name: string,
): { w: WritableWorker; st: WritableContainerState } | undefined {
  if (!k.pods[uid]?.containers[name]) return undefined;
  const w = writableWorker(e, k, uid) as WritableWorker;
  const containers = e.cow.writable(w.containers);
  if (containers !== w.containers) w.containers = containers;
  const before = containers[name] as KubeletContainerState;
  const st = e.cow.writable(before);
  if (st !== before) containers[name] = st;
  return { w, st };
}

/** The worker, the container state and its probe worker of `type`, all writable. */
export function writableProbe(
  e: Engine,
  k: KubeletMemory,
  uid: string,
  name: string,
  type: ProbeType,
): { w: WritableWorker; st: WritableContainerState; ps: WritableProbe } | undefined {
  if (!k.pods[uid]?.containers[name]?.probes?.[type]) return undefined;
  const { w, st } = writableContainerState(e, k, uid, name) as { w: WritableWorker; st: WritableContainerState };
  const probes = e.cow.writable(st.probes as NonNullable<KubeletContainerState['probes']>);
  if (probes !== st.probes) st.probes = probes;
  const before = probes[type] as ProbeWorkerState;
  const ps = e.cow.writable(before);
  if (ps !== before) probes[type] = ps;
  return { w, st, ps };
}

/** A new probe worker of `type` for the container (AddPod), returned writable. */
export function putProbe(
  e: Engine,
  k: KubeletMemory,
  uid: string,
  name: string,
  type: ProbeType,
  ps: ProbeWorkerState,
): { w: WritableWorker; st: WritableContainerState; ps: WritableProbe } | undefined {
  const path = writableContainerState(e, k, uid, name);
  if (!path) return undefined;
  const { st } = path;
  const probes: Writable<NonNullable<KubeletContainerState['probes']>> = st.probes
    ? e.cow.writable(st.probes)
    : e.cow.adopt({});
  if (probes !== st.probes) st.probes = probes;
  const own = e.cow.adopt(ps);
  probes[type] = own;
  return { ...path, ps: own };
}
