/**
 * taint-eviction-controller (kube-controller-manager; `taint-controller` inside the
 * node-lifecycle-controller before v1.29), reference §3.2–3.4.
 *
 * On a change of a node's NoExecute taints (and on pods newly bound to a tainted node), for each
 * pod on the node: taints not all tolerated → delete now; tolerated forever (no tolerationSeconds:
 * DaemonSet and static pods) → nothing; else delete at (time the controller observed the taint) +
 * min(tolerationSeconds). Taints gone before that → `TaintManagerEviction` "Cancelling deletion of
 * Pod ns/name". Deletion: event "Marking for deletion Pod ns/name", the DisruptionTarget condition
 * (DeletionByTaintManager, where the profile has PodDisruptionConditions), then a graceful DELETE
 * with the pod's terminationGracePeriodSeconds. The pod stays Terminating until its kubelet
 * finishes it.
 *
 * Cause/history `what` prefixes: `evict pod` (cause), `DisruptionTarget=True (DeletionByTaintManager)`
 * (pod write), `cancel eviction` (cause); the DELETE itself is written by api/delete.ts
 * (`deletion requested`).
 */
import { removeOrTerminate } from '../api/delete';
import { statusWrite, updatePodCondition } from '../api/podutil';
import type { Node, Pod, Taint } from '../core/api-types';
import { causeAt } from '../core/cause-log';
import { dict } from '../core/dict';
import type { Engine, SimModule } from '../core/engine';
import { formatDuration } from '../core/world';
import { controllerManagerActive, controllerMemory } from './control-plane';
import { podsOnNodeSorted } from './node-lifecycle-health';
import { taintLabel } from './node-lifecycle-taints';
import {
  getMatchingTolerations,
  getMinTolerationTime,
  noExecuteTaints,
  taintSignature,
  toleratesTaint,
} from './taint-eviction-tolerations';

function actor(e: Engine): string {
  return e.state.profile.taintEvictionSource;
}

function podRef(e: Engine, key: string) {
  const [namespace, name] = key.split('/') as [string, string];
  const uid = e.get('Pod', key)?.metadata.uid ?? '';
  return { kind: 'Pod', name, namespace, uid };
}

/** `cancelWorkWithEvent`: drop scheduled work; an event only if a deletion was still pending. */
function cancelWorkWithEvent(e: Engine, key: string, why: string, parents: number[]): void {
  const m = controllerMemory(e);
  const w = m.evictionWork[key];
  if (!w) return;
  delete e.cow.field(m, 'evictionWork')[key];
  delete m.evictions[key];
  if (w.fired) return;
  const cause = e.cause({ actor: actor(e), what: `cancel eviction of pod ${key}`, rule: why, parents });
  e.event(podRef(e, key), 'Normal', 'TaintManagerEviction', `Cancelling deletion of Pod ${key}`, actor(e), cause);
}

/** `AddWork`: no-op if work (pending or already fired) exists for the pod. */
function addWork(e: Engine, key: string, node: string, createdAt: number, fireAt: number, cause: number): void {
  const m = controllerMemory(e);
  if (m.evictionWork[key]) return;
  const seq = ++m.evictionSeq;
  e.cow.field(m, 'evictionWork')[key] = { createdAt, seq, fired: false };
  m.evictions[key] = { at: Math.max(fireAt, e.now), node, cause };
  e.schedule(fireAt - e.now, 'taint-eviction.evict', key, seq);
}

/** The taint whose toleration expires first (the one to blame), with its seconds. */
function bindingTaint(taints: readonly Taint[], pod: Pod): { taint: Taint; seconds?: number } | undefined {
  let best: { taint: Taint; seconds?: number } | undefined;
  for (const taint of taints) {
    const tol = pod.spec.tolerations.find((t) => toleratesTaint(t, taint));
    if (!tol) return { taint };
    if (tol.tolerationSeconds === undefined) continue;
    if (!best || best.seconds === undefined || tol.tolerationSeconds < best.seconds)
      best = { taint, seconds: tol.tolerationSeconds };
  }
  return best;
}

/** `processPodOnNode`. */
function processPodOnNode(e: Engine, pod: Pod, node: Node, taints: readonly Taint[]): void {
  const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
  const nodeName = node.metadata.name;
  const now = e.now;
  if (taints.length === 0) {
    const p = e.lastCause(`Node/${nodeName}`, 'untaint');
    cancelWorkWithEvent(e, key, 'NoExecute taints removed from the node', p !== undefined ? [p] : []);
    return;
  }
  const { allTolerated, used } = getMatchingTolerations(taints, pod.spec.tolerations);
  const bind = bindingTaint(taints, pod);
  const taintCause = bind ? e.lastCause(`Node/${nodeName}`, `taint ${taintLabel(bind.taint)}`) : undefined;
  const parents = taintCause !== undefined ? [taintCause] : [];
  if (!allTolerated) {
    cancelWorkWithEvent(e, key, 'pod does not tolerate a NoExecute taint: deleting now', parents);
    const cause = e.cause({
      actor: actor(e),
      what: `evict pod ${key}`,
      rule: `pod does not tolerate taint ${bind ? taintLabel(bind.taint) : 'NoExecute'}`,
      parents,
    });
    addWork(e, key, nodeName, now, now, cause);
    return;
  }
  const min = getMinTolerationTime(used);
  if (min < 0) {
    const p = e.lastCause(`Node/${nodeName}`);
    cancelWorkWithEvent(e, key, 'tolerations tolerate forever', p !== undefined ? [p] : []);
    return;
  }
  let startTime = now;
  const triggerTime = now + min;
  const existing = controllerMemory(e).evictionWork[key];
  if (existing && !existing.fired) {
    startTime = existing.createdAt;
    // Upstream compares with Before on nanosecond clocks; on our ms clock the same instant counts as "not later".
    if (startTime + min <= triggerTime) return;
    cancelWorkWithEvent(e, key, 'earlier toleration deadline', parents);
  }
  const secs = formatDuration(min);
  const cause = e.cause({
    actor: actor(e),
    what: `evict pod ${key}`,
    rule: `tolerationSeconds ${min / 1000} elapsed since taint ${bind ? taintLabel(bind.taint) : 'NoExecute'}`,
    constant: `tolerationSeconds=${min / 1000}`,
    parents,
  });
  e.trace(`${actor(e)}: pod ${key} on ${nodeName} will be deleted in ${secs}`);
  addWork(e, key, nodeName, startTime, triggerTime, cause);
}

/** `handleNodeUpdate`: remember the node's NoExecute taints and process each of its pods. */
function handleNodeUpdate(e: Engine, nodeName: string): void {
  const m = controllerMemory(e);
  const node = e.get('Node', nodeName);
  if (!node) {
    delete m.taintedNodes[nodeName];
    return;
  }
  const taints = noExecuteTaints(node.spec.taints);
  if (taints.length === 0) delete m.taintedNodes[nodeName];
  else m.taintedNodes[nodeName] = taintSignature(taints);
  const pods = podsOnNodeSorted(e, nodeName);
  if (taints.length === 0) {
    const p = e.lastCause(`Node/${nodeName}`, 'untaint');
    for (const pod of pods) {
      cancelWorkWithEvent(
        e,
        `${pod.metadata.namespace}/${pod.metadata.name}`,
        'NoExecute taints removed from the node',
        p !== undefined ? [p] : [],
      );
    }
    return;
  }
  for (const pod of pods) processPodOnNode(e, pod, node, taints);
}

/** `handlePodUpdate`: a deleted pod's work is dropped; a pod on a tainted node is processed. */
function handlePodUpdate(e: Engine, key: string): void {
  const m = controllerMemory(e);
  const pod = e.get('Pod', key);
  if (!pod) {
    cancelWorkWithEvent(e, key, 'pod deleted', []);
    return;
  }
  const nodeName = pod.spec.nodeName;
  if (!nodeName || m.taintedNodes[nodeName] === undefined) return;
  const node = e.get('Node', nodeName);
  if (!node) return;
  processPodOnNode(e, pod, node, noExecuteTaints(node.spec.taints));
}

/** The deletion itself: event, DisruptionTarget condition, graceful DELETE. */
function evict(e: Engine, key: string): void {
  const m = controllerMemory(e);
  const scheduled = m.evictions[key];
  delete m.evictions[key];
  const pod = e.get('Pod', key);
  if (!pod) return;
  // The decision was made when the taint was observed; the eviction link is dated when it fires,
  // with the same rule and parents, so "Why?" shows when the pod was actually marked for deletion.
  const planned = scheduled ? causeAt(e.state.causes, scheduled.cause) : undefined;
  const cause = e.cause({
    actor: actor(e),
    what: `evict pod ${key}`,
    rule: planned?.rule ?? 'NoExecute taint',
    ...(planned?.constant ? { constant: planned.constant } : {}),
    parents: planned?.parents ?? [],
  });
  e.event(podRef(e, key), 'Normal', 'TaintManagerEviction', `Marking for deletion Pod ${key}`, actor(e), cause);
  let current = pod;
  const reason = 'DeletionByTaintManager';
  const conditions = e.state.profile.disruptionConditions
    ? updatePodCondition(
        pod.status.conditions,
        { type: 'DisruptionTarget', status: 'True', reason, message: 'Taint manager: deleting due to NoExecute taint' },
        e.now,
      )
    : undefined;
  if (conditions) {
    const next = statusWrite(pod, { ...pod.status, conditions });
    e.put(next, `DisruptionTarget=True (${reason})`, cause);
    current = next;
  }
  removeOrTerminate(e, current, current.spec.terminationGracePeriodSeconds, cause);
}

/** The taint-eviction-controller module. */
export const taintEvictionModule: SimModule = {
  name: 'taint-eviction',
  timers: {
    'taint-eviction.evict': (e, t) => {
      const m = controllerMemory(e);
      const w = m.evictionWork[t.target];
      if (!w || w.seq !== t.gen || w.fired) return;
      if (!controllerManagerActive(e)) {
        // API blip while kube-controller-manager still leads: retry; a restart clears this work.
        e.schedule(1000, 'taint-eviction.evict', t.target, t.gen);
        return;
      }
      // Fired work stays as a marker so that later node updates do not schedule the pod again.
      e.cow.field(m, 'evictionWork')[t.target] = { ...w, fired: true };
      evict(e, t.target);
    },
  },
  watch: {
    Node: (e, key, obj, old) => {
      const a = obj ? taintSignature((obj as Node).spec.taints) : undefined;
      const b = old ? taintSignature((old as Node).spec.taints) : undefined;
      if (obj && old && a === b) return;
      controllerMemory(e).tecDirtyNodes[key] = true;
      e.enqueue('taint-eviction');
    },
    Pod: (e, key, obj, old) => {
      const p = obj as Pod | undefined;
      const o = old as Pod | undefined;
      if (p && o && p.spec.nodeName === o.spec.nodeName) return;
      if (p && !p.spec.nodeName) return;
      controllerMemory(e).tecDirtyPods[key] = true;
      e.enqueue('taint-eviction');
    },
  },
  sync: (e) => {
    if (!controllerManagerActive(e)) return;
    const m = controllerMemory(e);
    const nodes = Object.keys(m.tecDirtyNodes).sort();
    const pods = Object.keys(m.tecDirtyPods).sort();
    m.tecDirtyNodes = dict();
    m.tecDirtyPods = dict();
    for (const n of nodes) handleNodeUpdate(e, n);
    for (const p of pods) handlePodUpdate(e, p);
  },
};
