/**
 * kubectl's relative times: `HumanDuration` from k8s.io/apimachinery/pkg/util/duration (DUR [C])
 * and `translateTimestampSince` from kubectl's printers/describe. All inputs are integer ms.
 */
import type { Engine } from '../core/engine';

/** Go's int(x) conversion of a float: truncation toward zero. */
function trunc(n: number): number {
  return n < 0 ? Math.ceil(n) : Math.floor(n);
}

/**
 * HumanDuration exactly as apimachinery prints it: `95s`, `3m5s`, `47m`, `3h5m`, `26h`, `4d4h`,
 * `45d`, `2y30d`, `9y`. A duration more than a second in the future prints `<invalid>` (the function
 * tolerates up to 2s of clock skew, printed `0s`).
 */
export function humanDuration(ms: number): string {
  const seconds = trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = trunc(ms / 60_000);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = trunc(ms / 3_600_000);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${trunc(hours / 24)}d` : `${trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const dy = trunc(hours / 24) % 365;
    const y = trunc(hours / 24 / 365);
    return dy === 0 ? `${y}y` : `${y}y${dy}d`;
  }
  return `${trunc(hours / 24 / 365)}y`;
}

/** translateTimestampSince: `<unknown>` for an unset time, else HumanDuration(now - t). */
export function since(now: number, t: number | undefined): string {
  if (t === undefined) return '<unknown>';
  return humanDuration(now - t);
}

/** Age of a timestamp at the engine's current time. */
export function age(e: Engine, t: number | undefined): string {
  return since(e.now, t);
}
