/**
 * A/B comparisons: the run played again from the start as is (A) and with a variant (B: settings,
 * profile or tolerations changed), with the same seed and the same commands, both to the same end
 * (the scenario's, or further if the run went on). Each is a fresh headless simulation
 * (sim/recorded-run.ts): the live run, its clock and its checkpoints are not touched.
 */
import {
  applyVariant,
  type RecordedRun,
  recordRun,
  scoreboardDifferences,
  type Variant,
  variantLabels,
} from '../sim/runtime';
import type { CompareSide, Comparison } from './protocol';
import type { SimRunner } from './runner';

function side(label: string, run: RecordedRun): CompareSide {
  return { label, chart: { data: run.chart, scoreboard: run.scoreboard }, chapters: run.sim.chapters() };
}

/**
 * Plays both sides. `progress(at, target)` is called as they go (at counts both runs, so the
 * target is twice the end): the page's watchdog sees the worker alive during a long comparison.
 */
export function compareRuns(
  r: SimRunner,
  requestId: number,
  variant: Variant,
  changes: string[],
  progress?: (at: number, target: number) => void,
): Comparison {
  const end = Math.max(r.clock.end, r.clock.reached);
  const commands = r.log;
  const b = applyVariant(r.scenario, variant);
  const ra = recordRun(r.scenario, commands, end, (t) => progress?.(Math.max(0, t), 2 * end));
  const rb = recordRun(b, commands, end, (t) => progress?.(end + Math.max(0, t), 2 * end));
  const labels = variantLabels(r.scenario, b, variant.keys);
  return {
    requestId,
    changes,
    a: side(labels.a, ra),
    b: side(labels.b, rb),
    differences: scoreboardDifferences(ra.scoreboard, rb.scoreboard),
    end,
  };
}
