import { formatSimTime } from '../../sim/scenario/duration';

/** Simulated time (`55s`, `5m50s`, `1h2m3s`): the engine's own formatter, a dependency-free module. */
export const formatTime = formatSimTime;

/** A countdown rounded up to whole seconds, so it reaches 0s only when the moment comes. */
export function formatCountdown(ms: number): string {
  return formatTime(Math.max(0, Math.ceil(ms / 1000) * 1000));
}
