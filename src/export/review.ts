/**
 * What a person should review before running an export on a real machine (issue 27): anything in
 * the scenario's manifests that reaches past its container on the real cluster (privileged
 * containers, added capabilities, the host's namespaces, ports and files), service accounts (their
 * permissions are the real cluster's), commands run inside pods (`kubectl exec`), and kinds the
 * simulation does not model. run.sh, the
 * READMEs and the app's Export dialog name each one.
 */
import { parse } from 'yaml';
import { MANIFEST_KINDS, parseCommand, pushAll, type Scenario } from '../sim/index';
import type { Refusals } from './accepted';
import { oneLine } from './text';

export interface Hazard {
  /** The object: `daemonset/kube-system/agent`, `static pod node2/etcd`, `timeline 3: kubectl apply`. */
  where: string;
  what: string;
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);

/** The pod spec of a manifest: a Pod's own, or a workload's template's. */
function podSpec(m: Obj): Obj | undefined {
  const spec = m.spec;
  if (!isObj(spec)) return undefined;
  if (m.kind === 'Pod') return spec;
  const template = spec.template;
  return isObj(template) && isObj(template.spec) ? template.spec : undefined;
}

function podHazards(spec: Obj): string[] {
  const out: string[] = [];
  for (const ns of ['hostNetwork', 'hostPID', 'hostIPC'] as const)
    if (spec[ns] === true) out.push(`${ns}: true (the pod shares the node's ${ns.slice(4)} namespace)`);
  for (const v of list(spec.volumes))
    if (isObj(v) && isObj(v.hostPath))
      out.push(`hostPath volume ${JSON.stringify(oneLine(String(v.hostPath.path ?? '')))} (the node's own files)`);
  if (typeof spec.serviceAccountName === 'string' && spec.serviceAccountName !== 'default')
    out.push(
      `service account ${JSON.stringify(oneLine(spec.serviceAccountName))} (its permissions on the real cluster)`,
    );
  for (const key of ['initContainers', 'containers', 'ephemeralContainers'] as const)
    for (const c of list(spec[key])) {
      if (!isObj(c)) continue;
      const name = JSON.stringify(oneLine(String(c.name ?? '')));
      const sc = isObj(c.securityContext) ? c.securityContext : {};
      if (sc.privileged === true) out.push(`privileged container ${name}`);
      if (sc.allowPrivilegeEscalation === true) out.push(`container ${name} may escalate its privileges`);
      const add = isObj(sc.capabilities) ? list(sc.capabilities.add) : [];
      if (add.length) out.push(`container ${name} adds capabilities ${add.map((a) => oneLine(String(a))).join(', ')}`);
      for (const p of list(c.ports))
        if (isObj(p) && p.hostPort !== undefined) out.push(`container ${name} opens host port ${String(p.hostPort)}`);
    }
  return out;
}

function manifestHazards(m: unknown, where: string): Hazard[] {
  if (!isObj(m)) return [];
  const kind = typeof m.kind === 'string' ? m.kind : '?';
  if (!(kind in MANIFEST_KINDS)) return [{ where, what: `${oneLine(kind)}: a kind the simulation does not model` }];
  const spec = podSpec(m);
  return spec ? podHazards(spec).map((what) => ({ where, what })) : [];
}

const ref = (m: { kind: string; metadata: { name: string; namespace?: string } }) =>
  `${m.kind.toLowerCase()}/${m.metadata.namespace ?? 'default'}/${m.metadata.name}`;

/** Everything in the scenario a person should look at before running its export. */
export function exportHazards(scenario: Scenario, refused: Refusals = new Map()): Hazard[] {
  const out: Hazard[] = [];
  for (const o of scenario.spec.objects) pushAll(out, manifestHazards(o, ref(o)));
  for (const s of scenario.spec.staticPods)
    pushAll(out, manifestHazards(s.manifest, `static pod ${s.node}/${s.manifest.metadata.name}`));
  scenario.spec.timeline.forEach((t, i) => {
    if (refused.has(i)) return;
    const p = parseCommand(t.run);
    if (p.ok && p.command.kind === 'kubectl-exec')
      out.push({
        where: `timeline ${i + 1}: kubectl exec`,
        what: `runs ${JSON.stringify(oneLine(p.command.command.join(' ')))} inside pod ${p.command.namespace}/${p.command.pod}`,
      });
    if (!p.ok || p.command.kind !== 'kubectl-apply') return;
    let docs: unknown[] = [];
    try {
      docs = [parse(p.command.manifest)].flatMap((d) => (isObj(d) && d.kind === 'List' ? list(d.items) : [d]));
    } catch {
      docs = [];
    }
    for (const d of docs) pushAll(out, manifestHazards(d, `timeline ${i + 1}: kubectl apply`));
  });
  return out;
}

/** The lines that name the hazards (for run.sh's header, the READMEs and the app's dialog). */
export function hazardLines(hazards: readonly Hazard[]): string[] {
  if (!hazards.length) return [];
  return [
    'REVIEW BEFORE RUNNING: this scenario asks the real cluster for what reaches past a container:',
    ...hazards.map((h) => `  - ${h.where}: ${h.what}`),
  ];
}
