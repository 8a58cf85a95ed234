/**
 * Idle leader-election loops (control-plane.ts). A leader that renews its Lease every retryPeriod
 * while the API answers produces nothing anyone can observe (kubectl does not print a Lease's
 * renewTime or resourceVersion), yet it was half of all timer dispatches of a small cluster. So
 * after a successful renewal the loop goes idle: no timer, no write. Whatever could make the next
 * attempt differ goes through a container change on the control-plane host (kube-apiserver or
 * etcd stopping, the candidate process exiting, power loss drops every container), and
 * runtime/containers.ts then calls `wakeLeaderElection`: the loop resumes on its own 2s grid, so
 * failures are seen at the same ticks as before ("leaderelection lost" 10s after the API went down).
 *
 * Timers carry the loop's chain number as `gen`: going idle or waking starts a new chain and the
 * older timer is ignored. A container change is also when a stopped kube-scheduler releases its
 * Lease (leader-release.ts).
 */
import type { Engine } from '../core/engine';
import { controlPlaneHost } from '../core/world';
import { releaseOnCancel } from './leader-release';

/** client-go retryPeriod of kube-controller-manager and kube-scheduler. LE [C] */
export const RETRY_PERIOD_MS = 2_000;

interface ElectionLoops {
  /** Current chain per component (timers of another chain are stale). */
  chain: Record<string, number>;
  /** Per idle component: the time of its last tick (the grid origin while idle). */
  idleSince: Record<string, number>;
}

function loops(e: Engine): ElectionLoops {
  const m = e.state.controllers;
  m.electionLoops ??= { chain: {}, idleSince: {} };
  return m.electionLoops;
}

/** Chain number the next timer of `comp` must carry. */
export function electionChain(e: Engine, comp: string): number {
  return loops(e).chain[comp] ?? 0;
}

/** The tick of `comp` that just ran renewed a running leader: stop ticking until woken. */
export function idleElection(e: Engine, comp: string): void {
  const l = loops(e);
  l.chain[comp] = (l.chain[comp] ?? 0) + 1;
  l.idleSince[comp] = e.now;
}

/**
 * Something changed on the control-plane host: idle loops tick again at the next point of their
 * 2s grid (one at this very ms already ran: timers run before commands, and an earlier-scheduled
 * retry runs before a timer scheduled since).
 */
export function wakeLeaderElection(e: Engine, hostName: string): void {
  const cp = controlPlaneHost(e);
  if (!cp || hostName !== cp.name) return;
  releaseOnCancel(e, cp);
  const l = e.state.controllers.electionLoops;
  if (!l) return;
  for (const comp of Object.keys(l.idleSince).sort()) {
    const since = l.idleSince[comp] as number;
    delete l.idleSince[comp];
    const last = since + Math.floor((e.now - since) / RETRY_PERIOD_MS) * RETRY_PERIOD_MS;
    l.chain[comp] = (l.chain[comp] ?? 0) + 1;
    e.schedule(last + RETRY_PERIOD_MS - e.now, 'leader-election.tick', comp, l.chain[comp]);
  }
}
