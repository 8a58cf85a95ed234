/**
 * Sizes an inline scenario carried by a link (nodes, pods, timeline entries) so that the domain
 * limits can be checked before the engine sees it. This is not the scenario validator (that is
 * parseScenario in the engine); it only reads the few fields that decide how big a run gets, and
 * leaves everything else to the validator.
 */
import { parse } from 'yaml';
import { yamlHazard } from './yaml-guard';

export interface InlineSize {
  nodes: number;
  /** Sum of replicas (+ one per DaemonSet per node, per bare Pod, per static pod). */
  pods: number;
  timeline: number;
}

const REPLICATED = new Set(['Deployment', 'ReplicaSet', 'StatefulSet']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Replicas as the API server would default them: 1 when absent; other junk is the validator's job. */
function replicasOf(spec: unknown): number {
  const r = isRecord(spec) ? spec.replicas : undefined;
  return typeof r === 'number' && Number.isFinite(r) && r >= 0 ? r : 1;
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
  let pods = 0;
  const objects = Array.isArray(spec.objects) ? spec.objects : [];
  for (const o of objects) {
    if (!isRecord(o)) continue;
    if (REPLICATED.has(o.kind as string)) pods += replicasOf(o.spec);
    else if (o.kind === 'DaemonSet') pods += Math.max(1, nodes);
    else if (o.kind === 'Pod') pods += 1;
  }
  if (Array.isArray(spec.staticPods)) pods += spec.staticPods.length;
  const timeline = Array.isArray(spec.timeline) ? spec.timeline.length : 0;
  return { nodes, pods, timeline };
}
