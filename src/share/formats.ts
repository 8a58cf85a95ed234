/**
 * The link formats, their schemas (valibot), and the migrations between them. Each released
 * format keeps its schema and a pure migration to the next one, so that every link ever shared
 * keeps opening (tldraw-style migration sequences, engineering.md 5.5). Frozen fixture links of
 * every format live in link.test.ts.
 *
 * Format 1 (older, plainer): `s=1.<base64url(JSON)>`, no compression, long keys, absolute times:
 *   {engineVersion, scenario: {builtin} | {inline}, seed?, commands: [{at, line}], time, view?}
 * Format 2: `s=2.<base64url(deflate-raw(JSON))>`, short keys, command times as deltas:
 *   {e, b? | i?, s?, c?: [[deltaMs, line], ...], t, w?, p?}
 * Format 3: format 2 plus the space-time chart: `g: "chart"` (the chart is shown) and
 *   `x: ["nodeMonitorGracePeriod=40s", ...]` (a comparison with these changes).
 *   {e, b? | i?, s?, c?, t, w?, p?, g?, x?}
 * Format 4 (current): format 3 where a command may also be a numbered run,
 *   `[deltaMs, prefix, from, to, suffix]`: the commands `prefix + i + suffix` for i = from..to, all at
 *   the same time (what a timeline's `each` writes: `network cut c{i}` for 1,666 nodes of a zone is
 *   one entry, not 1,666; a zone outage's link then fits in the address bar).
 */
import * as v from 'valibot';
import { numbered, numberedRunEnd } from './numbered-runs';
import { groupDigits, LIMITS, LINK_FORMAT, type ShareRun } from './run';

const ScenarioV1 = v.union([v.strictObject({ builtin: v.string() }), v.strictObject({ inline: v.string() })]);

export const LinkV1 = v.strictObject({
  engineVersion: v.string(),
  scenario: ScenarioV1,
  seed: v.optional(v.number()),
  commands: v.array(v.strictObject({ at: v.number(), line: v.string() })),
  time: v.number(),
  view: v.optional(v.string()),
});
export type LinkV1 = v.InferOutput<typeof LinkV1>;

export const LinkV2 = v.strictObject({
  e: v.string(),
  b: v.optional(v.string()),
  i: v.optional(v.string()),
  s: v.optional(v.number()),
  c: v.optional(v.array(v.strictTuple([v.number(), v.string()]))),
  t: v.number(),
  w: v.optional(v.string()),
  p: v.optional(v.string()),
});
export type LinkV2 = v.InferOutput<typeof LinkV2>;

export const LinkV3 = v.strictObject({
  ...LinkV2.entries,
  g: v.optional(v.literal('chart')),
  x: v.optional(v.array(v.string())),
});
export type LinkV3 = v.InferOutput<typeof LinkV3>;

/** A numbered run of commands at one time: `[deltaMs, prefix, from, to, suffix]`. */
const NumberedRun = v.strictTuple([v.number(), v.string(), v.number(), v.number(), v.string()]);

export const LinkV4 = v.strictObject({
  ...LinkV3.entries,
  c: v.optional(v.array(v.union([v.strictTuple([v.number(), v.string()]), NumberedRun]))),
});
export type LinkV4 = v.InferOutput<typeof LinkV4>;

/** Schema of each format's JSON payload, by format number. */
export const SCHEMAS: Record<number, v.GenericSchema> = { 1: LinkV1, 2: LinkV2, 3: LinkV3, 4: LinkV4 };

/** What each field is called in messages, per format. */
const FIELD_NAMES: Record<number, Record<string, string>> = {
  1: {
    engineVersion: 'engine version',
    scenario: 'scenario',
    builtin: 'built-in scenario name',
    inline: 'inline scenario',
    seed: 'seed',
    commands: 'command list',
    at: 'time',
    line: 'text',
    time: 'current time',
    view: 'view',
  },
  2: {
    e: 'engine version',
    b: 'built-in scenario name',
    i: 'inline scenario',
    s: 'seed',
    c: 'command list',
    t: 'current time',
    w: 'view',
    p: 'lesson step',
  },
  3: {
    e: 'engine version',
    b: 'built-in scenario name',
    i: 'inline scenario',
    s: 'seed',
    c: 'command list',
    t: 'current time',
    w: 'view',
    p: 'lesson step',
    g: 'shown view',
    x: 'comparison',
  },
};
FIELD_NAMES[4] = FIELD_NAMES[3] as Record<string, string>;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  Array: 'a list',
  Object: 'an object',
};

/** Names the field at a valibot issue path in plain words: `command #3's time`. */
function fieldName(format: number, path: readonly unknown[]): string {
  const names = FIELD_NAMES[format] ?? {};
  const keys = path.map((p) => (p as { key?: unknown }).key);
  // Commands: format 1 `commands.N.at`, format 2 `c.N.0`.
  if ((keys[0] === 'commands' || keys[0] === 'c') && typeof keys[1] === 'number') {
    const cmd = `command #${keys[1] + 1}`;
    if (keys.length === 2) return cmd;
    const part =
      keys[2] === 0 || keys[2] === 'at'
        ? 'time'
        : keys[2] === 1 || keys[2] === 'line'
          ? 'text'
          : keys[2] === 2 || keys[2] === 3
            ? 'numbers'
            : keys[2] === 4
              ? 'text'
              : null;
    return part ? `${cmd}'s ${part}` : cmd;
  }
  const last = keys.filter((k) => typeof k === 'string').pop();
  // Keys come from the link: a key like `constructor` must not find Object.prototype's.
  return (typeof last === 'string' && Object.hasOwn(names, last) && names[last]) || 'data';
}

/** Turns the first valibot issue into a sentence naming the field and the problem. */
export function describeIssue(format: number, issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? [];
  const field = fieldName(format, path);
  if (issue.expected === 'never') {
    const key = String((path[path.length - 1] as { key?: unknown } | undefined)?.key ?? '').slice(0, 40);
    return `The link's data has a field this version does not know ("${key}").`;
  }
  if (issue.received === 'undefined') return `The link is missing its ${field}.`;
  if (issue.type === 'union') return `The link's ${field} is neither a built-in name nor an inline scenario.`;
  const want = TYPE_WORDS[issue.expected ?? ''] ?? issue.expected ?? 'something else';
  return `The link's ${field} should be ${want}, not ${describeReceived(issue.received)}.`;
}

function describeReceived(received: string): string {
  if (received.startsWith('"')) return 'text';
  if (received === 'Array') return 'a list';
  if (received === 'Object') return 'an object';
  if (received === 'null') return 'null';
  if (received === 'true' || received === 'false') return 'true/false';
  if (/^-?[\d.]/.test(received) || received === 'NaN' || received === 'Infinity') return 'a number';
  return 'something else';
}

/** Format 1 -> format 2: short keys, times as deltas. Pure; keeps every value as it was. */
export function migrate1to2(old: LinkV1): LinkV2 {
  const out: LinkV2 = { e: old.engineVersion, t: old.time };
  if ('builtin' in old.scenario) out.b = old.scenario.builtin;
  else out.i = old.scenario.inline;
  if (old.seed !== undefined) out.s = old.seed;
  let prev = 0;
  if (old.commands.length) {
    out.c = old.commands.map((c) => {
      const d: [number, string] = [c.at - prev, c.line];
      prev = c.at;
      return d;
    });
  }
  if (old.view !== undefined) out.w = old.view;
  return out;
}

/** Format 2 -> format 3: the same fields (format 3 only adds the chart's). */
export function migrate2to3(old: LinkV2): LinkV3 {
  return { ...old };
}

export function migrate3to4(old: LinkV3): LinkV4 {
  return { ...old };
}

/** Migration from format N to N+1, by N. */
export const MIGRATIONS: Record<number, (payload: never) => unknown> = {
  1: migrate1to2,
  2: migrate2to3,
  3: migrate3to4,
};

/** The commands of a link, numbered runs expanded, may be at most this much text (10,000 commands of 200 characters). */
const MAX_EXPANDED_CHARS = 2_000_000;

/** A numbered run shorter than this is written command by command (no shorter that way). */
const MIN_RUN = 3;

/**
 * The commands of `c`, absolute times, numbered runs expanded; or a sentence when a run is not a
 * range of whole numbers or there are more commands than a run may have (counted before anything
 * is expanded: a link cannot make the page build millions of strings).
 */
function commandsFromV4(c: LinkV4['c']): ShareRun['commands'] | string {
  let total = 0;
  let chars = 0;
  for (const [i, e] of (c ?? []).entries()) {
    if (e.length === 2) {
      total += 1;
      chars += e[1].length;
    } else {
      const [, prefix, from, to, suffix] = e;
      if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to < from)
        return `The link's command #${i + 1} numbers its commands ${from} to ${to}, which is not a range of whole numbers.`;
      total += to - from + 1;
      chars += (to - from + 1) * (prefix.length + String(to).length + suffix.length);
    }
  }
  if (total > LIMITS.maxCommands)
    return `The link has too many commands (${groupDigits(total)}; the limit is ${groupDigits(LIMITS.maxCommands)}).`;
  // A long prefix repeated 10,000 times would be gigabytes of text from a 256 KB payload.
  if (chars > MAX_EXPANDED_CHARS)
    return `The link's commands would be more than ${groupDigits(MAX_EXPANDED_CHARS / 1_000_000)} million characters of text.`;
  let at = 0;
  const out: ShareRun['commands'] = [];
  for (const e of c ?? []) {
    at += e[0];
    if (e.length === 2) out.push({ at, line: e[1] });
    else for (let n = e[2]; n <= e[3]; n++) out.push({ at, line: `${e[1]}${n}${e[4]}` });
  }
  return out;
}

/** Current-format payload to a run (absolute times). Undefined scenario is reported by the caller. */
export function runFromV4(p: LinkV4): ShareRun | string {
  if (p.b !== undefined && p.i !== undefined) return 'The link names both a built-in scenario and an inline one.';
  const scenario = p.b !== undefined ? { builtin: p.b } : p.i !== undefined ? { inline: p.i } : undefined;
  if (!scenario) return 'The link does not say which scenario to open.';
  const commands = commandsFromV4(p.c);
  if (typeof commands === 'string') return commands;
  const run: ShareRun = { v: LINK_FORMAT, engine: p.e, scenario, commands, t: p.t };
  if (p.s !== undefined) run.seed = p.s;
  if (p.w !== undefined) run.view = p.w;
  if (p.p !== undefined) run.step = p.p;
  if (p.g !== undefined) run.stage = p.g;
  if (p.x !== undefined) run.compare = p.x;
  return run;
}

/** The commands as format 4 writes them: time deltas, and runs of `prefix N suffix` at one time folded. */
function commandsToV4(commands: ShareRun['commands']): NonNullable<LinkV4['c']> {
  const out: NonNullable<LinkV4['c']> = [];
  let prev = 0;
  let i = 0;
  while (i < commands.length) {
    const first = commands[i] as ShareRun['commands'][number];
    const j = numberedRunEnd(
      commands,
      i,
      (c) => c.line,
      (a, b) => a.at === b.at,
    );
    const parts = j - i >= MIN_RUN ? numbered(first.line) : undefined;
    if (parts) out.push([first.at - prev, parts[0], parts[1], parts[1] + (j - i) - 1, parts[2]]);
    else out.push([first.at - prev, first.line]);
    prev = first.at;
    i = parts ? j : i + 1;
  }
  return out;
}

/** A run to the current format's payload (short keys, deltas, numbered runs folded). */
export function v4FromRun(run: ShareRun): LinkV4 {
  const out: LinkV4 = { e: run.engine, t: run.t };
  if ('builtin' in run.scenario) out.b = run.scenario.builtin;
  else out.i = run.scenario.inline;
  if (run.seed !== undefined) out.s = run.seed;
  if (run.commands.length) out.c = commandsToV4(run.commands);
  if (run.view !== undefined) out.w = run.view;
  if (run.step !== undefined) out.p = run.step;
  if (run.stage !== undefined) out.g = run.stage;
  if (run.compare !== undefined) out.x = run.compare;
  return out;
}
