/**
 * The timeline's faults, for chaos tools: each command that breaks something, paired with the
 * later command that heals it (a kubelet stopped, then started: the chaos lasts that long; never
 * healed: until the scenario's end). Chaos tools inject a fault for a duration and then recover
 * it themselves, so a pair is one chaos resource. Read-only commands, workload changes and the
 * heals are not faults.
 */
import { type Command, parseCommand, type Scenario } from '../sim/index';
import type { Refusals } from './accepted';

export type FaultKind =
  | 'kubelet-stop'
  | 'runtime-stop'
  | 'service-restart'
  | 'poweroff'
  | 'reboot'
  | 'network-cut'
  | 'pod-delete'
  | 'drain'
  | 'taint'
  | 'cordon'
  | 'node-delete'
  | 'static-pod-stop'
  | 'registry-down'
  | 'instance-stop'
  | 'instance-terminate'
  | 'other';

export interface Fault {
  kind: FaultKind;
  /** Index of the timeline entry, its time and its text. */
  step: number;
  at: number;
  line: string;
  command: Command;
  node?: string;
  /** How long it lasts (ms): until the step that heals it, or the scenario's end. */
  duration: number;
  healedBy?: { step: number; at: number; line: string };
}

export interface FaultList {
  faults: Fault[];
  /** Entries that break nothing (reads, workload changes, heals), by index. */
  notFaults: number[];
  /** Entries the simulation refused (accepted.ts): not exported, listed with the reason. */
  refused: { step: number; reason: string }[];
}

const MANIFESTS = '/etc/kubernetes/manifests';
const inManifests = (p: string) => p === MANIFESTS || p.startsWith(`${MANIFESTS}/`);

/** The fault a command is, and the key of what heals it (same key on the healing command). */
function classify(c: Command): { kind: FaultKind; node?: string; key?: string } | { heals: string } | undefined {
  switch (c.kind) {
    case 'ssh-systemctl': {
      const key = `${c.node} ${c.unit}`;
      if (c.action === 'stop')
        return {
          kind:
            c.unit === 'kubelet'
              ? 'kubelet-stop'
              : c.unit === 'containerd' || c.unit === 'docker'
                ? 'runtime-stop'
                : 'other',
          node: c.node,
          key,
        };
      if (c.action === 'start') return { heals: key };
      if (c.action === 'restart') return { kind: 'service-restart', node: c.node };
      return undefined;
    }
    case 'ssh-poweroff':
      return { kind: 'poweroff', node: c.node, key: `${c.node} power` };
    case 'power-on':
      return { heals: `${c.node} power` };
    case 'ssh-reboot':
      return { kind: 'reboot', node: c.node };
    case 'network':
      return c.action === 'cut'
        ? { kind: 'network-cut', node: c.node, key: `${c.node} network` }
        : { heals: `${c.node} network` };
    case 'kubectl-delete-pod':
      return { kind: 'pod-delete' };
    case 'kubectl-drain':
      return { kind: 'drain', node: c.node, key: `${c.node} schedulable` };
    case 'kubectl-cordon':
      return { kind: 'cordon', node: c.node, key: `${c.node} schedulable` };
    case 'kubectl-uncordon':
      return { heals: `${c.node} schedulable` };
    case 'kubectl-taint':
      if (c.add.length)
        return { kind: 'taint', node: c.node, key: `${c.node} taint ${c.add.map((t) => t.key).join(',')}` };
      return { heals: `${c.node} taint ${c.remove.map((t) => t.key).join(',')}` };
    case 'kubectl-delete-node':
      return { kind: 'node-delete', node: c.name };
    case 'ssh-mv': {
      const from = inManifests(c.src);
      const to = inManifests(c.dst.replace(/\/$/, ''));
      const file = (from ? c.src : c.dst).slice((from ? c.src : c.dst).lastIndexOf('/') + 1);
      if (from && !to) return { kind: 'static-pod-stop', node: c.node, key: `${c.node} manifest ${file}` };
      if (to && !from) return { heals: `${c.node} manifest ${c.src.slice(c.src.lastIndexOf('/') + 1)}` };
      return undefined;
    }
    case 'registry':
      return c.action === 'down' ? { kind: 'registry-down', key: 'registry' } : { heals: 'registry' };
    case 'cloud-instance':
      // The simulated cloud's instances (`cloud stop|start|terminate NODE`): start heals a stop.
      if (c.action === 'stop') return { kind: 'instance-stop', node: c.target, key: `${c.target} instance` };
      if (c.action === 'start') return { heals: `${c.target} instance` };
      return { kind: 'instance-terminate', node: c.target };
    case 'cloud-instances':
    case 'cloud-groups':
    case 'cloud-scale':
    case 'kubectl-read':
    case 'kubectl-scale':
    case 'kubectl-run':
    case 'kubectl-create-deployment':
    case 'kubectl-apply':
    case 'kubectl-logs':
    case 'kubectl-exec':
    case 'kubectl-port-forward':
    case 'ssh-journalctl':
    case 'interrupt':
      return undefined;
    default:
      // Commands added to the language later: faults no chaos tool here knows.
      return { kind: 'other' };
  }
}

/**
 * The faults of a scenario's timeline, each with its duration. `refusals`: the commands the
 * simulation refused (accepted.ts); they are neither faults nor heals.
 */
export function timelineFaults(
  scenario: Scenario,
  end = scenario.spec.duration,
  refusals: Refusals = new Map(),
): FaultList {
  const faults: Fault[] = [];
  const notFaults: number[] = [];
  const refused: FaultList['refused'] = [];
  const open = new Map<string, Fault>();
  scenario.spec.timeline.forEach((t, step) => {
    const reason = refusals.get(step);
    if (reason !== undefined) {
      refused.push({ step, reason });
      return;
    }
    const parsed = parseCommand(t.run);
    if (!parsed.ok) {
      notFaults.push(step);
      return;
    }
    const c = classify(parsed.command);
    if (!c) {
      notFaults.push(step);
      return;
    }
    if ('heals' in c) {
      const f = open.get(c.heals);
      if (f) {
        f.duration = t.at - f.at;
        f.healedBy = { step, at: t.at, line: t.run };
        open.delete(c.heals);
      }
      notFaults.push(step);
      return;
    }
    const f: Fault = {
      kind: c.kind,
      step,
      at: t.at,
      line: t.run,
      command: parsed.command,
      duration: Math.max(0, end - t.at),
      ...(c.node !== undefined ? { node: c.node } : {}),
    };
    faults.push(f);
    if (c.key !== undefined && !open.has(c.key)) open.set(c.key, f);
  });
  return { faults, notFaults, refused };
}

/** A DNS-1123 name for a fault's resource: `eviction-01-kubelet-stop-node2`. */
export function faultName(scenario: string, f: Fault, index: number): string {
  const slug = `${scenario}-${String(index + 1).padStart(2, '0')}-${f.kind}${f.node ? `-${f.node}` : ''}`
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-');
  return slug.slice(0, 63).replace(/^-+|-+$/g, '') || `fault-${index + 1}`;
}
