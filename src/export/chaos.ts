/**
 * The chaos-tool exports (DESIGN section 10, `--export chaos-mesh|litmus DIR`): one file per fault
 * that has an equivalent, named after its step (`01-30s-kubelet-stop-node2.yaml`), timeline.sh to
 * apply them at the simulated times, the scenario's workloads, and a README naming the faults
 * without an equivalent and the commands that are not faults.
 */
import { createSimulation, formatSimTime, type Scenario } from '../sim/index';
import { type Refusals, refusalsOf } from './accepted';
import { chaosMeshFile, chaosMeshResources } from './chaos-mesh';
import { type Fault, type FaultList, faultName, timelineFaults } from './faults';
import type { ExportFile } from './files';
import { reviewSection } from './kind-readme';
import { litmusEngine, litmusFile } from './litmus';
import { workloadsYaml } from './manifests';
import { exportHazards, type Hazard } from './review';
import { mdCode, mdText, oneLine, shellWord } from './text';

export type ChaosTool = 'chaos-mesh' | 'litmus';

const TOOL_NAME: Record<ChaosTool, string> = { 'chaos-mesh': 'Chaos Mesh', litmus: 'Litmus' };

interface Made {
  fault: Fault;
  file?: ExportFile;
  none?: string;
}

function made(tool: ChaosTool, scenario: Scenario, f: Fault, index: number): Made {
  const name = faultName(scenario.metadata.name, f, index);
  const path =
    `${String(index + 1).padStart(2, '0')}-${formatSimTime(f.at)}-${f.kind}${f.node ? `-${f.node}` : ''}.yaml`
      .toLowerCase()
      .replace(/[^a-z0-9.-]+/g, '-');
  if (tool === 'chaos-mesh') {
    const r = chaosMeshResources(scenario, name, f);
    if ('none' in r) return { fault: f, none: r.none };
    return { fault: f, file: { path, content: chaosMeshFile(f, r) } };
  }
  const r = litmusEngine(scenario, name, f);
  if (r && typeof r === 'object' && 'none' in r) return { fault: f, none: (r as { none: string }).none };
  return { fault: f, file: { path, content: litmusFile(f, r) } };
}

function timelineScript(tool: ChaosTool, scenario: Scenario, list: Made[]): string {
  const lines = [
    '#!/usr/bin/env bash',
    `# ${TOOL_NAME[tool]} faults of the NotReady scenario ${scenario.metadata.name} at the simulated times:`,
    "# t=0 is when this script starts; each file is applied at its step's time, and the tool",
    '# recovers the fault by itself when its duration is over.',
    '# Usage: ./timeline.sh   (kubectl on the PATH, pointed at the cluster; KUBECTL_CONTEXT to choose one)',
    '',
    'set -euo pipefail',
  ];
  const applied = list.filter((m) => m.file);
  if (!applied.length)
    return `${[...lines, 'echo "no fault of this scenario has an equivalent here (README.md)"'].join('\n')}\n`;
  lines.push(
    'HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"',
    'T0=$(date +%s)',
    'kubectl() { command kubectl ${KUBECTL_CONTEXT:+--context "$KUBECTL_CONTEXT"} "$@"; }',
    'at() {',
    '  local wait=$(( T0 + $1 - $(date +%s) ))',
    '  if (( wait > 0 )); then sleep "$wait"; fi',
    '  echo "[$(( $(date +%s) - T0 ))s] $2"',
    '}',
  );
  for (const m of applied)
    lines.push(
      `at ${Math.floor(m.fault.at / 1000)} ${shellWord(oneLine(m.fault.line))}`,
      `kubectl apply -f "$HERE/${m.file?.path}"`,
    );
  return `${lines.join('\n')}\n`;
}

function readme(
  tool: ChaosTool,
  scenario: Scenario,
  list: Made[],
  notFaults: number[],
  refused: FaultList['refused'],
  hazards: readonly Hazard[],
): string {
  const name = TOOL_NAME[tool];
  const out = [
    `# ${mdText(scenario.metadata.title)} — ${name}`,
    '',
    ...reviewSection(hazards),
    `Exported from NotReady: the faults of the scenario \`${scenario.metadata.name}\` that ${name} can inject, one file each,`,
    `annotated with the timeline step it came from (\`notready.dev/step\`) and the one that heals it`,
    "(`notready.dev/healed-by`). `workloads.yaml` has the scenario's workloads; `timeline.sh` applies the",
    "files at the simulated times. Nodes keep the scenario's names: rename them to your nodes.",
    '',
    '## Faults',
    '',
    '| at | step | file | lasts |',
    '|---|---|---|---|',
    ...list
      .filter((m) => m.file)
      .map(
        (m) =>
          `| ${formatSimTime(m.fault.at)} | ${mdCode(m.fault.line).replaceAll('|', '\\|')} | ${m.file?.path} | ${m.fault.healedBy ? `until ${formatSimTime(m.fault.healedBy.at)}` : `to the end (${formatSimTime(m.fault.at + m.fault.duration)})`} |`,
      ),
    '',
    '## Faults without an equivalent',
    '',
    ...(list.some((m) => m.none)
      ? list
          .filter((m) => m.none)
          .map((m) => `- ${formatSimTime(m.fault.at)} ${mdCode(m.fault.line)}: ${oneLine(m.none ?? '')}`)
      : [`None: every fault of this scenario has a ${name} equivalent.`]),
    '',
    '## Not faults (not exported)',
    '',
    ...(notFaults.length
      ? notFaults.map((i) => {
          const t = scenario.spec.timeline[i];
          const healed = list.find((m) => m.fault.healedBy?.step === i);
          const ends = healed ? ` (ends the fault of ${formatSimTime(healed.fault.at)})` : '';
          return `- ${formatSimTime(t?.at ?? 0)} ${mdCode(t?.run ?? '')}${ends}`;
        })
      : ['None.']),
    '',
    ...(refused.length
      ? [
          '## Refused by the simulation (not exported)',
          '',
          ...refused.map((r) => {
            const t = scenario.spec.timeline[r.step];
            return `- ${formatSimTime(t?.at ?? 0)} ${mdCode(t?.run ?? '')}: ${mdText(r.reason)}`;
          }),
          '',
        ]
      : []),
    '## Before you run it',
    '',
    ...(tool === 'chaos-mesh'
      ? [
          '- Chaos Mesh v2.8 installed. PodChaos and NetworkChaos act on pods through chaos-daemon.',
          '- PhysicalMachineChaos acts on the machine through chaosd: run chaosd on each node and register it as a',
          '  PhysicalMachine named after the node in the namespace default (Chaos Mesh\'s "physical machine" docs).',
          '- StressChaos is not used: no NotReady command loads a node.',
        ]
      : [
          '- Litmus installed, and for each experiment its ChaosExperiment (from the Litmus ChaosHub, faults/kubernetes/NAME/fault.yaml)',
          '  and service account `NAME-sa` with its RBAC, in the namespace default.',
          '- node-poweroff and node-restart reach the node by SSH: fill TARGET_NODE_IP and create the secret id-rsa.',
        ]),
    '',
  ];
  return out.join('\n');
}

/** What the simulation refused of the timeline up to `until` (accepted.ts): not exported. */
function refusals(scenario: Scenario, until = scenario.spec.duration): Refusals {
  const sim = createSimulation(scenario);
  sim.advanceTo(until);
  return refusalsOf(sim, scenario.spec.timeline);
}

/** The export of a scenario for a chaos tool. */
export function exportChaos(tool: ChaosTool, scenario: Scenario, until?: number): ExportFile[] {
  const refused = refusals(scenario, until);
  const { faults, notFaults, refused: skipped } = timelineFaults(scenario, until, refused);
  const list = faults.map((f, i) => made(tool, scenario, f, i));
  const workloads = workloadsYaml(scenario);
  const hazards = exportHazards(scenario, refused);
  return [
    { path: 'README.md', content: readme(tool, scenario, list, notFaults, skipped, hazards) },
    ...list.flatMap((m) => (m.file ? [m.file] : [])),
    ...(workloads !== undefined ? [{ path: 'workloads.yaml', content: workloads }] : []),
    { path: 'timeline.sh', content: timelineScript(tool, scenario, list), executable: true },
  ];
}
