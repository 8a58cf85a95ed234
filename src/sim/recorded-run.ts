/**
 * A whole run played headless with its history recorded: the scenario, the commands at their
 * times, to `until`. The CLI's `--compare` and the app's comparisons (run in the worker) use it to
 * get the chart and the scoreboard of a run under other settings, without touching the live run.
 */

import type { Scenario } from './core/scenario-types';
import type { CommandBy } from './core/state';
import { Simulation } from './simulation';
import { buildChart, type ChartData } from './story/chart';
import { RunHistory } from './story/history';
import { buildScoreboard, type Scoreboard } from './story/scoreboard';

export interface RecordedCommand {
  at: number;
  line: string;
  by?: CommandBy;
}

export interface RecordedRun {
  sim: Simulation;
  history: RunHistory;
  chart: ChartData;
  scoreboard: Scoreboard;
}

/** Simulated time between progress calls. */
const STEP_MS = 60_000;

/**
 * Plays `scenario` with `commands` (run at their times, after the timeline entries due then) to
 * `until`. `step` is called between commands with the time reached (a worker reports progress).
 */
export function recordRun(
  scenario: Scenario,
  commands: readonly RecordedCommand[],
  until: number,
  step?: (now: number) => void,
): RecordedRun {
  const sim = new Simulation(scenario);
  const history = new RunHistory(sim);
  const advance = (t: number) => {
    while (sim.now < t) {
      sim.advanceTo(Math.min(t, sim.now + STEP_MS));
      step?.(sim.now);
    }
  };
  for (const c of [...commands].sort((a, b) => a.at - b.at)) {
    if (c.at > until) break;
    advance(c.at);
    sim.run(c.line, { by: c.by ?? 'you' });
  }
  advance(until);
  const chart = buildChart(history, { end: until, grace: sim.engine.state.settings.nodeMonitorGracePeriod });
  return { sim, history, chart, scoreboard: buildScoreboard(history, sim.chapters(), until) };
}
