/**
 * Lesson step conditions against the engine (the language is in lesson.ts): whether a condition
 * holds now (`checkCondition`, after every advance) and since when (`conditionSince`, the moment
 * a lesson panel shows as "happened at": the event's own time, not the time it was noticed).
 */

import { findInstance } from '../cloud/provider';
import type { Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import { maxOf } from '../core/lists';
import { nodeStatus, podColumns } from '../kubectl/status';
import type { CompiledStep, ConditionContext, LessonCondition } from './lesson-types';

function matchingPods(e: Engine, c: { namespace: string; name: string; prefix: boolean }) {
  if (!c.prefix) {
    const p = e.get('Pod', `${c.namespace}/${c.name}`);
    return p ? [p] : [];
  }
  const head = `${c.namespace}/${c.name}`;
  return e
    .keysOf('Pod')
    .filter((k) => k.startsWith(head))
    .sort()
    .map((k) => e.get('Pod', k))
    .filter((p) => p !== undefined);
}

/** `pod/web` or `pod/ns/web`: does this event's object match? (kind case-insensitive, name prefix) */
function eventObjectMatches(object: string, inv: { kind: string; name: string; namespace?: string }): boolean {
  const parts = object.split('/');
  const kind = (parts[0] ?? '').toLowerCase();
  if (inv.kind.toLowerCase() !== kind) return false;
  if (parts.length >= 3)
    return (inv.namespace ?? 'default') === parts[1] && inv.name.startsWith(parts.slice(2).join('/'));
  return inv.name.startsWith(parts[1] ?? '');
}

/** Is the condition met now? Reads the engine's state only. */
export function checkCondition(e: Engine, c: LessonCondition, ctx: ConditionContext = {}): boolean {
  const since = ctx.since ?? Number.NEGATIVE_INFINITY;
  switch (c.kind) {
    case 'time':
      return e.now >= (c.relative ? (ctx.since ?? 0) + c.at : c.at);
    case 'node': {
      const node = e.get('Node', c.node);
      if (!node) return false;
      const status = nodeStatus(node);
      return status === c.status || (!c.status.includes(',') && status.split(',').includes(c.status));
    }
    case 'node-gone':
      return e.get('Node', c.node) === undefined;
    case 'condition': {
      const cond = e.get('Node', c.node)?.status.conditions.find((x) => x.type === c.type);
      return cond !== undefined && cond.status === c.status && (c.reason === undefined || cond.reason === c.reason);
    }
    case 'taint':
      return (e.get('Node', c.node)?.spec.taints ?? []).some(
        (t) =>
          t.key === c.key &&
          (c.value === undefined || (t.value ?? '') === c.value) &&
          (c.effect === undefined || t.effect === c.effect),
      );
    case 'event': {
      // Read in place (Engine.forEachEvent): no Event object built.
      let seen = false;
      e.forEachEvent((ev) => {
        if (!seen && ev.reason === c.reason && ev.lastTimestamp >= since)
          seen = c.object === undefined || eventObjectMatches(c.object, ev.involvedObject);
      });
      return seen;
    }
    case 'pod':
      return matchingPods(e, c).some((p) => podColumns(p, e.now).status === c.status);
    case 'pod-gone':
      return matchingPods(e, c).length === 0;
    case 'command':
      return e.state.commandLog.some((l) => l.ok && l.at >= since && l.line.replace(/\s+/g, ' ').startsWith(c.prefix));
    case 'instance':
      return findInstance(e, c.target)?.state === c.state;
    case 'group':
      return e.state.cloud?.groups[c.group]?.target === c.target;
  }
}

/**
 * Is this step done? A step with a condition is done when it holds; a step without one (narration,
 * a prediction) waits for the learner, so it is never done by itself.
 */
export function stepComplete(e: Engine, step: CompiledStep, startedAt: number): boolean {
  return step.condition !== undefined && checkCondition(e, step.condition, { since: startedAt });
}

/** The time of an object's latest change in its history (events about it are not changes): its removal, for one that is gone. */
function lastChangeAt(e: Engine, ref: string): number | undefined {
  const list = e.history(ref);
  if (!list) return undefined;
  for (let i = list.length - 1; i >= 0; i--) {
    const h = list[i];
    if (h && !h.what.startsWith('event ')) return h.at;
  }
  return undefined;
}

/**
 * Since when a pod's kubectl STATUS has been `status`: Terminating from its deletion request,
 * Running from its container's start; any other status from the pod's last write (a status is
 * not stored with its time, and that write is the one that set it or a later one).
 */
function podStatusSince(e: Engine, p: Pod, status: string): number {
  const meta = p.metadata;
  if (status === 'Terminating' && meta.deletionTimestamp !== undefined)
    return meta.deletionTimestamp - (meta.deletionGracePeriodSeconds ?? 0) * 1000;
  if (status === 'Running') {
    let started: number | undefined;
    for (const cs of p.status.containerStatuses) {
      if ('running' in cs.state && (started === undefined || cs.state.running.startedAt > started))
        started = cs.state.running.startedAt;
    }
    if (started !== undefined) return started;
  }
  return lastChangeAt(e, `Pod/${meta.namespace}/${meta.name}`) ?? meta.creationTimestamp;
}

/**
 * When the step's condition became true, if it holds now (undefined otherwise, or for a step
 * without a condition): an `event`'s firstTimestamp (its lastTimestamp when it began before
 * `since`, the step's start), a node condition's or a node STATUS's lastTransitionTime, a taint's
 * timeAdded, the removal for `pod-gone`/`node-gone` (from the object history), the command's time,
 * the exact time for `time`; for `pod`, see podStatusSince. With several matches, the earliest.
 * Undefined also when no time is known (`pod-gone` of a pod that never existed).
 */
export function conditionSince(e: Engine, step: CompiledStep, since?: number): number | undefined {
  const c = step.condition;
  if (!c) return undefined;
  const ctx: ConditionContext = since === undefined ? {} : { since };
  if (!checkCondition(e, c, ctx)) return undefined;
  const from = since ?? Number.NEGATIVE_INFINITY;
  switch (c.kind) {
    case 'time':
      return c.relative ? (since ?? 0) + c.at : c.at;
    case 'node': {
      const node = e.get('Node', c.node);
      if (!node) return undefined;
      const ready = node.status.conditions.find((x) => x.type === 'Ready');
      const times: number[] = [];
      // The Ready part of the STATUS changes with the Ready condition; SchedulingDisabled with the cordon.
      if (c.status !== 'SchedulingDisabled')
        times.push(ready ? ready.lastTransitionTime : node.metadata.creationTimestamp);
      if (c.status.includes('SchedulingDisabled')) {
        const cordon = e.history(`Node/${c.node}`)?.findLast((h) => h.what.startsWith('cordoned'));
        times.push(cordon?.at ?? node.metadata.creationTimestamp);
      }
      return maxOf(times, (t) => t);
    }
    case 'condition':
      return e.get('Node', c.node)?.status.conditions.find((x) => x.type === c.type)?.lastTransitionTime;
    case 'taint': {
      const t = (e.get('Node', c.node)?.spec.taints ?? []).find(
        (x) =>
          x.key === c.key &&
          (c.value === undefined || (x.value ?? '') === c.value) &&
          (c.effect === undefined || x.effect === c.effect),
      );
      return t?.timeAdded ?? lastChangeAt(e, `Node/${c.node}`);
    }
    case 'event': {
      let first: number | undefined;
      e.forEachEvent((ev) => {
        if (ev.reason !== c.reason || ev.lastTimestamp < from) return;
        if (c.object !== undefined && !eventObjectMatches(c.object, ev.involvedObject)) return;
        const at = ev.firstTimestamp >= from ? ev.firstTimestamp : ev.lastTimestamp;
        if (first === undefined || at < first) first = at;
      });
      return first;
    }
    case 'pod': {
      let first: number | undefined;
      for (const p of matchingPods(e, c)) {
        if (podColumns(p, e.now).status !== c.status) continue;
        const at = podStatusSince(e, p, c.status);
        if (first === undefined || at < first) first = at;
      }
      return first;
    }
    case 'node-gone':
      return lastChangeAt(e, `Node/${c.node}`);
    case 'pod-gone': {
      if (!c.prefix) return lastChangeAt(e, `Pod/${c.namespace}/${c.name}`);
      // The last of the matching pods to go made it true.
      const head = `Pod/${c.namespace}/${c.name}`;
      let last: number | undefined;
      for (const ref of e.historyRefs()) {
        if (!ref.startsWith(head)) continue;
        const at = lastChangeAt(e, ref);
        if (at !== undefined && (last === undefined || at > last)) last = at;
      }
      return last;
    }
    case 'command':
      return e.state.commandLog.find((l) => l.ok && l.at >= from && l.line.replace(/\s+/g, ' ').startsWith(c.prefix))
        ?.at;
    case 'instance':
      return findInstance(e, c.target)?.since;
    case 'group':
      return lastChangeAt(e, `NodeGroup/${c.group}`) ?? 0;
  }
}
