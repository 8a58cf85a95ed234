import { describe, expect, it } from 'vitest';
import { PlayCost } from './play-cost';

describe('PlayCost: a replay takes what the first play of that stretch took', () => {
  it('a slow stretch is estimated at its own cost, not at the average pace', () => {
    const c = new PlayCost(30_000);
    c.add(0, 60_000, 100); // a quiet minute: 100 ms
    c.add(60_000, 90_000, 9_000); // a zone failing: 9 s for 30 simulated seconds
    c.add(90_000, 120_000, 50);
    // The run's average pace is 120,000 / 9,150 ms; across the failure it is 9 s.
    expect(c.estimate(60_000, 90_000, 120_000 / 9_150)).toBeCloseTo(9_000);
    expect(c.estimate(0, 120_000, 1)).toBeCloseTo(9_150);
    // Half of a stretch: half of its cost.
    expect(c.estimate(75_000, 90_000, 1)).toBeCloseTo(4_500);
  });

  it('an advance spanning stretches spreads its cost over the simulated time it covered', () => {
    const c = new PlayCost(30_000);
    c.add(0, 90_000, 900);
    expect(c.estimate(0, 30_000, 1)).toBeCloseTo(300);
    expect(c.estimate(45_000, 90_000, 1)).toBeCloseTo(450);
  });

  it('a replay is not recorded again; what was never played goes at the pace given', () => {
    const c = new PlayCost(30_000);
    c.add(0, 30_000, 300);
    c.add(0, 30_000, 5_000); // a replay after a seek back: ignored
    c.add(15_000, 45_000, 600); // half of it replayed, half new: the new half counts (300 ms)
    expect(c.estimate(0, 30_000, 1)).toBeCloseTo(300);
    expect(c.estimate(30_000, 45_000, 1)).toBeCloseTo(300);
    // Past 45 s nothing was played: 15 s at a pace of 10 simulated ms per wall ms.
    expect(c.estimate(30_000, 60_000, 10)).toBeCloseTo(300 + 1_500);
  });
});
