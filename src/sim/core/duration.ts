/** Durations as scenarios and commands write them: `40s`, `5m`, `1h30m`, `250ms`, `1m30s`. */
const UNIT: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Milliseconds, or undefined when `text` is not a duration. A duration too long to count in whole
 * milliseconds exactly (past 2^53 ms, some 285,000 years) is not one either: digits past the
 * double range would otherwise come back as Infinity.
 */
export function parseDuration(text: string): number | undefined {
  const ms = durationMs(text);
  return ms !== undefined && Number.isSafeInteger(ms) ? ms : undefined;
}

function durationMs(text: string): number | undefined {
  const t = text.trim();
  if (/^\d+$/.test(t)) return Number(t) * 1000;
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  let total = 0;
  let consumed = 0;
  for (const m of t.matchAll(re)) {
    if (m.index !== consumed) return undefined;
    total += Number(m[1]) * (UNIT[m[2] as string] as number);
    consumed += m[0].length;
  }
  if (consumed !== t.length || consumed === 0) return undefined;
  return Math.round(total);
}

/** Simulated time for headers and the clock: `55s`, `5m50s`, `1h2m3s`, negative before t=0. */
export function formatSimTime(ms: number): string {
  const neg = ms < 0;
  let s = Math.floor(Math.abs(ms) / 1000);
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  let out = '';
  if (h) out += `${h}h`;
  if (m) out += `${m}m`;
  if (s || !out) out += `${s}s`;
  return (neg ? '-' : '') + out;
}

/**
 * Simulated time in a sentence meant for a learner (Why?, chapters): `formatSimTime` from t=0 on;
 * before t=0 the cluster was still booting (the 10-minute warm-up), and a negative time would
 * only puzzle, so it reads `while the cluster started`.
 */
export function formatStoryTime(ms: number): string {
  return ms < 0 ? 'while the cluster started' : formatSimTime(ms);
}

/** How long a scenario runs after its last timeline entry when it does not say (`spec.duration`). */
export const DEFAULT_DURATION_AFTER_MS = 10 * 60_000;
/** The longest `spec.duration` a scenario may set. */
export const MAX_SCENARIO_DURATION_MS = 24 * 3_600_000;

/**
 * A scenario's end when `spec.duration` is absent: 10 minutes after its last timeline entry, and
 * never less than 10 minutes.
 */
export function defaultScenarioDuration(timeline: readonly { at: number }[]): number {
  let last = 0;
  for (const t of timeline) if (t.at > last) last = t.at;
  return last + DEFAULT_DURATION_AFTER_MS;
}
