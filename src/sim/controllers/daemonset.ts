/**
 * daemonset-controller (kube-controller-manager): one pod per eligible node. Pods are created with
 * required node affinity to their node (spec.affinityNodeName) and no nodeName: the default
 * scheduler binds them (so with the scheduler down new DS pods wait, §9.3). DaemonSet pods get the
 * DSU tolerations (§3.4): not-ready/unreachable NoExecute forever, disk/memory/pid-pressure and
 * unschedulable NoSchedule (+ network-unavailable if hostNetwork).
 * Node eligibility (NodeShouldRunDaemonPod): selector/affinity match and every NoSchedule/NoExecute
 * taint tolerated -> shouldRun; otherwise existing pods keep running if their NoExecute taints are
 * tolerated (shouldContinueRunning). Nodes that vanish: nothing is done (PodGC's job, §6).
 * Events: `SuccessfulCreate` "Created pod: <name>", `SuccessfulDelete` "Deleted pod: <name>".
 *
 * Cause `what` prefixes: `create pod`, `replacement for`, `delete pod`, `status`.
 */

import { createPod, podFromTemplate } from '../api/apply';
import { removeOrTerminate } from '../api/delete';
import { markDirty, podsOwnedBy, takeDirty } from '../api/owner-index';
import { byNamespacedName, cmp, firstUntoleratedTaint, isPodActive, isPodReady } from '../api/podutil';
import { forgetDeparted, markReplacement, takeDeparted } from '../api/workload-memory';
import type { DaemonSet, Node, Pod, Toleration } from '../core/api-types';
import type { Engine, SimModule } from '../core/engine';
import { NOTED, NodePasses } from '../core/node-pass';
import { QuietMemo } from '../core/quiet-memo';
import { controllerManagerActive } from './control-plane';
import { templateTolerationsFor } from './daemonset-cache';

const ACTOR = 'daemonset-controller';

/** AddOrUpdateDaemonPodTolerations (DSU [C]). */
export function daemonTolerations(base: readonly Toleration[], hostNetwork: boolean): Toleration[] {
  const out = [...base];
  const add = (key: string, effect: 'NoExecute' | 'NoSchedule') => {
    if (!out.some((t) => t.key === key && t.effect === effect)) out.push({ key, operator: 'Exists', effect });
  };
  add('node.kubernetes.io/not-ready', 'NoExecute');
  add('node.kubernetes.io/unreachable', 'NoExecute');
  add('node.kubernetes.io/disk-pressure', 'NoSchedule');
  add('node.kubernetes.io/memory-pressure', 'NoSchedule');
  add('node.kubernetes.io/pid-pressure', 'NoSchedule');
  add('node.kubernetes.io/unschedulable', 'NoSchedule');
  if (hostNetwork) add('node.kubernetes.io/network-unavailable', 'NoSchedule');
  return out;
}

/** NodeShouldRunDaemonPod: [shouldRun, shouldContinueRunning]. */
export function nodeShouldRunDaemonPod(node: Node, ds: DaemonSet): [boolean, boolean] {
  const sel = ds.spec.template.spec.nodeSelector ?? {};
  for (const [k, v] of Object.entries(sel)) if (node.metadata.labels[k] !== v) return [false, false];
  const tols = templateTolerationsFor(ds, (spec) =>
    daemonTolerations(spec.tolerations ?? [], spec.hostNetwork === true),
  );
  const bad = firstUntoleratedTaint(
    node.spec.taints,
    tols,
    (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute',
  );
  if (!bad) return [true, true];
  const noExec = firstUntoleratedTaint(node.spec.taints, tols, (t) => t.effect === 'NoExecute');
  return [false, noExec === undefined];
}

function dsref(ds: DaemonSet) {
  return { kind: 'DaemonSet', name: ds.metadata.name, namespace: ds.metadata.namespace, uid: ds.metadata.uid };
}

function podNode(p: Pod): string | undefined {
  return p.spec.nodeName ?? p.spec.affinityNodeName;
}

/** What a node gave the last pass (core/node-pass.ts marks). */
const SHOULD_RUN = 2;
const SCHEDULED = 4;
const READY = 8;

function mark(v: { shouldRun: boolean; scheduled: boolean; ready: boolean }, noted: boolean): number {
  return (v.shouldRun ? SHOULD_RUN : 0) | (v.scheduled ? SCHEDULED : 0) | (v.ready ? READY : 0) | (noted ? NOTED : 0);
}

/** Reconcile one DaemonSet against all nodes. */
export function syncDaemonSet(e: Engine, ds: DaemonSet, owned: Pod[], nodes: Node[]): void {
  const ns = ds.metadata.namespace ?? 'default';
  const dsKey = `${ns}/${ds.metadata.name}`;
  // The pods by node, and the nodes this pass must look at: where nothing changed since the last
  // pass, that pass's verdict holds (core/node-pass.ts); every node on a first or full pass.
  const plan = passes.plan(
    e.state,
    ds.metadata.uid,
    ds.spec.template.spec,
    e.keysVersion('Node'),
    nodes,
    owned,
    podNode,
    samePod,
  );
  const byNode = plan.byNode;
  const parents = [e.lastCause(`DaemonSet/${dsKey}`) ?? 0];
  for (const i of plan.visit) {
    const node = nodes[i] as Node;
    const name = node.metadata.name;
    const pods = byNode.get(name) ?? [];
    // The same Node and the same pods of this DaemonSet on it as at a pass that did nothing there:
    // that pass's verdict holds (a pure function of them and the template).
    const seen = verdicts.recall(ds.spec.template.spec, name, [node, ...pods], e.now)?.value;
    if (seen) {
      plan.marks[i] = mark(seen, true);
      continue;
    }
    const [shouldRun, shouldContinue] = nodeShouldRunDaemonPod(node, ds);
    const running = pods.filter(isPodActive);
    let acted = false;
    if (shouldRun && running.length === 0) {
      acted = true;
      const pod = podFromTemplate(e, ds.spec.template, ns, {
        kind: 'DaemonSet',
        name: ds.metadata.name,
        uid: ds.metadata.uid,
      });
      pod.spec.affinityNodeName = name;
      pod.spec.tolerations = daemonTolerations(pod.spec.tolerations, pod.spec.hostNetwork === true);
      const d = takeDeparted(e, ds.metadata.uid, (x) => x.node === name);
      let what = `create pod for DaemonSet ${ds.metadata.name} on node ${name}`;
      let ps = [...parents, e.lastCause(`Node/${name}`) ?? 0];
      if (d) {
        const r = markReplacement(pod, d);
        what = r.what;
        ps = r.parents.concat(ps);
      }
      const c = e.cause({ actor: ACTOR, what, rule: 'node should run a daemon pod and has none', parents: ps });
      createPod(e, pod, c, ACTOR, `${ds.metadata.name}-`);
      e.event(dsref(ds), 'Normal', 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`, ACTOR, c);
      running.push(pod);
    } else if (!shouldContinue && running.length > 0) {
      acted = true;
      const c = e.cause({
        actor: ACTOR,
        what: `delete pod of DaemonSet ${ds.metadata.name} on node ${name}`,
        rule: 'node no longer tolerated (NoExecute taint or selector)',
        parents: [e.lastCause(`Node/${name}`) ?? 0],
      });
      for (const p of running.sort((a, b) => cmp(a.metadata.name, b.metadata.name))) {
        removeOrTerminate(e, p, p.spec.terminationGracePeriodSeconds, c);
        e.event(dsref(ds), 'Normal', 'SuccessfulDelete', `Deleted pod: ${p.metadata.name}`, ACTOR, c);
      }
      running.length = 0;
    }
    const scheduled = running.length > 0;
    const verdict = { shouldRun, scheduled, ready: scheduled && running.some(isPodReady) };
    plan.marks[i] = mark(verdict, !acted);
    if (acted) verdicts.forget(ds.spec.template.spec, name);
    else verdicts.note(ds.spec.template.spec, name, [node, ...pods], Number.POSITIVE_INFINITY, verdict);
  }
  let desired = 0;
  let current = 0;
  let ready = 0;
  let misscheduled = 0;
  for (const m of plan.marks) {
    if (m & SHOULD_RUN) {
      desired++;
      if (m & SCHEDULED) current++;
      if (m & READY) ready++;
    } else if (m & SCHEDULED) misscheduled++;
  }
  forgetDeparted(e, ds.metadata.uid);
  const status: DaemonSet['status'] = {
    desiredNumberScheduled: desired,
    currentNumberScheduled: current,
    numberReady: ready,
    updatedNumberScheduled: current,
    numberAvailable: ready,
    numberMisscheduled: misscheduled,
  };
  const cur = e.get('DaemonSet', dsKey);
  if (!cur || JSON.stringify(cur.status) === JSON.stringify(status)) return;
  const c = e.cause({
    actor: ACTOR,
    what: `status ${ds.metadata.name}: ${ready}/${desired} ready`,
    rule: 'updateDaemonSetStatus',
    parents,
  });
  // A changed copy sharing the spec (stored objects never change): the verdicts noted per template
  // object, and the pass plans, hold across status writes.
  e.put({ ...cur, status }, `status ${ready}/${desired} ready`, c);
}

/** A node's part in a DaemonSet's status, kept per template while its inputs stay the same objects. */
const verdicts = new QuietMemo<{ shouldRun: boolean; scheduled: boolean; ready: boolean }>();

/** The last pass of each DaemonSet, to plan the next (core/node-pass.ts). */
const passes = new NodePasses<Pod>();

/** The same pod written again (its place in the owner index is kept). */
function samePod(a: Pod, b: Pod): boolean {
  return a.metadata.name === b.metadata.name && a.metadata.namespace === b.metadata.namespace;
}

const MODULE = 'daemonset';

/** Workqueue: reconcile the DaemonSets whose pods or spec changed; every one when nodes changed. */
export function syncDaemonSets(e: Engine): void {
  if (!controllerManagerActive(e)) return;
  const dirty = takeDirty(e, MODULE);
  const nodes = e.nodesByName();
  const all = e
    .list('DaemonSet')
    .filter((ds) => !dirty || dirty.has(ds.metadata.uid))
    .sort(byNamespacedName);
  for (const ds of all) syncDaemonSet(e, ds, podsOwnedBy(e, ds.metadata.uid), nodes);
}

export const daemonsetModule: SimModule = {
  name: MODULE,
  watch: {
    DaemonSet: (e, _k, obj) => {
      if (obj) markDirty(e, MODULE, obj.metadata.uid);
    },
    Node: (e, _k, obj, old) => {
      // Only changes that affect eligibility: creation, deletion, labels, taints.
      const n = obj as Node | undefined;
      const o = old as Node | undefined;
      if (
        !n ||
        !o ||
        JSON.stringify(n.spec.taints) !== JSON.stringify(o.spec.taints) ||
        JSON.stringify(n.metadata.labels) !== JSON.stringify(o.metadata.labels)
      ) {
        markDirty(e, MODULE, '*');
      }
    },
    Pod: (e, _key, obj, old) => {
      const owner = (obj ?? old)?.metadata.ownerReferences.find((r) => r.controller && r.kind === 'DaemonSet');
      if (owner) markDirty(e, MODULE, owner.uid);
    },
  },
  sync: syncDaemonSets,
};
