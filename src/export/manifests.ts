/**
 * The scenario's objects as manifests a real cluster applies (`kubectl apply -f`), and its static
 * pods as files for each node's /etc/kubernetes/manifests. They are the scenario's own manifests,
 * as the scenario file has them (validated, with the selectors and labels defaulted as `kubectl
 * create` would).
 */
import { parseCommand, type Scenario } from '../sim/index';
import { yamlDoc, yamlDocs } from './text';

export interface StaticPodFile {
  /** Scenario node name. */
  node: string;
  /** The pod's name (its mirror pod is NAME-NODE). */
  name: string;
  /** File name in /etc/kubernetes/manifests. */
  file: string;
  /**
   * Path in the export, derived (`static/node2/01-nginx.yaml`): the node's name and the pod's, both
   * validated names, the pod's cut to 40 characters so that no path is too long for a file system.
   */
  path: string;
  content: string;
}

/** workloads.yaml: every object, one YAML document each; undefined when there are none. */
export function workloadsYaml(scenario: Scenario): string | undefined {
  if (!scenario.spec.objects.length) return undefined;
  return yamlDocs([], scenario.spec.objects);
}

/** The static pods, one file per node and manifest. */
export function staticPodFiles(scenario: Scenario): StaticPodFile[] {
  return scenario.spec.staticPods.map((s, i) => {
    const file = s.file ?? `${s.manifest.metadata.name}.yaml`;
    const local = `${String(i + 1).padStart(2, '0')}-${s.manifest.metadata.name.slice(0, 40).replace(/[.-]+$/, '')}.yaml`;
    return {
      node: s.node,
      name: s.manifest.metadata.name,
      file,
      path: `static/${s.node}/${local}`,
      content: yamlDoc(s.manifest),
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
