/**
 * Taints written by the node-lifecycle-controller (reference §2.2 step 5):
 * - NoSchedule condition taints, reconciled on every Node change (`doNoScheduleTaintingPass`);
 * - NoExecute not-ready / unreachable taints, through each zone's rate-limited queue
 *   (`markNodeForTainting`, `doNoExecuteTaintingPass`, token bucket per zone, 100ms loop);
 * - their removal (`markNodeAsReachable`).
 * Taints added get `timeAdded = now` (SwapNodeControllerTaint). NLCU [C]
 *
 * Cause/history `what` prefixes: `taint <key-suffix>:<Effect>` (e.g. `taint unreachable:NoExecute`),
 * `untaint <key-suffix>:<Effect>`.
 */
import type { Node, NodeCondition, Taint, TaintEffect } from '../core/api-types';
import type { Engine } from '../core/engine';
import { controllerMemory } from './control-plane';
import {
  NODE_EVICTION_PERIOD_MS,
  newTokenBucket,
  nextTokenAt,
  tryAccept,
  zoneKey,
  zoneLabel,
} from './node-lifecycle-zones';

export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/** nodeConditionToTaintKeyStatusMap NLC [C] */
const CONDITION_TAINTS: Record<NodeCondition['type'], Partial<Record<NodeCondition['status'], string>>> = {
  Ready: { False: TAINT_NOT_READY, Unknown: TAINT_UNREACHABLE },
  MemoryPressure: { True: 'node.kubernetes.io/memory-pressure' },
  DiskPressure: { True: 'node.kubernetes.io/disk-pressure' },
  NetworkUnavailable: { True: 'node.kubernetes.io/network-unavailable' },
  PIDPressure: { True: 'node.kubernetes.io/pid-pressure' },
};
const CONDITION_TAINT_KEYS = new Set<string>(Object.values(CONDITION_TAINTS).flatMap((m) => Object.values(m)));

/** `taint unreachable:NoExecute` style label of a taint (key without the node.kubernetes.io/ prefix). */
export function taintLabel(t: Pick<Taint, 'key' | 'effect'>): string {
  return `${t.key.replace(/^node\.kubernetes\.io\//, '')}:${t.effect}`;
}

export function hasTaint(node: Node, key: string, effect: TaintEffect): boolean {
  // A loop, not some(): asked for every not-Ready node on every 5 s pass (no closure per call).
  for (const t of node.spec.taints) if (t.key === key && t.effect === effect) return true;
  return false;
}

/** The NoExecute taint a not-Ready status calls for: `not-ready` for False, `unreachable` for Unknown. */
function noExecuteTaintFor(status: string): string {
  return status === 'False' ? TAINT_NOT_READY : TAINT_UNREACHABLE;
}

/** The other NoExecute taint of ours, swapped out when the status turns. */
function otherNoExecuteTaint(status: string): string {
  return status === 'False' ? TAINT_UNREACHABLE : TAINT_NOT_READY;
}

export function condition(node: Node, type: NodeCondition['type']): NodeCondition | undefined {
  // A loop, not find(): asked several times per node on every 5 s pass.
  for (const c of node.status.conditions) if (c.type === type) return c;
  return undefined;
}

/** The cause behind a node's current Ready condition (ours: `Ready=Unknown`; the kubelet's: `Ready=False`...). */
export function readyCause(e: Engine, nodeName: string, status?: string): number | undefined {
  const ref = `Node/${nodeName}`;
  if (!status) return e.lastCause(ref);
  // The kubelet's status writes read `status Ready=False` (kubelet/node-status.ts).
  return e.lastCause(ref, `Ready=${status}`) ?? e.lastCause(ref, `status Ready=${status}`) ?? e.lastCause(ref);
}

interface TaintChange {
  add: Taint[];
  remove: Pick<Taint, 'key' | 'effect'>[];
}

/**
 * Add and remove taints on the current Node object in one write (upstream does add then remove;
 * one write is the same final state). Each taint gets its own cause and history entry so that
 * `lastCause(ref, 'taint unreachable:NoExecute')` finds it. Returns false if nothing changed.
 */
export function swapNodeControllerTaint(
  e: Engine,
  nodeName: string,
  change: TaintChange,
  rule: string,
  constant: string | undefined,
  parents: number[],
): boolean {
  const node = e.get('Node', nodeName);
  if (!node) return false;
  const kept = node.spec.taints.filter((t) => !change.remove.some((r) => r.key === t.key && r.effect === t.effect));
  const removed = node.spec.taints.filter((t) => !kept.includes(t));
  const added = change.add.filter((a) => !kept.some((t) => t.key === a.key && t.effect === a.effect));
  if (added.length === 0 && removed.length === 0) return false;
  // A copy sharing what it does not change (stored objects never change): only the taints are new.
  const next: Node = {
    ...node,
    spec: {
      ...node.spec,
      taints: [
        ...kept.map((t) => ({ ...t })),
        ...added.map((t) => ({ key: t.key, effect: t.effect, timeAdded: e.now })),
      ],
    },
  };
  const steps = [...removed.map((t) => `untaint ${taintLabel(t)}`), ...added.map((t) => `taint ${taintLabel(t)}`)];
  const causes = steps.map((what) =>
    e.cause({
      actor: 'node-lifecycle-controller',
      what: `${what} on ${nodeName}`,
      rule,
      ...(constant ? { constant } : {}),
      parents,
    }),
  );
  // The write carries the last step (the added taint when swapping); the others go to the history.
  const ref = `Node/${nodeName}`;
  e.put(next, steps[steps.length - 1] as string, causes[causes.length - 1] as number);
  for (let i = 0; i < steps.length - 1; i++) e.remember(ref, steps[i] as string, causes[i] as number);
  return true;
}

/**
 * `doNoScheduleTaintingPass`: the NoSchedule taints a node should carry from its conditions and
 * spec.unschedulable, compared with the condition/unschedulable NoSchedule taints it carries.
 */
export function doNoScheduleTaintingPass(e: Engine, nodeName: string): void {
  const node = e.get('Node', nodeName);
  if (!node) return;
  const want: { taint: Taint; why: string; parent: () => number | undefined }[] = [];
  for (const c of node.status.conditions) {
    const key = CONDITION_TAINTS[c.type]?.[c.status];
    if (key)
      want.push({
        taint: { key, effect: 'NoSchedule' },
        why: `${c.type}=${c.status}`,
        parent: () => readyCause(e, nodeName, c.type === 'Ready' ? c.status : undefined),
      });
  }
  if (node.spec.unschedulable) {
    want.push({
      taint: { key: TAINT_UNSCHEDULABLE, effect: 'NoSchedule' },
      why: 'spec.unschedulable=true',
      parent: () => e.lastCause(`Node/${nodeName}`, 'cordoned'),
    });
  }
  const have = node.spec.taints.filter(
    (t) => t.effect === 'NoSchedule' && (t.key === TAINT_UNSCHEDULABLE || CONDITION_TAINT_KEYS.has(t.key)),
  );
  const toAdd = want.filter((w) => !have.some((t) => t.key === w.taint.key));
  const toDel = have.filter((t) => !want.some((w) => w.taint.key === t.key));
  if (toAdd.length === 0 && toDel.length === 0) return;
  const why = toAdd.length ? toAdd.map((w) => w.why).join(', ') : 'condition cleared';
  // Parents are looked up only when something changes (this runs for every node on every Node write).
  const parents = toAdd.flatMap((w) => {
    const p = w.parent();
    return p !== undefined ? [p] : [];
  });
  if (parents.length === 0) {
    const last = e.lastCause(`Node/${nodeName}`);
    if (last !== undefined) parents.push(last);
  }
  swapNodeControllerTaint(
    e,
    nodeName,
    { add: toAdd.map((w) => w.taint), remove: toDel },
    `${why} → NoSchedule condition taints (doNoScheduleTaintingPass)`,
    undefined,
    parents,
  );
}

// ---------------------------------------------------------------- NoExecute tainting queue

/**
 * Removes `name` from `q`, keeping the order of the others. The queue holds a name at most once
 * (queueAdd pushes only a name not in the set, and only queueRemove takes one out of the set), so
 * the search stops at the first. A pass re-adds the untainted nodes in name order, so the one it
 * removes is usually the first: found at once and shifted off (a scan of the whole queue per node
 * made a pass quadratic in a big zone's queue: 6 ms per pass at 1,666 queued nodes, now 0.1 ms).
 */
function removeOne(q: string[], name: string): void {
  const i = q.indexOf(name);
  if (i === 0) q.shift();
  else if (i > 0) q.splice(i, 1);
}

/** UniqueQueue.Remove: out of the queue and out of the set. */
function queueRemove(e: Engine, nodeName: string): boolean {
  const m = controllerMemory(e);
  const zone = m.taintQueued[nodeName];
  if (zone === undefined) return false;
  delete e.cow.field(m, 'taintQueued')[nodeName];
  const q = m.taintQueue[zone];
  // In place: a node not yet tainted is removed and re-added on every 5s pass, and a zone's queue
  // may hold hundreds of nodes (a copy per node per pass was a large part of a zone failure).
  if (q) removeOne(q, nodeName);
  return true;
}

/** UniqueQueue.Add: false if the node is already in the set (queued, or tainted and not yet reachable). */
function queueAdd(e: Engine, zone: string, nodeName: string): boolean {
  const m = controllerMemory(e);
  if (m.taintQueued[nodeName] !== undefined) return false;
  e.cow.field(m, 'taintQueued')[nodeName] = zone;
  const q = m.taintQueue[zone] ?? [];
  q.push(nodeName);
  m.taintQueue[zone] = q;
  return true;
}

/** `markNodeForTainting`: queue the node in its zone unless already in the set with the right taint. */
export function markNodeForTainting(e: Engine, node: Node, status: 'False' | 'Unknown'): boolean {
  const name = node.metadata.name;
  const key = noExecuteTaintFor(status);
  if (!hasTaint(node, key, 'NoExecute')) queueRemove(e, name);
  return queueAdd(e, zoneKey(node), name);
}

/**
 * `markNodeAsReachable`: remove both NoExecute taints (if the observed node has them) and take the
 * node out of its zone's set. Returns whether it was in the set.
 */
export function markNodeAsReachable(
  e: Engine,
  node: Node,
  rule: string,
  parents: number[] | ((e: Engine, nodeName: string) => number[]),
): boolean {
  const name = node.metadata.name;
  if (node.spec.taints.length > 0) {
    const remove = [TAINT_UNREACHABLE, TAINT_NOT_READY]
      .filter((k) => hasTaint(node, k, 'NoExecute'))
      .map((key) => ({ key, effect: 'NoExecute' as const }));
    // Parents are looked up only when there is something to remove (this runs for every Ready node every pass).
    if (remove.length) {
      swapNodeControllerTaint(
        e,
        name,
        { add: [], remove },
        rule,
        undefined,
        typeof parents === 'function' ? parents(e, name) : parents,
      );
    }
  }
  return queueRemove(e, name);
}

/** The parents of an untaint once Ready=True again (a function: looked up only when a taint goes). */
function readyAgainParents(e: Engine, nodeName: string): number[] {
  const parent = readyCause(e, nodeName, 'True');
  return parent !== undefined ? [parent] : [];
}

/** `processTaintBaseEviction` for the Ready status observed at the start of the pass. */
export function processTaintBaseEviction(e: Engine, node: Node, observed: string): void {
  const name = node.metadata.name;
  if (observed === 'False' || observed === 'Unknown') {
    // Two names, not a destructured pair: this runs for every not-Ready node on every 5 s pass.
    const want = noExecuteTaintFor(observed);
    const opposite = otherNoExecuteTaint(observed);
    if (hasTaint(node, opposite, 'NoExecute')) {
      // Already tainted with the other one: swap at once, not rate limited.
      const parent = readyCause(e, name, observed);
      swapNodeControllerTaint(
        e,
        name,
        { add: [{ key: want, effect: 'NoExecute' }], remove: [{ key: opposite, effect: 'NoExecute' }] },
        `Ready=${observed} while tainted ${taintLabel({ key: opposite, effect: 'NoExecute' })}: swap at once`,
        undefined,
        parent !== undefined ? [parent] : [],
      );
    } else {
      // Upstream re-adds an untainted node every pass (Remove + Add); we log only its first arrival.
      const wasQueued = controllerMemory(e).taintQueued[name] !== undefined;
      if (markNodeForTainting(e, node, observed) && !wasQueued)
        e.trace(
          `node-lifecycle-controller: node ${name} Ready=${observed}, added to the taint queue of zone ${zoneLabel(zoneKey(node))}`,
        );
    }
    return;
  }
  if (observed === 'True') {
    markNodeAsReachable(e, node, 'Ready=True again (markNodeAsReachable)', readyAgainParents);
  }
}

/**
 * Would `processTaintBaseEviction` for `observed` leave `node`'s taints and its place in the
 * tainting set (`queued`) as they are? Ready: no NoExecute taint of ours and not in the set.
 * False/Unknown: the matching taint already, not the other one, and still in the set (a tainted
 * node stays in it until reachable); an untainted one is taken out and queued again at the end.
 * Anything else is not acted on.
 */
export function taintsSettled(node: Node, observed: string, queued: boolean): boolean {
  if (observed === 'False' || observed === 'Unknown') {
    const want = noExecuteTaintFor(observed);
    const opposite = otherNoExecuteTaint(observed);
    return queued && hasTaint(node, want, 'NoExecute') && !hasTaint(node, opposite, 'NoExecute');
  }
  if (observed === 'True')
    return !queued && !hasTaint(node, TAINT_UNREACHABLE, 'NoExecute') && !hasTaint(node, TAINT_NOT_READY, 'NoExecute');
  return true;
}

function zoneBucket(e: Engine, zone: string) {
  const m = controllerMemory(e);
  const b = m.zoneTokens[zone] ?? newTokenBucket(e.now);
  m.zoneTokens[zone] = b;
  return b;
}

/** One `doNoExecuteTaintingPass`: each zone's queue, as far as its token bucket allows. */
export function doNoExecuteTaintingPass(e: Engine): void {
  const m = controllerMemory(e);
  const rate = e.state.settings.nodeEvictionRate;
  for (const zone of Object.keys(m.taintQueue).sort()) {
    const q = m.taintQueue[zone] ?? [];
    const bucket = zoneBucket(e, zone);
    const qps = m.zoneQps[zone] ?? rate;
    while (q.length > 0) {
      if (!tryAccept(bucket, qps, e.now)) break;
      const name = q[0] as string;
      const node = e.get('Node', name);
      const ready = node ? condition(node, 'Ready') : undefined;
      if (node && !ready) break; // retried on a later tick
      q.shift(); // RemoveFromQueue: out of the queue, kept in the set
      if (!node || !ready || ready.status === 'True') continue;
      const want = noExecuteTaintFor(ready.status);
      const opposite = otherNoExecuteTaint(ready.status);
      const parent = readyCause(e, name, ready.status);
      swapNodeControllerTaint(
        e,
        name,
        { add: [{ key: want, effect: 'NoExecute' }], remove: [{ key: opposite, effect: 'NoExecute' }] },
        `Ready=${ready.status}; zone ${zoneLabel(zone)} tainting queue at ${qps} nodes/s`,
        `nodeEvictionRate=${qps}`,
        parent !== undefined ? [parent] : [],
      );
    }
  }
}

/**
 * Schedule the next tainting tick on the controller's 100ms grid, when a queued node could next
 * get a token. Upstream loops every 100ms; ticking only when something waits gives the same times.
 */
export function scheduleNoExecuteTick(e: Engine, minDelay = 1): void {
  const m = controllerMemory(e);
  let earliest: number | undefined;
  for (const zone of Object.keys(m.taintQueue)) {
    if ((m.taintQueue[zone] ?? []).length === 0) continue;
    const bucket = zoneBucket(e, zone);
    const at = nextTokenAt(bucket, m.zoneQps[zone] ?? e.state.settings.nodeEvictionRate, e.now);
    if (at !== undefined && (earliest === undefined || at < earliest)) earliest = at;
  }
  if (earliest === undefined) return;
  const from = Math.max(earliest, e.now + minDelay);
  const base = m.startedAt;
  const tick = base + Math.ceil((from - base) / NODE_EVICTION_PERIOD_MS) * NODE_EVICTION_PERIOD_MS;
  if (m.noExecuteTickAt !== undefined && m.noExecuteTickAt >= e.now && m.noExecuteTickAt <= tick) return;
  m.noExecuteTickAt = tick;
  e.schedule(tick - e.now, 'node-lifecycle.noexecute', String(tick), m.generation);
}
