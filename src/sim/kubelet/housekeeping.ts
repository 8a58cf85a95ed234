/**
 * Housekeeping (kubelet.go syncLoopIteration housekeepingCh every 2s, kubelet_pods.go
 * HandlePodCleanups): containers running for a pod the kubelet has no worker for, and that
 * neither the API nor a manifest asks for, are orphans of a kubelet restart (the pod was
 * force-deleted, or PodGC removed it, while the kubelet was away). They are killed with a 1 s
 * grace period ("Clean up orphaned pod containers", PodTerminationGracePeriodSecondsOverride 1).
 * So a ghost lives only while its kubelet is down: within ~2 s of the kubelet syncing again it is
 * gone.
 *
 * Housekeeping is skipped while the sync loop is (runtime errors) and until the pod sources are
 * ready (`sourcesReady.AllReady()`: the API answered and every pod has its worker). The loop arms
 * itself at every kubelet start and goes idle once a pass found nothing: a running kubelet never
 * leaves an orphan behind (pods it removes are killed by their worker).
 *
 * Cause `what` prefixes: `pod killed` (as for SyncLoop REMOVE).
 */
import type { Engine } from '../core/engine';
import type { Host, KubeletMemory } from '../core/state';
import { canReachApi } from '../core/world';
import { logLine, q } from '../host/journal';
import { stopExitCode } from '../runtime/app';
import { containersOf, removeContainer } from '../runtime/containers';
import { removePodSandbox } from '../runtime/sandboxes';
import { actor, kgen } from './memory';
import { runtimeErrors } from './runtime-health';
import { desiredStaticPods } from './static-pods';

type RunningHost = Host & { kubelet: KubeletMemory };

/** housekeepingPeriod (kubelet.go). */
export const HOUSEKEEPING_PERIOD = 2000;
/** The grace period HandlePodCleanups gives an orphan. */
export const ORPHAN_GRACE_MS = 1000;

/** Arm the housekeeping tick (no-op if one is pending). */
export function armHousekeeping(e: Engine, h: RunningHost, delay = HOUSEKEEPING_PERIOD): void {
  if (h.kubelet.housekeepingAt !== undefined && h.kubelet.housekeepingAt >= e.now) return;
  e.cow.touch(h.kubelet).housekeepingAt = e.now + delay;
  e.schedule(delay, 'kubelet.housekeeping', h.name, kgen(h));
}

/** Pod uids with running containers that no worker owns and nobody asks for. */
function orphanPods(e: Engine, h: RunningHost): string[] {
  const wanted = new Set<string>();
  for (const s of desiredStaticPods(h)) wanted.add(s.uid);
  for (const p of e.podsOnNode(h.name)) wanted.add(p.metadata.uid);
  const out = new Set<string>();
  for (const c of Object.values(h.containers)) {
    if (c.state === 'running' && !h.kubelet.pods[c.podUid] && !wanted.has(c.podUid)) out.add(c.podUid);
  }
  return [...out].sort();
}

/** Timer: one housekeeping pass. */
export function housekeepingTick(e: Engine, h: RunningHost): void {
  const mem = h.kubelet;
  e.cow.touch(mem).housekeepingAt = undefined;
  if (runtimeErrors(e, h).length > 0 || !mem.podsAdded || !canReachApi(e, h.name)) {
    armHousekeeping(e, h);
    return;
  }
  if (!mem.podsSynced) e.cow.touch(mem).podsSynced = true;
  const orphans = orphanPods(e, h);
  for (const uid of orphans) {
    logLine(e, h.name, 'kubelet', 'I', 'kubelet_pods.go:1163', `"Clean up orphaned pod containers" podUID=${q(uid)}`);
    const running = containersOf(h, uid).filter((c) => c.state === 'running');
    // SIGTERM, then SIGKILL once the 1s grace period is over.
    const quick = running.every((c) => stopExitCode(c) !== undefined);
    const delay = quick ? e.randInt(300, ORPHAN_GRACE_MS) : ORPHAN_GRACE_MS;
    e.schedule(delay, 'kubelet.orphan-kill', `${h.name}|${uid}`, kgen(h));
  }
  if (orphans.length > 0) armHousekeeping(e, h);
}

/** Timer: an orphan's grace period is over; its containers and sandbox are gone. */
export function orphanKilled(e: Engine, h: RunningHost, uid: string): void {
  if (h.kubelet.pods[uid]) return;
  const running = containersOf(h, uid).filter((c) => c.state === 'running');
  if (running.length === 0) return;
  const first = running[0];
  const c = e.cause({
    actor: actor(h),
    what: `pod killed ${first?.namespace}/${first?.podName}: orphaned pod containers`,
    rule: 'HandlePodCleanups: containers of a pod the kubelet does not know are killed (grace 1s)',
    constant: 'housekeepingPeriod=2s',
    parents: [e.lastCause(`Pod/${first?.namespace}/${first?.podName}`) ?? h.services.kubelet?.cause ?? 0],
  });
  for (const x of running) removeContainer(e, h, x.id, c);
  removePodSandbox(e, h, uid);
}
