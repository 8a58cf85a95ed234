/**
 * The UI's state: one zustand vanilla store fed by the worker bridge. Entities are kept by key
 * and replaced copy-on-write per patch, so a component that selects one pod re-renders only when
 * that pod changed.
 */
import { createStore } from 'zustand/vanilla';
import type {
  ActionTarget,
  ChartData,
  ClusterOverview,
  ClusterView,
  Explanation,
  NodeView,
  PodView,
  Scoreboard,
} from '../sim';
import type { Chapter, ClockState, Comparison, FromWorker, LoggedCommand, RunEntry, Texts } from '../worker/protocol';

export type Selection = { kind: 'node'; name: string } | { kind: 'pod'; key: string; name: string; namespace: string };

export interface OpenMenu {
  target: ActionTarget;
  /** Accessible name of the component the menu belongs to (for focus return). */
  label: string;
  x: number;
  y: number;
  requestId: number;
}

export interface SimState {
  phase: 'loading' | 'ready' | 'invalid';
  /** The engine worker: running, being restarted after a crash, or stopped (hung, or crashing again and again). */
  engine: 'running' | 'restarting' | 'stopped';
  title: string;
  /** Plain-words problem shown in the banner (an invalid scenario...). */
  banner?: string;
  /** How far a long load (a link replayed to its moment) got, while loading. */
  loadingAt?: { at: number; target: number };
  /**
   * A seek that takes long (a big cluster replaying minutes from a checkpoint): replayed to `at` of
   * `target` so far, and about how long it has left (wall ms). Cleared when the worker has answered
   * every seek asked for.
   */
  seeking?: { at: number; target: number; leftMs?: number };
  /** What happened to the engine worker, for the banner: a crash and its restart, a hang. */
  engineNotice?: { kind: 'restarting' | 'recovered' | 'gave-up' | 'hung'; message?: string; at: number };
  epoch: number;
  clock: ClockState;
  nodeNames: string[];
  nodes: Record<string, NodeView>;
  /** Pod keys per node name ('' for unbound pods), in display order; add-on pods are not on the cards. */
  podsByNode: Record<string, string[]>;
  pods: Record<string, PodView>;
  rest: Pick<ClusterView, 'controlPlane' | 'workloads' | 'registryUp' | 'changeCount' | 'cloud'>;
  /**
   * A cluster of more than OVERVIEW_ABOVE_NODES machines: every machine and pod as state codes.
   * `nodes` and `pods` then hold only the machines zoomed into (`focus`) and their pods.
   */
  overview?: ClusterOverview;
  /**
   * A big cluster's seek under way: the overview of the moment gone to, from the run's history,
   * drawn instead of `overview` until the seek's snapshot comes (the views and commands follow then).
   */
  preview?: ClusterOverview;
  /**
   * While a big cluster starts (phase 'loading'): the simulated time (before 0) of the overview
   * drawn, the cluster coming up as the worker boots it.
   */
  bootAt?: number;
  /** The machines zoomed into in the overview (their cards are shown); empty: the whole overview. */
  focus: string[];
  texts: Texts;
  /** Texts the worker sent in part (a big cluster's kubectl views): their whole length in lines. */
  textLines: Record<string, number>;
  /** The simulated ms the texts were built at (they may lag `clock.now`). */
  textsAt: number;
  /** kubectl views the user asked to see whole (Show all). */
  wholeViews: string[];
  /** The previous text of each view, for highlighting what just changed. */
  previousTexts: Texts;
  why?: Explanation;
  /** The run as the terminal lists it: the scenario's and the user's commands, notes; in time order. */
  run: RunEntry[];
  /** Named moments of this future (up to the furthest time reached), in time order. */
  chapters: Chapter[];
  /** The user's commands (kept for a restart after a crash). */
  commandLog: LoggedCommand[];
  /** The space-time chart of the run so far (sent while the chart is shown). */
  chart?: ChartData;
  /** The recovery scoreboard of the run so far. */
  scoreboard?: Scoreboard;
  /** A/B comparison: running (with how far it got), done, or failed with a reason. */
  compare?:
    | { state: 'running'; requestId: number; changes: string[]; at: number; target: number }
    | { state: 'done'; comparison: Comparison; runLogLength: number }
    | { state: 'failed'; changes: string[]; message: string };
  selection?: Selection;
  menu?: OpenMenu;
  menuOptions?: { requestId: number; options: import('../sim').ActionOption[] };
  shortcutsOpen: boolean;
}

export const initialSimState: SimState = {
  phase: 'loading',
  engine: 'running',
  title: '',
  epoch: 0,
  clock: { now: 0, playing: false, speed: 10, skipQuiet: false, reached: 0, end: 0 },
  nodeNames: [],
  nodes: {},
  podsByNode: {},
  pods: {},
  rest: { workloads: [], registryUp: true, changeCount: 0 },
  focus: [],
  texts: {},
  textLines: {},
  textsAt: Number.NaN,
  wholeViews: [],
  previousTexts: {},
  run: [],
  chapters: [],
  commandLog: [],
  shortcutsOpen: false,
};

export const simStore = createStore<SimState>(() => ({ ...initialSimState }));

/**
 * Pod keys per node for the graph's cards. kubeadm's add-on pods (kube-proxy, calico-node,
 * CoreDNS) are left out: the cards show kube-proxy and calico-node as the node's components, and
 * kubectl lists every add-on pod (`kubectl get pods -n kube-system`).
 */
function groupPods(pods: Record<string, PodView>, order: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const k of order) {
    const p = pods[k];
    if (!p || p.addon) continue;
    const n = p.node ?? '';
    const list = out[n] ?? [];
    list.push(k);
    out[n] = list;
  }
  return out;
}

function sameList(a: string[] | undefined, b: string[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((x, i) => x === b[i]);
}

/** Keeps the identity of unchanged per-node lists so that their node cards do not re-render. */
function stableGroups(prev: Record<string, string[]>, next: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(next)) out[k] = sameList(prev[k], v) ? (prev[k] as string[]) : v;
  return out;
}

function mergeTexts(s: SimState, texts: Texts): Pick<SimState, 'texts' | 'previousTexts'> {
  const previousTexts = { ...s.previousTexts };
  for (const k of Object.keys(texts)) if (s.texts[k] !== undefined) previousTexts[k] = s.texts[k] as string;
  return { texts: { ...s.texts, ...texts }, previousTexts };
}

/** Whole lengths of the texts just received: set for those sent in part, gone for the others. */
function mergeLines(
  old: Record<string, number>,
  texts: Texts,
  lines: Record<string, number> = {},
): Record<string, number> {
  const out = { ...old };
  for (const k of Object.keys(texts)) {
    const n = lines[k];
    if (n) out[k] = n;
    else delete out[k];
  }
  return out;
}

/** The run with changed entries replaced, new ones added and removed ones gone, in time order. */
export function mergeRun(run: RunEntry[], upserts: RunEntry[] = [], removed: number[] = []): RunEntry[] {
  const byId = new Map(run.map((e) => [e.id, e]));
  for (const e of upserts) byId.set(e.id, e);
  for (const id of removed) byId.delete(id);
  return [...byId.values()].sort((a, b) => a.at - b.at || a.id - b.id);
}

/** Applies one worker message to the store (one setState per message). */
export function applyWorkerMessage(msg: FromWorker): void {
  const s = simStore.getState();
  switch (msg.type) {
    case 'snapshot': {
      const pods: Record<string, PodView> = {};
      for (const p of msg.view.pods)
        pods[p.key] = s.pods[p.key] && same(s.pods[p.key], p) ? (s.pods[p.key] as PodView) : p;
      const nodes: Record<string, NodeView> = {};
      for (const n of msg.view.nodes)
        nodes[n.name] = s.nodes[n.name] && same(s.nodes[n.name], n) ? (s.nodes[n.name] as NodeView) : n;
      const rest: SimState['rest'] = {
        workloads: msg.view.workloads,
        registryUp: msg.view.registryUp,
        changeCount: msg.view.changeCount,
      };
      if (msg.view.controlPlane) rest.controlPlane = msg.view.controlPlane;
      if (msg.view.cloud) rest.cloud = msg.view.cloud;
      const names = msg.view.nodes.map((n) => n.name);
      const next: Partial<SimState> = {
        loadingAt: undefined,
        bootAt: undefined,
        preview: undefined,
        phase: 'ready',
        title: msg.title,
        epoch: msg.epoch,
        clock: msg.clock,
        nodeNames: sameList(s.nodeNames, names) ? s.nodeNames : names,
        nodes,
        pods,
        podsByNode: stableGroups(
          s.podsByNode,
          groupPods(
            pods,
            msg.view.pods.map((p) => p.key),
          ),
        ),
        rest,
        ...mergeTexts(s, msg.texts),
        textLines: mergeLines(s.textLines, msg.texts, msg.textLines),
        textsAt: msg.textsAt ?? Number.NaN,
        run: msg.run,
        chapters: msg.chapters,
        commandLog: msg.commandLog,
      };
      if (msg.why) next.why = msg.why;
      if (msg.chart) next.chart = msg.chart;
      if (msg.scoreboard) next.scoreboard = msg.scoreboard;
      next.overview = msg.overview;
      simStore.setState(next);
      return;
    }
    case 'patch': {
      if (msg.epoch !== s.epoch) return; // a patch from before a seek: a snapshot follows.
      const next: Partial<SimState> = { clock: msg.clock };
      if (msg.nodes || msg.removedNodes) {
        const nodes = { ...s.nodes };
        for (const n of msg.nodes ?? []) nodes[n.name] = n;
        for (const k of msg.removedNodes ?? []) delete nodes[k];
        next.nodes = nodes;
        const names = Object.keys(nodes).sort();
        if (!sameList(names, s.nodeNames)) next.nodeNames = names;
      }
      if (msg.pods || msg.removedPods) {
        const pods = { ...s.pods };
        let order = Object.values(s.pods).map((p) => p.key);
        for (const p of msg.pods ?? []) {
          if (!pods[p.key]) order.push(p.key);
          pods[p.key] = p;
        }
        const removed = new Set(msg.removedPods ?? []);
        for (const k of removed) delete pods[k];
        order = order.filter((k) => !removed.has(k)).sort();
        next.pods = pods;
        next.podsByNode = stableGroups(s.podsByNode, groupPods(pods, order));
      }
      if (msg.rest) next.rest = msg.rest;
      if (msg.overview) next.overview = msg.overview;
      if (msg.texts) Object.assign(next, mergeTexts(s, msg.texts));
      if (msg.texts) next.textLines = mergeLines(s.textLines, msg.texts, msg.textLines);
      if (msg.textsAt !== undefined) next.textsAt = msg.textsAt;
      if (msg.why) next.why = msg.why;
      if (msg.run || msg.runRemoved) next.run = mergeRun(s.run, msg.run, msg.runRemoved);
      if (msg.chapters) next.chapters = msg.chapters;
      if (msg.commandLog) next.commandLog = msg.commandLog;
      if (msg.chart) next.chart = msg.chart;
      if (msg.scoreboard) next.scoreboard = msg.scoreboard;
      simStore.setState(next);
      return;
    }
    case 'compared':
      if (s.compare?.state === 'running' && s.compare.requestId === msg.comparison.requestId)
        simStore.setState({
          compare: { state: 'done', comparison: msg.comparison, runLogLength: s.commandLog.length },
        });
      return;
    case 'compare-failed':
      if (s.compare?.state === 'running' && s.compare.requestId === msg.requestId)
        simStore.setState({ compare: { state: 'failed', changes: s.compare.changes, message: msg.message } });
      return;
    case 'actions':
      if (s.menu?.requestId === msg.requestId)
        simStore.setState({ menuOptions: { requestId: msg.requestId, options: msg.options } });
      return;
    case 'seekPreview':
      if (s.phase === 'ready') simStore.setState({ preview: msg.overview });
      return;
    case 'booting':
      // The cluster being loaded, drawn as it starts; its first snapshot replaces it. The run shown
      // before (its views, chapters, terminal) is not this cluster's: it goes with the first frame.
      if (s.phase !== 'loading') return;
      simStore.setState(
        s.bootAt === undefined
          ? {
              overview: msg.overview,
              bootAt: msg.at,
              // The timeline shows the starting cluster's length, not the last run's.
              clock: { ...s.clock, now: 0, reached: 0, end: msg.end, playing: false },
              nodeNames: [],
              nodes: {},
              pods: {},
              podsByNode: {},
              texts: {},
              previousTexts: {},
              textLines: {},
              textsAt: Number.NaN,
              chapters: [],
              run: [],
              why: undefined,
            }
          : { overview: msg.overview, bootAt: msg.at },
      );
      return;
    case 'invalid':
      // A start drawn so far was not the run's: nothing of it stays on screen.
      simStore.setState(
        s.bootAt === undefined
          ? { phase: 'invalid', banner: msg.message }
          : { phase: 'invalid', banner: msg.message, bootAt: undefined, overview: undefined },
      );
      return;
    case 'fatal':
    case 'pong':
    case 'progress':
      return; // handled by the client (restart, watchdog)
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
