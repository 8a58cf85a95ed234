/**
 * Scale-up (cluster-autoscaler 1.33 core/scaleup/orchestrator/orchestrator.go `ScaleUp`,
 * executor.go, estimator/binpacking_estimator.go, expander/waste/waste.go,
 * processors/status/eventing_scale_up_processor.go), docs/reference/cloud.md §3.6.
 *
 * For the pods still unschedulable after the simulation placed them on existing and upcoming
 * nodes: node groups that are unhealthy, backed off or at their max are skipped with their reason;
 * each other group's template node is tested with the pods (one per equivalence group); the pods
 * that fit are bin-packed onto new template nodes (at most max − target of them); the least-waste
 * expander picks the option with the least idle CPU and memory (ties at random), and the group's
 * target grows. Events: `ScaledUpGroup` twice on the status ConfigMap, `TriggeredScaleUp` on each
 * pod that triggered it; in a loop without a scale-up, `NotTriggerScaleUp` on each pod no group
 * could take, with the counted reasons of every group.
 */
import { controllerRef } from '../api/podutil';
import { setTarget } from '../cloud/lifecycle';
import { nodeGroups } from '../cloud/provider';
import { usageOf } from '../controllers/scheduler-usage';
import type { Pod } from '../core/api-types';
import { causeAt } from '../core/cause-log';
import type { AutoscalerMemory, CloudNodeGroup } from '../core/cloud-types';
import type { Engine } from '../core/engine';
import { minOf, pushAll } from '../core/lists';
import { activeBackoff } from './backoff';
import { scaleUpChapter } from './chapters';
import { type ClusterState, isNodeGroupHealthy } from './clusterstate';
import { caEvent, podRef, statusEvent } from './events';
import { daemonSetUsage, podShape, SchedulingSnapshot, type SimNode, templateNode } from './simulation';

/** The skipped reasons of orchestrator/skippedreasons.go. */
export const NOT_READY_REASON = 'not ready for scale-up';
export const BACKOFF_REASON = 'in backoff after failed scale-up';
export const MAX_LIMIT_REACHED_REASON = 'max node group size reached';

export interface ScaleUpInfo {
  group: string;
  current: number;
  next: number;
  max: number;
}

/** ScaleUpInfo.String: `{workers 2->3 (max: 5)}`; a list prints as `[{…} {…}]`. */
export function scaleUpInfosText(infos: readonly ScaleUpInfo[]): string {
  return `[${infos.map((i) => `{${i.group} ${i.current}->${i.next} (max: ${i.max})}`).join(' ')}]`;
}

interface EquivalenceGroup {
  pods: Pod[];
  /** Node groups whose template took the sample pod. */
  schedulable: string[];
  /** Node group -> why its template refused the sample pod. */
  rejected: Map<string, string[]>;
}

export interface ScaleUpStatus {
  result: 'Successful' | 'NoOptionsAvailable';
  infos: ScaleUpInfo[];
  triggered: Pod[];
  /** Pods no node group could take, with every group's reasons. */
  remaining: { pod: Pod; reasons: string[] }[];
  cause?: number;
}

/** equivalence.BuildPodGroups: pods of one controller with the same scheduling shape. */
function equivalenceGroups(pods: readonly Pod[]): EquivalenceGroup[] {
  const byKey = new Map<string, EquivalenceGroup>();
  for (const p of pods) {
    const owner = controllerRef(p)?.uid ?? `${p.metadata.namespace}/${p.metadata.name}`;
    const key = `${owner}|${podShape(p)}`;
    let g = byKey.get(key);
    if (!g) {
      g = { pods: [], schedulable: [], rejected: new Map() };
      byKey.set(key, g);
    }
    g.pods.push(p);
  }
  return [...byKey.values()];
}

/** IsNodeGroupReadyToScaleUp and the max-size check of filterValidScaleUpNodeGroups. */
function skipReason(e: Engine, ca: AutoscalerMemory, cs: ClusterState, g: CloudNodeGroup): string | undefined {
  if (!isNodeGroupHealthy(e, cs, g.name)) {
    e.trace(`cluster-autoscaler: Node group ${g.name} is not ready for scaleup - unhealthy`, false);
    return NOT_READY_REASON;
  }
  if (activeBackoff(ca, g.name, e.now)) {
    e.trace(`cluster-autoscaler: Node group ${g.name} is not ready for scaleup - backoff`, false);
    return BACKOFF_REASON;
  }
  if (g.target >= g.max) return MAX_LIMIT_REACHED_REASON;
  return undefined;
}

function freshTemplate(e: Engine, g: CloudNodeGroup, i: number): SimNode {
  const node = templateNode(g, i);
  return { node, name: node.metadata.name, usage: daemonSetUsage(e, node), fake: true, group: g.name };
}

/** BinpackingNodeEstimator: pods by decreasing size, first fit on new template nodes, up to `limit` nodes. */
function estimate(e: Engine, g: CloudNodeGroup, pods: Pod[], limit: number): { count: number; pods: Pod[] } {
  const snap = new SchedulingSnapshot(e, []);
  const score = (p: Pod) => {
    const r = usageOf(p);
    return r.cpu / g.cpu + r.memory / g.memory;
  };
  const sorted = [...pods].sort((a, b) => score(b) - score(a));
  const fresh: SimNode[] = [];
  const placed: Pod[] = [];
  // New nodes only fill up: one that refused a pod refuses every later pod of the same shape, so
  // each shape resumes its first-fit scan where its previous pod stopped (the same placements as
  // scanning from the first node, without 5,000 pods × 248 nodes of checks).
  const cursor = new Map<string, number>();
  for (const pod of sorted) {
    const shape = podShape(pod);
    let i = cursor.get(shape) ?? 0;
    while (i < fresh.length && snap.check(pod, fresh[i] as SimNode) !== null) i++;
    cursor.set(shape, i);
    let target = fresh[i];
    if (!target && fresh.length < limit) {
      const sn = freshTemplate(e, g, fresh.length);
      if (snap.check(pod, sn) === null) {
        fresh.push(sn);
        target = sn;
      }
    }
    if (!target) continue;
    snap.place(pod, target);
    placed.push(pod);
  }
  return { count: fresh.length, pods: placed };
}

/** waste.go: idle share of CPU and memory over the new nodes' capacity (lower is better). */
function waste(g: CloudNodeGroup, count: number, pods: readonly Pod[]): number {
  let cpu = 0;
  let mem = 0;
  for (const p of pods) {
    const r = usageOf(p);
    cpu += r.cpu;
    mem += r.memory;
  }
  const availCpu = g.cpu * count;
  const availMem = g.memory * count;
  return (availCpu - cpu) / availCpu + (availMem - mem) / availMem;
}

/** `pod didn't trigger scale-up: ` + each reason with the number of node groups giving it. */
function reasonsMessage(eg: EquivalenceGroup, skipped: Map<string, string>): string[] {
  const counts = new Map<string, number>();
  for (const reasons of eg.rejected.values()) for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  for (const r of skipped.values()) counts.set(r, (counts.get(r) ?? 0) + 1);
  // Go ranges over a map here (random order); sorted for a deterministic text.
  return [...counts.entries()].map(([r, n]) => `${n} ${r}`).sort();
}

/** One scale-up attempt for `pods` (already filtered: none fits an existing or upcoming node). */
export function scaleUp(e: Engine, ca: AutoscalerMemory, cs: ClusterState, pods: Pod[]): ScaleUpStatus {
  const egs = equivalenceGroups(pods);
  const skipped = new Map<string, string>();
  const options: { group: CloudNodeGroup; count: number; pods: Pod[] }[] = [];
  for (const g of nodeGroups(e)) {
    const skip = skipReason(e, ca, cs, g);
    if (skip) {
      skipped.set(g.name, skip);
      continue;
    }
    const probe = new SchedulingSnapshot(e, []);
    const template = freshTemplate(e, g, 0);
    const fitting: Pod[] = [];
    for (const eg of egs) {
      const reasons = probe.check(eg.pods[0] as Pod, template);
      if (reasons) eg.rejected.set(g.name, reasons);
      else {
        eg.schedulable.push(g.name);
        pushAll(fitting, eg.pods);
      }
    }
    if (fitting.length === 0) continue;
    const est = estimate(e, g, fitting, g.max - g.target);
    if (est.count > 0 && est.pods.length > 0) options.push({ group: g, count: est.count, pods: est.pods });
  }
  const remaining = egs
    .filter((eg) => eg.schedulable.length === 0)
    .flatMap((eg) => eg.pods.map((pod) => ({ pod, reasons: reasonsMessage(eg, skipped) })));
  if (options.length === 0) {
    e.trace('cluster-autoscaler: No expansion options', false);
    return { result: 'NoOptionsAvailable', infos: [], triggered: [], remaining };
  }
  // least-waste, ties at random (the expander's fallback).
  let best = options.map((o) => ({ o, w: waste(o.group, o.count, o.pods) }));
  const min = minOf(best, (b) => b.w);
  best = best.filter((b) => b.w === min);
  const chosen = (best.length === 1 ? best[0] : best[e.randInt(0, best.length - 1)])?.o;
  if (!chosen) return { result: 'NoOptionsAvailable', infos: [], triggered: [], remaining };
  const g = chosen.group;
  const info: ScaleUpInfo = { group: g.name, current: g.target, next: g.target + chosen.count, max: g.max };
  const cause = executeScaleUp(e, ca, info, chosen.pods);
  return { result: 'Successful', infos: [info], triggered: chosen.pods, remaining, cause };
}

/** executor.go executeScaleUp: ScaledUpGroup, IncreaseSize, RegisterScaleUp; TriggeredScaleUp on the pods. */
function executeScaleUp(e: Engine, ca: AutoscalerMemory, info: ScaleUpInfo, pods: readonly Pod[]): number {
  const g = e.state.cloud?.groups[info.group];
  if (!g) return 0;
  const first = pods[0]?.metadata.name ?? '';
  const who = pods.length === 1 ? `pod ${first}` : `pods ${first} and ${pods.length - 1} more`;
  const cause = e.cause({
    actor: 'cluster-autoscaler',
    what: `cluster-autoscaler: ${who} unschedulable, group ${g.name} ${info.current}→${info.next} (max ${info.max})`,
    rule: 'pending pods fit no existing or upcoming node but fit a new node of the group (least-waste expander)',
    constant: `scanInterval=${e.state.settings.scanInterval / 1000}s`,
    parents: pods.slice(0, 4).map((p) => {
      const key = `Pod/${p.metadata.namespace}/${p.metadata.name}`;
      return e.lastCause(key, 'unschedulable') ?? e.lastCause(key) ?? 0;
    }),
  });
  const plan = scaleUpInfosText([info]);
  e.trace(`cluster-autoscaler: Final scale-up plan: ${plan}`);
  e.trace(`cluster-autoscaler: Scale-up: setting group ${g.name} size to ${info.next}`);
  statusEvent(
    e,
    ca,
    'Normal',
    'ScaledUpGroup',
    `Scale-up: setting group ${g.name} size to ${info.next} instead of ${info.current} (max: ${info.max})`,
    cause,
  );
  setTarget(e, g, info.next, cause, true);
  scaleUpChapter(e, g.name, info.current, info.next, cause);
  const prev = ca.scaleUpRequests[g.name];
  const expected = e.now + e.state.settings.maxNodeProvisionTime;
  ca.scaleUpRequests[g.name] = prev
    ? { increase: prev.increase + (info.next - info.current), time: e.now, expectedAddTime: expected, cause }
    : { increase: info.next - info.current, time: e.now, expectedAddTime: expected, cause };
  statusEvent(
    e,
    ca,
    'Normal',
    'ScaledUpGroup',
    `Scale-up: group ${g.name} size set to ${info.next} instead of ${info.current} (max: ${info.max})`,
    cause,
  );
  const text = `pod triggered scale-up: ${plan}`;
  for (const p of pods) {
    caEvent(e, ca, podRef(p), 'Normal', 'TriggeredScaleUp', text, cause);
    ca.decisions[`Pod/${p.metadata.namespace}/${p.metadata.name}`] = { at: e.now, text: cause2text(e, cause), cause };
  }
  ca.decisions[`NodeGroup/${g.name}`] = { at: e.now, text: cause2text(e, cause), cause };
  return cause;
}

function cause2text(e: Engine, cause: number): string {
  return causeAt(e.state.causes, cause)?.what ?? '';
}

/** NotTriggerScaleUp on each pod no group could take (rate-limited), and the decision for Why?. */
export function notTriggerScaleUp(e: Engine, ca: AutoscalerMemory, remaining: ScaleUpStatus['remaining']): void {
  for (const { pod, reasons } of remaining) {
    const message = `pod didn't trigger scale-up: ${reasons.join(', ')}`;
    const ref = `Pod/${pod.metadata.namespace}/${pod.metadata.name}`;
    const prev = ca.decisions[ref];
    const text = `cluster-autoscaler: ${message}`;
    let cause = prev?.text === text ? prev.cause : undefined;
    if (cause === undefined) {
      cause = e.cause({
        actor: 'cluster-autoscaler',
        what: text,
        rule: 'no node group can take the pod',
        parents: [e.lastCause(ref, 'unschedulable') ?? e.lastCause(ref) ?? 0],
      });
      ca.decisions[ref] = { at: e.now, text, cause };
    }
    caEvent(e, ca, podRef(pod), 'Normal', 'NotTriggerScaleUp', message, cause);
  }
}
