/**
 * The scenario's objects as manifests a real cluster applies (`kubectl apply -f`), and its static
 * pods as files for each node's /etc/kubernetes/manifests. They are the scenario's own manifests,
 * as the scenario file has them (validated, with the selectors and labels defaulted as `kubectl
 * create` would).
 */
import { stringify } from 'yaml';
import { parseCommand, type Scenario } from '../sim/index';

export interface StaticPodFile {
  /** Scenario node name. */
  node: string;
  /** The pod's name (its mirror pod is NAME-NODE). */
  name: string;
  /** File name in /etc/kubernetes/manifests. */
  file: string;
  /** Path in the export (`static/node2/nginx.yaml`). */
  path: string;
  content: string;
}

const yamlOf = (v: unknown) => stringify(v, { lineWidth: 0 });

/** workloads.yaml: every object, one YAML document each; undefined when there are none. */
export function workloadsYaml(scenario: Scenario): string | undefined {
  if (!scenario.spec.objects.length) return undefined;
  return scenario.spec.objects.map((o) => `---\n${yamlOf(o)}`).join('');
}

/** The static pods, one file per node and manifest. */
export function staticPodFiles(scenario: Scenario): StaticPodFile[] {
  return scenario.spec.staticPods.map((s) => {
    const file = s.file ?? `${s.manifest.metadata.name}.yaml`;
    return {
      node: s.node,
      name: s.manifest.metadata.name,
      file,
      path: `static/${s.node}/${file}`,
      content: yamlOf(s.manifest),
    };
  });
}

/**
 * Every image the workloads, the static pods and the timeline's `kubectl run` and `kubectl create
 * deployment` run (pulled on every node before t=0).
 */
export function images(scenario: Scenario): string[] {
  const out = new Set<string>();
  const visit = (v: unknown, key?: string): void => {
    if (Array.isArray(v)) for (const x of v) visit(x);
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, k);
    else if (key === 'image' && typeof v === 'string') out.add(v);
  };
  visit(scenario.spec.objects);
  visit(scenario.spec.staticPods.map((s) => s.manifest));
  for (const t of scenario.spec.timeline) {
    const p = parseCommand(t.run);
    if (p.ok && (p.command.kind === 'kubectl-run' || p.command.kind === 'kubectl-create-deployment'))
      out.add(p.command.image);
  }
  return [...out].sort();
}
