/**
 * Replaying a run from its command log (share links, the last-run store, exported files): the
 * scenario's timeline becomes the log. Kept apart from export.ts, which writes YAML, so the worker
 * can replay without loading the YAML library.
 */
import type { Scenario, TimelineEntry } from '../core/scenario-types';

/** One logged command (state.commandLog entries fit). */
export interface ExportCommand {
  at: number;
  line: string;
  /** Refused commands are kept unless `skipRefused`: they are part of what happened. */
  ok?: boolean;
  /** Who ran it; when absent, a command equal to a timeline entry (same time, same line) is the scenario's. */
  by?: 'scenario' | 'you';
}

export interface ExportOptions {
  /** Simulated time of the run; timeline entries after it have not run and are kept. */
  now?: number;
  skipRefused?: boolean;
  /** Replaces metadata.title (e.g. "Stop the kubelet (my run)"). */
  title?: string;
}

/**
 * Who ran each logged command. A log entry says so itself when it can (`by`); a share link's log
 * does not, so an entry that matches one of the scenario's timeline entries (same time, same
 * line, each timeline entry matched once, in order: the scenario's commands run before the
 * learner's at the same time) keeps that entry's credit, and everything else is the learner's.
 */
function credits(scenario: Scenario, log: readonly ExportCommand[]): ('scenario' | 'you')[] {
  const pending = new Map<string, TimelineEntry[]>();
  for (const t of scenario.spec.timeline) {
    const k = `${t.at}\n${t.run}`;
    const list = pending.get(k) ?? [];
    list.push(t);
    pending.set(k, list);
  }
  return log.map((c) => {
    const entry = pending.get(`${c.at}\n${c.line}`)?.shift();
    if (c.by) return c.by;
    return entry ? (entry.by ?? 'scenario') : 'you';
  });
}

/**
 * The timeline of the exported scenario: the log, then the entries that have not run yet. The
 * learner's commands carry `by: 'you'` (types.ts TimelineEntry), so a replayed run credits them.
 */
export function exportTimeline(
  scenario: Scenario,
  commandLog: readonly ExportCommand[],
  opts: ExportOptions = {},
): TimelineEntry[] {
  const log = commandLog.filter((c) => !(opts.skipRefused && c.ok === false));
  const lastLogged = commandLog.length ? (commandLog[commandLog.length - 1] as ExportCommand).at : -1;
  // Everything at or before the last logged time has run (advanceTo runs entries due up to its
  // target before any command at that time); `now` can only push the bound later.
  const ranUpTo = Math.max(lastLogged, opts.now ?? -1);
  const pending = scenario.spec.timeline.filter((t) => t.at > ranUpTo);
  const by = credits(scenario, log);
  return [
    ...log.map(
      (c, i): TimelineEntry => (by[i] === 'you' ? { at: c.at, run: c.line, by: 'you' } : { at: c.at, run: c.line }),
    ),
    ...pending.map((t): TimelineEntry => (t.by ? { at: t.at, run: t.run, by: t.by } : { at: t.at, run: t.run })),
  ];
}

/**
 * The scenario to replay a run from its command log (a share link, a saved last run): the same
 * scenario with its timeline replaced by exportTimeline, and the run's seed. Build a Simulation
 * from it and `advanceTo(now)`: same trace hash as the original run. The lesson is kept (the app
 * resumes it at the link's step and must not re-run the `run` of steps already passed), and so is
 * `spec.duration`, even when a command of the log comes later (the app plays on past the end).
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
