/**
 * Starting over: `Reset` (the same scenario from t=0, without the user's commands) and opening
 * another scenario from the gallery. Both drop the user's commands, so they ask first when there
 * are some (a pending confirmation the UI shows as a dialog).
 */
import { createStore } from 'zustand/vanilla';
import { BUILTIN_SCENARIOS } from '../sim/scenario/builtins';
import { shareStore } from './share';
import { loadBuiltinRun, loadInlineRun } from './share-actions';
import { simStore } from './store';

export type Confirm = { kind: 'reset'; commands: number } | { kind: 'open'; name: string; commands: number };

export const confirmStore = createStore<{ pending?: Confirm }>(() => ({}));

/** The user's own commands in this run (typed, clicked, or carried by the link it was opened from). */
function userCommands(): number {
  return simStore.getState().run.filter((e) => e.kind === 'command' && e.by === 'you').length;
}

/** Shows `?scenario=NAME` for a built-in (no hash: the run is new), so the address names what runs. */
function showScenarioInUrl(name: string | undefined): void {
  const u = new URL(location.href);
  if (name) u.searchParams.set('scenario', name);
  else u.searchParams.delete('scenario');
  u.hash = '';
  history.replaceState(history.state, '', u.href);
}

async function doReset(): Promise<void> {
  const source = shareStore.getState().source;
  if (!source) return;
  if ('builtin' in source) {
    showScenarioInUrl(source.builtin);
    await loadBuiltinRun(source.builtin);
  } else {
    showScenarioInUrl(undefined);
    loadInlineRun(source.inline);
  }
}

async function doOpen(name: string): Promise<void> {
  if (!(BUILTIN_SCENARIOS as readonly string[]).includes(name)) return;
  showScenarioInUrl(name);
  await loadBuiltinRun(name);
}

/** Back to t=0 of this scenario with none of the user's commands; asks first when there are some. */
export function resetRun(confirmed = false): void {
  const n = userCommands();
  if (n > 0 && !confirmed) {
    confirmStore.setState({ pending: { kind: 'reset', commands: n } });
    return;
  }
  confirmStore.setState({ pending: undefined });
  void doReset();
}

/** Opens a built-in scenario from its start (also the one already open); asks first when commands would be lost. */
export function openScenario(name: string, confirmed = false): void {
  const n = userCommands();
  if (n > 0 && !confirmed) {
    confirmStore.setState({ pending: { kind: 'open', name, commands: n } });
    return;
  }
  confirmStore.setState({ pending: undefined });
  void doOpen(name);
}

export function confirmPending(): void {
  const p = confirmStore.getState().pending;
  if (!p) return;
  if (p.kind === 'reset') resetRun(true);
  else openScenario(p.name, true);
}

export function cancelPending(): void {
  confirmStore.setState({ pending: undefined });
}
