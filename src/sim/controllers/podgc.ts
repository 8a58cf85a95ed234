/**
 * Pod garbage collector (kube-controller-manager `podgc`), reference §6. PGC [C]
 *
 * Every podGCPeriod (20s, first pass when the controller starts):
 * - gcTerminating: terminating pods on a node that is not Ready and carries the
 *   `node.kubernetes.io/out-of-service` taint are force-deleted (non-graceful node shutdown);
 * - gcOrphaned: nodes named by pods but absent from the API are quarantined for podGCQuarantine
 *   (40s); a node still missing after that has its pods marked Failed (+ DisruptionTarget
 *   DeletionByPodGC "PodGC: node no longer exists" where the profile has PodDisruptionConditions)
 *   and force-deleted (grace 0: removed from the store);
 * - gcUnscheduledTerminating: terminating pods bound to no node are force-deleted.
 *
 * Cause/history `what` prefixes: `phase=Failed` (status patch), `deleted (force, PodGC)` (removal);
 * causes `podgc: ...`.
 */
import { statusWrite } from '../api/podutil';
import type { Pod, PodCondition } from '../core/api-types';
import type { Engine, SimModule } from '../core/engine';
import { formatDuration } from '../core/world';
import { controllerManagerActive, controllerMemory } from './control-plane';

const ACTOR = 'pod-garbage-collector';
export const TAINT_OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';

function podKey(p: Pod): string {
  return `${p.metadata.namespace}/${p.metadata.name}`;
}

function isTerminal(p: Pod): boolean {
  return p.status.phase === 'Succeeded' || p.status.phase === 'Failed';
}

function isTerminating(p: Pod): boolean {
  return !isTerminal(p) && p.metadata.deletionTimestamp !== undefined;
}

/**
 * `markFailedAndDeletePodWithCondition`: phase Failed (+ condition) unless already terminal, then a
 * DELETE with grace 0. [U] v1.23 (no PodDisruptionConditions) force-deletes without the Failed patch.
 */
function markFailedAndDeletePod(
  e: Engine,
  pod: Pod,
  condition: Omit<PodCondition, 'lastTransitionTime'> | undefined,
  cause: number,
): void {
  const key = podKey(pod);
  if (e.state.profile.disruptionConditions && !isTerminal(pod)) {
    const next = statusWrite(pod, { ...pod.status, phase: 'Failed', conditions: pod.status.conditions.slice() });
    let what = 'phase=Failed';
    if (condition) {
      const idx = next.status.conditions.findIndex((c) => c.type === condition.type);
      const cond: PodCondition = { ...condition, lastTransitionTime: e.now };
      if (idx >= 0) next.status.conditions[idx] = cond;
      else next.status.conditions.push(cond);
      what += ` + DisruptionTarget=True (${condition.reason})`;
    }
    e.put(next, what, cause);
  }
  e.remove('Pod', key, 'deleted (force, PodGC)', cause);
}

function isNodeReady(e: Engine, nodeName: string): boolean {
  const n = e.get('Node', nodeName);
  return n?.status.conditions.some((c) => c.type === 'Ready' && c.status === 'True') === true;
}

function gcTerminating(e: Engine, pods: readonly Pod[]): void {
  // The out-of-service taint (non-graceful node shutdown) arrived in v1.24. [U] exact version.
  if (e.state.profile.name === 'v1.23-docker') return;
  const victims = pods.filter((p) => {
    if (!isTerminating(p) || !p.spec.nodeName) return false;
    const node = e.get('Node', p.spec.nodeName);
    return (
      node !== undefined &&
      !isNodeReady(e, p.spec.nodeName) &&
      node.spec.taints.some((t) => t.key === TAINT_OUT_OF_SERVICE)
    );
  });
  for (const p of victims) {
    const nodeName = p.spec.nodeName as string;
    const parent = e.lastCause(`Node/${nodeName}`, 'taint out-of-service') ?? e.lastCause(`Node/${nodeName}`);
    const cause = e.cause({
      actor: ACTOR,
      what: `podgc: force delete terminating pod ${podKey(p)}`,
      rule: `node ${nodeName} is not Ready and tainted ${TAINT_OUT_OF_SERVICE}`,
      parents: parent !== undefined ? [parent] : [],
    });
    markFailedAndDeletePod(e, p, undefined, cause);
  }
}

function gcOrphaned(e: Engine, pods: readonly Pod[]): void {
  const m = controllerMemory(e);
  const quarantine = e.state.settings.podGCQuarantine;
  for (const p of pods) {
    const n = p.spec.nodeName;
    // nodeQueue.AddAfter keeps the earliest ready time of a node already waiting.
    if (n && e.get('Node', n) === undefined && m.podgcQuarantine[n] === undefined) m.podgcQuarantine[n] = e.now;
  }
  const deleted = new Set<string>();
  for (const n of Object.keys(m.podgcQuarantine).sort()) {
    const since = m.podgcQuarantine[n] as number;
    if (e.now < since + quarantine) continue;
    delete m.podgcQuarantine[n];
    // Live GET after the quarantine: the node may have come back.
    if (!e.get('Node', n)) deleted.add(n);
  }
  for (const p of pods) {
    const n = p.spec.nodeName;
    if (!n || !deleted.has(n) || !e.get('Pod', podKey(p))) continue;
    // The Node's removal (api/delete.ts writes `deleted`), else whatever was last recorded on it.
    const parent = e.lastCause(`Node/${n}`, 'deleted') ?? e.lastCause(`Node/${n}`);
    const cause = e.cause({
      actor: ACTOR,
      what: `podgc: delete orphaned pod ${podKey(p)}`,
      rule: `node ${n} no longer exists after quarantine ${formatDuration(quarantine)}`,
      constant: `podGCQuarantine=${formatDuration(quarantine)}`,
      parents: parent !== undefined ? [parent] : [],
    });
    markFailedAndDeletePod(
      e,
      p,
      { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' },
      cause,
    );
    e.trace(`${ACTOR}: "Forced deletion of orphaned Pod succeeded" pod="${podKey(p)}"`);
  }
}

function gcUnscheduledTerminating(e: Engine, pods: readonly Pod[]): void {
  for (const p of pods) {
    if (!isTerminating(p) || p.spec.nodeName || !e.get('Pod', podKey(p))) continue;
    const parent = e.lastCause(`Pod/${podKey(p)}`, 'deletion requested') ?? e.lastCause(`Pod/${podKey(p)}`);
    const cause = e.cause({
      actor: ACTOR,
      what: `podgc: force delete unscheduled terminating pod ${podKey(p)}`,
      rule: 'terminating pod bound to no node',
      parents: parent !== undefined ? [parent] : [],
    });
    markFailedAndDeletePod(e, p, undefined, cause);
  }
}

/** One PodGC pass (`gc`). */
export function podGC(e: Engine): void {
  // Candidates: the pods one of the three sweeps can act on, in key order (the order of the full
  // list they once were filtered from): every pod on a node absent from the API, terminating pods
  // on a node that is not Ready and tainted out-of-service, and terminating pods bound to no node.
  // Found per node: a zone failure leaves thousands of terminating pods on unreachable nodes that
  // no sweep touches, and sorting those every 20 s was ~6% of the failure's minutes at 1,000 nodes.
  const keys: string[] = [];
  for (const n of e.boundNodeNames()) {
    const node = e.get('Node', n);
    if (node === undefined) for (const k of e.podKeysOnNode(n)) keys.push(k);
    else if (node.spec.taints.some((t) => t.key === TAINT_OUT_OF_SERVICE) && !isNodeReady(e, n))
      for (const p of e.podsOnNode(n)) if (p.metadata.deletionTimestamp !== undefined) keys.push(podKey(p));
  }
  for (const p of e.unboundPods()) if (p.metadata.deletionTimestamp !== undefined) keys.push(podKey(p));
  if (keys.length === 0 && Object.keys(controllerMemory(e).podgcQuarantine).length === 0) return;
  const pods: Pod[] = [];
  for (const k of keys.sort()) {
    const p = e.get('Pod', k);
    if (p) pods.push(p);
  }
  gcTerminating(e, pods);
  gcOrphaned(e, pods);
  gcUnscheduledTerminating(e, pods);
}

/** The PodGC module: a pass every podGCPeriod while kube-controller-manager leads. */
export const podgcModule: SimModule = {
  name: 'podgc',
  timers: {
    'podgc.gc': (e, t) => {
      if (t.gen !== controllerMemory(e).generation) return;
      e.schedule(e.state.settings.podGCPeriod, 'podgc.gc', '', t.gen);
      if (controllerManagerActive(e)) podGC(e);
    },
  },
};
