/**
 * The one message protocol between the UI thread and the engine worker. Plain data only
 * (structured clone), discriminated by `type`. Types only: this file imports nothing but engine
 * types, so every other worker and state module can import it without a cycle.
 *
 * Main -> worker: init, command, play/pause, setSpeed, step, seek, skip-quiet, drop the future,
 * views (which kubectl texts, host logs and Why? the UI has open), actions (menu request), lesson.
 * Worker -> main: a `snapshot` on load and seek, otherwise at most one coalesced `patch` per
 * animation frame: view entities by key, changed texts, changed entries of the run and the clock.
 * Back-pressure: after a patch the worker sends no other until the page answers `ack` with that
 * patch's seq (after applying it in an animation frame); what changes meanwhile goes into the next.
 */
import type {
  ActionOption,
  ActionTarget,
  Chapter,
  ChartData,
  ClusterOverview,
  ClusterView,
  Explanation,
  NodeView,
  PodView,
  Scoreboard,
  Variant,
} from '../sim/runtime';

export type { Chapter };

/** A command the user ran, with the simulated time it ran at (the input that reproduces a run). */
export interface LoggedCommand {
  at: number;
  line: string;
  /** A lesson step's own command is the scenario's; absent: the user's. */
  by?: 'scenario';
}

/**
 * One entry of the run as the terminal lists it: a command (the scenario's or the user's) at its
 * time, with what it printed when it last ran, or a note (a fork, a restart). Entries after the
 * clock are the future: the scenario's commands still to come, or the user's commands that will
 * replay after a rewind.
 */
export interface RunEntry {
  id: number;
  at: number;
  kind: 'command' | 'info';
  /** Who runs the command: the scenario's timeline, or the user. */
  by?: 'scenario' | 'you';
  text: string;
  /** Output of the command when it last ran (bounded: the first lines of a long output). */
  output?: string;
  /** False when the command was refused (or a running one failed: a timeout, ^C). */
  ok?: boolean;
  /** The command is still running at the clock (`kubectl drain` waiting for its pods); `^C` stops it. */
  running?: true;
}

export interface ClockState {
  now: number;
  playing: boolean;
  /** Simulated ms per wall ms. */
  speed: number;
  skipQuiet: boolean;
  /** Furthest simulated time reached in this future (the chapters and outputs known so far). */
  reached: number;
  /** The scenario's end (spec.duration): Play stops here; free play continues when pressed again. */
  end: number;
}

/** What the UI shows besides the graph; the worker recomputes these texts for it. */
export interface OpenViews {
  kubectl: string[];
  /** Node whose host logs (journalctl -u kubelet, systemctl status kubelet) are shown. */
  journalNode?: string;
  /** Object ref for the Why? panel, e.g. `Pod/default/web-1`, `Node/node2`. */
  explainRef?: string;
  /** The space-time chart is shown: the worker sends it (and the scoreboard) as they change. */
  chart?: boolean;
  /** kubectl views the user asked to see whole ("Show all"); others longer than TEXT_CUT_LINES are sent in part. */
  whole?: string[];
  /**
   * A big cluster (more than OVERVIEW_ABOVE_NODES machines) is drawn as an overview: the machines
   * zoomed into, whose cards (and pods) the worker sends in the view. The rest are in `overview`.
   */
  focus?: string[];
}

/** The space-time chart of the run so far and its recovery scoreboard (sim/story). */
export interface ChartView {
  data: ChartData;
  scoreboard: Scoreboard;
}

/** One side of a comparison: the run with its settings, played to the end. */
export interface CompareSide {
  /** The settings that differ, as in force on this side: `nodeMonitorGracePeriod 50s`. */
  label: string;
  chart: ChartView;
  chapters: Chapter[];
}

/** A finished comparison: the run as is (a) and with the changes (b), to the same end. */
export interface Comparison {
  requestId: number;
  /** The changes as written (`nodeMonitorGracePeriod=40s`), for the share link. */
  changes: string[];
  a: CompareSide;
  b: CompareSide;
  /** What differs, in words (sim/story/scoreboard.ts scoreboardDifferences). */
  differences: string[];
  end: number;
}

/** How a run is replayed from a link or the last-run store. */
export interface ReplayInput {
  /** The engine's whole command log of the shared run (becomes the timeline). */
  runLog: LoggedCommand[];
  seed?: number;
}

/** What a restarted worker takes over from the UI so that the terminal and timeline stay as they were. */
export interface ResumeInput {
  run: RunEntry[];
  chapters: Chapter[];
  /** The furthest time the lost worker had reached. */
  reached: number;
}

/** One lesson step as the lesson panel shows it. */
export interface LessonStepView {
  id: string;
  text: string;
  /** The `waitFor` condition as written, if any. */
  waitFor?: string;
  predict?: { question: string; choices: string[]; answer: number; explanation: string };
  run?: string;
}

/** The lesson as the UI sees it (sent whenever it changes). */
export interface LessonState {
  /** Scenario name (for narration catalog keys). */
  scenario: string;
  steps: LessonStepView[];
  /** Active step; `steps.length` means the recap and free play after the last step. */
  index: number;
  /** Simulated time the active step started. */
  startedAt: number;
  /** The active step's event has happened (always false for steps without one). */
  done: boolean;
  /** When the event happened: the event's own time (an Event's timestamp, a condition's transition). */
  doneAt?: number;
  /** `Skip ahead` found no such event within the hour. */
  notFound?: boolean;
  /** The learner changed the cluster on their own: the lesson narrates but no longer stops the clock. */
  offScript?: boolean;
}

/** UI -> worker: lesson navigation. */
export type LessonMessage =
  | { type: 'lesson'; action: 'next' | 'back' | 'skip' | 'restart' }
  | { type: 'lesson'; action: 'goto'; step: string };

/** Worker -> UI: the run as a whole, sent when any field changed (at most once per frame). */
export interface RunInfo {
  type: 'run';
  /** The engine's whole command log up to now; only sent when it changed. */
  runLog?: LoggedCommand[];
  traceHash: string;
  /** The lesson, when the scenario has one; only sent when it changed. */
  lesson?: LessonState;
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
      /** A restart after a crash: what the UI already showed (terminal, chapters, the known end). */
      resume?: ResumeInput;
    }
  | { type: 'command'; line: string }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'setSpeed'; speed: number; skipQuiet?: boolean }
  | { type: 'step' }
  /**
   * Go to `t`. A long one (a big cluster) is carried out in slices: a seek sent while it runs
   * changes its target (seek-job.ts).
   */
  | { type: 'seek'; t: number }
  /** Stop the seek under way where its replay has got to (nothing when none is). */
  | { type: 'cancelSeek' }
  /** Forget the user's commands after now (the "will replay" ones after a rewind). */
  | { type: 'dropFuture' }
  /** Pause whenever a new chapter happens while playing (presenter mode setting). */
  | { type: 'pauseAtChapters'; on: boolean }
  | { type: 'views'; views: OpenViews }
  /** The page applied the patch with this seq: the worker may send the next one. */
  | { type: 'ack'; seq: number }
  /** The page's watchdog asks whether the worker still answers. */
  | { type: 'ping'; id: number }
  | { type: 'actions'; requestId: number; target: ActionTarget }
  /**
   * Play the run again, as is and with the variant (changes checked by the page), with the same
   * commands, both to the end; answered by `compared` or `compare-failed`.
   */
  | { type: 'compare'; requestId: number; variant: Variant; changes: string[] }
  /**
   * Test hooks: the worker throws inside its message handler, as an engine bug would, or stops
   * answering (`hang`), or carries seeks out a simulated second per slice with a pause between
   * (`slow-seeks`: a small cluster's seek then lasts long enough to be changed or stopped, as a
   * big one's does). Sent only when the page URL has `?e2e=1` (checked on the main side,
   * state/test-hooks.ts).
   */
  | { type: 'crash-for-test' }
  | { type: 'hang-for-test' }
  | { type: 'slow-seeks-for-test' }
  | LessonMessage;

/** Text views by id: a kubectl command line, `journal:NODE` or `status:NODE` (systemctl status kubelet). */
export type Texts = Record<string, string>;

export interface Snapshot {
  type: 'snapshot';
  epoch: number;
  title: string;
  view: ClusterView;
  /** A big cluster: every machine and pod as state codes (the view then has the focused machines only). */
  overview?: ClusterOverview;
  texts: Texts;
  /** Texts sent in part (a big cluster's kubectl views): their whole length in lines. */
  textLines?: Record<string, number>;
  /** The simulated ms the texts were built at (they may lag the clock: worker/patches.ts). */
  textsAt?: number;
  why?: Explanation;
  run: RunEntry[];
  chapters: Chapter[];
  clock: ClockState;
  commandLog: LoggedCommand[];
  chart?: ChartData;
  scoreboard?: Scoreboard;
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
  /** A big cluster's overview, when the state changed. */
  overview?: ClusterOverview;
  /** Whole-value fields, sent only when they changed. */
  rest?: Pick<ClusterView, 'controlPlane' | 'workloads' | 'registryUp' | 'changeCount' | 'cloud'>;
  texts?: Texts;
  /** For each text in `texts`: its whole length in lines when it was sent in part, else 0. */
  textLines?: Record<string, number>;
  /** The simulated ms the texts now shown were built at, when that moved (changed texts or not). */
  textsAt?: number;
  why?: Explanation;
  /** New or changed entries of the run (by id). */
  run?: RunEntry[];
  /** Entries of the run that are gone (a fork dropped them). */
  runRemoved?: number[];
  /** The whole chapter list, when it changed. */
  chapters?: Chapter[];
  commandLog?: LoggedCommand[];
  /** The space-time chart, when it is open and changed. */
  chart?: ChartData;
  /** The recovery scoreboard, when it changed (sent whether or not the chart is open). */
  scoreboard?: Scoreboard;
}

export type FromWorker =
  | Snapshot
  | Patch
  | { type: 'actions'; requestId: number; options: ActionOption[] }
  /** The run as a whole: the engine's command log, trace hash and lesson (share.ts). */
  | RunInfo
  | { type: 'pong'; id: number }
  /**
   * A long load (replaying a link), seek (replaying from a checkpoint) or comparison got to `at` of
   * `target`: the worker is alive. A seek's also says about how long it has left (`leftMs`, wall
   * ms, from the engine's pace so far), when the engine knows its pace.
   */
  | { type: 'progress'; at: number; target: number; phase?: 'compare' | 'seek'; leftMs?: number }
  /**
   * One per `seek`: carried out, stopped on the way, taken over by the seek under way (which goes
   * there instead), or not possible (no run). The page counts the seeks in flight (client.ts).
   */
  | { type: 'seekDone' }
  /**
   * A big cluster's seek that takes a while: its target as the run's history recorded it
   * (`overview` at `at`), drawn while the engine restores and replays; no overview when the
   * history cannot tell (a moment not reached yet), and the engine's own is drawn. The seek's
   * snapshot replaces it.
   */
  | { type: 'seekPreview'; at: number; overview?: ClusterOverview }
  /**
   * A big cluster (more than OVERVIEW_ABOVE_NODES machines) is starting: its overview at `at`
   * (before 0), about once a second, so the page draws it coming up instead of waiting blank.
   */
  /** A big cluster starting: how far (before 0), as it stands, and the scenario's end (spec.duration). */
  | { type: 'booting'; at: number; overview: ClusterOverview; end: number }
  | { type: 'compared'; comparison: Comparison }
  | { type: 'compare-failed'; requestId: number; message: string }
  /** The scenario could not be loaded (invalid input): nothing runs. */
  | { type: 'invalid'; message: string }
  /**
   * The engine threw: the UI restarts the worker from the scenario and the command log, unless
   * `final` (the run cannot go on past this moment: a restart would stop at the same place).
   */
  | { type: 'fatal'; message: string; final?: boolean };
