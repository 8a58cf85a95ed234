/**
 * The CLI prints the kernel's "no progress" error as one sentence and exits non-zero. The engine
 * is made to throw it (validation refuses every input that would), so this file mocks it.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../sim/index', async (importOriginal) => {
  const real = await importOriginal<typeof import('../sim/index')>();
  return {
    ...real,
    createSimulation: () => {
      throw new real.SimulationStuckError(80_000, real.MAX_STEPS_PER_INSTANT);
    },
  };
});

const { runCli, EXIT_INTERNAL } = await import('./main');

describe('runCli', () => {
  it('reports a simulation that made no progress in one line and exits 1', () => {
    const err: string[] = [];
    const code = runCli(['node-poweroff'], { stdout: () => {}, stderr: (t) => err.push(t) });
    expect(code).toBe(EXIT_INTERNAL);
    expect(err).toEqual([
      'error: the simulation made no progress at 1m20s: more than 1,000,000 steps at one instant (a zero period?)',
    ]);
  });
});
