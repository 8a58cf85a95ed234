/** A cluster's start told a second at a time (for the worker's watchdog) is the same run. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from './index';

describe('onBoot', () => {
  const r = parseScenario(readFileSync(new URL('../../public/scenarios/eviction.yaml', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('eviction.yaml');
  it('is called for each second before 0, and the trace is the same as without it', () => {
    const seen: number[] = [];
    const told = createSimulation(r.scenario, { onBoot: (t) => seen.push(t) });
    const plain = createSimulation(r.scenario);
    expect(seen.length).toBeGreaterThan(60);
    expect(seen.every((t, i) => t < 0 && (i === 0 || t === (seen[i - 1] as number) + 1000))).toBe(true);
    told.advanceTo(600_000);
    plain.advanceTo(600_000);
    expect(told.traceHash()).toBe(plain.traceHash());
  });
});
