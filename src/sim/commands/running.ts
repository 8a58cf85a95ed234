/**
 * Commands that run over simulated time: `kubectl drain` waits until the pods it evicted are gone
 * (api/drain.ts). A running command lives in the state (`state.running`), so snapshots, restores
 * and replays carry it; its output grows as it goes, and each addition is traced (the trace hash
 * covers it, `step()` stops at it). `^C` interrupts the newest one still running: kubectl drain
 * installs no signal handler, so the process just ends and prints nothing more.
 *
 * Public shape (Simulation.runningCommands): `{ id, line, startedAt, output, done?: { at, ok } }`.
 */
import { type DrainStep, pollDrain } from '../api/drain';
import type { Engine, SimModule } from '../core/engine';
import type { CommandBy, RunningCommandState } from '../core/state';

/** What the app sees of a running (or finished) command. */
export interface RunningCommand {
  id: number;
  line: string;
  startedAt: number;
  output: string;
  done?: { at: number; ok: boolean };
}

const POLL = 'kubectl.wait';

function list(e: Engine): RunningCommandState[] {
  e.state.running ??= [];
  return e.state.running;
}

function find(e: Engine, id: number): RunningCommandState | undefined {
  return e.state.running?.find((r) => r.id === id);
}

/** Add lines to a command's output, traced (so replays and the hash see them). */
function append(e: Engine, r: RunningCommandState, lines: readonly string[]): void {
  if (lines.length === 0) return;
  const text = lines.join('\n');
  r.output = r.output ? `${r.output}\n${text}` : text;
  for (const l of text.split('\n')) e.trace(`command ${r.id} printed: ${l}`);
}

function finish(e: Engine, r: RunningCommandState, ok: boolean): void {
  r.done = { at: e.now, ok };
  r.gen++;
  delete r.drain;
  e.trace(`command ${r.id} ${ok ? 'done' : 'failed'}`);
}

/**
 * Keep a drain running: its output so far, what it waits for and its next check. Returns the id
 * the command result carries (`running: { id }`).
 */
export function startRunning(
  e: Engine,
  line: string,
  by: CommandBy,
  output: string,
  step: Required<Pick<DrainStep, 'wait' | 'next'>>,
): number {
  const all = list(e);
  const id = (e.state.runningSeq ?? 0) + 1;
  e.state.runningSeq = id;
  const r: RunningCommandState = { id, line, startedAt: e.now, output, by, drain: step.wait, gen: 0 };
  all.push(r);
  e.trace(`command ${id} running: ${line.split('\n')[0]}`);
  e.schedule(step.next - e.now, POLL, String(id), r.gen);
  return id;
}

/** `^C`: interrupt the newest command still running. Refused (a sentence) when none runs. */
export function interruptNewest(e: Engine): { ok: boolean; output: string; running?: { id: number } } {
  const all = e.state.running ?? [];
  for (let i = all.length - 1; i >= 0; i--) {
    const r = all[i] as RunningCommandState;
    if (r.done) continue;
    finish(e, r, false);
    e.trace(`command ${r.id} interrupted`);
    return { ok: true, output: '' };
  }
  return {
    ok: false,
    output: '^C: no command is running (kubectl drain runs until its pods are gone; nothing else runs on)',
  };
}

/** Every command that went on running, oldest first, as copies. */
export function runningCommands(e: Engine): RunningCommand[] {
  return (e.state.running ?? []).map((r) => {
    const c: RunningCommand = { id: r.id, line: r.line, startedAt: r.startedAt, output: r.output };
    if (r.done) c.done = { ...r.done };
    return c;
  });
}

function poll(e: Engine, id: number, gen: number): void {
  const r = find(e, id);
  if (!r || r.done || r.gen !== gen || !r.drain) return;
  const step = pollDrain(e, r.drain);
  append(e, r, step.lines);
  if (step.wait && step.next !== undefined) {
    r.drain = step.wait;
    e.schedule(step.next - e.now, POLL, String(id), r.gen);
  } else finish(e, r, step.ok);
}

/** The module whose timer drives running commands (kubectl's one-second polls). */
export const runningCommandsModule: SimModule = {
  name: 'running-commands',
  timers: { [POLL]: (e, t) => poll(e, Number(t.target), t.gen) },
};
