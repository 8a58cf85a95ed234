/**
 * What the simulation made of each timeline command (issue 27: export only what it accepted).
 * A command the engine refused (a node the scenario does not have, an object that does not exist,
 * a line it cannot parse) is not exported: the files list it as skipped with the engine's own
 * message. Reads (`kubectl get`, `journalctl`, `systemctl status`) that failed only because the API
 * server was down are kept: a real cluster answers them with the same error, which is the lesson.
 */
import { parseCommand, type Simulation } from '../sim/index';
import { oneLine } from './text';

/** Per timeline index: undefined when the run accepted it (or did not reach it), else why not. */
export type Refusals = ReadonlyMap<number, string>;

const READS = new Set(['kubectl-read', 'kubectl-logs', 'ssh-journalctl']);

/** The refusals of a run that has advanced through its timeline (reads its timeline results). */
export function refusalsOf(sim: Simulation, timeline: readonly { run: string }[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const r of sim.takeTimelineResults()) {
    if (r.result.ok) continue;
    const parsed = parseCommand(timeline[r.index]?.run ?? '');
    const read =
      parsed.ok &&
      (READS.has(parsed.command.kind) ||
        (parsed.command.kind === 'ssh-systemctl' && parsed.command.action === 'status'));
    // A read on a host that does not exist is refused all the same: it would name another machine.
    if (read && !r.result.output.startsWith('ssh: Could not resolve hostname')) continue;
    out.set(r.index, `the simulation refused it: ${oneLine(r.result.output || 'no reason given')}`);
  }
  return out;
}
