/**
 * Sizes an inline scenario carried by a link (nodes, pods, timeline entries) so that the domain
 * limits can be checked before the engine sees it. This is not the scenario validator (that is
 * parseScenario in the engine); it only reads the few fields that decide how big a run gets, and
 * leaves everything else to the validator.
 */
import { parse } from 'yaml';
// Both engine files are dependency-light (the guard needs only yaml's Lexer): imported directly so
// that the link codec does not pull the engine in. The rest of src/share uses src/sim/index.ts.
import { countPods } from '../sim/core/limits';
import { yamlHazard } from '../sim/scenario/yaml-guard';

export interface InlineSize {
  nodes: number;
  /** Pods the scenario asks for (countPods of the engine's limits). */
  pods: number;
  timeline: number;
}

/** A whole number, or `or` for anything else (the validator says what is wrong with it). */
function wholeOr(v: unknown, or: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : or;
}

function entries(t: unknown): number {
  const each = isRecord(t) ? t.each : undefined;
  if (!Array.isArray(each) || each.length !== 2) return 1;
  return Math.max(1, wholeOr(each[1], 0) - wholeOr(each[0], 0) + 1);
}

function sum(list: unknown[], f: (x: unknown) => number): number {
  let n = 0;
  for (const x of list) n += f(x);
  return n;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads `text` (YAML or JSON) and returns its size, or a sentence saying why it cannot be read.
 * Never throws: hostile YAML (alias bombs, deep nesting) ends in a message.
 */
export function inspectInlineScenario(text: string): InlineSize | string {
  if (text.trim() === '') return "The link's scenario is empty.";
  const hazard = yamlHazard(text, "The link's scenario");
  if (hazard) return hazard;
  let doc: unknown;
  try {
    // maxAliasCount bounds "billion laughs" alias expansion; duplicate keys are the validator's
    // business (and checking them is quadratic).
    doc = parse(text, { maxAliasCount: 100, prettyErrors: false, uniqueKeys: false });
  } catch (err) {
    const msg = err instanceof Error ? err.message.split('\n')[0] : '';
    return `The link's scenario could not be read as YAML or JSON${msg ? ` (${msg.slice(0, 120)})` : ''}.`;
  }
  if (!isRecord(doc)) return "The link's scenario is not a scenario document.";
  const spec = isRecord(doc.spec) ? doc.spec : {};
  // A node with `count: N` is N nodes, a timeline entry with `each: [from, to]` to-from+1 entries.
  const nodes = Array.isArray(spec.nodes) ? sum(spec.nodes, (n) => (isRecord(n) ? wholeOr(n.count, 1) : 1)) : 0;
  const objects = Array.isArray(spec.objects) ? spec.objects : [];
  const pods = countPods(nodes, objects, Array.isArray(spec.staticPods) ? spec.staticPods.length : 0);
  const timeline = Array.isArray(spec.timeline) ? sum(spec.timeline, entries) : 0;
  return { nodes, pods, timeline };
}
