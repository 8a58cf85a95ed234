/**
 * Sizes an inline scenario carried by a link (nodes, pods, timeline entries) so that the domain
 * limits can be checked before the engine sees it. This is not the scenario validator (that is
 * parseScenario in the engine); it only reads the few fields that decide how big a run gets, and
 * leaves everything else to the validator.
 */
import { parse } from 'yaml';
// Both engine files are dependency-light (the guard needs only yaml's Lexer): imported directly so
// that the link codec does not pull the engine in. The rest of src/share uses src/sim/index.ts.
import { countPods } from '../sim/scenario/limits';
import { yamlHazard } from '../sim/yaml-guard';

export interface InlineSize {
  nodes: number;
  /** Pods the scenario asks for (countPods of the engine's limits). */
  pods: number;
  timeline: number;
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
  const nodes = Array.isArray(spec.nodes) ? spec.nodes.length : 0;
  const objects = Array.isArray(spec.objects) ? spec.objects : [];
  const pods = countPods(nodes, objects, Array.isArray(spec.staticPods) ? spec.staticPods.length : 0);
  const timeline = Array.isArray(spec.timeline) ? spec.timeline.length : 0;
  return { nodes, pods, timeline };
}
