import { describe, expect, it } from 'vitest';
import { formatTime, roughly } from './time';

describe('an estimate of wall time', () => {
  it('reads to 5 s under a minute and to 10 s above, never as 0', () => {
    expect(formatTime(roughly(1200))).toBe('5s');
    expect(formatTime(roughly(41_900))).toBe('40s');
    expect(formatTime(roughly(43_000))).toBe('45s');
    expect(formatTime(roughly(59_000))).toBe('1m');
    expect(formatTime(roughly(104_000))).toBe('1m40s');
    expect(formatTime(roughly(126_000))).toBe('2m10s');
  });
});
