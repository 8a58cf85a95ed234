/**
 * The verbs sharing, import, the builder and lessons need from the worker bridge (bridge.ts
 * connects them at start-up). Kept as a small port so that these features do not import the
 * bridge's internals, and the bridge does not import them back (no import cycle).
 */
import type { LessonMessage, ReplayInput } from '../worker/protocol';
import type { Selection } from './store';

export interface LoadOptions {
  /** Replay a shared run: its whole command log becomes the timeline (links, last run). */
  replay?: ReplayInput;
  /** Simulated time to open at. */
  at?: number;
  /** Lesson step to resume (from a link). */
  step?: string;
  /** A new run from the start: the lesson begins with its first step. */
  fresh?: boolean;
  /**
   * The text is a built-in's JSON twin, already validated and normalised (public/scenarios/NAME.json);
   * any other text (a file, an inline link, the builder) is parsed and validated first.
   */
  builtin?: boolean;
  /** The text already parsed and normalised (an import parsed it off the page's thread). */
  normalised?: string;
}

export interface RunPort {
  load(scenarioText: string, opts: LoadOptions): void;
  lesson(msg: LessonMessage): void;
  select(selection: Selection | undefined): void;
  /** Starts a comparison with `KEY=VALUE` changes; resolves to what is wrong with them, if anything. */
  compare(changes: string[]): Promise<string | undefined>;
}

let port: RunPort | undefined;

export function connectRunPort(p: RunPort): void {
  port = p;
}

export function runPort(): RunPort {
  if (!port) throw new Error('NotReady: the worker bridge is not connected');
  return port;
}
