/**
 * `kubectl describe deployment|statefulset|replicaset|daemonset` (describe.go [C]). `Pods Status` counts pod phases of
 * the pods the controller owns, which is why seed 001 shows `2 Running` while READY is 0/2.
 */
import type { DaemonSet, Deployment, ReplicaSet, StatefulSet } from '../core/api-types';
import { rfc1123z } from '../core/dates';
import type { Engine } from '../core/engine';
import { annotationsMultiline, type EventsByObject, eventsBlock, eventsFor, labelsMultiline } from './describe-common';
import { podTemplateBlock } from './describe-pod';
import { podsMatching } from './get';
import { controllerOf, formatLabels } from './status';
import { describeText } from './table';

/** getPodStatusForController: Running / Waiting (Pending) / Succeeded / Failed. */
export function podsStatus(e: Engine, namespace: string, selector: Record<string, string>, ownerUid: string): string {
  let running = 0;
  let waiting = 0;
  let succeeded = 0;
  let failed = 0;
  for (const p of podsMatching(e, namespace, selector)) {
    if (!p.metadata.ownerReferences.some((o) => o.uid === ownerUid && o.controller)) continue;
    if (p.status.phase === 'Running') running++;
    else if (p.status.phase === 'Pending') waiting++;
    else if (p.status.phase === 'Succeeded') succeeded++;
    else if (p.status.phase === 'Failed') failed++;
  }
  return `${running} Running / ${waiting} Waiting / ${succeeded} Succeeded / ${failed} Failed`;
}

export function describeStatefulSet(e: Engine, sts: StatefulSet, events?: EventsByObject): string {
  const m = sts.metadata;
  const ns = m.namespace ?? 'default';
  const lines = [
    `Name:\t${m.name}`,
    `Namespace:\t${ns}`,
    `CreationTimestamp:\t${rfc1123z(m.creationTimestamp)}`,
    `Selector:\t${formatLabels(sts.spec.selector.matchLabels)}`,
    ...labelsMultiline('Labels', m.labels),
    ...annotationsMultiline('Annotations', m.annotations),
    `Replicas:\t${sts.spec.replicas} desired | ${sts.status.replicas} total`,
    'Update Strategy:\tRollingUpdate',
    '  Partition:\t0',
    `Pods Status:\t${podsStatus(e, ns, sts.spec.selector.matchLabels, m.uid)}`,
    ...podTemplateBlock(sts.spec.template),
    'Volume Claims:\t<none>',
    ...eventsBlock(eventsFor(e, { kind: 'StatefulSet', name: m.name, namespace: ns, uid: m.uid }, events), e.now),
  ];
  return describeText(lines.join('\n'));
}

export function describeDeployment(e: Engine, d: Deployment, events?: EventsByObject): string {
  const m = d.metadata;
  const ns = m.namespace ?? 'default';
  const s = d.status;
  // The newest ReplicaSet owned by this Deployment.
  const rss = e
    .list('ReplicaSet')
    .filter((rs) => rs.metadata.namespace === ns && rs.metadata.ownerReferences.some((o) => o.uid === m.uid))
    .sort((a, b) => b.metadata.creationTimestamp - a.metadata.creationTimestamp);
  const newRs = rss[0];
  const old = rss.slice(1).filter((rs) => rs.spec.replicas > 0);
  const lines = [
    `Name:\t${m.name}`,
    `Namespace:\t${ns}`,
    `CreationTimestamp:\t${rfc1123z(m.creationTimestamp)}`,
    ...labelsMultiline('Labels', m.labels),
    ...annotationsMultiline('Annotations', m.annotations),
    `Selector:\t${formatLabels(d.spec.selector.matchLabels)}`,
    `Replicas:\t${d.spec.replicas} desired | ${s.updatedReplicas} updated | ${s.replicas} total | ${s.availableReplicas} available | ${s.unavailableReplicas} unavailable`,
    'StrategyType:\tRollingUpdate',
    'MinReadySeconds:\t0',
    'RollingUpdateStrategy:\t25% max unavailable, 25% max surge',
    ...podTemplateBlock(d.spec.template),
    `OldReplicaSets:\t${old.length ? old.map((rs) => `${rs.metadata.name} (${rs.status.replicas}/${rs.spec.replicas} replicas created)`).join(', ') : '<none>'}`,
    `NewReplicaSet:\t${newRs ? `${newRs.metadata.name} (${newRs.status.replicas}/${newRs.spec.replicas} replicas created)` : '<none>'}`,
    ...eventsBlock(eventsFor(e, { kind: 'Deployment', name: m.name, namespace: ns, uid: m.uid }, events), e.now),
  ];
  return describeText(lines.join('\n'));
}

export function describeReplicaSet(e: Engine, rs: ReplicaSet, events?: EventsByObject): string {
  const m = rs.metadata;
  const ns = m.namespace ?? 'default';
  const ctrl = controllerOf(rs);
  const lines = [
    `Name:\t${m.name}`,
    `Namespace:\t${ns}`,
    `Selector:\t${formatLabels(rs.spec.selector.matchLabels)}`,
    ...labelsMultiline('Labels', m.labels),
    ...annotationsMultiline('Annotations', m.annotations),
    ...(ctrl ? [`Controlled By:\t${ctrl.kind}/${ctrl.name}`] : []),
    `Replicas:\t${rs.status.replicas} current / ${rs.spec.replicas} desired`,
    `Pods Status:\t${podsStatus(e, ns, rs.spec.selector.matchLabels, m.uid)}`,
    ...podTemplateBlock(rs.spec.template),
    ...eventsBlock(eventsFor(e, { kind: 'ReplicaSet', name: m.name, namespace: ns, uid: m.uid }, events), e.now),
  ];
  return describeText(lines.join('\n'));
}

export function describeDaemonSet(e: Engine, ds: DaemonSet, events?: EventsByObject): string {
  const m = ds.metadata;
  const ns = m.namespace ?? 'default';
  const s = ds.status;
  const lines = [
    `Name:\t${m.name}`,
    `Namespace:\t${ns}`,
    `Selector:\t${formatLabels(ds.spec.selector.matchLabels)}`,
    `Node-Selector:\t${formatLabels(ds.spec.template.spec.nodeSelector)}`,
    ...labelsMultiline('Labels', m.labels),
    ...annotationsMultiline('Annotations', m.annotations),
    `Desired Number of Nodes Scheduled: ${s.desiredNumberScheduled}`,
    `Current Number of Nodes Scheduled: ${s.currentNumberScheduled}`,
    `Number of Nodes Scheduled with Up-to-date Pods: ${s.updatedNumberScheduled}`,
    `Number of Nodes Scheduled with Available Pods: ${s.numberAvailable}`,
    `Number of Nodes Misscheduled: ${s.numberMisscheduled}`,
    `Pods Status:\t${podsStatus(e, ns, ds.spec.selector.matchLabels, m.uid)}`,
    ...podTemplateBlock(ds.spec.template),
    ...eventsBlock(eventsFor(e, { kind: 'DaemonSet', name: m.name, namespace: ns, uid: m.uid }, events), e.now),
  ];
  return describeText(lines.join('\n'));
}
