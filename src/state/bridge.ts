/**
 * Wires the worker client to the store and gives the UI its verbs (play, pause, step, seek,
 * command, menus, selection). The UI calls these; it never talks to the worker directly.
 */
import type { ActionTarget } from '../sim';
import { type LoadExtra, SimClient } from '../worker/client';
import type { OpenViews } from '../worker/protocol';
import { activeStepId, lessonStore } from './lesson';
import { connectRunPort, type LoadOptions } from './run-port';
import { applyRunInfo } from './share';
import { applyWorkerMessage, type Selection, simStore } from './store';

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

export function openViews(): OpenViews {
  const s = simStore.getState();
  const kubectl: string[] = [...FIXED_VIEWS, EVENTS_VIEW];
  const node = selectedNode(s.selection);
  const views: OpenViews = { kubectl };
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
  onCrash: (message) =>
    simStore.setState({
      banner: `The simulation stopped unexpectedly (${message}). It was restarted from your scenario and commands; nothing was lost.`,
    }),
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
      resume: { terminal: s.terminal, markers: s.markers, reached: s.clock.reached },
    };
  },
});

let scenarioText = '';

/**
 * Scenario text from a source we do not control (an imported file, a link, the builder) is parsed
 * and validated here, in a chunk loaded on first use, and reaches the worker normalised. The
 * worker trusts only that form, which keeps the parser and the validator out of its bundle.
 */
export async function scenarioJson(text: string): Promise<string> {
  const { parseScenario } = await import('../sim/scenario/parse');
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; '));
  return JSON.stringify({ normalised: r.scenario });
}

/** Loads a run for sharing, import, the builder and lessons (state/run-port.ts). */
async function loadRun(text: string, opts: LoadOptions): Promise<void> {
  simStore.setState({ phase: 'loading' });
  try {
    scenarioText = opts.builtin ? text : await scenarioJson(text);
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

export const actions = {
  play: () => client.send({ type: 'play' }),
  pause: () => client.send({ type: 'pause' }),
  togglePlay: () => (simStore.getState().clock.playing ? actions.pause() : actions.play()),
  step: () => client.send({ type: 'step' }),
  seek: (t: number) => client.send({ type: 'seek', t }),
  setSpeed: (speed: number) => client.send({ type: 'setSpeed', speed }),
  setSkipQuiet: (skipQuiet: boolean) =>
    client.send({ type: 'setSpeed', speed: simStore.getState().clock.speed, skipQuiet }),
  command: (line: string) => {
    const l = line.trim();
    if (l) client.send({ type: 'command', line: l });
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
  dismissBanner: () => simStore.setState({ banner: undefined }),
  toggleShortcuts: (open?: boolean) => simStore.setState((s) => ({ shortcutsOpen: open ?? !s.shortcutsOpen })),
};

/** Test hook (state/test-hooks.ts, only under `?e2e=1`): makes the worker throw, as an engine bug would. */
export function crashWorkerForTest(): void {
  client.send({ type: 'crash-for-test' });
}

connectRunPort({
  load: (text, opts) => void loadRun(text, opts),
  lesson: (msg) => client.send(msg),
  select: (selection) => actions.select(selection),
});
