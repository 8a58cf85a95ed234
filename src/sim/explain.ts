/**
 * "Why?": walk from an object's current state back through recorded causes to the command behind
 * it. The object's history (`api.history[ref]`, written by put/remove/event/remember) names the
 * cause of its latest meaningful change; each cause names its parents; the walk stops at a
 * command (a link with `command`), which is where a person acted.
 */
import type { Engine } from './core/engine';
import type { Cause, ObjectHistoryEntry } from './core/state';
import { formatSimTime } from './scenario/duration';
import { commandActor } from './story/credit';

export interface ExplanationLink {
  at: number;
  actor: string; // controller or component, or "you" for a command
  what: string; // e.g. "Ready=Unknown on node2"
  rule?: string; // e.g. "no heartbeat for 50s"
  constant?: string; // e.g. "nodeMonitorGracePeriod=50s"
  command?: string;
}

export interface Explanation {
  ref: string;
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
function pickEntry(e: Engine, list: ObjectHistoryEntry[]): ObjectHistoryEntry | undefined {
  const causes = e.state.causes;
  for (const wantEvent of [false, true]) {
    for (let i = list.length - 1; i >= 0; i--) {
      const h = list[i];
      if (!h || h.what.startsWith('event ') !== wantEvent) continue;
      if (meaningful(causes[h.cause])) return h;
    }
  }
  return list[list.length - 1];
}

function toLink(c: Cause): ExplanationLink {
  const link: ExplanationLink = {
    at: c.at,
    actor: c.command !== undefined ? commandActor(c.by ?? 'you') : c.actor,
    what: c.what,
  };
  if (c.rule !== undefined) link.rule = c.rule;
  if (c.constant !== undefined) link.constant = c.constant;
  if (c.command !== undefined) link.command = c.command;
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
    const c = causes[id];
    if (!c) continue;
    out.push(toLink(c));
    if (c.command !== undefined) continue;
    for (const p of c.parents) if (!seen.has(p)) queue.push(p);
  }
  return out;
}

function describeLink(l: ExplanationLink): string {
  if (l.command !== undefined) return `you ran "${l.command}" at ${formatSimTime(l.at)}`;
  const why = l.rule ?? l.what;
  const constant = l.constant ? ` [${l.constant}]` : '';
  return `${l.actor}: ${why}${constant} at ${formatSimTime(l.at)}`;
}

/** The causal chain behind `ref` (e.g. `Pod/default/web-1`, `Node/node2`, `Host/node2`). */
export function explain(e: Engine, ref: string): Explanation {
  const list = e.state.api.history[ref] ?? [];
  const entry = pickEntry(e, list);
  if (!entry) return { ref, summary: `No recorded changes for ${ref}.`, chain: [] };
  const chain = causeChain(e, entry.cause);
  const head = `${entry.what} since ${formatSimTime(entry.at)}`;
  const summary = [head, ...chain.map(describeLink)].join(', ');
  return { ref, summary, chain };
}
