/**
 * Wires the worker client to the store and gives the UI its verbs (play, pause, step, seek,
 * command, menus, selection). The UI calls these; it never talks to the worker directly.
 */
import type { ActionTarget } from '../sim';
import { SimClient } from '../worker/client';
import type { OpenViews } from '../worker/protocol';
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
  onMessage: applyWorkerMessage,
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
    };
  },
});

let scenarioText = '';

/** Where built-in scenarios live, relative to the page (works from any base path). */
export function scenarioUrl(name: string): string {
  return new URL(`scenarios/${encodeURIComponent(name)}.yaml`, document.baseURI).href;
}

export async function loadBuiltIn(name: string): Promise<void> {
  simStore.setState({ phase: 'loading' });
  try {
    const res = await fetch(scenarioUrl(name));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    loadScenarioText(await res.text());
  } catch (err) {
    simStore.setState({
      phase: 'invalid',
      banner: `Could not load the scenario "${name}" (${err instanceof Error ? err.message : String(err)}).`,
    });
  }
}

export function loadScenarioText(text: string): void {
  scenarioText = text;
  client.load(scenarioText, [], openViews());
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
