/**
 * A shared run: the inputs that reproduce a simulation exactly (DESIGN section 6). Never the
 * state: the state is derived by replaying these inputs with the same engine.
 *
 * This file holds the run's shape, the limits, and the domain checks every decoded (or stored, or
 * about-to-be-encoded) run must pass. Messages are plain English sentences that name the problem.
 */
// The engine's limit table is dependency-free: importing it does not pull the engine into the
// main bundle (the rest of the engine is reached through src/sim/index.ts only).
import { DOMAIN_LIMITS, describeDuration, groupDigits as limitsGroupDigits } from '../sim/core/limits';
import { inspectInlineScenario } from './inline';
import { MAX_LINK_CHARS } from './link-length';

/** One command the user (or the scenario's timeline) ran, at simulated time `at` (ms). */
export interface SharedCommand {
  at: number;
  line: string;
}

/** Which scenario the run starts from: a built-in by name, or the whole scenario text. */
export type SharedScenario = { builtin: string } | { inline: string };

/** The inputs of a run, as the app hands them to encodeLink and gets them back from decodeLink. */
export interface ShareRun {
  /** Link format version. decodeLink always returns the current one (LINK_FORMAT), after migration. */
  v: number;
  /** Engine version that made the run (a replay with another engine may differ). */
  engine: string;
  scenario: SharedScenario;
  /** Overrides the scenario's seed. */
  seed?: number;
  /** Command log, in the order the commands ran; times are non-decreasing. */
  commands: SharedCommand[];
  /** Simulated time the sharer was at (ms). */
  t: number;
  /** The open view's id. */
  view?: string;
  /** The lesson step the link points to (DESIGN section 7: "links to a step"). */
  step?: string;
  /** The main panel shows the space-time chart. */
  stage?: 'chart';
  /** A comparison with these changes (`nodeMonitorGracePeriod=40s`), checked when it runs. */
  compare?: string[];
}

/** Current link format. */
export const LINK_FORMAT = 4;
/** Oldest link format this version still reads. */
export const OLDEST_LINK_FORMAT = 1;

/** The link's own limits, and the engine's domain limits (one table, core/limits.ts). */
export const LIMITS = {
  /** Longest hash accepted, checked before anything is decoded (engineering.md 5.2; link-length.ts). */
  maxLinkChars: MAX_LINK_CHARS,
  /** Most bytes a link may decompress to (zip-bomb guard). */
  maxInflatedBytes: 256 * 1024,
  maxNodes: DOMAIN_LIMITS.maxNodes,
  maxPods: DOMAIN_LIMITS.maxPods,
  maxCommands: DOMAIN_LIMITS.maxCommands,
  maxCommandChars: DOMAIN_LIMITS.maxCommandChars,
  /** Latest simulated time a link may point at: 24 h. */
  maxTime: DOMAIN_LIMITS.maxTime,
  maxSeed: DOMAIN_LIMITS.maxSeed,
  /** Engine version, view and step ids are short tokens. */
  maxTokenChars: 64,
  /** A comparison's changes: how many, and how long each `KEY=VALUE`. */
  maxCompareChanges: DOMAIN_LIMITS.maxCompareChanges,
  maxCompareChars: DOMAIN_LIMITS.maxCompareChars,
} as const;

/** What the caller tells the decoder about the app it runs in. */
export interface RunCheckOptions {
  /** Names of the built-in scenarios this app ships; a link naming anything else is refused. */
  builtins: readonly string[];
}

/** 9214 -> "9,214" (fixed, locale-independent, so messages are the same everywhere). */
export const groupDigits = limitsGroupDigits;

/** Simulated time for messages, as scenarios write durations: `2m10s`, `1h`, `250ms`, `1m500ms`. */
export const describeTime = describeDuration;

// Printable tokens: no spaces, no control characters; enough for versions like "0.4.1-dev" and
// view ids like "kubectl:get-nodes".
const TOKEN = /^[A-Za-z0-9._:/+-]+$/;
// C0 controls other than tab, newline and carriage return (multi-line `apply -f -` needs those).
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A comparison change as links carry it: `key=value`, a setting name and a value without spaces. */
const COMPARE_CHANGE = /^[A-Za-z][A-Za-z0-9]*=[A-Za-z0-9.:+-]+$/;

function checkToken(value: string | undefined, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (value.length === 0 || value.length > LIMITS.maxTokenChars || !TOKEN.test(value))
    return `The link's ${what} is not valid (it must be 1–${LIMITS.maxTokenChars} letters, digits or . _ : / + -).`;
  return undefined;
}

function isMs(n: number): boolean {
  return Number.isSafeInteger(n);
}

/**
 * Domain checks on a run in the current shape. Returns the first problem as a sentence, or
 * undefined if the run is acceptable. Never throws.
 */
export function checkRun(run: ShareRun, opts: RunCheckOptions): string | undefined {
  const tokenProblem =
    checkToken(run.engine, 'engine version') ?? checkToken(run.view, 'view') ?? checkToken(run.step, 'lesson step');
  if (tokenProblem) return tokenProblem;
  if (!isMs(run.t) || run.t < 0)
    return `The link's current time (${run.t}) is not a whole, non-negative number of milliseconds.`;
  if (run.t > LIMITS.maxTime)
    return `The link's current time (${describeTime(run.t)}) is past the ${describeTime(LIMITS.maxTime)} limit of a simulation.`;
  if (run.seed !== undefined && (!Number.isInteger(run.seed) || run.seed < 0 || run.seed > LIMITS.maxSeed))
    return `The link's seed (${run.seed}) is not a whole number between 0 and ${groupDigits(LIMITS.maxSeed)}.`;
  const changes = run.compare ?? [];
  if (run.compare !== undefined && changes.length === 0) return "The link's comparison has no change.";
  if (changes.length > LIMITS.maxCompareChanges)
    return `The link's comparison has too many changes (${changes.length}; the limit is ${LIMITS.maxCompareChanges}).`;
  for (const [i, c] of changes.entries()) {
    if (c.length > LIMITS.maxCompareChars)
      return `The link's comparison change #${i + 1} ("${clip(c)}") is too long (${groupDigits(c.length)} characters; the limit is ${LIMITS.maxCompareChars}).`;
    if (!COMPARE_CHANGE.test(c)) return `The link's comparison change #${i + 1} ("${clip(c)}") is not KEY=VALUE.`;
  }
  const cmds = run.commands;
  if (cmds.length > LIMITS.maxCommands)
    return `The link has too many commands (${groupDigits(cmds.length)}; the limit is ${groupDigits(LIMITS.maxCommands)}).`;
  let prev = 0;
  for (let i = 0; i < cmds.length; i++) {
    const c = cmds[i] as SharedCommand;
    const n = i + 1;
    if (!isMs(c.at) || c.at < 0)
      return `The link's command #${n} has a time (${c.at}) that is not a whole, non-negative number of milliseconds.`;
    if (c.at < prev) return `The link's command #${n} has a time before command #${n - 1}.`;
    if (c.at > run.t)
      return `The link's command #${n} is at ${describeTime(c.at)}, after the link's current time (${describeTime(run.t)}).`;
    prev = c.at;
    if (c.line.trim() === '') return `The link's command #${n} is empty.`;
    if (c.line.length > LIMITS.maxCommandChars)
      return `The link's command #${n} is too long (${groupDigits(c.line.length)} characters; the limit is ${groupDigits(LIMITS.maxCommandChars)}).`;
    if (CONTROL.test(c.line)) return `The link's command #${n} contains control characters.`;
  }
  const sc = run.scenario;
  if ('builtin' in sc) {
    if (!opts.builtins.includes(sc.builtin))
      return `The link names a built-in scenario this version does not have ("${clip(sc.builtin)}").`;
    return undefined;
  }
  const size = inspectInlineScenario(sc.inline);
  if (typeof size === 'string') return size;
  if (size.nodes > LIMITS.maxNodes)
    return `The link's scenario has too many nodes (${groupDigits(size.nodes)}; the limit is ${groupDigits(LIMITS.maxNodes)}).`;
  if (size.pods > LIMITS.maxPods)
    return `The link's scenario has too many pods (${Number.isFinite(size.pods) ? groupDigits(size.pods) : 'a number too large to represent'}; the limit is ${groupDigits(LIMITS.maxPods)}).`;
  if (size.timeline + cmds.length > LIMITS.maxCommands)
    return `The link has too many commands (${groupDigits(size.timeline + cmds.length)} with the scenario's timeline; the limit is ${groupDigits(LIMITS.maxCommands)}).`;
  return undefined;
}

/** Shortens hostile text before it is quoted in a message. */
export function clip(text: string, max = 40): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
