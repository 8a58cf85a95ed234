/**
 * The kernel's guard against a simulation that cannot move on: if one simulated instant runs more
 * timers than MAX_STEPS_PER_INSTANT, something keeps scheduling work with no delay (a zero period
 * that validation should have refused) and Engine.runUntil stops with SimulationStuckError instead
 * of looping forever. Validation is the first line (core/limits.ts); this is the safety net.
 */
import { formatSimTime } from './duration';
import { groupDigits } from './limits';

/** More timers than this at one simulated instant means the simulation cannot move on. */
export const MAX_STEPS_PER_INSTANT = 1_000_000;

/**
 * Engine.onBusy is called every this many timers a runUntil dispatches: one simulated second of a
 * 5,000-node cluster's start runs for seconds of real time (a kubelet sync of a node's 30 pods
 * takes milliseconds, a scheduler pass over thousands of pods a second), and its host (the worker)
 * must show it is alive meanwhile. The host throttles by its own clock; the engine has none.
 */
export const BUSY_EVERY = 64;

/** The simulation made no progress: too many steps at one simulated instant (see Engine.runUntil). */
export class SimulationStuckError extends Error {
  /** The simulated time it got stuck at (ms). */
  readonly at: number;
  constructor(at: number, steps: number) {
    super(
      `the simulation made no progress at ${formatSimTime(at)}: more than ${groupDigits(steps)} steps at one instant (a zero period?)`,
    );
    this.name = 'SimulationStuckError';
    this.at = at;
  }
}
