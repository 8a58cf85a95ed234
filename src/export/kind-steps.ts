/**
 * Timeline commands as bash on a kind cluster. Host actions become `docker` commands on the node
 * containers (a kind node is a container running systemd, kubelet and containerd), kubectl
 * commands stay as they are with the nodes' kind names; commands with no real equivalent are
 * skipped with the reason. Every command is read through the command language (parseCommand),
 * never by pattern-matching its text.
 */

import { parseAllDocuments } from 'yaml';
import type { Scenario } from '../sim/index';
import { type Command, type PodView, parseCommand, type TimelineEntry } from '../sim/index';
import type { Refusals } from './accepted';
import { kindNode, kindNodeOf, type NodeMapping } from './nodes';
import { oneLine, shellWord, yamlDocs } from './text';
import { scenarioWorkloads, type Workload, workloadOfOwner } from './workloads';

export interface KindStep {
  index: number;
  at: number;
  /** The command's first line as the timeline has it, unsafe characters escaped (text.ts oneLine). */
  line: string;
  /** Bash lines that run it, or the reason it is skipped. */
  shell?: string[];
  skip?: string;
  /** What differs from the simulation in how it runs (said in the script beside it). */
  note?: string;
}

export interface StepContext {
  scenario: Scenario;
  nodes: NodeMapping;
  /** Pods just before each timeline entry (predict.ts), for commands naming a generated pod. */
  podsBefore: readonly (readonly PodView[])[];
}

const q = shellWord;

/** A heredoc delimiter that does not occur in the text. */
function delimiter(text: string): string {
  let d = 'MANIFEST';
  for (let i = 2; text.split('\n').includes(d); i++) d = `MANIFEST${i}`;
  return d;
}

/**
 * A pod's name as a shell word. Names the real cluster shares (bare pods, StatefulSet ordinals)
 * stay; a mirror pod gets its node's kind name; a pod with a generated suffix is looked up on
 * the real cluster by its workload's selector and node (`pod_like`, defined by the script).
 */
function podWord(ctx: StepContext, step: number, namespace: string, name: string, workloads: readonly Workload[]) {
  for (const s of ctx.scenario.spec.staticPods)
    if (name === `${s.manifest.metadata.name}-${s.node}`)
      return { word: q(`${s.manifest.metadata.name}-${kindNodeOf(ctx.nodes, s.node)}`) };
  const pod = ctx.podsBefore[step]?.find((p) => p.namespace === namespace && p.name === name);
  const w = pod && workloadOfOwner(workloads, namespace, pod.owner);
  if (!pod || !w || w.kind === 'StatefulSet') return { word: q(name) };
  const node = pod.node ? (kindNode(ctx.nodes, pod.node) ?? '') : '';
  return {
    word: `"$(pod_like ${q(namespace)} ${q(w.selector)} ${q(node)})"`,
    note: `${name} is the simulation's name: the real pod of ${w.kind.toLowerCase()}/${w.name}${node ? ` on ${node}` : ''} has another suffix`,
  };
}

/** kubectl get/describe with node (and node Lease, mirror pod) names mapped to kind's. */
function readWords(
  ctx: StepContext,
  step: number,
  c: Extract<Command, { kind: 'kubectl-read' }>,
  workloads: Workload[],
) {
  const r = c.request;
  const kinds = r.verb === 'get' ? r.get.types.map((t) => t.kind) : r.verb === 'describe' ? [r.type.kind] : [];
  const names = r.verb === 'get' ? r.get.names : r.verb === 'describe' ? r.names : [];
  const namespace = r.verb === 'get' ? r.get.namespace : r.verb === 'describe' ? r.namespace : 'default';
  const notes: string[] = [];
  const mapName = (name: string): string => {
    if (kinds.length !== 1 || !names.includes(name)) return q(name);
    if (kinds[0] === 'Node' || kinds[0] === 'Lease') return q(kindNode(ctx.nodes, name) ?? name);
    if (kinds[0] === 'Pod') {
      const w = podWord(ctx, step, namespace, name, workloads);
      if (w.note) notes.push(w.note);
      return w.word;
    }
    return q(name);
  };
  const words = c.args.map((a) => {
    const slash = a.indexOf('/');
    if (slash > 0 && names.includes(a.slice(slash + 1)))
      return `${q(a.slice(0, slash + 1))}${mapName(a.slice(slash + 1))}`;
    return mapName(a);
  });
  return { words: ['kubectl', ...words], notes };
}

const nsFlag = (namespace: string) => (namespace === 'default' ? '' : ` -n ${q(namespace)}`);

type Translation = { shell: string[]; note?: string } | { skip: string };

function translate(ctx: StepContext, step: number, c: Command, workloads: Workload[]): Translation {
  const node = (n: string) => q(kindNodeOf(ctx.nodes, n));
  switch (c.kind) {
    case 'kubectl-read': {
      const r = readWords(ctx, step, c, workloads);
      return { shell: [r.words.join(' ')], ...(r.notes.length ? { note: r.notes.join('; ') } : {}) };
    }
    case 'kubectl-delete-pod': {
      const p = podWord(ctx, step, c.namespace, c.name, workloads);
      let s = `kubectl delete pod ${p.word}${c.namespace === 'default' ? '' : ` -n ${q(c.namespace)}`}`;
      if (c.force) s += ' --force';
      if (c.gracePeriod !== undefined) s += ` --grace-period=${Math.trunc(c.gracePeriod)}`;
      return { shell: [s], ...(p.note ? { note: p.note } : {}) };
    }
    case 'kubectl-logs':
    case 'kubectl-exec':
    case 'kubectl-port-forward': {
      const p = podWord(ctx, step, c.namespace, c.pod, workloads);
      const ns = c.namespace === 'default' ? '' : ` -n ${q(c.namespace)}`;
      const line =
        c.kind === 'kubectl-logs'
          ? `kubectl logs ${p.word}${ns}`
          : c.kind === 'kubectl-exec'
            ? `kubectl exec ${p.word}${ns} -- ${c.command.map(q).join(' ')}`
            : // port-forward runs until stopped: ten seconds of it, as a look.
              `timeout 10 kubectl port-forward ${p.word}${ns} ${q(c.ports)}`;
      return { shell: [line], ...(p.note ? { note: p.note } : {}) };
    }
    case 'kubectl-delete-node':
      return { shell: [`kubectl delete node ${node(c.name)}`] };
    case 'kubectl-delete-pdb':
      return { shell: [`kubectl delete pdb ${q(c.name)}${c.namespace === 'default' ? '' : ` -n ${q(c.namespace)}`}`] };
    // Written here with shellWord rather than printCommand, so that every word goes through text.ts.
    case 'kubectl-cordon':
    case 'kubectl-uncordon':
      return { shell: [`kubectl ${c.kind === 'kubectl-cordon' ? 'cordon' : 'uncordon'} ${node(c.node)}`] };
    case 'kubectl-taint':
      return {
        shell: [`kubectl taint nodes ${node(c.node)} ${c.specs.map(q).join(' ')}${c.overwrite ? ' --overwrite' : ''}`],
      };
    case 'kubectl-drain': {
      // kubectl drain waits for its pods to go: it runs beside the timeline, as in the simulation.
      let s = `kubectl drain ${node(c.node)}${c.ignoreDaemonsets ? ' --ignore-daemonsets' : ''}${c.force ? ' --force' : ''}`;
      if (c.deleteEmptyDirData) s += ' --delete-emptydir-data';
      if (c.gracePeriod !== undefined) s += ` --grace-period=${Math.trunc(c.gracePeriod)}`;
      if (c.timeout) s += ` --timeout=${q(c.timeout.text)}`;
      return { shell: [`${s} &`, 'DRAIN_PID=$!'] };
    }
    case 'interrupt':
      return { shell: ['if [[ -n "${DRAIN_PID:-}" ]]; then kill -INT "$DRAIN_PID" 2>/dev/null; DRAIN_PID=; fi'] };
    case 'kubectl-scale':
      return {
        shell: [`kubectl scale ${c.resource} ${q(c.name)}${nsFlag(c.namespace)} --replicas=${Math.trunc(c.replicas)}`],
      };
    case 'kubectl-run': {
      // The words after NAME behind `--`, as the command log prints them (commands/print.ts).
      const words = c.args?.length ? ` -- ${c.args.map(q).join(' ')}` : '';
      const flag = c.command ? ' --command' : '';
      return { shell: [`kubectl run ${q(c.name)}${nsFlag(c.namespace)} --image ${q(c.image)}${flag}${words}`] };
    }
    case 'kubectl-create-deployment': {
      const replicas = c.replicas !== undefined ? ` --replicas ${Math.trunc(c.replicas)}` : '';
      return {
        shell: [`kubectl create deployment ${q(c.name)}${nsFlag(c.namespace)} --image ${q(c.image)}${replicas}`],
      };
    }
    case 'kubectl-apply': {
      // Written again by the YAML library from what the simulation read, never pasted: a YAML 1.1
      // reader (kubectl's) would read a CR or an LS in the raw text as a line break the simulation
      // never saw (text.ts).
      const docs = parseAllDocuments(c.manifest).map((d) => d.toJS());
      const text = yamlDocs([], docs).replace(/\s+$/, '');
      const d = delimiter(text);
      return { shell: [`kubectl apply -f - <<'${d}'`, text, d] };
    }
    case 'ssh-systemctl': {
      if (c.unit === 'kube-proxy' || c.unit === 'calico-node')
        return {
          skip: `kind runs ${c.unit === 'kube-proxy' ? 'kube-proxy as a DaemonSet pod' : 'kindnet, not calico-node'}, not as a systemd unit`,
        };
      const unit = c.unit === 'docker' ? 'containerd' : c.unit;
      const status = c.action === 'status' ? ' --no-pager' : '';
      const line = `node_exec ${node(c.node)} systemctl ${c.action} ${unit}${status}`;
      return c.unit === 'docker'
        ? {
            shell: [line],
            note: 'kind nodes run containerd, not docker: its containers keep running when it stops (docker without live-restore stopped them)',
          }
        : { shell: [line] };
    }
    case 'ssh-journalctl': {
      const unit = c.unit === 'docker' ? 'containerd' : c.unit;
      return { shell: [`node_exec ${node(c.node)} journalctl -u ${unit} --no-pager | tail -n 40`] };
    }
    case 'ssh-poweroff':
      return {
        shell: [`node_docker stop ${node(c.node)}`],
        note: 'a stopped kind node container is a machine powered off',
      };
    case 'ssh-reboot':
      return { shell: [`node_docker restart ${node(c.node)}`] };
    case 'power-on':
      return { shell: [`node_docker start ${node(c.node)}`] };
    case 'network':
      return { shell: [`network_${c.action} ${node(c.node)}`] };
    case 'ssh-mv':
      return { shell: [`node_exec ${node(c.node)} mv -- ${q(c.src)} ${q(c.dst)}`] };
    case 'ssh-sed':
      return { shell: [`node_exec ${node(c.node)} sed -i ${q(`s/${c.from}/${c.to}/`)} -- ${q(c.file)}`] };
    case 'registry':
      return {
        skip: 'kind nodes pull from the real registries and there is no switch to turn them off (cutting every node off the network would also cut the API server)',
      };
    default:
      // Commands added to the language later (the simulated cloud's) have no kind machine to act on.
      return { skip: `no real equivalent on kind (${(c as { kind: string }).kind})` };
  }
}

/** The nodes a command acts on (by their scenario names). */
function namedNodes(c: Command): string[] {
  if (c.kind === 'kubectl-delete-node') return [c.name];
  return 'node' in c && typeof c.node === 'string' ? [c.node] : [];
}

/**
 * Every timeline entry as a kind step. An entry the simulation refused (`refused`, accepted.ts),
 * one it cannot parse, and one naming a node the scenario does not have are skipped with the
 * reason: only the cluster's own nodes and objects are ever acted on.
 */
export function kindSteps(
  ctx: StepContext,
  timeline: readonly TimelineEntry[],
  refused: Refusals = new Map(),
): KindStep[] {
  const workloads = scenarioWorkloads(ctx.scenario);
  return timeline.map((t, index) => {
    const base = { index, at: t.at, line: oneLine(t.run) };
    const parsed = parseCommand(t.run);
    if (!parsed.ok) return { ...base, skip: `not a command the simulation runs: ${oneLine(parsed.error)}` };
    const reason = refused.get(index);
    if (reason !== undefined) return { ...base, skip: reason };
    const stranger = namedNodes(parsed.command).find((n) => kindNode(ctx.nodes, n) === undefined);
    if (stranger !== undefined) return { ...base, skip: `${oneLine(stranger)} is not a node of this scenario` };
    return { ...base, ...translate(ctx, index, parsed.command, workloads) };
  });
}
