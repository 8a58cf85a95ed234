/**
 * Hooks for the end-to-end tests, installed only when the page URL has `?e2e=1` (the check is
 * here, on the main side, so a normal page can never send the worker a test message):
 * `window.__notreadyTest.crashWorker()` makes the engine worker throw inside its message handler,
 * which exercises the real crash path (the banner, the restart from the scenario and the command log);
 * `seek(t)` plays the worker to any time (bench/memory-browser.ts).
 */
import { actions, crashWorkerForTest, hangWorkerForTest, slowSeeksForTest } from './bridge';
import { simStore } from './store';

export interface NotReadyTestHooks {
  crashWorker(): void;
  /** The worker loops forever: the page's watchdog must notice. */
  hangWorker(): void;
  /**
   * The worker plays to `t` at its top speed, as the timeline's seek does, but past the scenario's
   * end too (the bench's worker memory at 5,000 nodes after 2 simulated hours, bench/memory-browser.ts).
   */
  seek(t: number): void;
  /** Seeks replay a simulated second per slice with a pause between: long enough to change or stop. */
  slowSeeks(): void;
  /** The kubectl views and logs shown are those of the clock's moment (not a frame before it). */
  textsCurrent(): boolean;
}

declare global {
  interface Window {
    __notreadyTest?: NotReadyTestHooks;
  }
}

/** True when the page was opened with `?e2e=1`. */
export function e2eMode(search: string = location.search): boolean {
  return new URLSearchParams(search).get('e2e') === '1';
}

/** Exposes `window.__notreadyTest` under `?e2e=1`; does nothing otherwise. */
export function installTestHooks(): void {
  if (!e2eMode()) return;
  window.__notreadyTest = {
    crashWorker: () => {
      if (e2eMode()) crashWorkerForTest();
    },
    hangWorker: () => {
      if (e2eMode()) hangWorkerForTest();
    },
    seek: (t) => {
      if (e2eMode()) actions.seek(t);
    },
    slowSeeks: () => {
      if (e2eMode()) slowSeeksForTest();
    },
    textsCurrent: () => {
      const s = simStore.getState();
      return s.textsAt === s.clock.now;
    },
  };
}
