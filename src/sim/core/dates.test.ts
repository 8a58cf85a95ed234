import { describe, expect, it } from 'vitest';
import { civilFromDays, EPOCH_MS, rfc1123z, rfc3339, unixNanoHex } from './dates';

describe('absolute dates', () => {
  it('t=0 is Mon, 02 Jun 2025 09:00:00 +0000', () => {
    expect(EPOCH_MS).toBe(Date.UTC(2025, 5, 2, 9, 0, 0));
    expect(rfc1123z(0)).toBe('Mon, 02 Jun 2025 09:00:00 +0000');
    expect(rfc1123z(62_999)).toBe('Mon, 02 Jun 2025 09:01:02 +0000');
  });

  it('handles boot times before t=0 and day/month/year rollovers', () => {
    expect(rfc1123z(-600_000)).toBe('Mon, 02 Jun 2025 08:50:00 +0000');
    expect(rfc1123z(-600_001)).toBe('Mon, 02 Jun 2025 08:49:59 +0000');
    expect(rfc1123z(15 * 3_600_000)).toBe('Tue, 03 Jun 2025 00:00:00 +0000');
    expect(rfc3339(0)).toBe('2025-06-02T09:00:00Z');
  });

  it('agrees with the reference calendar on many days, leap years included', () => {
    for (let days = -800; days < 2000; days += 7) {
      const ms = days * 86_400_000 + 3_723_000;
      const ref = new Date(EPOCH_MS + ms).toUTCString().replace('GMT', '+0000');
      expect(rfc1123z(ms)).toBe(ref);
    }
    expect(civilFromDays(19782)).toEqual({ year: 2024, month: 2, day: 29 });
  });
});

// client-go tools/record/event.go `makeEvent`: `Name: fmt.Sprintf("%v.%x", ref.Name, t.UnixNano())`.
describe('an Event name suffix as client-go makes it', () => {
  it('is the Unix time in nanoseconds, in lowercase hex', () => {
    expect(unixNanoHex(0)).toBe('18452e2cbdbca000');
    expect(unixNanoHex(1)).toBe((BigInt(EPOCH_MS + 1) * 1_000_000n).toString(16));
    expect(unixNanoHex(-591_951)).toBe('18452da2eab52e40');
  });
});
