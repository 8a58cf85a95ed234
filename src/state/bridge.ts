/**
 * Wires the worker client to the store and gives the UI its verbs (play, pause, step, seek,
 * command, menus, selection). The UI calls these; it never talks to the worker directly.
 */
import type { ActionTarget, Scenario } from '../sim';
import { type LoadExtra, SimClient } from '../worker/client';
import { parseOffThread } from '../worker/parse-client';
import type { OpenViews } from '../worker/protocol';
import { activeStepId, lessonStore, revealBeforePlay } from './lesson';
import { connectRunPort, type LoadOptions } from './run-port';
import { settingsStore } from './settings';
import { applyRunInfo } from './share';
import { applyWorkerMessage, type Selection, type SimState, simStore } from './store';

export const FIXED_VIEWS = ['kubectl get nodes', 'kubectl get pods -o wide', 'kubectl get deploy,sts,ds'] as const;
export const EVENTS_VIEW = 'kubectl get events';

/** `kubectl describe node X` for the selected node (or the node of the selected pod). */
export function selectedNode(sel: Selection | undefined): string | undefined {
  if (!sel) return undefined;
  if (sel.kind === 'node') return sel.name;
  return simStore.getState().pods[sel.key]?.node;
}

export function describeNodeLine(node: string): string {
  return `kubectl describe node ${node}`;
}

export function describePodLine(name: string, namespace: string): string {
  return namespace === 'default' ? `kubectl describe pod ${name}` : `kubectl describe pod ${name} -n ${namespace}`;
}

/** The node `kubectl describe node` shows in presenter mode: the selected one, else the first worker. */
export function presenterNode(s: SimState): string | undefined {
  return selectedNode(s.selection) ?? s.nodeNames.find((n) => s.nodes[n]?.role !== 'control-plane');
}

export function openViews(): OpenViews {
  const s = simStore.getState();
  const kubectl: string[] = [...FIXED_VIEWS, EVENTS_VIEW];
  const p = settingsStore.getState();
  const shown = p.present && p.presenterView === 'kubectl describe node' ? presenterNode(s) : undefined;
  if (shown && !selectedNode(s.selection)) kubectl.push(describeNodeLine(shown));
  const node = selectedNode(s.selection);
  const views: OpenViews = { kubectl };
  if (p.stage === 'chart') views.chart = true;
  if (s.focus.length) views.focus = s.focus;
  if (s.wholeViews.length) views.whole = s.wholeViews;
  if (node) {
    kubectl.push(describeNodeLine(node));
    views.journalNode = node;
    views.explainRef = `Node/${node}`;
  }
  const sel = s.selection;
  if (sel?.kind === 'pod' && s.pods[sel.key]?.inApi) {
    kubectl.push(describePodLine(sel.name, sel.namespace));
    views.explainRef = `Pod/${sel.key}`;
  }
  return views;
}

const client = new SimClient({
  onMessage: (msg) => (msg.type === 'run' ? applyRunInfo(msg) : applyWorkerMessage(msg)),
  onCrash: (message, restarting) =>
    simStore.setState((s) => ({
      seeking: undefined,
      preview: undefined,
      engine: restarting ? 'restarting' : 'stopped',
      engineNotice: { kind: restarting ? 'restarting' : 'gave-up', message, at: s.clock.now },
      // A comparison under way is lost with the worker: say so rather than wait forever.
      ...(s.compare?.state === 'running'
        ? { compare: { state: 'failed' as const, changes: s.compare.changes, message } }
        : {}),
    })),
  onRecovered: () =>
    simStore.setState((s) => ({
      engine: 'running',
      engineNotice: s.engineNotice?.kind === 'restarting' ? { ...s.engineNotice, kind: 'recovered' } : s.engineNotice,
    })),
  onProgress: (at, target, phase, leftMs) => {
    if (phase === 'seek') {
      simStore.setState({ seeking: leftMs === undefined ? { at, target } : { at, target, leftMs } });
      return;
    }
    // Before 0 the cluster is still starting (a big one takes a while): the title says so already.
    if (phase !== 'compare' && at >= 0) {
      // Outside a load it is only a sign of life (a long frame of a big cluster).
      if (simStore.getState().phase === 'loading') simStore.setState({ loadingAt: { at, target } });
    } else simStore.setState((s) => (s.compare?.state === 'running' ? { compare: { ...s.compare, at, target } } : {}));
  },
  onSeeked: () => {
    if (simStore.getState().seeking) simStore.setState({ seeking: undefined });
  },
  onHang: () =>
    simStore.setState((s) => ({
      seeking: undefined,
      preview: undefined,
      engine: 'stopped',
      engineNotice: { kind: 'hung', at: s.clock.now },
      clock: { ...s.clock, playing: false },
      ...(s.compare?.state === 'running'
        ? { compare: { state: 'failed' as const, changes: s.compare.changes, message: 'the engine stopped answering' } }
        : {}),
    })),
  recovery: () => {
    const s = simStore.getState();
    return {
      commandLog: s.commandLog,
      at: s.clock.now,
      views: openViews(),
      playing: s.clock.playing,
      speed: s.clock.speed,
      skipQuiet: s.clock.skipQuiet,
      step: activeStepId(lessonStore.getState().lesson),
      resume: { run: s.run, chapters: s.chapters, reached: s.clock.reached },
    };
  },
});

let scenarioText = '';

/** The scenario the run started from (normalised), for what the page shows of its settings. */
export function currentScenario(): Scenario | undefined {
  try {
    return (JSON.parse(scenarioText) as { normalised?: Scenario }).normalised;
  } catch {
    return undefined;
  }
}

/**
 * Scenario text from a source we do not control (an imported file, a link, the builder) is parsed
 * and validated here, in a chunk loaded on first use, and reaches the worker normalised. The
 * worker trusts only that form, which keeps the parser and the validator out of its bundle.
 */
export async function scenarioJson(text: string): Promise<string> {
  const r = await parseOffThread({ kind: 'scenario', text });
  if (!r.ok) throw new Error(r.errors.join('; '));
  return r.normalised;
}

/** Loads a run for sharing, import, the builder and lessons (state/run-port.ts). */
async function loadRun(text: string, opts: LoadOptions): Promise<void> {
  // A comparison and a chart belong to the run they were made from.
  simStore.setState({
    phase: 'loading',
    engine: 'running',
    loadingAt: undefined,
    seeking: undefined,
    preview: undefined,
    bootAt: undefined,
    compare: undefined,
    chart: undefined,
    scoreboard: undefined,
  });
  try {
    scenarioText = opts.builtin ? text : (opts.normalised ?? (await scenarioJson(text)));
  } catch (err) {
    simStore.setState({
      phase: 'invalid',
      banner: err instanceof Error ? err.message : String(err),
    });
    return;
  }
  const extra: LoadExtra = {};
  if (opts.replay) extra.replay = opts.replay;
  if (opts.step !== undefined) extra.step = opts.step;
  if (opts.fresh) extra.fresh = true;
  client.load(scenarioText, [], openViews(), opts.at, extra);
}

/** While presenting, the clock may pause at every chapter (a setting). */
function sendDisplaySettings(): void {
  const p = settingsStore.getState();
  client.configure({ type: 'pauseAtChapters', on: p.present && p.pauseAtChapters });
}
sendDisplaySettings();

settingsStore.subscribe((s, prev) => {
  if (s.present !== prev.present || s.pauseAtChapters !== prev.pauseAtChapters) sendDisplaySettings();
  if (s.present !== prev.present || s.presenterView !== prev.presenterView || s.stage !== prev.stage)
    client.send({ type: 'views', views: openViews() });
});

/** The first-visit gallery steps aside once the learner starts doing things. */
function closeWelcome(): void {
  if (settingsStore.getState().gallery === 'welcome') settingsStore.setState({ gallery: 'closed' });
}

export const actions = {
  play: () => {
    closeWelcome();
    // On a lesson's prediction, Play first reveals the answer (the worker then goes on).
    if (revealBeforePlay()) return;
    client.send({ type: 'play' });
  },
  pause: () => client.send({ type: 'pause' }),
  togglePlay: () => (simStore.getState().clock.playing ? actions.pause() : actions.play()),
  step: () => client.send({ type: 'step' }),
  /** Forget the user's commands after now (shown as "will replay" after a rewind). */
  dropFuture: () => client.send({ type: 'dropFuture' }),
  pauseAtChapters: (on: boolean) => client.send({ type: 'pauseAtChapters', on }),
  /** After a hang or repeated crashes: a new worker from the scenario and the commands, paused at the last moment seen. */
  restartEngine: () => {
    simStore.setState((s) => ({
      engine: 'restarting',
      engineNotice: { kind: 'restarting', at: s.clock.now },
    }));
    client.restart({ play: false });
  },
  seek: (t: number) => client.send({ type: 'seek', t }),
  /** Stop the seek under way where its replay has got to (a big cluster's seek takes long). */
  stopSeek: () => client.send({ type: 'cancelSeek' }),
  setSpeed: (speed: number) => client.send({ type: 'setSpeed', speed }),
  setSkipQuiet: (skipQuiet: boolean) => {
    // Shown at once; the worker's next message says the same.
    simStore.setState((s) => ({ clock: { ...s.clock, skipQuiet } }));
    client.send({ type: 'setSpeed', speed: simStore.getState().clock.speed, skipQuiet });
  },
  command: (line: string) => {
    const l = line.trim();
    if (!l) return;
    closeWelcome();
    client.send({ type: 'command', line: l });
  },
  /** A kubectl view shown whole (Show all) or in part: the worker sends a long text whole only when asked. */
  showWhole: (line: string, on: boolean) => {
    const s = simStore.getState();
    const wholeViews = on ? [...new Set([...s.wholeViews, line])] : s.wholeViews.filter((l) => l !== line);
    simStore.setState({ wholeViews });
    client.send({ type: 'views', views: openViews() });
  },
  /** Zooms a big cluster's overview into these machines (their cards), or back out (none). */
  focus: (names: string[]) => {
    simStore.setState({ focus: names });
    client.send({ type: 'views', views: openViews() });
  },
  select: (selection: Selection | undefined) => {
    simStore.setState(selection ? { selection } : { selection: undefined, why: undefined });
    client.send({ type: 'views', views: openViews() });
  },
  openMenu: (target: ActionTarget, label: string, x: number, y: number) => {
    const requestId = Date.now() + Math.floor(Math.random() * 1000);
    simStore.setState({ menu: { target, label, x, y, requestId }, menuOptions: undefined });
    client.send({ type: 'actions', requestId, target });
  },
  closeMenu: () => simStore.setState({ menu: undefined, menuOptions: undefined }),
  /**
   * A/B comparison: the run again with `changes` (`nodeMonitorGracePeriod=40s`...), checked here
   * (a lazily loaded chunk with the validator) and played by the worker. A wrong change is named.
   */
  compare: async (changes: string[]): Promise<string | undefined> => {
    // Lazy chunk: only the variant reader and the settings schema, not the whole engine.
    const { parseChange, parseChanges } = await import('../sim/scenario/variant-parse');
    const parsed = [];
    for (const text of changes) {
      const c = parseChange(text);
      if ('error' in c) return c.error;
      parsed.push(c);
    }
    const r = parseChanges(parsed);
    if (!r.ok) return r.message;
    const requestId = Date.now();
    simStore.setState({ compare: { state: 'running', requestId, changes, at: 0, target: 0 } });
    client.send({ type: 'compare', requestId, variant: r.variant, changes });
    return undefined;
  },
  closeComparison: () => simStore.setState({ compare: undefined }),
  dismissBanner: () => simStore.setState({ banner: undefined, engineNotice: undefined }),
  toggleShortcuts: (open?: boolean) => simStore.setState((s) => ({ shortcutsOpen: open ?? !s.shortcutsOpen })),
};

/** Test hook (state/test-hooks.ts, only under `?e2e=1`): makes the worker throw, as an engine bug would. */
export function crashWorkerForTest(): void {
  client.send({ type: 'crash-for-test' });
}

/** Test hook (only under `?e2e=1`): seeks take a pause per simulated second, as a big cluster's replay does. */
export function slowSeeksForTest(): void {
  client.configure({ type: 'slow-seeks-for-test' });
}

/** Test hook (only under `?e2e=1`): makes the worker stop answering, as an endless loop would. */
export function hangWorkerForTest(): void {
  client.send({ type: 'hang-for-test' });
}

connectRunPort({
  load: (text, opts) => void loadRun(text, opts),
  lesson: (msg) => client.send(msg),
  select: (selection) => actions.select(selection),
  compare: (changes) => actions.compare(changes),
});
