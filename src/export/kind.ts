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
import { kindNode, mapNodes } from './nodes';
import { type Probe, predict } from './predict';
import { exportHazards } from './review';
import { scenarioWorkloads } from './workloads';

export function exportKind(scenario: Scenario, until?: number): ExportFile[] {
  const nodes = mapNodes(scenario);
  const predicted = predict(scenario, until);
  // Checks of nodes kind does not have (a simulated cloud's machines) cannot be run there.
  const known = (p: Probe) => !('node' in p) || kindNode(nodes, p.node) !== undefined;
  const prediction = { ...predicted, checks: predicted.checks.filter((c) => known(c.probe)) };
  const steps = kindSteps(
    { scenario, nodes, podsBefore: prediction.podsBefore },
    scenario.spec.timeline,
    prediction.refused,
  );
  const hazards = exportHazards(scenario, prediction.refused);
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
    hazards,
  });
  return [
    { path: 'README.md', content: kindReadme({ scenario, nodes, steps, prediction, hazards }) },
    { path: 'kind-config.yaml', content: kindConfig(scenario, nodes) },
    ...(workloads !== undefined ? [{ path: 'workloads.yaml', content: workloads }] : []),
    ...staticPods.map((s) => ({ path: s.path, content: s.content })),
    { path: 'run.sh', content: script, executable: true },
  ];
}
