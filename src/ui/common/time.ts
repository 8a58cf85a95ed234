import { formatSimTime } from '../../sim/core/duration';

/** Simulated time (`55s`, `5m50s`, `1h2m3s`): the engine's own formatter, a dependency-free module. */
export const formatTime = formatSimTime;

/** A countdown rounded up to whole seconds, so it reaches 0s only when the moment comes. */
export function formatCountdown(ms: number): string {
  return formatTime(Math.max(0, Math.ceil(ms / 1000) * 1000));
}

/** A wall time as an estimate reads (`about 40s left`): to 5 s under a minute, to 10 s above, never 0. */
export function roughly(ms: number): number {
  const step = ms < 60_000 ? 5000 : 10_000;
  return Math.max(step, Math.round(ms / step) * step);
}
