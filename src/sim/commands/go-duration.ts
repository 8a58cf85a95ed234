/**
 * Go's time.ParseDuration as pflag applies it to a duration flag (`kubectl drain --timeout=90s`):
 * `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+`, units ns, us (µs, μs), ms, s, m, h; a bare `0` is allowed.
 * Errors are kubectl's: `error: invalid argument "5" for "--timeout" flag: time: missing unit in
 * duration "5"`. The result is whole milliseconds (the engine's clock), rounded up so that a
 * positive duration never becomes 0 (which kubectl reads as "wait forever").
 */

const UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

function goQuote(s: string): string {
  return JSON.stringify(s);
}

/** Milliseconds, or kubectl's error for `--FLAG=value`. */
export function parseGoDuration(value: string, flag: string): number | { error: string } {
  const err = (why: string) => ({
    error: `error: invalid argument ${goQuote(value)} for "--${flag}" flag: time: ${why}`,
  });
  let s = value;
  let neg = false;
  if (s.startsWith('-') || s.startsWith('+')) {
    neg = s.startsWith('-');
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') return err(`invalid duration ${goQuote(value)}`);
  let total = 0;
  while (s !== '') {
    const num = /^([0-9]*)(\.[0-9]*)?/.exec(s);
    const whole = num?.[1] ?? '';
    const frac = num?.[2] ?? '';
    if (whole === '' && (frac === '' || frac === '.')) return err(`invalid duration ${goQuote(value)}`);
    s = s.slice(whole.length + frac.length);
    const unit = /^[^0-9.]*/.exec(s)?.[0] ?? '';
    if (unit === '') return err(`missing unit in duration ${goQuote(value)}`);
    const f = Object.hasOwn(UNITS, unit) ? UNITS[unit] : undefined;
    if (f === undefined) return err(`unknown unit ${goQuote(unit)} in duration ${goQuote(value)}`);
    total += Number(`${whole || '0'}${frac === '.' ? '' : frac}`) * f;
    s = s.slice(unit.length);
  }
  if (!Number.isFinite(total) || total > 9_223_372_036_854) return err(`invalid duration ${goQuote(value)}`);
  const ms = Math.ceil(total);
  return neg ? -ms : ms;
}
