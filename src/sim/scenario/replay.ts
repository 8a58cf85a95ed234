/**
 * Replaying a run from its command log (share links, the last-run store, exported files): the
 * scenario's timeline becomes the log. Kept apart from export.ts, which writes YAML, so the worker
 * can replay without loading the YAML library.
 */
import type { Scenario } from './types';

/** One logged command (state.commandLog entries fit). */
export interface ExportCommand {
  at: number;
  line: string;
  /** Refused commands are kept unless `skipRefused`: they are part of what happened. */
  ok?: boolean;
}

export interface ExportOptions {
  /** Simulated time of the run; timeline entries after it have not run and are kept. */
  now?: number;
  skipRefused?: boolean;
  /** Replaces metadata.title (e.g. "Stop the kubelet (my run)"). */
  title?: string;
}

/** The timeline of the exported scenario: the log, then the entries that have not run yet. */
export function exportTimeline(
  scenario: Scenario,
  commandLog: readonly ExportCommand[],
  opts: ExportOptions = {},
): { at: number; run: string }[] {
  const log = commandLog.filter((c) => !(opts.skipRefused && c.ok === false));
  const lastLogged = commandLog.length ? (commandLog[commandLog.length - 1] as ExportCommand).at : -1;
  // Everything at or before the last logged time has run (advanceTo runs entries due up to its
  // target before any command at that time); `now` can only push the bound later.
  const ranUpTo = Math.max(lastLogged, opts.now ?? -1);
  const pending = scenario.spec.timeline.filter((t) => t.at > ranUpTo);
  return [...log.map((c) => ({ at: c.at, run: c.line })), ...pending.map((t) => ({ at: t.at, run: t.run }))];
}

/**
 * The scenario to replay a run from its command log (a share link, a saved last run): the same
 * scenario with its timeline replaced by exportTimeline, and the run's seed. Build a Simulation
 * from it and `advanceTo(now)`: same trace hash as the original run. The lesson is kept (the app
 * resumes it at the link's step and must not re-run the `run` of steps already passed).
 */
export function scenarioForReplay(
  scenario: Scenario,
  commandLog: readonly ExportCommand[],
  opts: ExportOptions & { seed?: number } = {},
): Scenario {
  return {
    ...scenario,
    spec: {
      ...scenario.spec,
      seed: opts.seed ?? scenario.spec.seed,
      timeline: exportTimeline(scenario, commandLog, opts),
    },
  };
}
