/**
 * The marks of kubelet/quiet-sync.ts ("a pass with these inputs does nothing"), apart so that
 * pod-sync-queue.ts can drop them without importing the runtime's containers (an import cycle
 * otherwise). Derived data, never part of the state: per engine, by host name.
 *
 * A mark names what it was made on in terms a restore puts back: the node's pod-write stamp, the
 * host's sync-request stamp (core/change-counters.ts), the containers record and the pod workers
 * record by `objectId` (a new kubelet process has a new one) and the containers' change count. A
 * pass reads more than that (the static manifests, the kubelet's memory, the sandboxes); every
 * change to those that matters asks for a pass (pod-sync-queue.ts), which moves the sync-request
 * stamp, so no mark made before it holds after it, in this history or in another one restored to
 * the same point. A mark stands for the state it was made on and for a restored state that
 * carries the same stamps and records; one made after a later pod write or request, in any
 * history, never matches again (stamps are never handed out twice).
 *
 * A host keeps its last few marks, not only the newest: after a seek back, the mark that stood at
 * the checkpoint is usually an older one (a node that took pods since noted newer ones). With the
 * newest alone, 300 of a 1,000-node zone failure's 667 running kubelets ran a full pass in the
 * first 30 simulated seconds after a seek back 2.5 minutes, against 1 when played straight.
 */
import type { Engine } from '../core/engine';
import { objectId, perEngine } from '../core/per-engine';
import type { Host, KubeletMemory } from '../core/state';
import { containersVersion } from '../runtime/containers-cache';

/** What a quiet pass read; records by their `objectId`, so that a mark keeps none of them alive. */
export interface QuietMark {
  podWrites: number;
  requests: number;
  containers: number;
  containersVersion: number;
  workers: number;
}

/** Marks kept per host, newest first. */
const MARKS_KEPT = 4;

const marks = perEngine(() => new Map<string, QuietMark[]>());

type RunningHost = Host & { kubelet: KubeletMemory };

function holdsNow(e: Engine, h: RunningHost, m: QuietMark): boolean {
  return (
    m.podWrites === e.podWritesOn(h.name) &&
    m.requests === e.syncRequestsOn(h.name) &&
    m.containers === objectId(h.containers) &&
    m.containersVersion === containersVersion(h) &&
    m.workers === objectId(h.kubelet.pods)
  );
}

/** The mark that holds for `h`'s inputs as they stand, if any. */
export function quietMarkNow(e: Engine, h: RunningHost): QuietMark | undefined {
  const list = marks(e).get(h.name);
  if (list) for (const m of list) if (holdsNow(e, h, m)) return m;
  return undefined;
}

/** A pass over `h`'s inputs as they stand did nothing: mark them. */
export function markQuiet(e: Engine, h: RunningHost): void {
  const m: QuietMark = {
    podWrites: e.podWritesOn(h.name),
    requests: e.syncRequestsOn(h.name),
    containers: objectId(h.containers),
    containersVersion: containersVersion(h),
    workers: objectId(h.kubelet.pods),
  };
  const list = (marks(e).get(h.name) ?? []).filter((x) => !holdsNow(e, h, x));
  list.unshift(m);
  if (list.length > MARKS_KEPT) list.length = MARKS_KEPT;
  marks(e).set(h.name, list);
}

/**
 * Something asked for a pass, or a pass did something: no mark made before holds any more (the
 * host's sync-request stamp moves on; the marks stay for a restore to a point before this).
 */
export function forgetQuiet(e: Engine, h: Host): void {
  e.syncRequested(h.name);
}
