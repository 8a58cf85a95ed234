/**
 * What the Chaos Mesh and Litmus exports share: resource metadata annotated with the timeline
 * step a fault came from (and the one that heals it), YAML with a comment on top, and the pods a
 * `kubectl delete pod` names, as a chaos tool selects them.
 */
import { formatSimTime, type Scenario } from '../sim/index';
import type { Fault } from './faults';
import { oneLine, yamlDocs } from './text';
import { scenarioWorkloads, type Workload } from './workloads';

export const STEP_ANNOTATION = 'notready.dev/step';
export const HEALED_BY_ANNOTATION = 'notready.dev/healed-by';
export const SCENARIO_ANNOTATION = 'notready.dev/scenario';

export function faultMetadata(scenario: Scenario, name: string, f: Fault): Record<string, unknown> {
  const annotations: Record<string, string> = {
    [SCENARIO_ANNOTATION]: scenario.metadata.name,
    [STEP_ANNOTATION]: `${formatSimTime(f.at)} ${oneLine(f.line)}`,
  };
  if (f.healedBy) annotations[HEALED_BY_ANNOTATION] = `${formatSimTime(f.healedBy.at)} ${oneLine(f.healedBy.line)}`;
  return { name, namespace: 'default', annotations };
}

/** YAML documents, with comment lines (one line of text each, text.ts) before the first. */
export function yamlFile(comment: string[], docs: unknown[]): string {
  return yamlDocs(comment, docs);
}

/** Seconds of a chaos, at least one (a fault at the scenario's very end still lasts a moment). */
export const chaosSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The pod a deletion names, as a selector: a StatefulSet's pod and a bare pod keep their names on
 * any cluster; a Deployment's (`web-7d89dcd798-h24c7`) is only the simulation's name, so one pod
 * of the Deployment is chosen by its labels instead.
 */
export function podTarget(
  scenario: Scenario,
  namespace: string,
  name: string,
): { names: string[] } | { workload: Workload } {
  for (const w of scenarioWorkloads(scenario)) {
    if (w.namespace !== namespace) continue;
    if (w.kind === 'StatefulSet' && name.startsWith(`${w.name}-`) && /^\d+$/.test(name.slice(w.name.length + 1)))
      return { names: [name] };
    if ((w.kind === 'Deployment' || w.kind === 'DaemonSet') && name.startsWith(`${w.name}-`)) return { workload: w };
  }
  return { names: [name] };
}
