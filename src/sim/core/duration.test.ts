import { describe, expect, it } from 'vitest';
import { defaultScenarioDuration, formatSimTime, formatStoryTime, parseDuration } from './duration';

describe('parseDuration', () => {
  it('reads units and combinations', () => {
    expect(parseDuration('40s')).toBe(40_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('1.5s')).toBe(1500);
    expect(parseDuration(' 2m ')).toBe(120_000);
  });
  it('reads bare digits as seconds', () => {
    expect(parseDuration('55')).toBe(55_000);
    expect(parseDuration('0')).toBe(0);
  });
  it('rejects anything else', () => {
    for (const bad of ['', '5x', 's', '-5s', '1h 30m', '5s5', 'm5', '1.5', 'abc'])
      expect(parseDuration(bad)).toBeUndefined();
  });
});

describe('formatSimTime', () => {
  it('prints compact times', () => {
    expect(formatSimTime(0)).toBe('0s');
    expect(formatSimTime(55_000)).toBe('55s');
    expect(formatSimTime(350_000)).toBe('5m50s');
    expect(formatSimTime(3_723_000)).toBe('1h2m3s');
    expect(formatSimTime(3_600_000)).toBe('1h');
    expect(formatSimTime(-600_000)).toBe('-10m');
    expect(formatSimTime(1_999)).toBe('1s');
  });
});

describe('formatStoryTime', () => {
  it('reads like formatSimTime from t=0, and never prints a negative time', () => {
    expect(formatStoryTime(0)).toBe('0s');
    expect(formatStoryTime(385_000)).toBe('6m25s');
    expect(formatStoryTime(-1)).toBe('while the cluster started');
    expect(formatStoryTime(-267_000)).toBe('while the cluster started');
  });
});

describe('defaultScenarioDuration', () => {
  it('is 10 minutes after the last timeline entry, and at least 10 minutes', () => {
    expect(defaultScenarioDuration([])).toBe(600_000);
    expect(defaultScenarioDuration([{ at: 480_000 }, { at: 30_000 }])).toBe(1_080_000);
  });
});
