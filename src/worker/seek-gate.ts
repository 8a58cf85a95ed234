/**
 * Seeks the page sends while the worker is still carrying out one are held back, and only the
 * latest of them goes when it is done: dragging the timeline of a 5,000-node run sends a seek per
 * input event, and each replays up to minutes from a checkpoint, so carried out one by one they
 * kept the worker busy for many minutes after the hand stopped. Any other message (a command,
 * play, a lesson step) keeps its place: a seek held before it is sent first, so the command acts
 * at the moment the user had gone to.
 */
import type { ToWorker } from './protocol';

type Seek = Extract<ToWorker, { type: 'seek' }>;

/** Messages that say nothing about the run's state: they pass a held seek without releasing it. */
const ASIDE: ReadonlySet<ToWorker['type']> = new Set(['ping', 'ack', 'views']);

export class SeekGate {
  /** A seek was sent and its `seekDone` has not come back. */
  private inFlight = false;
  /** The latest seek asked for while one was in flight. */
  private held: Seek | undefined;

  /** The messages to post now, in order, for `msg`. */
  out(msg: ToWorker): ToWorker[] {
    if (msg.type === 'seek') {
      if (this.inFlight) {
        this.held = msg;
        return [];
      }
      this.inFlight = true;
      return [msg];
    }
    if (!this.held || ASIDE.has(msg.type)) return [msg];
    const held = this.held;
    this.held = undefined;
    return [held, msg];
  }

  /** The worker finished a seek: the held one, if any, goes now (and is the one in flight). */
  done(): ToWorker[] {
    const held = this.held;
    this.held = undefined;
    if (held) return [held];
    this.inFlight = false;
    return [];
  }

  /** The seek the user last asked for and the worker has not finished yet (for the page to show). */
  get pending(): number | undefined {
    return this.held?.t;
  }

  /** A new worker: nothing is in flight or held any more. */
  reset(): void {
    this.inFlight = false;
    this.held = undefined;
  }
}
