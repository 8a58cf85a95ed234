/**
 * The one message protocol between the UI thread and the engine worker. Plain data only
 * (structured clone), discriminated by `type`.
 *
 * Main -> worker: init, command, play/pause, setSpeed, step, seek, views (which kubectl texts,
 * host logs and Why? the UI has open), actions (menu request).
 * Worker -> main: a `snapshot` on load and seek, otherwise at most one coalesced `patch` per
 * animation frame: view entities by key, changed texts, new terminal lines and the clock.
 * Back-pressure: after a patch the worker sends no other until the page answers `ack` with that
 * patch's seq (after applying it in an animation frame); what changes meanwhile goes into the next.
 */
import type { ActionOption, ActionTarget, ClusterView, Explanation, NodeView, PodView } from '../sim';
import type { LessonMessage, ReplayInput, RunInfo } from './share';

/** A command the user ran, with the simulated time it ran at (the input that reproduces a run). */
export interface LoggedCommand {
  at: number;
  line: string;
}

export interface TerminalLine {
  id: number;
  at: number;
  kind: 'input' | 'output' | 'refusal' | 'info';
  text: string;
}

export interface TimelineMarker {
  at: number;
  kind: 'command' | 'transition';
  label: string;
}

export interface ClockState {
  now: number;
  playing: boolean;
  /** Simulated ms per wall ms. */
  speed: number;
  skipQuiet: boolean;
  /** Furthest simulated time reached in this future (the timeline's known end). */
  reached: number;
}

/** What the UI shows besides the graph; the worker recomputes these texts for it. */
export interface OpenViews {
  kubectl: string[];
  /** Node whose host logs (journalctl -u kubelet, systemctl status kubelet) are shown. */
  journalNode?: string;
  /** Object ref for the Why? panel, e.g. `Pod/default/web-1`, `Node/node2`. */
  explainRef?: string;
}

export type ToWorker =
  | {
      type: 'init';
      scenarioText: string;
      commandLog: LoggedCommand[];
      at?: number;
      views: OpenViews;
      /** Replay a shared run: its whole command log becomes the timeline (share.ts). */
      replay?: ReplayInput;
      /** Resume the lesson at this step (a link to a step). */
      step?: string;
      /** A new run from the start: the lesson begins with its first step. */
      fresh?: boolean;
      /** A restart after a crash: what the UI already showed (terminal, markers, the known end). */
      resume?: ResumeInput;
    }
  | { type: 'command'; line: string }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'setSpeed'; speed: number; skipQuiet?: boolean }
  | { type: 'step' }
  | { type: 'seek'; t: number }
  | { type: 'views'; views: OpenViews }
  /** The page applied the patch with this seq: the worker may send the next one. */
  | { type: 'ack'; seq: number }
  | { type: 'actions'; requestId: number; target: ActionTarget }
  /**
   * Test hook: the worker throws inside its message handler, as an engine bug would. Sent only
   * when the page URL has `?e2e=1` (checked on the main side, state/test-hooks.ts).
   */
  | { type: 'crash-for-test' }
  | LessonMessage;

/** What a restarted worker takes over from the UI so that the terminal and timeline stay as they were. */
export interface ResumeInput {
  terminal: TerminalLine[];
  markers: TimelineMarker[];
  /** The furthest time the lost worker had reached (the timeline's known end). */
  reached: number;
}

/** Text views by id: a kubectl command line, `journal:NODE` or `status:NODE` (systemctl status kubelet). */
export type Texts = Record<string, string>;

export interface Snapshot {
  type: 'snapshot';
  epoch: number;
  title: string;
  view: ClusterView;
  texts: Texts;
  why?: Explanation;
  terminal: TerminalLine[];
  clock: ClockState;
  markers: TimelineMarker[];
  commandLog: LoggedCommand[];
}

export interface Patch {
  type: 'patch';
  epoch: number;
  seq: number;
  clock: ClockState;
  nodes?: NodeView[];
  removedNodes?: string[];
  pods?: PodView[];
  removedPods?: string[];
  /** Whole-value fields, sent only when they changed. */
  rest?: Pick<ClusterView, 'controlPlane' | 'workloads' | 'registryUp' | 'changeCount'>;
  texts?: Texts;
  why?: Explanation;
  terminal?: TerminalLine[];
  markers?: TimelineMarker[];
  commandLog?: LoggedCommand[];
}

export type FromWorker =
  | Snapshot
  | Patch
  | { type: 'actions'; requestId: number; options: ActionOption[] }
  /** The run as a whole: the engine's command log, trace hash and lesson (share.ts). */
  | RunInfo
  /** The scenario could not be loaded (invalid input): nothing runs. */
  | { type: 'invalid'; message: string }
  /** The engine threw: the UI restarts the worker from the scenario and the command log. */
  | { type: 'fatal'; message: string };
