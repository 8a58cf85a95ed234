/**
 * The chapters of this future: named moments the engine derives from what happened
 * (`sim.chapters()`, kept in the engine state). After a seek back the engine knows only the
 * chapters up to the new now, but the future already seen is still this run's (it replays the
 * same way), so the timeline keeps showing it: this is the list as of the furthest time reached.
 * A fork drops what came after it.
 */
import type { Simulation } from '../sim/runtime';
import type { Chapter } from './protocol';

export class Frontier {
  chapters: readonly Chapter[] = [];
  /** Bumped when the list changes (the patch builder sends it then). */
  version = 0;

  /** At the frontier (now >= reached): the engine's list is the whole story so far. */
  update(sim: Simulation): void {
    const list = sim.chapters();
    const a = list[list.length - 1];
    const b = this.chapters[this.chapters.length - 1];
    if (list.length === this.chapters.length && a?.at === b?.at && a?.label === b?.label) return;
    this.chapters = list;
    this.version++;
  }

  fork(t: number): void {
    const kept = this.chapters.filter((c) => c.at <= t);
    if (kept.length === this.chapters.length) return;
    this.chapters = kept;
    this.version++;
  }

  /** A restart after a crash: the list the page showed. */
  adopt(list: readonly Chapter[]): void {
    this.chapters = [...list];
    this.version++;
  }
}
