import { describe, expect, it } from 'vitest';
import { HANG_AFTER_MS, hangAfterFor, PAGE_STALL_MS, watchdogVerdict } from './client';

describe('the watchdog', () => {
  it('waits 8 s up to 1,000 machines, longer for very big clusters (their first snapshot alone runs ~11 s, more under load)', () => {
    expect(hangAfterFor(0)).toBe(HANG_AFTER_MS);
    expect(hangAfterFor(301)).toBe(8000);
    expect(hangAfterFor(1000)).toBe(8000);
    expect(hangAfterFor(1001)).toBe(20_000);
    expect(hangAfterFor(5000)).toBe(56_000);
  });

  it('takes a worker silent while the page ran as hung, never one whose answers waited behind a stalled page', () => {
    const every = 2000;
    // Ticks on time: silent for longer than the limit is hung.
    expect(watchdogVerdict(20_000, 18_000, 11_000, HANG_AFTER_MS, false)).toBe('hung');
    expect(watchdogVerdict(20_000, 18_000, 13_000, HANG_AFTER_MS, false)).toBe('ping');
    // The page itself stalled 28 s (a 2 MB address): this late tick says nothing about the worker.
    expect(watchdogVerdict(30_000, 2000, 1000, HANG_AFTER_MS, false)).toBe('reset');
    expect(watchdogVerdict(2000 + every + PAGE_STALL_MS + 1, 2000, 0, HANG_AFTER_MS, false)).toBe('reset');
    expect(watchdogVerdict(2000 + every + PAGE_STALL_MS, 2000, 0, HANG_AFTER_MS, false)).toBe('ping');
    // A hidden tab's throttled timers do not count either.
    expect(watchdogVerdict(20_000, 18_000, 0, HANG_AFTER_MS, true)).toBe('reset');
  });
});
