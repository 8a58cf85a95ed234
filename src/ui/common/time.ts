/**
 * Simulated-time formatting for the UI (same shape as the engine's formatSimTime: `55s`, `5m50s`,
 * `1h2m3s`), kept here so the main bundle does not pull engine modules in.
 */
export function formatTime(ms: number): string {
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

/** A countdown rounded up to whole seconds, so it reaches 0s only when the moment comes. */
export function formatCountdown(ms: number): string {
  return formatTime(Math.max(0, Math.ceil(ms / 1000) * 1000));
}
