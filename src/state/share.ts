/**
 * What the app knows about the run as a whole, for share links, the last-run store, export and
 * the "About this run" details: which scenario it started from (a built-in by name, or the whole
 * text for imported and built scenarios), the engine's whole command log and trace hash (sent by
 * the worker), and the link messages. Pure helpers here; the actions are in share-actions.ts.
 */
import { createStore } from 'zustand/vanilla';
import type { SharedScenario, ShareRun } from '../share/run';
import type { LoggedCommand, RunInfo } from '../worker/protocol';
import { setLesson } from './lesson';
import type { Selection } from './store';

/** Engine version written into links (the package version; a replay with another may differ). */
export const ENGINE_VERSION = '0.1.0';

export type CopyState =
  | { kind: 'copied'; link: string }
  /** No clipboard: the link is shown in a selected text field to copy by hand. */
  | { kind: 'fallback'; link: string }
  | { kind: 'error'; message: string };

export interface ShareState {
  /** The engine's whole command log up to now (timeline entries that ran and the user's commands). */
  runLog: LoggedCommand[];
  traceHash: string;
  /** What the current run started from. */
  source?: SharedScenario;
  /** Seed override from a link. */
  seed?: number;
  /** The run was opened from a link: someone else's scenario and commands (the exports say so). */
  fromLink?: boolean;
  /** Why the link in the address bar was refused (shown with the default scenario). */
  linkError?: string;
  /** The refused link came while a run was open (`hashchange`), and that run was kept instead. */
  linkErrorKept?: boolean;
  /** Notices that do not stop anything (another engine version, import warnings). */
  notices: string[];
  /** Local storage holds a last good run to restore. */
  canRestore: boolean;
  /** The last run is offered at start-up (no link was opened). */
  lastRunOffered?: boolean;
  copy?: CopyState;
  /** Length of the last link written (About this run). */
  linkLength?: number;
}

export const shareStore = createStore<ShareState>(() => ({
  runLog: [],
  traceHash: '',
  notices: [],
  canRestore: false,
}));

/** Applies the worker's run info (command log, trace hash, lesson). */
export function applyRunInfo(msg: RunInfo): void {
  const next: Partial<ShareState> = { traceHash: msg.traceHash };
  if (msg.runLog) next.runLog = msg.runLog;
  shareStore.setState(next);
  if (msg.lesson) setLesson(msg.lesson);
}

/** The open view as a link token: `node:node2`, `pod:default/web-1`. */
export function viewToken(sel: Selection | undefined): string | undefined {
  if (!sel) return undefined;
  return sel.kind === 'node' ? `node:${sel.name}` : `pod:${sel.namespace}/${sel.name}`;
}

/** A link's view token back to a selection (undefined when it is not one). */
export function selectionOfView(view: string | undefined): Selection | undefined {
  if (!view) return undefined;
  const node = /^node:([a-z0-9][-a-z0-9.]*)$/.exec(view);
  if (node?.[1]) return { kind: 'node', name: node[1] };
  const pod = /^pod:([a-z0-9][-a-z0-9]*)\/([a-z0-9][-a-z0-9.]*)$/.exec(view);
  if (pod?.[1] && pod[2]) return { kind: 'pod', key: `${pod[1]}/${pod[2]}`, namespace: pod[1], name: pod[2] };
  return undefined;
}

export interface RunInputs {
  source: SharedScenario;
  seed?: number;
  runLog: readonly LoggedCommand[];
  now: number;
  selection?: Selection;
  step?: string;
  /** The main panel shows the space-time chart. */
  stage?: 'chart';
  /** The comparison on screen (its changes). */
  compare?: string[];
}

/** The share run for the current moment: commands up to now (a future after a seek back is not part of it). */
export function buildShareRun(i: RunInputs): ShareRun {
  const t = Math.max(0, Math.round(i.now));
  const run: ShareRun = {
    v: 2,
    engine: ENGINE_VERSION,
    scenario: i.source,
    commands: i.runLog.filter((c) => c.at <= t).map((c) => ({ at: c.at, line: c.line })),
    t,
  };
  if (i.seed !== undefined) run.seed = i.seed;
  const view = viewToken(i.selection);
  if (view) run.view = view;
  if (i.step) run.step = i.step;
  if (i.stage) run.stage = i.stage;
  if (i.compare?.length) run.compare = [...i.compare];
  return run;
}
