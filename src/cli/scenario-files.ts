/**
 * Scenario files on disk for the CLI, the bench and tests: built-ins live in public/scenarios/.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMAIN_LIMITS, groupDigits, parseScenario, type Scenario, type ScenarioError } from '../sim/index';
import {
  BUILTIN_SCENARIOS,
  type BuiltinScenarioEntry,
  type BuiltinScenarioName,
  builtinScenarioFile,
  isBuiltinScenario,
} from '../sim/scenario/builtins';

/** public/scenarios/ of this checkout. */
export const SCENARIO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../public/scenarios');

export type LoadResult =
  | { ok: true; scenario: Scenario; file: string }
  | { ok: false; file: string; errors: ScenarioError[] };

/** Resolve `arg` as a file path, or else a built-in name; undefined if neither exists. */
export function resolveScenarioPath(arg: string): string | undefined {
  if (existsSync(arg)) return arg;
  if (isBuiltinScenario(arg)) return join(SCENARIO_DIR, builtinScenarioFile(arg));
  return undefined;
}

/** Read and parse a scenario file. */
export function loadScenarioFile(file: string): LoadResult {
  let text: string;
  try {
    // Not even read when it cannot fit: a UTF-8 character takes at most 4 bytes.
    const bytes = statSync(file).size;
    if (bytes > DOMAIN_LIMITS.maxScenarioChars * 4) {
      const message = `the file is ${groupDigits(bytes)} bytes, more than a scenario can be (${groupDigits(DOMAIN_LIMITS.maxScenarioChars)} characters)`;
      return { ok: false, file, errors: [{ path: '', message }] };
    }
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, file, errors: [{ path: '', message: `cannot read: ${(err as Error).message}` }] };
  }
  const r = parseScenario(text);
  return r.ok ? { ok: true, scenario: r.scenario, file } : { ok: false, file, errors: r.errors };
}

/** Every built-in, parsed (throws on an invalid one: they are ours). */
export function loadBuiltins(): Scenario[] {
  return BUILTIN_SCENARIOS.map((n) => {
    const r = loadScenarioFile(join(SCENARIO_DIR, builtinScenarioFile(n)));
    if (!r.ok) throw new Error(`${n}: ${r.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
    return r.scenario;
  });
}

/** The content of public/scenarios/index.json for the current built-ins. */
export function builtinIndex(): BuiltinScenarioEntry[] {
  return loadBuiltins().map((s) => ({
    name: s.metadata.name as BuiltinScenarioName,
    title: s.metadata.title,
    description: s.metadata.description ?? '',
    file: builtinScenarioFile(s.metadata.name as (typeof BUILTIN_SCENARIOS)[number]),
    duration: s.spec.duration,
    lesson: s.spec.lesson.length > 0,
    profile: s.spec.profile,
    nodes: s.spec.nodes.length,
  }));
}

/**
 * `[NAME.json, text]` for every built-in: the scenario parsed, validated and normalised, wrapped
 * as `{"normalised": Scenario}`, which the app's worker loads without a parser or validator.
 */
export function builtinJson(): [string, string][] {
  return loadBuiltins().map((s) => [
    builtinScenarioFile(s.metadata.name as (typeof BUILTIN_SCENARIOS)[number]).replace(/\.yaml$/, '.json'),
    `${JSON.stringify({ normalised: s })}\n`,
  ]);
}
