import { describe, expect, it } from 'vitest';
import { humanDuration, since } from './age';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('humanDuration (apimachinery duration.HumanDuration)', () => {
  it.each([
    [0, '0s'],
    [-1500, '0s'],
    [-2000, '<invalid>'],
    [999, '0s'],
    [95 * s, '95s'],
    [119 * s, '119s'],
    [2 * m, '2m'],
    [3 * m + 5 * s, '3m5s'],
    [9 * m + 59 * s, '9m59s'],
    [10 * m + 30 * s, '10m'],
    [47 * m, '47m'],
    [179 * m, '179m'],
    [3 * h, '3h'],
    [3 * h + 5 * m, '3h5m'],
    [7 * h + 59 * m, '7h59m'],
    [8 * h + 30 * m, '8h'],
    [26 * h, '26h'],
    [47 * h, '47h'],
    [48 * h, '2d'],
    [4 * d + 4 * h, '4d4h'],
    [8 * d, '8d'],
    [45 * d, '45d'],
    [730 * d, '2y'],
    [760 * d, '2y30d'],
    [9 * 365 * d, '9y'],
  ])('%d ms -> %s', (ms, want) => {
    expect(humanDuration(ms)).toBe(want);
  });

  it('prints <unknown> for an unset timestamp', () => {
    expect(since(10_000, undefined)).toBe('<unknown>');
    expect(since(10_000, 8_000)).toBe('2s');
  });
});
