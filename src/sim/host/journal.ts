/**
 * The host journal (journald): what `journalctl -u <unit>` prints. Components append klog-style
 * lines with `logLine`; the journal is bounded per host (JOURNAL_KEEP lines) so long runs stay
 * small. An entry keeps the line's parts (core/state.ts `JournalLine`) and `journalText` renders
 * it when read: the stamps depend on the entry's time alone and its pid is the one it was written
 * with, so the text is the same whenever it is read, across snapshots too.
 */
import type { Engine } from '../core/engine';
import { flat } from '../core/flat';
import { appendJournal, type JournalLog, journalBody, journalLength, journalLine } from '../core/journal-log';
import type { HostServiceName, JournalBody, JournalLine } from '../core/state';
import { journalStamp, klogStamp } from './clock';

/** Lines kept per host, all units together. */
export const JOURNAL_KEEP = 500;
/**
 * Lines written past JOURNAL_KEEP before the oldest are cut: a full journal then stays within
 * a tenth of its size. A 5,000-node zone outage fills 1,667 journals at the same pace; cut back
 * only at twice JOURNAL_KEEP, the cluster's memory rose and fell by 1,667 x 500 entries with
 * their common phase.
 */
export const JOURNAL_SLACK = 50;
/** Lines `journalctl` prints (the tail). */
export const JOURNAL_PRINT = 200;

export type Severity = 'I' | 'W' | 'E';

/**
 * How far back a new line looks for an entry with the same text to share it: a failing kubelet
 * repeats a few messages in turn (node status retries, lease), the same text up to ~15 entries
 * back (core/journal-log.ts SHARE_BACK); the 5,000-node zone outage wrote ~1.5 million such lines
 * per simulated hour.
 */
const SHARE_BACK = 32;

/** Process id shown for a unit: the service's Main PID, or 1 (systemd) when it never ran. */
function pidOf(e: Engine, hostName: string, unit: string): number {
  const svc = e.state.hosts[hostName]?.services[unit as HostServiceName];
  return svc?.pid ?? 1;
}

/**
 * Append a klog line for `unit` on `hostName`:
 * `Jun 02 09:01:02 node2 kubelet[1150]: E0602 09:01:02.123456    1150 kubelet_node_status.go:460] "msg" err="..."`.
 * `msg` is the already formatted structured part (quoted message plus key="value" pairs).
 */
export function logLine(
  e: Engine,
  hostName: string,
  unit: string,
  severity: Severity,
  fileLine: string,
  msg: string,
): void {
  const h = e.state.hosts[hostName];
  if (!h) return;
  const pid = pidOf(e, hostName, unit);
  pushLine(e, hostName, { unit, pid, severity, fileLine, msg: sharedText(h.journal, msg) });
}

/** Append a raw (non-klog) line, e.g. systemd's `Started kubelet.service`. */
export function logRaw(e: Engine, hostName: string, unit: string, text: string, ident = 'systemd[1]'): void {
  const h = e.state.hosts[hostName];
  if (!h) return;
  pushLine(e, hostName, { unit, ident, text: sharedText(h.journal, text) });
}

/** journalctl's boot separator line (`-- Boot <id> --`). */
export function logBoot(e: Engine, hostName: string, unit: string, bootId: string): void {
  pushLine(e, hostName, { unit, boot: bootId });
}

function pushLine(e: Engine, hostName: string, body: JournalBody): void {
  const h = e.state.hosts[hostName];
  if (!h) return;
  // Shared with the last checkpoint until this first line after it, in chunks (core/journal-log.ts).
  appendJournal(e.cow, h, e.now, body, JOURNAL_KEEP, JOURNAL_SLACK);
}

/**
 * `text` as the same string object as a recent entry's equal text (see SHARE_BACK), or a flat
 * copy (core/flat.ts): a message built from a dozen pieces is a tree of cons strings.
 */
function sharedText(journal: JournalLog, text: string): string {
  const n = journalLength(journal);
  for (let i = n - 1, stop = Math.max(0, n - SHARE_BACK); i >= stop; i--) {
    const l = journalBody(journal, i) as JournalBody;
    const seen = 'msg' in l ? l.msg : 'text' in l ? l.text : undefined;
    if (seen === text) return seen;
  }
  return flat(text);
}

/** The line journalctl prints for an entry of `hostName`'s journal. */
export function journalText(hostName: string, l: JournalLine): string {
  if ('msg' in l) {
    const pid = l.pid;
    return `${journalStamp(l.t)} ${hostName} ${l.unit}[${pid}]: ${l.severity}${klogStamp(l.t)} ${String(pid).padStart(7, ' ')} ${l.fileLine}] ${l.msg}`;
  }
  if ('text' in l) return `${journalStamp(l.t)} ${hostName} ${l.ident}: ${l.text}`;
  return `-- Boot ${l.boot.replace(/-/g, '')} --`;
}

/** Quote a klog structured value the way klog does (Go %q). */
export function q(s: string): string {
  return JSON.stringify(s);
}

/** The journal lines of `unit` on `node` (last `limit`). */
export function journalLines(e: Engine, node: string, unit: string, limit = JOURNAL_PRINT): string[] {
  const h = e.state.hosts[node];
  if (!h) return [];
  const out: string[] = [];
  for (let i = journalLength(h.journal) - 1; i >= 0 && out.length < limit; i--) {
    const l = journalLine(h.journal, i);
    if (l && l.unit === unit) out.push(journalText(node, l));
  }
  return out.reverse();
}

/** `journalctl -u <unit>` on `node`: the last 200 lines, or `-- No entries --`. */
export function journalctl(e: Engine, node: string, unit: string): string {
  const u = unit.endsWith('.service') ? unit.slice(0, -'.service'.length) : unit;
  const lines = journalLines(e, node, u);
  if (lines.length === 0) return '-- No entries --';
  return lines.join('\n');
}
