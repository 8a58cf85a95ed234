/**
 * run.sh: the scenario's timeline on a kind cluster at the simulated times, each step followed by
 * the checks the simulation predicts. A check polls the real cluster (`kubectl wait` for node
 * conditions, `kubectl get` otherwise) in the background from its step on, until it holds or its
 * predicted time plus tolerance has passed, and prints whether the real cluster agrees: the same
 * moment within the tolerance, earlier, later, or not at all. The exit status says whether every
 * prediction held.
 *
 * Portable bash (3.2 on macOS too: no associative arrays, no `wait -n`), shellcheck-clean: the
 * tests run `bash -n` and shellcheck on the script of every built-in scenario.
 */
import { formatSimTime, maxOf, PROFILES, pushAll, type Scenario } from '../sim/index';
import { NODE_IMAGES } from './kind-config';
import type { KindStep } from './kind-steps';
import { images, type StaticPodFile } from './manifests';
import { kindNodeOf, NODE_LABEL, type NodeMapping } from './nodes';
import type { Check, Prediction, Probe } from './predict';
import { type Hazard, hazardLines } from './review';
import { SCRIPT_HELPERS } from './script-helpers';
import { comment, shellWord } from './text';
import type { Workload } from './workloads';

const q = shellWord;
const secs = (ms: number) => Math.floor(ms / 1000);

export interface ScriptInput {
  scenario: Scenario;
  nodes: NodeMapping;
  steps: KindStep[];
  prediction: Prediction;
  staticPods: StaticPodFile[];
  workloads: Workload[];
  hasWorkloadsFile: boolean;
  /** What to review before running (review.ts): the script refuses to start without --reviewed. */
  hazards: readonly Hazard[];
}

/** The bash call of a probe (a function of SCRIPT_HELPERS), node names mapped to kind's. */
function probeCall(p: Probe, nodes: NodeMapping): string {
  const n = (name: string) => q(kindNodeOf(nodes, name));
  switch (p.kind) {
    case 'node-ready':
      return `node_ready_is ${n(p.node)} ${p.status}`;
    case 'node-taints':
      return `${p.present ? 'has_taints' : 'lacks_taints'} ${n(p.node)} ${p.taints.map(q).join(' ')}`;
    case 'node-exists':
      return `${p.exists ? 'node_exists' : 'node_gone'} ${n(p.node)}`;
    case 'pods-terminating':
      return `terminating_at_least ${n(p.node)} ${p.atLeast}`;
    case 'pods-on-node':
      return `pods_at_most ${n(p.node)} ${p.atMost}`;
    case 'new-ready-pods':
      return `new_ready_at_least ${q(p.workload.namespace)} ${q(p.workload.selector)} "$(step_at ${p.since})" ${p.atLeast}`;
  }
}

function checkLines(c: Check, nodes: NodeMapping): string[] {
  return [
    ...(c.why ? [comment(c.why)] : []),
    `expect ${secs(c.at)} ${secs(c.tolerance)} ${q(c.label)} ${probeCall(c.probe, nodes)}`,
  ];
}

function header(input: ScriptInput): string[] {
  const { scenario, nodes, steps, prediction } = input;
  const profile = PROFILES[scenario.spec.profile];
  const width = maxOf(nodes.nodes, (n) => n.node.name.length);
  const out = [
    '#!/usr/bin/env bash',
    comment(`NotReady scenario ${scenario.metadata.name} on a real cluster (kind): ${scenario.metadata.title}`),
    '#',
    "# Creates a kind cluster (kind-config.yaml), applies the scenario's manifests, then runs its timeline",
    '# at the simulated times (t=0 is when every workload is Ready) and checks after each step what',
    `# the simulation predicted (profile ${profile.name}, seed ${scenario.spec.seed}), printing where the real cluster agrees`,
    '# and where it differs. Exit status: 0 when every prediction held, 1 otherwise, 2 on a usage error.',
    '#',
    '# Usage: ./run.sh [--no-create] [--reviewed]',
    '#   --no-create: use the kind cluster that exists already (the script acts on no other);',
    '#   --reviewed: you have read what this scenario asks of the cluster (needed when it names any).',
    '# Environment: NODE_IMAGE (kind node image), TOLERANCE_EXTRA (seconds added to every tolerance).',
    `# Needs: kind, kubectl, docker. The cluster is kept afterwards: kind delete cluster --name ${nodes.cluster}`,
    '# Docker commands act only on the nodes of that cluster; kubectl only on its context.',
    '#',
    ...hazardLines(input.hazards).map(comment),
    ...(input.hazards.length ? ['#'] : []),
    "# Nodes: kind names its node containers itself, so the scenario's nodes map to them in order",
    `# (each carries the label ${NODE_LABEL}=<scenario name>):`,
    ...nodes.nodes.map((n) => `#   ${n.node.name.padEnd(width)} -> ${n.kindName}`),
  ];
  if (profile.runtime === 'docker')
    out.push(
      '#',
      `# Profile ${profile.name} simulates dockershim; kind nodes run containerd: "systemctl stop docker" stops`,
      '# containerd, whose containers keep running, and the kubelet notices later than with docker.',
    );
  const skipped = steps.filter((s) => s.skip);
  out.push('#', skipped.length ? '# Skipped (not run here):' : '# Skipped: none, every command has a real equivalent.');
  for (const s of skipped) out.push(comment(`  ${formatSimTime(s.at)}  ${s.line}: ${s.skip}`));
  out.push('#', '# Timeline:');
  for (const s of steps) if (s.shell) out.push(comment(`  ${formatSimTime(s.at)}  ${s.line}  ->  ${s.shell[0]}`));
  out.push('#', '# Predicted (time, what, tolerance):');
  for (const c of prediction.checks)
    out.push(comment(`  ${formatSimTime(c.at)}  ${c.label}  (±${formatSimTime(c.tolerance)})`));
  if (!prediction.checks.length) out.push('#   nothing the script can check');
  return out;
}

function setup(input: ScriptInput): string[] {
  const { scenario, nodes, staticPods, workloads } = input;
  const containers = nodes.nodes.map((n) => q(n.kindName)).join(' ');
  const pulled = images(scenario);
  const out = [
    '',
    'if (( CREATE )); then',
    '  if kind get clusters 2>/dev/null | grep -qx "$CLUSTER"; then',
    '    echo "a kind cluster named $CLUSTER exists already: kind delete cluster --name $CLUSTER, or run with --no-create" >&2',
    '    exit 2',
    '  fi',
    '  kind create cluster --config "$HERE/kind-config.yaml" --image "$NODE_IMAGE" --wait 5m || exit 1',
    'fi',
    'require_cluster',
    'kubectl wait --for=condition=Ready nodes --all --timeout=5m || exit 1',
  ];
  for (const s of staticPods)
    out.push(
      `node_cp "$HERE/${s.path}" ${q(kindNodeOf(nodes, s.node))} ${q(`/etc/kubernetes/manifests/${s.file}`)} || exit 1`,
    );
  if (pulled.length) {
    out.push(
      '# Images pulled on every node first, so that a replacement starts as fast as the simulation says.',
      `NODES=(${containers})`,
      `IMAGES=(${pulled.map(q).join(' ')})`,
      'for node in "${NODES[@]}"; do',
      '  for image in "${IMAGES[@]}"; do',
      '    node_exec "$node" crictl pull "$image" >/dev/null || echo "warning: could not pull $image on $node" >&2',
      '  done',
      'done',
    );
  }
  if (input.hasWorkloadsFile) out.push('kubectl apply -f "$HERE/workloads.yaml" || exit 1');
  for (const w of workloads)
    out.push(
      `kubectl rollout status ${w.kind.toLowerCase()}/${q(w.name)}${w.namespace === 'default' ? '' : ` -n ${q(w.namespace)}`} --timeout=5m || exit 1`,
    );
  // The kubelet mirrors a static pod to the API as NAME-NODE.
  for (const s of staticPods)
    out.push(
      `kubectl wait --for=condition=Ready ${q(`pod/${s.name}-${kindNodeOf(nodes, s.node)}`)} --timeout=5m || exit 1`,
    );
  return out;
}

/** With hazards (review.ts), the script names them and stops unless started with --reviewed. */
function reviewGate(hazards: readonly Hazard[]): string[] {
  if (!hazards.length) return ['if (( REVIEWED )); then echo "--reviewed: this scenario names nothing to review"; fi'];
  return [
    'if (( ! REVIEWED )); then',
    ...hazardLines(hazards).map((l) => `  echo ${q(l)} >&2`),
    '  echo "Read them in run.sh and workloads.yaml, then run ./run.sh --reviewed." >&2',
    '  exit 2',
    'fi',
  ];
}

/** run.sh for a scenario. */
export function kindScript(input: ScriptInput): string {
  const { scenario, nodes, steps, prediction } = input;
  const lines = [
    ...header(input),
    '',
    '# The helpers below are shared by every export; a scenario need not call each of them.',
    '# shellcheck disable=SC2317',
    'set -uo pipefail',
    '',
    'HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"',
    // Quoted even when plain: `node-delete` alone reads to shellcheck like arithmetic.
    `CLUSTER='${nodes.cluster}'`,
    'CONTEXT="kind-$CLUSTER"',
    `NODE_IMAGE="\${NODE_IMAGE:-${NODE_IMAGES[scenario.spec.profile]}}"`,
    'TOLERANCE_EXTRA="${TOLERANCE_EXTRA:-0}"',
    `CLUSTER_NODES=(${nodes.nodes.map((n) => q(n.kindName)).join(' ')})`,
    ...SCRIPT_HELPERS,
    ...reviewGate(input.hazards),
    ...setup(input),
    '',
    'start_timeline',
  ];
  const byStep = new Map<number, Check[]>();
  for (const c of prediction.checks) byStep.set(c.step, [...(byStep.get(c.step) ?? []), c]);
  for (const c of byStep.get(-1) ?? []) pushAll(lines, checkLines(c, nodes));
  for (const s of steps) {
    const first = s.line;
    lines.push('', comment(`${formatSimTime(s.at)}: ${first}`), `at ${secs(s.at)}`);
    if (s.skip) {
      lines.push(`skipped ${s.index} ${q(first)} ${q(s.skip)}`);
      continue;
    }
    lines.push(`step ${s.index} ${q(first)}`);
    if (s.note) lines.push(`note ${q(s.note)}`);
    pushAll(lines, s.shell ?? []);
    for (const c of byStep.get(s.index) ?? []) pushAll(lines, checkLines(c, nodes));
  }
  lines.push('', `at ${secs(prediction.end)}`, 'finish');
  return `${lines.join('\n')}\n`;
}
