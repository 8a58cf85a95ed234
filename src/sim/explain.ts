/**
 * "Why?": walk from an object's current state back through recorded causes to the command behind
 * it. The object's history (`Engine.history(ref)`, written by put/remove/event/remember) names the
 * cause of its latest meaningful change; each cause names its parents; the walk stops at a
 * command (a link with `command`), which is where a person (or the scenario) acted.
 *
 * The explanation opens with one plain sentence (story/headline.ts), then the numbered chain.
 */

import { causeAt } from './core/cause-log';
import type { Engine } from './core/engine';
import type { Cause, CommandBy, ObjectHistoryEntry } from './core/state';
import { commandActor } from './story/credit';
import { headline } from './story/headline';

export interface ExplanationLink {
  at: number;
  /** Controller or component; for a command, who ran it: `the scenario` or `you`. */
  actor: string;
  what: string; // e.g. "Ready=Unknown on node2"
  rule?: string; // e.g. "no heartbeat for 50s"
  constant?: string; // e.g. "nodeMonitorGracePeriod=50s"
  command?: string;
  /** For a command: who ran it. */
  by?: CommandBy;
}

export interface Explanation {
  ref: string;
  /**
   * One plain sentence first: the state, the command behind it (who, when), the deciding rule and
   * constant, e.g. `node2 is NotReady: the scenario stopped kubelet on node2 at 30s and no
   * heartbeat arrived for 50s (nodeMonitorGracePeriod).` Never a negative time.
   */
  headline: string;
  /** The same as `headline` (kept for older readers). */
  summary: string;
  chain: ExplanationLink[];
}

/** A walk never needs more links than this; it also guards against a cycle in bad data. */
const MAX_LINKS = 32;

/** A cause worth explaining: it has a reason beyond "it happened" (parents, a rule or a command). */
function meaningful(c: Cause | undefined): boolean {
  return c !== undefined && (c.parents.length > 0 || c.command !== undefined || c.rule !== undefined);
}

/**
 * The history entry that best explains the object's present: the latest change that has a reason,
 * preferring state changes over the events recorded about the object.
 */
function pickEntry(e: Engine, list: readonly ObjectHistoryEntry[]): ObjectHistoryEntry | undefined {
  const causes = e.state.causes;
  for (const wantEvent of [false, true]) {
    for (let i = list.length - 1; i >= 0; i--) {
      const h = list[i];
      if (!h || h.what.startsWith('event ') !== wantEvent) continue;
      if (meaningful(causeAt(causes, h.cause))) return h;
    }
  }
  return list[list.length - 1];
}

function toLink(c: Cause): ExplanationLink {
  if (c.command !== undefined) {
    // Causes recorded before commands said who ran them count as the learner's.
    const by = c.by ?? 'you';
    const link: ExplanationLink = { at: c.at, actor: commandActor(by), what: c.what, command: c.command, by };
    if (c.rule !== undefined) link.rule = c.rule;
    if (c.constant !== undefined) link.constant = c.constant;
    return link;
  }
  const link: ExplanationLink = { at: c.at, actor: c.actor, what: c.what };
  if (c.rule !== undefined) link.rule = c.rule;
  if (c.constant !== undefined) link.constant = c.constant;
  return link;
}

/** Walks causes from `start`, breadth first (effect before cause), deduplicated, stopping at commands. */
export function causeChain(e: Engine, start: number): ExplanationLink[] {
  const causes = e.state.causes;
  const seen = new Set<number>();
  const queue = [start];
  const out: ExplanationLink[] = [];
  while (queue.length > 0 && out.length < MAX_LINKS) {
    const id = queue.shift() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    const c = causeAt(causes, id);
    if (!c) continue;
    out.push(toLink(c));
    if (c.command !== undefined) continue;
    for (const p of c.parents) if (!seen.has(p)) queue.push(p);
  }
  return out;
}

/**
 * A pod that waits for its volume: Pending, and the attach/detach controller's latest word about it
 * a refused attach (FailedAttachVolume, a Multi-Attach error), not a SuccessfulAttachVolume since.
 * That refusal, not the kubelet's ContainerCreating, says why it waits.
 */
function attachWait(e: Engine, ref: string, list: readonly ObjectHistoryEntry[]): number | undefined {
  if (!ref.startsWith('Pod/') || e.get('Pod', ref.slice(4))?.status.phase !== 'Pending') return undefined;
  for (let i = list.length - 1; i >= 0; i--) {
    const h = list[i];
    if (h?.what === 'event SuccessfulAttachVolume') return undefined;
    if (h?.what === 'event FailedAttachVolume') return h.cause;
  }
  return undefined;
}

/** The causal chain behind `ref` (e.g. `Pod/default/web-1`, `Node/node2`, `Host/node2`). */
export function explain(e: Engine, ref: string): Explanation {
  const list = e.history(ref) ?? [];
  const entry = pickEntry(e, list);
  if (!entry) {
    const decision = e.state.cloud?.ca?.decisions[ref];
    if (decision) {
      const chain = causeChain(e, decision.cause);
      const head = headline(e, ref, chain);
      return { ref, headline: head, summary: head, chain };
    }
    const none = `No recorded changes for ${ref}.`;
    return { ref, headline: none, summary: none, chain: [] };
  }
  // The autoscaler's latest decision about the object (a scale-up it triggered, a NotTriggerScaleUp,
  // a removal) explains it better than an older change when it is at least as recent.
  const decision = e.state.cloud?.ca?.decisions[ref];
  const start = decision && decision.at >= entry.at ? decision.cause : (attachWait(e, ref, list) ?? entry.cause);
  const chain = causeChain(e, start);
  const head = headline(e, ref, chain);
  return { ref, headline: head, summary: head, chain };
}
