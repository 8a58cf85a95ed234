/**
 * The scenario's workloads as a real cluster selects them: a label selector per Deployment,
 * StatefulSet and DaemonSet, so that a check or a chaos resource can find the pods the simulation
 * names (`web-7d89dcd798-h24c7` exists only in the simulation: its real twin has another suffix).
 */
import { type Command, type Manifest, parseCommand, type Scenario } from '../sim/index';

export interface Workload {
  kind: 'Deployment' | 'StatefulSet' | 'DaemonSet';
  namespace: string;
  name: string;
  /** matchLabels as they are written in a selector (`app=web`). */
  selector: string;
  labels: Record<string, string>;
  /** Declared among the scenario's objects (there before t=0), not created by a timeline command. */
  declared: boolean;
}

const KINDS = ['Deployment', 'StatefulSet', 'DaemonSet'] as const;

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function stringRecord(v: unknown): Record<string, string> | undefined {
  const r = record(v);
  if (!r) return undefined;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(r)) if (typeof x === 'string') out[k] = x;
  return Object.keys(out).length ? out : undefined;
}

/** matchLabels, else the template's labels (what `kubectl create` would have defaulted them from). */
function selectorOf(m: Manifest): Record<string, string> | undefined {
  const spec = record(m.spec);
  return (
    stringRecord(record(spec?.selector)?.matchLabels) ?? stringRecord(record(record(spec?.template)?.metadata)?.labels)
  );
}

export const selectorText = (labels: Record<string, string>): string =>
  Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');

/** Workloads the scenario declares, and those its timeline creates (`kubectl create deployment`). */
export function scenarioWorkloads(scenario: Scenario): Workload[] {
  const out: Workload[] = [];
  for (const m of scenario.spec.objects) {
    const kind = KINDS.find((k) => k === m.kind);
    const labels = kind && selectorOf(m);
    if (!kind || !labels) continue;
    out.push({
      kind,
      namespace: m.metadata.namespace ?? 'default',
      name: m.metadata.name,
      selector: selectorText(labels),
      labels,
      declared: true,
    });
  }
  for (const t of scenario.spec.timeline) {
    const p = parseCommand(t.run);
    if (!p.ok || p.command.kind !== 'kubectl-create-deployment') continue;
    const c: Extract<Command, { kind: 'kubectl-create-deployment' }> = p.command;
    // kubectl create deployment labels its pods app=NAME.
    out.push({
      kind: 'Deployment',
      namespace: c.namespace,
      name: c.name,
      selector: `app=${c.name}`,
      labels: { app: c.name },
      declared: false,
    });
  }
  return out;
}

/**
 * The workload a simulated pod belongs to, from its owner (`ReplicaSet/web-7d89dcd798` is the
 * Deployment web's: a ReplicaSet is named after its Deployment plus a hash).
 */
export function workloadOfOwner(
  workloads: readonly Workload[],
  namespace: string,
  owner: string | undefined,
): Workload | undefined {
  if (!owner) return undefined;
  const slash = owner.indexOf('/');
  const kind = owner.slice(0, slash);
  const name = owner.slice(slash + 1);
  const inNs = workloads.filter((w) => w.namespace === namespace);
  if (kind === 'ReplicaSet')
    return inNs.find((w) => w.kind === 'Deployment' && name.slice(0, name.lastIndexOf('-')) === w.name);
  return inNs.find((w) => w.kind === kind && w.name === name);
}
