import { describe, expect, it } from 'vitest';
import { HANG_AFTER_MS, hangAfterFor } from './client';

describe('the watchdog', () => {
  it('waits 8 s up to 1,000 machines, longer for very big clusters (their first snapshot alone runs ~11 s, more under load)', () => {
    expect(hangAfterFor(0)).toBe(HANG_AFTER_MS);
    expect(hangAfterFor(301)).toBe(8000);
    expect(hangAfterFor(1000)).toBe(8000);
    expect(hangAfterFor(1001)).toBe(20_000);
    expect(hangAfterFor(5000)).toBe(56_000);
  });
});
