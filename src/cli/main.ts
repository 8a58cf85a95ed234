/**
 * Headless runner (DESIGN section 5): `npm run sim -- SCENARIO [--at TIME "COMMAND"]... [--until TIME]
 * [--events] [--trace] [--scoreboard] [--compare KEY=VALUE]... [--json]`. The work is in runCli
 * (testable without a process); this file's entry point only wires it to the real stdout/stderr
 * and exit status.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ExportFile, type ExportKind, exportScenarioFor } from '../export/index';
import {
  applyChanges,
  buildScoreboard,
  createSimulation,
  describeDuration,
  formatSimTime,
  maxOf,
  RunHistory,
  recordRun,
  type Scenario,
  type Scoreboard,
  SimulationStuckError,
  scoreboardDifferences,
} from '../sim/index';
import { BUILTIN_SCENARIOS } from '../sim/scenario/builtins';
import { formatScenarioError } from '../sim/scenario/parse';
import { type CliOptions, parseArgs, USAGE } from './args';
import { exportDirProblem, writeExport } from './export-files';
import { commandHeader, type EventLine, formatEvent, formatTrace, parseEventTrace } from './format';
import { CliProgress, type ProgressLine } from './progress';
import { loadBuiltins, loadScenarioFile, resolveScenarioPath } from './scenario-files';
import { formatComparison, formatScoreboard } from './scoreboard';
import { writeStdout } from './stdout';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /**
   * Raw stdout, no newline added. Given, a command's output is written piece by piece as the
   * engine reads it (streamOutput): `kubectl get pods -A -o yaml` at 150,000 pods is more text
   * than one string holds. Without it, each output is printed in one `stdout` call.
   */
  write?: (text: string) => void;
  /** A terminal's progress line for long runs (progress.ts); absent, none is shown. */
  progress?: ProgressLine;
}

export interface CliOutput {
  at: number;
  time: string;
  command: string;
  ok: boolean;
  output: string;
  /** `timeline` for the scenario's own entries, `at` for --at commands. */
  source: 'timeline' | 'at';
}

/** Exit status for invalid arguments or scenarios. */
export const EXIT_INVALID = 2;
/** Exit status when the engine itself fails. */
export const EXIT_INTERNAL = 1;

/** Run the CLI; returns the exit status. Output goes through `io` line by line. */
export function runCli(argv: readonly string[], io: CliIo): number {
  const parsed = parseArgs(argv);
  if (parsed.kind === 'help') {
    io.stdout(USAGE);
    return 0;
  }
  if (parsed.kind === 'list') {
    const all = loadBuiltins();
    const width = maxOf(BUILTIN_SCENARIOS, (n) => n.length);
    for (const s of all) io.stdout(`${s.metadata.name.padEnd(width)}  ${s.metadata.title}`);
    return 0;
  }
  if (parsed.kind === 'error') {
    io.stderr(`error: ${parsed.message}`);
    io.stderr('Run with --help for usage.');
    return EXIT_INVALID;
  }
  const o = parsed.options;
  const file = resolveScenarioPath(o.scenario);
  if (!file) {
    io.stderr(
      `error: ${JSON.stringify(o.scenario)} is neither a file nor a built-in scenario (${BUILTIN_SCENARIOS.join(', ')})`,
    );
    return EXIT_INVALID;
  }
  const loaded = loadScenarioFile(file);
  if (!loaded.ok) {
    for (const err of loaded.errors) io.stderr(formatScenarioError(err, file));
    return EXIT_INVALID;
  }
  const scenario = loaded.scenario;
  const lastCliAt = maxOf(o.at, (a) => a.at, 0);
  const lastAt = maxOf(scenario.spec.timeline, (t) => t.at, lastCliAt);
  if (o.until !== undefined && o.until < lastCliAt) {
    // Exact to the millisecond, so that the two times differ (formatSimTime rounds to seconds).
    io.stderr(`error: --until ${describeDuration(o.until)} is before the last --at (${describeDuration(lastCliAt)})`);
    return EXIT_INVALID;
  }
  if (o.export) return runExport(scenario, o, o.export, io);
  // B is checked before A runs, so a bad change prints nothing but its error.
  const variant = o.compare.length ? applyChanges(scenario, o.compare) : undefined;
  if (variant && !variant.ok) {
    io.stderr(`error: --compare ${variant.message}`);
    return EXIT_INVALID;
  }
  // A scoreboard measures recovery, which happens after the last command: run to the scenario's end.
  const scored = o.scoreboard || variant !== undefined;
  const until = o.until ?? (scored ? Math.max(lastAt, scenario.spec.duration) : lastAt);
  try {
    // Whether the run printed anything (commands, events, trace), for the blank line after it.
    let printed = false;
    const runIo: CliIo = {
      stdout: (t) => {
        printed = true;
        io.stdout(t);
      },
      stderr: io.stderr,
      ...(io.progress && { progress: io.progress }),
    };
    const write = io.write;
    if (write)
      runIo.write = (t) => {
        printed = true;
        write(t);
      };
    const { doc, scoreboard } = runScenario(scenario, o, until, runIo, scored);
    const compare =
      variant && scoreboard
        ? {
            a: { label: variant.labels.a, scoreboard },
            // Same seed and --at commands, to the same end; played as the app plays a comparison.
            b: { label: variant.labels.b, scoreboard: recordRun(variant.scenario, atCommands(o), until).scoreboard },
          }
        : undefined;
    const differences = compare ? scoreboardDifferences(compare.a.scoreboard, compare.b.scoreboard) : [];
    // A blank line after the run's output, as between commands.
    const gap = printed ? '\n' : '';
    if (o.json) {
      const extra = { ...(scoreboard && { scoreboard }), ...(compare && { compare: { ...compare, differences } }) };
      io.stdout(JSON.stringify({ ...doc, ...extra }, null, 2));
    } else if (compare) {
      io.stdout(`${gap}${formatComparison(compare.a, compare.b, differences).join('\n')}`);
    } else if (scoreboard) {
      io.stdout(
        `${gap}Recovery scoreboard, t=0 to ${formatSimTime(until)}:\n${formatScoreboard(scoreboard).join('\n')}`,
      );
    }
  } catch (err) {
    // The kernel's guard against an endless instant: one sentence, no stack.
    if (err instanceof SimulationStuckError) {
      io.stderr(`error: ${err.message}`);
      return EXIT_INTERNAL;
    }
    // An engine bug, not the user's input: say so plainly, with the stack for the engineers.
    io.stderr(`internal error: the simulation failed: ${(err as Error).stack ?? String(err)}`);
    return EXIT_INTERNAL;
  }
  return 0;
}

/**
 * `--export KIND DIR`: the scenario with the --at commands in its timeline (after the timeline's
 * own entries at the same time, as a run orders them), written for a real tool.
 */
function runExport(scenario: Scenario, o: CliOptions, target: { kind: ExportKind; dir: string }, io: CliIo): number {
  const problem = exportDirProblem(target.dir, o.force);
  if (problem) {
    io.stderr(`error: --export ${problem}`);
    return EXIT_INVALID;
  }
  const timeline = [...scenario.spec.timeline, ...o.at.map((a) => ({ at: a.at, run: a.command }))].sort(
    (a, b) => a.at - b.at,
  );
  const lastAt = maxOf(timeline, (t) => t.at, 0);
  const withAt: Scenario = {
    ...scenario,
    spec: { ...scenario.spec, timeline, duration: Math.max(scenario.spec.duration, lastAt) },
  };
  let files: ExportFile[];
  try {
    files = exportScenarioFor(target.kind, withAt, o.until ?? withAt.spec.duration);
  } catch (err) {
    if (err instanceof SimulationStuckError) {
      io.stderr(`error: ${err.message}`);
      return EXIT_INTERNAL;
    }
    io.stderr(`internal error: the export failed: ${(err as Error).stack ?? String(err)}`);
    return EXIT_INTERNAL;
  }
  let written: string[];
  try {
    written = writeExport(target.dir, files);
  } catch (err) {
    // A file system's refusal (no space, no permission, a name too long) in one line, no stack.
    io.stderr(`error: --export could not write to ${target.dir}: ${(err as Error).message}`);
    return EXIT_INVALID;
  }
  io.stdout(`Wrote the ${target.kind} export of ${scenario.metadata.name} to ${target.dir}:`);
  for (const path of written) io.stdout(`  ${path}`);
  const readme = written.find((p) => p.endsWith('README.md'));
  if (readme) io.stdout(`See ${readme}.`);
  return 0;
}

/** The --at commands as a recorded run takes them. */
function atCommands(o: CliOptions) {
  return o.at.map((a) => ({ at: a.at, line: a.command }));
}

/**
 * Plays the scenario, printing each command's output as it runs (unless --json). Returns the JSON
 * document without the scoreboard parts, and the scoreboard when one was asked for.
 */
function runScenario(
  scenario: Scenario,
  o: CliOptions,
  until: number,
  io: CliIo,
  record: boolean,
): { doc: Record<string, unknown>; scoreboard: Scoreboard | undefined } {
  // The timeline is run here rather than by Simulation.advanceTo so that its commands' output can
  // be printed; the order is the same (timeline entries before --at ones at the same time).
  const timeline = scenario.spec.timeline;
  // A terminal sees how far a long run got (the wall clock is the CLI's, never the engine's).
  const progress = io.progress && new CliProgress(io.progress, () => performance.now(), until);
  const onBoot = progress && ((now: number) => progress.at(now));
  const sim = createSimulation({ ...scenario, spec: { ...scenario.spec, timeline: [] } }, onBoot ? { onBoot } : {});
  if (progress) sim.whenBusy(() => progress.at(sim.now));
  // Output clears the progress line first, so the two never share a line.
  const stdout = (text: string) => {
    progress?.done();
    io.stdout(text);
  };
  // Observers only (not traced): recording does not change the run or its trace hash.
  const history = record ? new RunHistory(sim) : undefined;
  const outputs: CliOutput[] = [];
  const events: EventLine[] = [];
  let printed = 0;
  const block = (lines: string) => {
    if (!o.json) stdout(lines);
  };
  sim.engine.traceListeners.push((line) => {
    if (o.trace && !o.json) {
      stdout(formatTrace(line));
      return;
    }
    if (!o.events) return;
    const ev = parseEventTrace(line);
    if (!ev) return;
    if (o.json) events.push(ev);
    else stdout(formatEvent(ev));
  });
  const queue = [
    ...timeline.map((t) => ({ at: t.at, command: t.run, source: 'timeline' as const })),
    ...o.at.map((a) => ({ ...a, source: 'at' as const })),
  ];
  // Stable sort: timeline entries first at equal times, each group in its own order.
  queue.sort((a, b) => a.at - b.at);
  for (const q of queue) {
    if (q.at > until) break;
    sim.advanceTo(q.at);
    const raw = io.write;
    // Output clears the progress line first (as stdout does).
    const write =
      raw &&
      ((t: string) => {
        progress?.done();
        raw(t);
      });
    if (write && !o.json) {
      // The header, then the output as it is read (the same text as the block below).
      write(`${printed++ > 0 ? '\n' : ''}${commandHeader(q.at, q.command)}`);
      sim.run(q.command, { collect: (pieces) => streamOutput(pieces, write) });
      write('\n');
      continue;
    }
    const r = sim.run(q.command);
    outputs.push({
      at: q.at,
      time: formatSimTime(q.at),
      command: q.command,
      ok: r.ok,
      output: r.output,
      source: q.source,
    });
    const out = r.output.replace(/\n+$/, '');
    block(`${printed++ > 0 ? '\n' : ''}${commandHeader(q.at, q.command)}${out ? `\n${out}` : ''}`);
  }
  sim.advanceTo(until);
  progress?.done();
  if (progress) sim.whenBusy(undefined);
  const doc: Record<string, unknown> = {
    scenario: scenario.metadata.name,
    seed: scenario.spec.seed,
    profile: scenario.spec.profile,
    outputs,
    until,
    traceHash: sim.traceHash(),
  };
  if (o.events) doc.events = events;
  return { doc, scoreboard: history && buildScoreboard(history, sim.chapters(), until) };
}

/**
 * Writes an output's pieces as they come, as `\n${output without its final newlines}` would be
 * written (nothing for an empty output), and returns '' (nothing is kept). Newlines at the end of
 * a piece wait for the next piece with text, so the output's final ones are dropped.
 */
function streamOutput(pieces: Iterable<string>, write: (text: string) => void): string {
  let started = false;
  let newlines = '';
  for (const p of pieces) {
    let end = p.length;
    while (end > 0 && p.charCodeAt(end - 1) === 10) end--;
    if (end === 0) {
      newlines += p;
      continue;
    }
    write(`${started ? '' : '\n'}${newlines}${end === p.length ? p : p.slice(0, end)}`);
    started = true;
    newlines = p.slice(end);
  }
  return '';
}

function isMain(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && fileURLToPath(import.meta.url) === resolve(entry);
}

if (isMain()) {
  const code = runCli(process.argv.slice(2), {
    // Synchronous: hundreds of MB of output must not queue up in memory (stdout.ts).
    stdout: (t) => writeStdout(`${t}\n`),
    stderr: (t) => process.stderr.write(`${t}\n`),
    write: writeStdout,
    // Only on a terminal: `\r` rewrites the line, ESC[K clears what is left of the previous one.
    ...(process.stderr.isTTY && { progress: (t) => process.stderr.write(`\r${t ?? ''}\x1b[K`) }),
  });
  process.exitCode = code;
}
