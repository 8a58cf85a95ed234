/**
 * The host journal (journald): what `journalctl -u <unit>` prints. Components append klog-style
 * lines with `logLine`; the journal is bounded per host (JOURNAL_KEEP lines) so long runs stay
 * small. Lines are rendered at write time, so the text is stable across snapshots.
 */
import type { Engine } from '../core/engine';
import { flat } from '../core/flat';
import type { HostServiceName } from '../core/state';
import { journalStamp, klogStamp } from './clock';

/** Lines kept per host, all units together. */
export const JOURNAL_KEEP = 500;
/** Lines `journalctl` prints (the tail). */
export const JOURNAL_PRINT = 200;

export type Severity = 'I' | 'W' | 'E';

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
  const t = e.now;
  const line = `${journalStamp(t)} ${hostName} ${unit}[${pid}]: ${severity}${klogStamp(t)} ${String(pid).padStart(7, ' ')} ${fileLine}] ${msg}`;
  pushLine(e, hostName, unit, line);
}

/** Append a raw (non-klog) line, e.g. systemd's `Started kubelet.service`. */
export function logRaw(e: Engine, hostName: string, unit: string, text: string, ident = 'systemd[1]'): void {
  const line = `${journalStamp(e.now)} ${hostName} ${ident}: ${text}`;
  pushLine(e, hostName, unit, line);
}

/** journalctl's boot separator line (`-- Boot <id> --`). */
export function logBoot(e: Engine, hostName: string, unit: string, bootId: string): void {
  pushLine(e, hostName, unit, `-- Boot ${bootId.replace(/-/g, '')} --`);
}

function pushLine(e: Engine, hostName: string, unit: string, line: string): void {
  const h = e.state.hosts[hostName];
  if (!h) return;
  // Flat (core/flat.ts): a klog line built from a dozen pieces is a tree of cons strings,
  // ~800 bytes a line instead of ~200.
  h.journal.push({ t: e.now, unit, line: flat(line) });
  if (h.journal.length > JOURNAL_KEEP * 2) h.journal.splice(0, h.journal.length - JOURNAL_KEEP);
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
  for (let i = h.journal.length - 1; i >= 0 && out.length < limit; i--) {
    const l = h.journal[i];
    if (l && l.unit === unit) out.push(l.line);
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
