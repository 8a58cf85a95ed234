/**
 * Wall-clock rendering of simulated time for host-side text (journal lines, `systemctl status`).
 *
 * Simulated time is integer ms since the scenario's t=0. Hosts print it as if t=0 were
 * 2025-06-02T09:00:00Z (a Monday): `EPOCH_MS` is that instant in Unix ms, written as a literal
 * because `Date` is forbidden in the engine. The kubectl side uses the same constant, so journal
 * lines and `kubectl describe` dates agree. Calendar math is plain integer arithmetic
 * (days-from-civil, Howard Hinnant's algorithm), deterministic and Date-free.
 */

/** Unix ms of simulated t=0: Date.UTC(2025, 5, 2, 9, 0, 0). */
export const EPOCH_MS = 1748854800000;

export interface WallClock {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Microseconds within the second (ms * 1000 plus deterministic filler digits). */
  micro: number;
  /** 0 = Sunday. */
  weekday: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** Calendar fields (UTC) of simulated time `ms`. */
export function wallClock(ms: number): WallClock {
  const unix = EPOCH_MS + ms;
  const days = Math.floor(unix / 86_400_000);
  const rest = unix - days * 86_400_000;
  // civil_from_days
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return {
    year,
    month,
    day,
    hour: Math.floor(rest / 3_600_000),
    minute: Math.floor(rest / 60_000) % 60,
    second: Math.floor(rest / 1000) % 60,
    // Sub-millisecond digits derived from the time itself, so log stamps don't all end in 000.
    micro: (rest % 1000) * 1000 + ((((rest * 7919) % 1000) + 1000) % 1000),
    weekday: (((days + 4) % 7) + 7) % 7,
  };
}

/** journald short prefix: `Jun 02 09:01:02`. */
export function journalStamp(ms: number): string {
  const w = wallClock(ms);
  return `${MONTHS[w.month - 1]} ${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** klog header time: `0602 09:01:02.123456`. */
export function klogStamp(ms: number): string {
  const w = wallClock(ms);
  return `${pad(w.month)}${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}.${pad(w.micro, 6)}`;
}

/**
 * Go's time.RFC3339Nano in UTC, as kubetypes.NewTimestamp().GetString() writes the
 * kubernetes.io/config.seen annotation: `2025-06-02T08:50:03.204719311Z` (trailing zeros of the
 * fraction dropped). Digits below the microsecond are filler derived from the time, like `micro`.
 */
export function rfc3339Nano(ms: number): string {
  const w = wallClock(ms);
  const nano = w.micro * 1000 + ((((ms * 6007) % 1000) + 1000) % 1000);
  const frac = nano === 0 ? '' : `.${pad(nano, 9).replace(/0+$/, '')}`;
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${frac}Z`;
}

/** systemd timestamp: `Mon 2025-06-02 09:01:02 UTC`. */
export function systemdStamp(ms: number): string {
  const w = wallClock(ms);
  return `${WEEKDAYS[w.weekday]} ${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)} UTC`;
}

/** systemd relative time as in `Active: ... since X; 1h 27min ago` (two most significant units). */
export function systemdAgo(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const parts: string[] = [];
  const units: [number, string][] = [
    [86400, 'day'],
    [3600, 'h'],
    [60, 'min'],
    [1, 's'],
  ];
  let rest = s;
  for (const [size, name] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 && parts.length < 2) parts.push(name === 'day' ? `${n} day${n > 1 ? 's' : ''}` : `${n}${name}`);
    else if (parts.length > 0) break;
  }
  if (parts.length === 0) return `${ms % 1000}ms`;
  return parts.join(' ');
}

/**
 * Go's time.Duration.String() for a whole number of milliseconds: `3m0.512s`, `7m29s`, `10s`,
 * `1h0m0s`, `250ms`. Used where kubelet messages print Go durations (PLEG threshold, pull time).
 */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  const neg = ms < 0;
  let v = Math.abs(ms);
  if (v < 1000) return `${neg ? '-' : ''}${v}ms`;
  const h = Math.floor(v / 3_600_000);
  v -= h * 3_600_000;
  const m = Math.floor(v / 60_000);
  v -= m * 60_000;
  const s = Math.floor(v / 1000);
  const frac = v % 1000;
  const sec = frac === 0 ? `${s}` : `${s}.${pad(frac, 3).replace(/0+$/, '')}`;
  let out = `${sec}s`;
  if (h > 0 || m > 0) out = `${m}m${out}`;
  if (h > 0) out = `${h}h${out}`;
  return (neg ? '-' : '') + out;
}
