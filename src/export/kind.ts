/**
 * `--export kind DIR`: a kind cluster config, the scenario's manifests and run.sh, which runs the
 * timeline on that cluster with the simulation's predictions as checks (README.md says how).
 */
import type { Scenario } from '../sim/index';
import type { ExportFile } from './files';
import { kindConfig } from './kind-config';
import { kindReadme } from './kind-readme';
import { kindScript } from './kind-script';
import { kindSteps } from './kind-steps';
import { staticPodFiles, workloadsYaml } from './manifests';
import { mapNodes } from './nodes';
import { predict } from './predict';
import { scenarioWorkloads } from './workloads';

export function exportKind(scenario: Scenario, until?: number): ExportFile[] {
  const nodes = mapNodes(scenario);
  const prediction = predict(scenario, until);
  const steps = kindSteps({ scenario, nodes, podsBefore: prediction.podsBefore }, scenario.spec.timeline);
  const staticPods = staticPodFiles(scenario);
  const workloads = workloadsYaml(scenario);
  const script = kindScript({
    scenario,
    nodes,
    steps,
    prediction,
    staticPods,
    workloads: scenarioWorkloads(scenario).filter((w) => w.declared),
    hasWorkloadsFile: workloads !== undefined,
  });
  return [
    { path: 'README.md', content: kindReadme({ scenario, nodes, steps, prediction }) },
    { path: 'kind-config.yaml', content: kindConfig(scenario, nodes) },
    ...(workloads !== undefined ? [{ path: 'workloads.yaml', content: workloads }] : []),
    ...staticPods.map((s) => ({ path: s.path, content: s.content })),
    { path: 'run.sh', content: script, executable: true },
  ];
}
