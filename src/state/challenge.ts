/**
 * Challenge mode's verbs (a chunk of its own): start an attempt (a new hidden time and machine,
 * the challenge's scenario loaded as the run), name a fault, notice a fix, leave. While an
 * attempt is unsolved the graph wears the kubectl lens (lens.ts), the camera does not follow the
 * story (its chapters would point at the fault), and the action menus stay shut. Solved: the
 * lens goes, the fault's machine (or the pod left Pending) is selected so Why? shows the chain.
 */
import { actions } from './bridge';
import { challengeStore } from './challenge-store';
import {
  CHALLENGES,
  type ClusterTruth,
  challengeScenario,
  checkFixed,
  type FaultKind,
  guessFault,
  hideFault,
  startSession,
} from './challenges';
import { lensStore } from './lens';
import { setPresent, settingsStore } from './settings';
import { loadInlineRun } from './share-actions';
import { type SimState, simStore } from './store';

/** The engine's view as the checks read it (the store keeps the whole truth; the lens is the graph's). */
export function truthOf(s: SimState): ClusterTruth {
  return {
    nodes: s.nodes,
    schedulerRunning: s.rest.controlPlane?.components.find((c) => c.name === 'kube-scheduler')?.running === true,
  };
}

/** Commands the learner typed in this attempt. */
export function learnerCommands(s: SimState): number {
  return s.run.filter((e) => e.kind === 'command' && e.by === 'you').length;
}

/** The camera's setting before the attempt, given back after it. */
let followBefore: boolean | undefined;

function hide(on: boolean): void {
  lensStore.setState({ apiOnly: on });
  if (on) {
    followBefore ??= settingsStore.getState().follow;
    settingsStore.setState({ follow: false });
  } else if (followBefore !== undefined) {
    settingsStore.setState({ follow: followBefore });
    followBefore = undefined;
  }
}

let unwatch: (() => void) | undefined;

function onSolved(): void {
  const s = challengeStore.getState().session;
  if (!s?.solved) return;
  hide(false);
  actions.pause();
  const sim = simStore.getState();
  if (s.fault.kind !== 'scheduler-stopped' && sim.nodes[s.fault.node])
    actions.select({ kind: 'node', name: s.fault.node });
  else {
    const pending = Object.values(sim.pods).find((p) => p.status === 'Pending' && p.inApi);
    if (pending) actions.select({ kind: 'pod', key: pending.key, namespace: pending.namespace, name: pending.name });
  }
}

/** Notices a fix: after each change the engine sends, is the hidden fault gone? */
function watchForFix(): void {
  unwatch?.();
  // Only the challenge's own run counts: the run shown before it is still in the store until it loads.
  let loaded = false;
  unwatch = simStore.subscribe((s, prev) => {
    if (s.phase !== 'ready') loaded = true;
    const session = challengeStore.getState().session;
    if (!session || session.solved || s.phase !== 'ready' || !loaded) return;
    if (s.nodes === prev.nodes && s.rest === prev.rest && s.clock.now === prev.clock.now) return;
    const next = checkFixed(session, truthOf(s), s.clock.now, learnerCommands(s));
    if (next === session) return;
    challengeStore.setState({ session: next, lastWrong: undefined });
    onSolved();
  });
}

/** `?challenge=N` in the address while an attempt is on: a reload starts a new attempt, not the run with its fault shown. */
function challengeInAddress(n: number | undefined): void {
  if (typeof history === 'undefined') return;
  const u = new URL(location.href);
  if (n === undefined) u.searchParams.delete('challenge');
  else u.searchParams.set('challenge', String(n));
  if (u.href !== location.href) history.replaceState(history.state, '', u.href);
}

/** Starts challenge `n` (1-based) with a new hidden time and machine. */
export function startChallenge(n: number): void {
  const c = CHALLENGES[n - 1];
  if (!c) return;
  const fault = hideFault(c.kind, Math.random);
  hide(true);
  challengeStore.setState({ session: startSession(c, fault), lastWrong: undefined });
  settingsStore.setState({ gallery: 'closed', stage: 'cluster' });
  setPresent(false);
  challengeInAddress(n);
  watchForFix();
  loadInlineRun(challengeScenario(c, fault));
}

/** The learner names a fault: checked against what the simulation has now. */
export function answer(guess: FaultKind): void {
  const session = challengeStore.getState().session;
  if (!session || session.solved) return;
  const s = simStore.getState();
  const next = guessFault(session, truthOf(s), guess, s.clock.now, learnerCommands(s));
  challengeStore.setState({ session: next, lastWrong: next.solved ? undefined : guess });
  if (next.solved) onSolved();
}

/** Leaves challenge mode (the run stays, now with everything shown). */
export function leaveChallenge(): void {
  unwatch?.();
  unwatch = undefined;
  hide(false);
  challengeInAddress(undefined);
  challengeStore.setState({ session: undefined, lastWrong: undefined });
}
