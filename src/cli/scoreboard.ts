/**
 * How the CLI prints a recovery scoreboard (`--scoreboard`, `--compare`): two kubectl-like tables,
 *
 *   FAULT                      AT    DETECTED   TAINTED   EVICTED    REPLACEMENT SCHEDULED   ...
 *   kubelet stopped on node2   30s   +49.3s     +54.4s    +5m54.5s   +5m54.7s                ...
 *
 *   WORKLOAD     DESIRED   LOWEST READY   SHORT FOR
 *   deploy/web   3         2              5m5.4s
 *
 * Steps are read after their fault (`stepAfter`, `-` when it did not happen). The columns follow
 * SCORE_STEPS, so the CLI shows the same steps in the same order as the app; the headers are the
 * short upper-case forms of its words, as kubectl headers are.
 */
import { formatSimTime, formatSpan, SCORE_STEPS, type Scoreboard, type ScoreStep, stepAfter } from '../sim/index';

/** A column header per step; typed by ScoreStep so a new step cannot go without one. */
const STEP_HEADERS: Record<ScoreStep, string> = {
  detected: 'DETECTED',
  tainted: 'TAINTED',
  evicted: 'EVICTED',
  replacementScheduled: 'REPLACEMENT SCHEDULED',
  replacementRunning: 'REPLACEMENT RUNNING',
  readyAgain: 'READY AGAIN',
};

/**
 * Rows aligned as kubectl aligns them: each column as wide as its widest cell plus three spaces,
 * the last one unpadded (no trailing blanks).
 */
export function alignTable(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const r of rows)
    r.forEach((c, i) => {
      widths[i] = Math.max(widths[i] ?? 0, c.length);
    });
  return rows.map((r) => r.map((c, i) => (i < r.length - 1 ? c.padEnd((widths[i] as number) + 3) : c)).join(''));
}

/** The scoreboard as lines: the faults table, a blank line, the workloads table. */
export function formatScoreboard(sb: Scoreboard): string[] {
  const faults = sb.faults.length
    ? alignTable([
        ['FAULT', 'AT', ...SCORE_STEPS.map(([k]) => STEP_HEADERS[k])],
        ...sb.faults.map((f) => [
          f.nodes ? `${f.label} (first of them)` : f.label,
          formatSimTime(f.at),
          ...SCORE_STEPS.map(([k]) => stepAfter(f, k)),
        ]),
      ])
    : ['No faults in this run.'];
  const workloads = sb.workloads.length
    ? alignTable([
        ['WORKLOAD', 'DESIRED', 'LOWEST READY', 'SHORT FOR'],
        ...sb.workloads.map((w) => [w.name, String(w.desired), String(w.lowest), formatSpan(w.below)]),
      ])
    : ['No workloads.'];
  return [...faults, '', ...workloads];
}

export interface ScoredRun {
  /** What the run is: `nodeMonitorGracePeriod 50s`. */
  label: string;
  scoreboard: Scoreboard;
}

/** Both scoreboards of an A/B run, labelled `A: …` and `B: …`, then what differs. */
export function formatComparison(a: ScoredRun, b: ScoredRun, differences: readonly string[]): string[] {
  return [
    `A: ${a.label}`,
    ...formatScoreboard(a.scoreboard),
    '',
    `B: ${b.label}`,
    ...formatScoreboard(b.scoreboard),
    '',
    ...(differences.length ? ['Differences:', ...differences.map((d) => `  ${d}`)] : ['No differences.']),
  ];
}
