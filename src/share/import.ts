/**
 * Importing a scenario file (DESIGN section 5): YAML or JSON that is either a NotReady Scenario
 * (handed to the engine's parseScenario as is) or Kubernetes manifests pasted from a real cluster,
 * e.g. `kubectl get nodes,deploy,sts,ds -o yaml` (a `kind: List`), `-o json`, or multi-document
 * YAML with `---`. Manifests get a Scenario built around them:
 * - nodes from the file's Node objects if any (roles, zone, capacity), else control-plane + node1..3;
 * - profile v1.33;
 * - server-written fields removed (status, managedFields, resourceVersion, uid, creationTimestamp,
 *   generation, ownerReferences...);
 * - left out, each with a warning naming the objects: kinds NotReady does not simulate, objects a
 *   controller would create again (ReplicaSets of Deployments, their Pods, mirror pods), objects
 *   the cluster makes by itself (Events, Leases, EndpointSlices), and the kube-proxy / calico-node
 *   DaemonSets (NotReady runs those on every host itself).
 * Then the built scenario goes through parseScenario, so there is one validator; its error paths
 * are mapped back to where the object was in the pasted text.
 */
import { LineCounter, parseAllDocuments } from 'yaml';
import { DOMAIN_LIMITS, groupDigits, parseScenario, type Scenario, type ScenarioError, yamlHazard } from '../sim/index';

export type ImportResult =
  | { ok: true; scenario: Scenario; warnings: string[]; source: 'scenario' | 'manifests' }
  | { ok: false; errors: ScenarioError[] };

export interface ImportOptions {
  /** metadata.name / title of the scenario built around manifests. */
  name?: string;
  title?: string;
  /** The validator (the engine's parseScenario unless a test swaps it). */
  parse?: (text: string) => { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };
}

/** Largest file accepted: the engine's scenario text limit (kubectl output of a few hundred objects is well under it). */
export const MAX_IMPORT_CHARS = DOMAIN_LIMITS.maxScenarioChars;

/** Kinds the engine simulates (scenario/manifests.ts MANIFEST_KINDS). */
const SIMULATED = new Set([
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'ReplicaSet',
  'Pod',
  'Service',
  'PodDisruptionBudget',
]);
/** Kinds the simulated cluster creates by itself. */
const CLUSTER_MADE = new Set(['Event', 'Lease', 'EndpointSlice', 'Endpoints', 'ControllerRevision']);
/** Host agents NotReady runs as services on every host rather than as DaemonSet pods. */
const HOST_AGENTS = new Set(['kube-proxy', 'calico-node']);

const SERVER_METADATA = [
  'managedFields',
  'resourceVersion',
  'uid',
  'creationTimestamp',
  'generation',
  'ownerReferences',
  'selfLink',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'finalizers',
  'generateName',
];
const SERVER_ANNOTATIONS = ['kubectl.kubernetes.io/last-applied-configuration', 'deployment.kubernetes.io/revision'];
const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';

type Obj = Record<string, unknown>;

function isRecord(x: unknown): x is Obj {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** One object found in the text, with where it was. */
interface Found {
  obj: Obj;
  /** `items[3]`, `document 2`, `document 2, items[3]`, or '' for a lone object. */
  where: string;
  line?: number;
  column?: number;
}

function refOf(o: Obj): string {
  const md = isRecord(o.metadata) ? o.metadata : {};
  const ns = typeof md.namespace === 'string' && md.namespace !== 'default' ? `${md.namespace}/` : '';
  return `${String(o.kind)}/${ns}${String(md.name)}`;
}

function metaOf(o: Obj): Obj {
  return isRecord(o.metadata) ? o.metadata : {};
}

/** A list of refs for a warning: all of them up to 8, then "and N more". */
function listRefs(refs: string[]): string {
  const shown = refs.slice(0, 8).join(', ');
  return refs.length > 8 ? `${shown} and ${refs.length - 8} more` : shown;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Reads a scenario file or pasted manifests. Never throws; errors name a path (`items[3].spec`,
 * `document 2, spec.replicas`, `spec.nodes[1].name`) and the reason.
 */
export function importScenarioFile(text: string, opts: ImportOptions = {}): ImportResult {
  const parse = opts.parse ?? parseScenario;
  const fail = (message: string, path = ''): ImportResult => ({ ok: false, errors: [{ path, message }] });
  try {
    if (text.length > MAX_IMPORT_CHARS)
      return fail(
        `The file is too large (${groupDigits(text.length)} characters; the limit is ${groupDigits(MAX_IMPORT_CHARS)}).`,
      );
    if (text.trim() === '') return fail('The file is empty.');
    const hazard = yamlHazard(text, 'The file');
    if (hazard) return fail(hazard);

    const lines = new LineCounter();
    const docs = parseAllDocuments(text, { lineCounter: lines, prettyErrors: false });
    if (!Array.isArray(docs)) return fail('The file is empty.');
    const errors: ScenarioError[] = [];
    const values: { value: unknown; doc: (typeof docs)[number]; n: number }[] = [];
    docs.forEach((doc, i) => {
      for (const e of doc.errors) {
        const pos = lines.linePos(e.pos[0]);
        errors.push({
          path: docs.length > 1 ? `document ${i + 1}` : '',
          message: `YAML syntax error at ${pos.line}:${pos.col}: ${e.message.split('\n')[0]}`,
          line: pos.line,
          column: pos.col,
        });
      }
      if (doc.errors.length === 0) {
        const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
        if (value !== null && value !== undefined) values.push({ value, doc, n: i + 1 });
      }
    });
    if (errors.length) return { ok: false, errors };
    if (values.length === 0) return fail('The file has no documents.');

    const scenarioDoc = values.findIndex(
      ({ value }) => isRecord(value) && (value.kind === 'Scenario' || String(value.apiVersion).startsWith('notready/')),
    );
    if (scenarioDoc >= 0) {
      if (values.length > 1)
        return fail(`A scenario file holds one Scenario document; this one has ${values.length} documents.`);
      const r = parse(text);
      return r.ok ? { ok: true, scenario: r.scenario, warnings: [], source: 'scenario' } : r;
    }
    return fromManifests(collect(values, lines, errors), errors, opts, parse);
  } catch (err) {
    const what = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return fail(`The file could not be read (${what?.slice(0, 120)}).`);
  }
}

/** Flattens documents and Lists into objects with their location. */
function collect(
  values: { value: unknown; doc: ReturnType<typeof parseAllDocuments>[number]; n: number }[],
  lines: LineCounter,
  errors: ScenarioError[],
): Found[] {
  const found: Found[] = [];
  const multi = values.length > 1;
  const position = (node: unknown): { line?: number; column?: number } => {
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (!range) return {};
    const p = lines.linePos(range[0]);
    return { line: p.line, column: p.col };
  };
  for (const { value, doc, n } of values) {
    const docWhere = multi ? `document ${n}` : '';
    if (!isRecord(value)) {
      errors.push({
        path: docWhere,
        message: 'is not a Kubernetes object (expected a mapping with kind and metadata)',
      });
      continue;
    }
    const kind = value.kind;
    if (typeof kind === 'string' && kind.endsWith('List') && Array.isArray(value.items)) {
      value.items.forEach((item, i) => {
        const where = `${docWhere ? `${docWhere}, ` : ''}items[${i}]`;
        const f: Found = { obj: item as Obj, where, ...position(doc.getIn(['items', i], true)) };
        found.push(f);
      });
    } else {
      found.push({ obj: value, where: docWhere, ...position(doc.contents) });
    }
  }
  for (const f of found) {
    const md = f.obj && isRecord(f.obj) ? f.obj.metadata : undefined;
    if (!isRecord(f.obj) || typeof f.obj.kind !== 'string' || !isRecord(md) || typeof md.name !== 'string') {
      const e: ScenarioError = {
        path: f.where,
        message: 'is not a Kubernetes object (it needs kind and metadata.name)',
      };
      if (f.line) {
        e.line = f.line;
        e.column = f.column ?? 1;
      }
      errors.push(e);
    }
  }
  return found;
}

/** A manifest without what the server writes. */
function clean(o: Obj): Obj {
  const out = structuredClone(o);
  delete out.status;
  const md = metaOf(out);
  for (const k of SERVER_METADATA) delete md[k];
  if (isRecord(md.annotations)) {
    for (const k of SERVER_ANNOTATIONS) delete md.annotations[k];
    if (Object.keys(md.annotations).length === 0) delete md.annotations;
  }
  const spec = isRecord(out.spec) ? out.spec : undefined;
  if (spec && isRecord(spec.template) && isRecord(spec.template.metadata))
    delete spec.template.metadata.creationTimestamp;
  // Cluster IPs are allocated by the (simulated) API server.
  if (out.kind === 'Service' && spec) {
    delete spec.clusterIP;
    delete spec.clusterIPs;
  }
  return out;
}

/** A scenario node from a Node object: roles from node-role labels, zone, capacity. */
function nodeFromObject(o: Obj): Obj {
  const md = metaOf(o);
  const labels = isRecord(md.labels) ? md.labels : {};
  const roles = Object.keys(labels)
    .filter((k) => k.startsWith('node-role.kubernetes.io/'))
    .map((k) => k.slice('node-role.kubernetes.io/'.length))
    .map((r) => (r === 'master' ? 'control-plane' : r))
    .filter((r, i, a) => r !== '' && a.indexOf(r) === i)
    .sort();
  const node: Obj = { name: md.name, roles };
  const zone = labels['topology.kubernetes.io/zone'];
  if (typeof zone === 'string' && zone) node.zone = zone;
  const status = isRecord(o.status) ? o.status : {};
  const cap = isRecord(status.capacity) ? status.capacity : {};
  if (typeof cap.cpu === 'string' || typeof cap.cpu === 'number') node.cpu = cap.cpu;
  if (typeof cap.memory === 'string' || typeof cap.memory === 'number') node.memory = cap.memory;
  return node;
}

const DEFAULT_NODES: Obj[] = [
  { name: 'control-plane', roles: ['control-plane'] },
  { name: 'node1' },
  { name: 'node2' },
  { name: 'node3' },
];

function fromManifests(
  found: Found[],
  errors: ScenarioError[],
  opts: ImportOptions,
  parse: NonNullable<ImportOptions['parse']>,
): ImportResult {
  if (errors.length) return { ok: false, errors };
  const warnings: string[] = [];
  const present = new Set(found.map((f) => refOf(f.obj)));
  const unsupported: string[] = [];
  const recreated: string[] = [];
  const orphans: string[] = [];
  const clusterMade: string[] = [];
  const agents: string[] = [];
  const nodeObjects: Found[] = [];
  const kept: Found[] = [];
  for (const f of found) {
    const o = f.obj;
    const kind = o.kind as string;
    const md = metaOf(o);
    const ref = refOf(o);
    const ns = typeof md.namespace === 'string' ? md.namespace : 'default';
    if (kind === 'Node') {
      nodeObjects.push(f);
      continue;
    }
    if (CLUSTER_MADE.has(kind)) {
      clusterMade.push(ref);
      continue;
    }
    if (!SIMULATED.has(kind)) {
      unsupported.push(ref);
      continue;
    }
    const annotations = isRecord(md.annotations) ? md.annotations : {};
    if (kind === 'Pod' && annotations[MIRROR_ANNOTATION] !== undefined) {
      recreated.push(ref);
      continue;
    }
    if (kind === 'DaemonSet' && ns === 'kube-system' && HOST_AGENTS.has(String(md.name))) {
      agents.push(ref);
      continue;
    }
    if (kind === 'Service' && ns === 'default' && md.name === 'kubernetes') {
      clusterMade.push(ref);
      continue;
    }
    const owners = Array.isArray(md.ownerReferences) ? md.ownerReferences.filter(isRecord) : [];
    const controller = owners.find((r) => r.controller === true) ?? owners[0];
    if (controller) {
      const ownerRef = `${String(controller.kind)}/${ns !== 'default' ? `${ns}/` : ''}${String(controller.name)}`;
      if (present.has(ownerRef)) recreated.push(ref);
      else orphans.push(`${ref} (owned by ${ownerRef})`);
      continue;
    }
    kept.push(f);
  }
  if (unsupported.length)
    warnings.push(
      `Ignored ${plural(unsupported.length, 'object', 'objects')} of kinds NotReady does not simulate: ${listRefs(unsupported)}.`,
    );
  if (recreated.length)
    warnings.push(
      `Left out ${plural(recreated.length, 'object', 'objects')} that controllers create again: ${listRefs(recreated)}.`,
    );
  if (orphans.length)
    warnings.push(
      `Left out ${plural(orphans.length, 'object', 'objects')} whose owner is not in the file: ${listRefs(orphans)}.`,
    );
  if (clusterMade.length)
    warnings.push(
      `Left out ${plural(clusterMade.length, 'object', 'objects')} the cluster creates by itself: ${listRefs(clusterMade)}.`,
    );
  if (agents.length)
    warnings.push(`Left out ${listRefs(agents)}: NotReady runs kube-proxy and calico-node on every node itself.`);

  // Nodes: from the file's Node objects, with exactly one control plane (NotReady simulates one).
  let nodes = DEFAULT_NODES.map((n) => ({ ...n }));
  let nodeSources: Found[] = [];
  if (nodeObjects.length) {
    nodes = nodeObjects.map((f) => nodeFromObject(f.obj));
    nodeSources = nodeObjects;
    const cps = nodes.filter((n) => (n.roles as string[]).includes('control-plane'));
    if (cps.length === 0) {
      nodes.unshift({ name: 'control-plane', roles: ['control-plane'] });
      nodeSources = [{ obj: {}, where: '' }, ...nodeSources];
      warnings.push('Added a control-plane node: the file has no Node with the control-plane role.');
    } else if (cps.length > 1) {
      const extra = cps.slice(1);
      for (const n of extra) n.roles = (n.roles as string[]).filter((r) => r !== 'control-plane');
      warnings.push(
        `NotReady simulates one control-plane node: ${extra.map((n) => String(n.name)).join(', ')} became workers.`,
      );
    }
  }
  const nodeNames = new Set(nodes.map((n) => String(n.name)));

  const objects = kept.map((f) => {
    const m = clean(f.obj);
    const spec = isRecord(m.spec) ? m.spec : undefined;
    if (m.kind === 'Pod' && spec && typeof spec.nodeName === 'string' && !nodeNames.has(spec.nodeName)) {
      warnings.push(
        `${refOf(m)} was on node ${spec.nodeName}, which is not in the cluster: the scheduler will place it.`,
      );
      delete spec.nodeName;
    }
    return m;
  });

  const doc = {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: opts.name ?? 'imported', title: opts.title ?? 'Imported from kubectl' },
    spec: { profile: 'v1.33', nodes, objects },
  };
  const r = parse(scenarioJson(doc));
  if (r.ok) return { ok: true, scenario: r.scenario, warnings, source: 'manifests' };
  return { ok: false, errors: r.errors.map((e) => relocate(e, kept, nodeSources)) };
}

/**
 * The built scenario as text for the validator. JSON writes NaN and ±Infinity (YAML's `.nan`, or
 * digits past the double range) as null, which would quietly become a default (replicas 1); they
 * are written the way YAML reads them back instead (the scenario parser reads YAML), so the
 * validator refuses them.
 */
function scenarioJson(doc: unknown): string {
  const text = JSON.stringify(doc, (_k, v: unknown) =>
    typeof v === 'number' && !Number.isFinite(v) ? `\u0000${Number.isNaN(v) ? '.nan' : v > 0 ? '1e999' : '-1e999'}` : v,
  );
  return text.replace(/"\\u0000(\.nan|-?1e999)"/g, '$1');
}

/** Maps an error on the built scenario (`spec.objects[2].spec`) back to the pasted text. */
function relocate(e: ScenarioError, kept: Found[], nodeSources: Found[]): ScenarioError {
  const m = /^spec\.(objects|nodes)\[(\d+)\]\.?(.*)$/.exec(e.path);
  const src = m ? (m[1] === 'objects' ? kept : nodeSources)[Number(m[2])] : undefined;
  if (!m || !src) return { path: e.path, message: e.message };
  const rest = m[3] ?? '';
  const rel = m[1] === 'nodes' ? rest.replace(/^(cpu|memory)$/, 'status.capacity.$1') : rest;
  const sep = src.where.endsWith(']') ? '.' : ', ';
  const path = src.where && rel ? `${src.where}${sep}${rel}` : src.where || rel;
  const out: ScenarioError = { path: `${path}${path ? ' ' : ''}(${refOf(src.obj)})`, message: e.message };
  if (src.line) {
    out.line = src.line;
    out.column = src.column ?? 1;
  }
  return out;
}
