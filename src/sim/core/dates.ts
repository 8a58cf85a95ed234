/**
 * Absolute dates as kubectl prints them (Go's time.RFC1123Z, always UTC here):
 * `Mon, 02 Jun 2025 09:01:02 +0000`. Simulated time t=0 is 2025-06-02T09:00:00Z. The conversion
 * is pure integer arithmetic (no Date in the engine).
 */

/** Unix ms of simulated t=0: 2025-06-02T09:00:00Z. */
export const EPOCH_MS = 1748854800000;

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function floorDiv(a: number, b: number): number {
  return Math.floor(a / b);
}

/** Civil date from days since 1970-01-01 (Howard Hinnant's days_from_civil inverse). */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = floorDiv(z, 146097);
  const doe = z - era * 146097;
  const yoe = floorDiv(doe - floorDiv(doe, 1460) + floorDiv(doe, 36524) - floorDiv(doe, 146096), 365);
  const doy = doe - (365 * yoe + floorDiv(yoe, 4) - floorDiv(yoe, 100));
  const mp = floorDiv(5 * doy + 2, 153);
  const day = doy - floorDiv(153 * mp + 2, 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

export interface CivilTime {
  year: number;
  month: number; // 1-12
  day: number;
  weekday: number; // 0 = Sunday
  hour: number;
  minute: number;
  second: number;
}

/** Break a simulated time into UTC calendar fields (truncating to the second, as Go's Format). */
export function civil(simMs: number): CivilTime {
  const unixSec = floorDiv(EPOCH_MS + simMs, 1000);
  const days = floorDiv(unixSec, 86400);
  const secOfDay = unixSec - days * 86400;
  const { year, month, day } = civilFromDays(days);
  return {
    year,
    month,
    day,
    weekday: (((days + 4) % 7) + 7) % 7, // 1970-01-01 was a Thursday
    hour: floorDiv(secOfDay, 3600),
    minute: floorDiv(secOfDay % 3600, 60),
    second: secOfDay % 60,
  };
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

/** Go time.RFC1123Z in UTC: `Mon, 02 Jun 2025 09:01:02 +0000`. */
export function rfc1123z(simMs: number): string {
  const c = civil(simMs);
  return `${DAY_NAMES[c.weekday]}, ${pad2(c.day)} ${MONTH_NAMES[c.month - 1]} ${c.year} ${pad2(c.hour)}:${pad2(c.minute)}:${pad2(c.second)} +0000`;
}

/** RFC 3339 in UTC (`2025-06-02T09:01:02Z`), as in YAML output and annotations. */
export function rfc3339(simMs: number): string {
  const c = civil(simMs);
  return `${c.year}-${pad2(c.month)}-${pad2(c.day)}T${pad2(c.hour)}:${pad2(c.minute)}:${pad2(c.second)}Z`;
}

/**
 * The Unix time in nanoseconds in lowercase hex, 16 digits: the suffix client-go's event recorder
 * gives an Event's name (tools/record/event.go `makeEvent`: `fmt.Sprintf("%v.%x", ref.Name,
 * t.UnixNano())`).
 */
export function unixNanoHex(simMs: number): string {
  return (BigInt(EPOCH_MS + simMs) * 1_000_000n).toString(16).padStart(16, '0');
}
