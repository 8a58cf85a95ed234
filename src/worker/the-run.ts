/**
 * The run as the terminal lists it: the scenario's timeline commands and the user's commands,
 * each at its time and with what it printed when it last ran, plus notes (a fork, a restart).
 * Entries after the clock are the future (still to come, or "will replay" after a rewind); the UI
 * greys them. Outputs are kept once per entry and bounded, never copied into checkpoints.
 */
import { formatSimTime, type TimelineEntry } from '../sim/runtime';
import type { LoggedCommand, RunEntry } from './protocol';

/** A long output (3,000 pods) is kept as its first lines; the kubectl views show the whole of it. */
export const OUTPUT_MAX_LINES = 200;
const OUTPUT_MAX_CHARS = 40_000;

/** What the terminal keeps of an output: its first 200 lines (at most 40,000 characters), and how many more there were. */
export function boundOutput(text: string): string {
  let cut = text.length > OUTPUT_MAX_CHARS ? text.slice(0, OUTPUT_MAX_CHARS) : text;
  let lines = cut.split('\n');
  if (lines.length <= OUTPUT_MAX_LINES && cut.length === text.length) return text;
  const total = text.split('\n').length;
  lines = lines.slice(0, OUTPUT_MAX_LINES);
  cut = lines.join('\n');
  return `${cut}\n… ${(total - lines.length).toLocaleString('en-US')} more lines not shown here`;
}

/**
 * boundOutput of the text the pieces make (a command's output as the engine reads it, see
 * `Simulation.collectOutput`), without ever holding the whole text: a listing of 150,000 pods is
 * hundreds of MB. Only the first 40,000 characters are kept, and the lines are counted. `alive`
 * is called after every piece: a long listing tells the page's watchdog the worker is working.
 */
export function boundPieces(pieces: Iterable<string>, alive?: () => void): string {
  const head: string[] = [];
  let length = 0;
  let newlines = 0;
  for (const p of pieces) {
    if (length < OUTPUT_MAX_CHARS)
      head.push(length + p.length > OUTPUT_MAX_CHARS ? p.slice(0, OUTPUT_MAX_CHARS - length) : p);
    for (let i = p.indexOf('\n'); i >= 0; i = p.indexOf('\n', i + 1)) newlines++;
    length += p.length;
    alive?.();
  }
  const kept = head.join('');
  // Short enough to be held whole: the same text boundOutput is given.
  if (length <= OUTPUT_MAX_CHARS) return boundOutput(kept);
  const lines = kept.split('\n').slice(0, OUTPUT_MAX_LINES);
  return `${lines.join('\n')}\n… ${(newlines + 1 - lines.length).toLocaleString('en-US')} more lines not shown here`;
}

/** The user's command as the runner keeps it: with the id of its entry in the run. */
export interface UserCommand extends LoggedCommand {
  id: number;
}

export class RunRecord {
  private readonly entries = new Map<number, RunEntry>();
  private nextId = 1;
  private readonly changed = new Set<number>();
  private removed: number[] = [];
  /** Ids of the scenario's timeline entries, in timeline order. */
  private readonly scenarioIds: number[] = [];

  constructor(timeline: readonly (TimelineEntry & { by?: 'you' })[]) {
    for (const t of timeline) {
      const id = this.add({ at: t.at, kind: 'command', by: t.by === 'you' ? 'you' : 'scenario', text: t.run });
      this.scenarioIds.push(id);
    }
  }

  private add(e: Omit<RunEntry, 'id'>): number {
    const id = this.nextId++;
    this.entries.set(id, { id, ...e });
    this.changed.add(id);
    return id;
  }

  /** A command run now by the user (or by a lesson step: the scenario's); returns its entry id. */
  addUser(at: number, line: string, by: 'scenario' | 'you' | undefined = 'you'): number {
    return this.add({ at, kind: 'command', by, text: line });
  }

  info(at: number, text: string): void {
    this.add({ at, kind: 'info', text });
  }

  /**
   * Records what a command printed (and its canonical form) when it ran; `running`: it goes on
   * running at the clock (its output grows, see SimRunner.syncRunning). `output` is as the
   * terminal keeps it, already bounded (boundOutput, boundPieces): a listing too long for one
   * string never reaches here whole.
   */
  ran(id: number, canonical: string, output: string, ok: boolean, running = false): void {
    const e = this.entries.get(id);
    if (!e) return;
    const out = output;
    if (e.text === (canonical || e.text) && e.output === out && e.ok === ok && (e.running === true) === running) return;
    const { running: _r, ...rest } = e;
    this.entries.set(id, {
      ...rest,
      text: canonical || e.text,
      output: out,
      ok,
      ...(running ? { running: true } : {}),
    });
    this.changed.add(id);
  }

  /** The entry id of the scenario's timeline entry number `index`. */
  scenarioEntry(index: number): number | undefined {
    return this.scenarioIds[index];
  }

  /**
   * A fork at `t`: the user's entries after it are gone (`dropped`), notes after it too, and the
   * scenario's later entries lose the outputs of the old future (they will run again).
   */
  fork(t: number, dropped: readonly number[]): void {
    const gone = new Set(dropped);
    for (const [id, e] of this.entries) {
      if (e.at <= t) continue;
      if (gone.has(id) || e.kind === 'info') {
        this.entries.delete(id);
        this.changed.delete(id);
        this.removed.push(id);
      } else if (e.output !== undefined) {
        const { output: _o, ok: _k, ...rest } = e;
        this.entries.set(id, rest);
        this.changed.add(id);
      }
    }
  }

  /** Every entry, in time order (ties: in the order they were added). */
  list(): RunEntry[] {
    return [...this.entries.values()].sort((a, b) => a.at - b.at || a.id - b.id);
  }

  /** What changed since the last call: new or changed entries, and removed ids. */
  takeChanges(): { upserts: RunEntry[]; removed: number[] } | undefined {
    if (!this.changed.size && !this.removed.length) return undefined;
    const upserts = [...this.changed].flatMap((id) => {
      const e = this.entries.get(id);
      return e ? [e] : [];
    });
    const removed = this.removed;
    this.changed.clear();
    this.removed = [];
    return { upserts, removed };
  }

  /** Forget pending changes (a snapshot carries the whole list). */
  markSent(): void {
    this.changed.clear();
    this.removed = [];
  }

  /**
   * After a crash the UI hands back the entries it showed; they replace the fresh record's, with
   * new ids above theirs. The commands map onto the replayed ones by time and text.
   */
  adopt(shown: readonly RunEntry[], user: UserCommand[]): void {
    // The timeline's entries were numbered first, in timeline order, by both runners: their ids
    // (scenarioIds) are the same here and in what the page shows.
    this.entries.clear();
    for (const e of shown) {
      this.entries.set(e.id, e);
      this.nextId = Math.max(this.nextId, e.id + 1);
    }
    const timeline = new Set(this.scenarioIds);
    const free = shown.filter((e) => e.kind === 'command' && e.by === 'you' && !timeline.has(e.id));
    for (const c of user) {
      const i = free.findIndex((e) => e.at === c.at && e.text === c.line);
      if (i >= 0) {
        c.id = (free[i] as RunEntry).id;
        free.splice(i, 1);
      } else c.id = this.addUser(c.at, c.line);
    }
    this.markSent();
  }
}

/** The terminal's note when acting in the past: the new future, and the commands it dropped. */
export function forkMessage(at: number, dropped: readonly LoggedCommand[]): string {
  const head = `Forked a new future at ${formatSimTime(at)}`;
  if (!dropped.length) return `${head}: what happened after ${formatSimTime(at)} was dropped.`;
  const list = dropped.map((c) => `${c.line} (at ${formatSimTime(c.at)})`).join('; ');
  return `${head}: ${dropped.length === 1 ? '1 later command was' : `${dropped.length} later commands were`} dropped: ${list}.`;
}
