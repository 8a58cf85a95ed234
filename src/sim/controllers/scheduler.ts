/**
 * kube-scheduler (default-scheduler): binds Pending pods without spec.nodeName to a node.
 * Filters, in the default plugin order: NodeUnschedulable, TaintToleration (NoSchedule/NoExecute),
 * NodeAffinity (nodeSelector + DaemonSet node pinning), NodeResourcesFit (requests <= allocatable,
 * pods <= allocatable pods). Score: LeastAllocated + BalancedAllocation over requests with the
 * scheduler's non-zero defaults (100m / 200Mi per container); ties go to the first node by name.
 * Success: spec.nodeName + PodScheduled=True, Normal `Scheduled` "Successfully assigned <ns>/<pod> to <node>".
 * Failure: PodScheduled=False reason Unschedulable + Warning `FailedScheduling` (§7), then the pod
 * waits in the unschedulable pool until a relevant cluster change (node added, taints/labels/
 * unschedulable/allocatable changed, a bound pod removed) or the 5-minute flush, with per-pod
 * backoff 1s doubling to 10s. With the scheduler down nothing is written (§9.3).
 *
 * Cause `what` prefixes: `bind`, `unschedulable`, `register-with-taints`.
 */

import { registrationTaints } from '../api/admission';
import { cmp, firstUntoleratedTaint, toleratesTaint } from '../api/podutil';
import { onLeaderLease } from '../api/workload-memory';
import type { Lease, Node, Pod, PodCondition, Taint } from '../core/api-types';
import type { Engine, SimModule } from '../core/engine';
import { MaxTree } from '../core/max-tree';
import { clonePlain } from '../core/snapshot';
import type { SchedulerMemory } from '../core/state';
import { controlPlaneContainer } from '../core/world';
import { schedulerActive } from './control-plane';
import { boundUsage, type Usage, usageOf } from './scheduler-usage';

const ACTOR = 'default-scheduler';
const BACKOFF_INITIAL = 1000;
const BACKOFF_MAX = 10_000;
/** podMaxInUnschedulablePodsDuration. */
const UNSCHEDULABLE_FLUSH = 5 * 60_000;
function memory(e: Engine): SchedulerMemory {
  const id = controlPlaneContainer(e, 'kube-scheduler')?.id ?? '';
  let m = e.state.controllers.scheduler;
  // A new scheduler process starts with an empty queue.
  if (!m || m.containerId !== id) {
    m = { containerId: id, queue: {} };
    e.state.controllers.scheduler = m;
  }
  return m;
}

function taintText(e: Engine, t: Taint): string {
  // [U] exact version boundary of the wording (§13); v1.23 uses the older template.
  if (e.state.profile.name === 'v1.23-docker')
    return `node(s) had taint {${t.key}: ${t.value ?? ''}}, that the pod didn't tolerate`;
  return `node(s) had untolerated taint {${t.key}: ${t.value ?? ''}}`;
}

/** A filter plugin's refusal: its reasons, and whether preemption could help. */
export interface FilterFailure {
  reasons: string[];
  resolvable: boolean;
}

/** The taint NodeUnschedulable checks tolerations against (one for every call: asked per pod and node). */
const UNSCHEDULABLE_TAINT: Taint = Object.freeze({ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' });

/**
 * The filters that depend only on the pod's tolerations/selector and the node (NodeUnschedulable,
 * TaintToleration, NodeAffinity), in plugin order: null if the node passes.
 */
export function staticFilter(e: Engine, pod: Pod, node: Node): FilterFailure | null {
  if (node.spec.unschedulable && !pod.spec.tolerations.some((t) => toleratesTaint(t, UNSCHEDULABLE_TAINT))) {
    return { reasons: ['node(s) were unschedulable'], resolvable: false };
  }
  const taint = firstUntoleratedTaint(
    node.spec.taints,
    pod.spec.tolerations,
    (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute',
  );
  if (taint) return { reasons: [taintText(e, taint)], resolvable: false };
  let matches = pod.spec.affinityNodeName === undefined || pod.spec.affinityNodeName === node.metadata.name;
  if (pod.spec.nodeSelector) {
    for (const [k, v] of Object.entries(pod.spec.nodeSelector)) if (node.metadata.labels[k] !== v) matches = false;
  }
  if (!matches) return { reasons: ["node(s) didn't match Pod's node affinity/selector"], resolvable: false };
  return null;
}

/** NodeResourcesFit: null if the requests fit. */
export function resourceFilter(req: Omit<Usage, 'pods'>, node: Node, u: Usage): FilterFailure | null {
  const a = node.status.allocatable;
  if (
    u.pods + 1 <= a.pods &&
    (req.cpu === 0 || u.cpu + req.cpu <= a.cpu) &&
    (req.memory === 0 || u.memory + req.memory <= a.memory)
  ) {
    return null;
  }
  const reasons: string[] = [];
  if (u.pods + 1 > a.pods) reasons.push('Too many pods');
  if (req.cpu > 0 && u.cpu + req.cpu > a.cpu) reasons.push('Insufficient cpu');
  if (req.memory > 0 && u.memory + req.memory > a.memory) reasons.push('Insufficient memory');
  return { reasons, resolvable: true };
}

function least(c: number, cap: number): number {
  return cap <= 0 || c > cap ? 0 : Math.floor(((cap - c) * 100) / cap);
}

/** LeastAllocated + BalancedAllocation (0..200). */
function score(req: Omit<Usage, 'pods'>, node: Node, used: Usage | undefined): number {
  const a = node.status.allocatable;
  const cpu = (used?.cpuNZ ?? 0) + req.cpuNZ;
  const mem = (used?.memNZ ?? 0) + req.memNZ;
  const leastScore = Math.floor((least(cpu, a.cpu) + least(mem, a.memory)) / 2);
  const fc = a.cpu > 0 ? Math.min(1, cpu / a.cpu) : 1;
  const fm = a.memory > 0 ? Math.min(1, mem / a.memory) : 1;
  const balanced = 100 - Math.floor(Math.abs(fc - fm) * 50);
  return leastScore + balanced;
}

/**
 * TaintToleration's score (weight 3 in the default profile): nodes with the fewest intolerable
 * PreferNoSchedule taints get the full 100, normalized so that the most tainted get 0. With the
 * 0-or-1 counts the cluster-autoscaler's DeletionCandidate taint gives, that is 300 or 0.
 */
function preferNoScheduleScore(pod: Pod, node: Node): number {
  for (const t of node.spec.taints) {
    if (t.effect === 'PreferNoSchedule' && !pod.spec.tolerations.some((tol) => toleratesTaint(tol, t))) return 0;
  }
  return 300;
}

/** FitError text: `0/3 nodes are available: <counts>. preemption: 0/3 nodes are available: <counts>.` */
export function fitErrorMessage(
  e: Engine,
  total: number,
  perNode: { reasons: string[]; resolvable: boolean }[],
): string {
  if (total === 0) return 'no nodes available to schedule pods';
  const counts = new Map<string, number>();
  const pre = new Map<string, number>();
  for (const r of perNode) {
    for (const x of r.reasons) counts.set(x, (counts.get(x) ?? 0) + 1);
    const p = r.resolvable
      ? 'No preemption victims found for incoming pod'
      : 'Preemption is not helpful for scheduling';
    pre.set(p, (pre.get(p) ?? 0) + 1);
  }
  const fmt = (m: Map<string, number>) =>
    [...m.entries()]
      .map(([k, n]) => `${n} ${k}`)
      .sort()
      .join(', ');
  const msg = `0/${total} nodes are available: ${fmt(counts)}.`;
  // [U] the preemption suffix is absent from the v1.23-era message.
  if (e.state.profile.name === 'v1.23-docker') return msg;
  return `${msg} preemption: 0/${total} nodes are available: ${fmt(pre)}.`;
}

function setCondition(conds: PodCondition[], c: PodCondition): PodCondition[] {
  const old = conds.find((x) => x.type === c.type);
  if (old && old.status === c.status) c.lastTransitionTime = old.lastTransitionTime;
  return [...conds.filter((x) => x.type !== c.type), c];
}

function podRef(p: Pod) {
  return { kind: 'Pod', name: p.metadata.name, namespace: p.metadata.namespace, uid: p.metadata.uid };
}

/** One scheduling cycle over every pod in the active queue. */
export function schedulePending(e: Engine): void {
  if (!schedulerActive(e)) return;
  const mem = memory(e);
  const now = e.now;
  const nodes = e.nodesByName();
  // This pass's view of each node's usage: the bound pods' (cached), plus what it binds. A node
  // gets a copy of its own only when this pass binds to it (the usage is read for every node of
  // each new shape; a copy per node and pass was ~1% of a 1,000-node zone failure's minutes).
  const bound = new Map<string, Usage>();
  const usageFor = (node: string): Usage => bound.get(node) ?? boundUsage(e, node);
  const pending: Pod[] = [];
  for (const p of e.unboundPods()) {
    if (p.status.phase === 'Pending' && p.metadata.deletionTimestamp === undefined) pending.push(p);
  }
  const live = new Set(pending.map((p) => `${p.metadata.namespace}/${p.metadata.name}`));
  for (const k of Object.keys(mem.queue)) if (!live.has(k)) delete mem.queue[k];
  // PrioritySort: higher priority first, then FIFO.
  pending.sort(
    (a, b) =>
      (b.spec.priority ?? 0) - (a.spec.priority ?? 0) ||
      a.metadata.creationTimestamp - b.metadata.creationTimestamp ||
      cmp(a.metadata.name, b.metadata.name),
  );
  // Pods from one template share tolerations/selector: evaluate the static filters once per shape.
  const staticCache = new Map<string, (FilterFailure | null)[]>();
  // Per shape and request: each node's score (-1 when a filter fails) in a MaxTree, so the best
  // node is found without a scan; a node's fit and score change only when this pass binds to it
  // (`binds`, replayed into each shape's tree when next used).
  const evaluated = new Map<string, { statics: (FilterFailure | null)[]; tree: MaxTree; applied: number }>();
  const binds: number[] = [];
  const nodeIndex = new Map(nodes.map((n, i) => [n.metadata.name, i]));
  // A pod every node refused gets the FitError of each node's first failing filter. Pods of one
  // shape and request meet the same refusals until this pass binds somewhere, so the message is
  // kept per shape and number of binds (5,000 pending pods × 2,500 nodes otherwise).
  const fitErrors = new Map<string, { binds: number; message: string }>();
  let taintParents: number[] | undefined;
  const value = (pod: Pod, req: Omit<Usage, 'pods'>, n: Node): number => {
    const used = usageFor(n.metadata.name);
    return resourceFilter(req, n, used) ? -1 : score(req, n, used) + preferNoScheduleScore(pod, n);
  };
  for (const pod of pending) {
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    const q = mem.queue[key];
    if (q && (q.parked || q.backoffUntil > now)) continue;
    const req = usageOf(pod);
    let best: Node | undefined;
    const pinned = pod.spec.affinityNodeName;
    if (pinned !== undefined) {
      // NodeAffinity fails on every other node: only the pinned one can be feasible.
      const n = nodes[nodeIndex.get(pinned) ?? -1];
      if (n && !staticFilter(e, pod, n) && value(pod, req, n) > -1) best = n;
    } else {
      const shape = JSON.stringify([pod.spec.tolerations, pod.spec.nodeSelector ?? null, null]);
      let statics = staticCache.get(shape);
      if (!statics) {
        statics = nodes.map((n) => staticFilter(e, pod, n));
        staticCache.set(shape, statics);
      }
      const evKey = `${shape}|${req.cpu}|${req.memory}|${req.cpuNZ}|${req.memNZ}`;
      let ev = evaluated.get(evKey);
      if (!ev) {
        const st = statics;
        const tree = new MaxTree(nodes.length);
        tree.fill((i) => (st[i] ? -1 : value(pod, req, nodes[i] as Node)));
        ev = { statics: st, tree, applied: binds.length };
        evaluated.set(evKey, ev);
      }
      for (; ev.applied < binds.length; ev.applied++) {
        const i = binds[ev.applied] as number;
        if (!ev.statics[i]) ev.tree.set(i, value(pod, req, nodes[i] as Node));
      }
      best = nodes[ev.tree.best()];
    }
    if (best) {
      const name = best.metadata.name;
      // Copied before the bind writes the pod (a write on the node makes boundUsage sum it too).
      const u = bound.get(name) ?? { ...boundUsage(e, name) };
      bound.set(name, u);
      bind(e, pod, best);
      delete mem.queue[key];
      binds.push(nodeIndex.get(name) as number);
      u.cpu += req.cpu;
      u.memory += req.memory;
      u.cpuNZ += req.cpuNZ;
      u.memNZ += req.memNZ;
      u.pods++;
    } else {
      // Every node refused: each one's first failing filter, for the FitError message.
      const fitKey = `${JSON.stringify([pod.spec.tolerations, pod.spec.nodeSelector ?? null, pinned ?? null])}|${req.cpu}|${req.memory}`;
      let fit = fitErrors.get(fitKey);
      if (!fit || fit.binds !== binds.length) {
        const failures: FilterFailure[] = [];
        for (const n of nodes) {
          const f = staticFilter(e, pod, n) ?? resourceFilter(req, n, usageFor(n.metadata.name));
          if (f) failures.push(f);
        }
        fit = { binds: binds.length, message: fitErrorMessage(e, nodes.length, failures) };
        fitErrors.set(fitKey, fit);
      }
      const attempts = (q?.attempts ?? 0) + 1;
      const backoff = Math.min(BACKOFF_MAX, BACKOFF_INITIAL * (1 << Math.min(attempts - 1, 10)));
      mem.queue[key] = { attempts, backoffUntil: now + backoff, parked: true, parkedAt: now };
      mem.anyParked = true;
      e.schedule(UNSCHEDULABLE_FLUSH, 'scheduler.flush', key);
      // The tainted nodes' causes do not change within a pass (it writes only Pods).
      taintParents ??= taintedNodeCauses(e);
      fail(e, pod, fit.message, taintParents);
    }
  }
}

function bind(e: Engine, pod: Pod, node: Node): void {
  const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
  const c = e.cause({
    actor: ACTOR,
    what: `bind ${key} to ${node.metadata.name}`,
    rule: 'feasible node with the highest LeastAllocated + BalancedAllocation score',
    parents: [e.lastCause(`Pod/${key}`, 'created') ?? e.lastCause(`Pod/${key}`) ?? 0],
  });
  // Copy only what changes (structuredClone of thousands of pods dominates otherwise).
  const next: Pod = {
    ...pod,
    spec: { ...pod.spec, nodeName: node.metadata.name },
    status: {
      ...pod.status,
      conditions: setCondition(pod.status.conditions, {
        type: 'PodScheduled',
        status: 'True',
        lastTransitionTime: e.now,
      }),
    },
  };
  e.put(next, `bind to ${node.metadata.name}`, c);
  e.event(podRef(pod), 'Normal', 'Scheduled', `Successfully assigned ${key} to ${node.metadata.name}`, ACTOR, c);
}

/** The last causes of the nodes with a NoSchedule or NoExecute taint: why a pod may fit nowhere. */
function taintedNodeCauses(e: Engine): number[] {
  const out: number[] = [];
  for (const n of e.list('Node')) {
    const t = n.spec.taints.find((x) => x.effect !== 'PreferNoSchedule');
    if (t) out.push(e.lastCause(`Node/${n.metadata.name}`) ?? 0);
  }
  return out;
}

function fail(e: Engine, pod: Pod, message: string, taintParents: readonly number[]): void {
  const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
  const parents = [e.lastCause(`Pod/${key}`, 'created') ?? 0, ...taintParents];
  const c = e.cause({
    actor: ACTOR,
    what: `unschedulable ${key}: ${message}`,
    rule: 'no node passes the filters',
    parents: [...new Set(parents)],
  });
  const cond: PodCondition = {
    type: 'PodScheduled',
    status: 'False',
    lastTransitionTime: e.now,
    reason: 'Unschedulable',
    message,
  };
  const old = pod.status.conditions.find((x) => x.type === 'PodScheduled');
  if (old?.status !== 'False' || old.message !== message) {
    const next = clonePlain(pod);
    next.status.conditions = setCondition(next.status.conditions, cond);
    e.put(next, 'unschedulable', c);
  }
  e.event(podRef(pod), 'Warning', 'FailedScheduling', message, ACTOR, c);
}

/** A cluster change that may make parked pods schedulable: move them to the active/backoff queue. */
function clusterEvent(e: Engine): void {
  const m = e.state.controllers.scheduler;
  if (!m || m.anyParked === false) return;
  let any = false;
  for (const q of Object.values(m.queue)) {
    if (!q.parked) continue;
    q.parked = false;
    any = true;
    if (q.backoffUntil > e.now) e.schedule(q.backoffUntil - e.now, 'scheduler.retry', '');
  }
  m.anyParked = false;
  if (any) e.enqueue('scheduler');
}

function nodeChanged(a: Node, b: Node): boolean {
  return (
    JSON.stringify(a.spec) !== JSON.stringify(b.spec) ||
    JSON.stringify(a.metadata.labels) !== JSON.stringify(b.metadata.labels) ||
    JSON.stringify(a.status.allocatable) !== JSON.stringify(b.status.allocatable)
  );
}

export const schedulerModule: SimModule = {
  name: 'scheduler',
  timers: {
    'scheduler.retry': (e) => e.enqueue('scheduler'),
    'scheduler.flush': (e, t) => {
      const q = e.state.controllers.scheduler?.queue[t.target];
      if (q?.parked && e.now - q.parkedAt >= UNSCHEDULABLE_FLUSH) {
        q.parked = false;
        e.enqueue('scheduler');
      }
    },
  },
  watch: {
    Lease: (e, key, obj, old) => {
      if (key === 'kube-system/kube-scheduler')
        onLeaderLease(e, key, obj as Lease | undefined, old as Lease | undefined);
    },
    Pod: (e, _k, obj, old) => {
      const p = obj as Pod | undefined;
      const o = old as Pod | undefined;
      if (p && !p.spec.nodeName && !o) e.enqueue('scheduler');
      else if (
        o?.spec.nodeName &&
        (!p || ((p.status.phase === 'Succeeded' || p.status.phase === 'Failed') && p.status.phase !== o.status.phase))
      ) {
        clusterEvent(e);
      }
    },
    Node: (e, key, obj, old) => {
      const n = obj as Node | undefined;
      const o = old as Node | undefined;
      if (n && !o) {
        // [D] kubeadm registers the control-plane kubelet with --register-with-taints=<control-plane>:NoSchedule.
        // Fallback for a kubelet that registered without it; see admission.registrationTaints.
        const cpTaint = e.state.profile.controlPlaneTaint;
        const taints = registrationTaints(n, cpTaint);
        if (taints.length !== n.spec.taints.length && !n.spec.taints.some((t) => t.key === cpTaint)) {
          const c = e.cause({
            actor: 'kubelet',
            what: `register-with-taints ${cpTaint}:NoSchedule on ${key}`,
            rule: 'kubeadm --register-with-taints',
            parents: [e.lastCause(`Node/${key}`) ?? 0],
          });
          e.put({ ...clonePlain(n), spec: { ...clonePlain(n.spec), taints } }, 'register-with-taints', c);
          return;
        }
      }
      if (!n || !o || nodeChanged(n, o)) clusterEvent(e);
    },
  },
  sync: schedulePending,
};
