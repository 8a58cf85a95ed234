/** README.md of a kind export: what is in it, how to run it, and what to expect. */
import { formatSimTime, PROFILES, type Scenario } from '../sim/index';
import { effectiveSettings, NODE_IMAGES, SETTING_FLAGS, settingsWithoutFlag } from './kind-config';
import type { KindStep } from './kind-steps';
import { NODE_LABEL, type NodeMapping } from './nodes';
import type { Prediction } from './predict';
import { type Hazard, hazardLines } from './review';
import { mdCode, mdText } from './text';

/** A Markdown table cell of one line of text (text.ts: the export's one escaping layer). */
const cell = (s: string) => mdText(s);
/** A code span inside a table cell: pipes escaped, as GitHub's tables read them even in code. */
const code = (s: string) => mdCode(s).replaceAll('|', '\\|');

export function kindReadme(input: {
  scenario: Scenario;
  nodes: NodeMapping;
  steps: KindStep[];
  prediction: Prediction;
  hazards: readonly Hazard[];
}): string {
  const { scenario, nodes, steps, prediction } = input;
  const profile = PROFILES[scenario.spec.profile];
  const { settings, changed } = effectiveSettings(scenario);
  const out = [
    `# ${mdText(scenario.metadata.title)} — on a real cluster (kind)`,
    '',
    ...reviewSection(input.hazards),
    `Exported from NotReady: the scenario \`${scenario.metadata.name}\` (profile ${profile.name}, seed ${scenario.spec.seed}) on a`,
    'kind cluster, its timeline run at the simulated times, and after each step the checks of what',
    'the simulation predicted, with the simulated time as the expectation and a tolerance.',
    '',
    '## Files',
    '',
    "- `kind-config.yaml`: the cluster, one kind node per scenario node, the simulation's settings as flags.",
    ...(scenario.spec.objects.length
      ? ["- `workloads.yaml`: the scenario's objects (`kubectl apply -f workloads.yaml`)."]
      : []),
    ...(scenario.spec.staticPods.length
      ? ["- `static/NODE/*.yaml`: static pods, copied into the node's /etc/kubernetes/manifests."]
      : []),
    '- `run.sh`: creates the cluster, applies the manifests, runs the timeline and checks the predictions.',
    '',
    '## Run it',
    '',
    '```sh',
    './run.sh                 # kind, kubectl and docker on the PATH',
    'TOLERANCE_EXTRA=30 ./run.sh --no-create   # again on the same cluster, 30s more slack per check',
    '```',
    '',
    `The node image is \`${NODE_IMAGES[scenario.spec.profile]}\` (override with NODE_IMAGE; kind supports an image best`,
    'with the kind release it came with). The kubeadm patches in kind-config.yaml are in the v1beta3 form kind writes for node',
    `images up to v1.35. The script keeps the cluster at the end: \`kind delete cluster --name ${nodes.cluster}\`.`,
    '',
    '## Nodes',
    '',
    `kind names its nodes itself; each carries the label \`${NODE_LABEL}\` with the scenario's name.`,
    '',
    '| scenario node | kind node | role | zone |',
    '|---|---|---|---|',
    ...nodes.nodes.map((n) => `| ${cell(n.node.name)} | ${n.kindName} | ${n.role} | ${cell(n.node.zone ?? '')} |`),
    '',
    ...cloudSection(scenario),
    '## Timeline',
    '',
    '| at | scenario command | on kind |',
    '|---|---|---|',
    ...steps.map(
      (s) =>
        `| ${formatSimTime(s.at)} | ${code(s.line)} | ${s.skip ? `skipped: ${cell(s.skip)}` : `${code(s.shell?.[0] ?? '')}${s.note ? ` (${cell(s.note)})` : ''}`} |`,
    ),
    '',
    '## Predictions',
    '',
    prediction.checks.length
      ? "| at | predicted | tolerance | why (the simulation's words) |\n|---|---|---|---|"
      : 'The simulation predicts nothing the script can check.',
    ...prediction.checks.map(
      (c) => `| ${formatSimTime(c.at)} | ${cell(c.label)} | ±${formatSimTime(c.tolerance)} | ${cell(c.why ?? '')} |`,
    ),
    ...(prediction.unchecked.length
      ? [
          '',
          'Moments of the simulation the script does not check:',
          ...prediction.unchecked.map((c) => `- ${formatSimTime(c.at)} ${mdText(c.label)}`),
        ]
      : []),
    '',
    '## Settings',
    '',
    '| setting | value | flag |',
    '|---|---|---|',
    ...(Object.keys(SETTING_FLAGS) as (keyof typeof SETTING_FLAGS)[])
      // Written only when set (graceful node shutdown): listed only then, as kind-config.yaml does.
      .filter((k) => !SETTING_FLAGS[k]?.onlyIfSet || changed.has(k))
      .map((k) => {
        const f = SETTING_FLAGS[k];
        return `| ${k}${changed.has(k) ? ' (scenario)' : ''} | ${settings[k]} | ${f ? `${f.target} ${f.names.map((n) => code(n)).join(', ')}` : ''} |`;
      }),
    '',
    `No flag, so not carried: ${settingsWithoutFlag(scenario).join(', ')}.`,
    '',
  ];
  return out.join('\n');
}

/** What to review before running (review.ts); run.sh refuses to start without --reviewed. */
export function reviewSection(hazards: readonly Hazard[]): string[] {
  const [head, ...items] = hazardLines(hazards);
  if (!head) return [];
  return [
    '## Review before running',
    '',
    `${mdText(head)} The script stops before it starts unless you run it with \`--reviewed\`.`,
    '',
    ...items.map((l) => `- ${mdText(l.replace(/^ *- /, ''))}`),
    '',
  ];
}

/** A scenario in a simulated cloud: what kind cannot do of it. */
function cloudSection(scenario: Scenario): string[] {
  const cloud = scenario.spec.cloud;
  if (!cloud) return [];
  return [
    '## The cloud',
    '',
    `The scenario's workers are machines of a simulated cloud in node groups (${cloud.nodeGroups.map((g) => `${g.name}: ${g.min} to ${g.max} in ${g.zone}`).join('; ')}),`,
    `with the cloud-controller-manager's node controllers${cloud.autoscaler ? ' and the cluster-autoscaler 1.33' : ''}. kind has none of them: its`,
    'nodes are containers nobody adds, stops or removes, the `cloud` commands are skipped, and the',
    'predictions that follow from the cloud (machines added or removed, Nodes deleted for a terminated',
    'instance) will not happen there. A cloud cluster with the same node groups is the real test.',
    '',
  ];
}
