/**
 * How the CLI prints what happens: command headers, event lines and trace lines.
 *
 * Event line (--events): `[5m50s] Normal TaintManagerEviction pod/web-7d9c-x2x taint-eviction-controller: Marking for deletion Pod default/web-7d9c-x2x`
 *   = `[TIME] TYPE REASON kind/name SOURCE: MESSAGE`, TIME as formatSimTime prints it, kind in lower case
 *   as kubectl prints object references. A repeated (aggregated) event prints a line each time.
 * Trace line (--trace): `[TIME] LINE`, LINE as the engine traces it (`update Node/node2 ...`).
 */
import { formatSimTime } from '../sim/index';

export interface EventLine {
  at: number;
  type: string;
  reason: string;
  /** `pod/web-7d9c-x2x` */
  object: string;
  source: string;
  message: string;
}

/** `[55s] $ kubectl get nodes` */
export function commandHeader(at: number, command: string): string {
  return `[${formatSimTime(at)}] $ ${command}`;
}

/** Split an engine trace line (`<ms> <text>`) into time and text. */
export function splitTrace(full: string): { at: number; text: string } | undefined {
  const m = /^(-?\d+) ([\s\S]*)$/.exec(full);
  return m ? { at: Number(m[1]), text: m[2] as string } : undefined;
}

/** The event in an engine trace line, if it is one (`event Kind/name Type Reason component: message`). */
export function parseEventTrace(full: string): EventLine | undefined {
  const t = splitTrace(full);
  if (!t) return undefined;
  const m = /^event ([^/\s]+)\/(\S+) (Normal|Warning) (\S+) (.*?): ([\s\S]*)$/.exec(t.text);
  if (!m) return undefined;
  return {
    at: t.at,
    type: m[3] as string,
    reason: m[4] as string,
    object: `${(m[1] as string).toLowerCase()}/${m[2]}`,
    source: m[5] as string,
    message: m[6] as string,
  };
}

export function formatEvent(ev: EventLine): string {
  return `[${formatSimTime(ev.at)}] ${ev.type} ${ev.reason} ${ev.object} ${ev.source}: ${ev.message}`;
}

export function formatTrace(full: string): string {
  const t = splitTrace(full);
  return t ? `[${formatSimTime(t.at)}] ${t.text}` : full;
}
