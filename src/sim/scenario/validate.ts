/**
 * Validation of a scenario already turned into plain data (from YAML, JSON, or built in code) into
 * the normalised Scenario (DESIGN section 5). Kept apart from parse.ts so that code which only
 * handles plain data (the worker) does not pull in the YAML parser.
 *
 * Defaults: profile v1.33, seed 1, settings {}, objects/staticPods/timeline/lesson [], duration 10
 * minutes after the last timeline entry. Timeline entries are sorted by `at` (stable: entries at
 * the same time keep their written order).
 */
import * as v from 'valibot';
import { DEFAULT_ADDONS } from '../api/addons';
import { labelValueErrors, qualifiedNameErrors } from '../api/label-validation';
import { defaultScenarioDuration } from '../core/duration';
import { countPods, DOMAIN_LIMITS, describeDuration, groupDigits, podsOverLimit } from '../core/limits';
import { PROFILES } from '../core/profiles';
import type { Addons, Manifest, Scenario, ScenarioNode, ScenarioStaticPod } from '../core/scenario-types';
import { goDuration } from '../host/clock';
import { normaliseManifest } from './manifests';
import { type ScenarioDoc, scenarioSchema } from './schema';
import { checkCloud, mostNodes, normaliseCloud } from './validate-cloud';
import type { PathKeys, RawError } from './validate-types';

export interface ScenarioError {
  /** Where: `spec.nodes[2].name`; empty for errors about the text itself (YAML syntax). */
  path: string;
  message: string;
  /** 1-based position in the text, when known. */
  line?: number;
  column?: number;
}

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };

export type { PathKeys, RawError } from './validate-types';

/** `spec.nodes[2].name` from ['spec','nodes',2,'name']; odd keys are quoted: `labels["a/b"]`. */
export function formatPath(keys: PathKeys): string {
  let out = '';
  for (const k of keys) {
    if (typeof k === 'number') out += `[${k}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(k)) out += out ? `.${k}` : k;
    else out += `[${JSON.stringify(k)}]`;
  }
  return out;
}

/**
 * One line for a person. With a file name, compiler style:
 * `my.yaml:8:14: spec.nodes[2].name: "Node_2" is not a valid node name (...)`; without:
 * `spec.nodes[2].name: "Node_2" is not a valid node name (...) (line 8, column 14)`.
 * Errors about the text itself (YAML syntax) already carry their position in the message.
 */
export function formatScenarioError(err: ScenarioError, file?: string): string {
  const text = err.path ? `${err.path}: ${err.message}` : err.message;
  if (file !== undefined)
    return err.line && err.path ? `${file}:${err.line}:${err.column ?? 1}: ${text}` : `${file}: ${text}`;
  return err.line && err.path ? `${text} (line ${err.line}, column ${err.column ?? 1})` : text;
}

/** Validate an already-parsed document (e.g. a Scenario built in code, or JSON.parse output). */
export function validateScenario(data: unknown): { ok: true; scenario: Scenario } | { ok: false; raw: RawError[] } {
  const errors: RawError[] = [];
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return {
      ok: false,
      raw: [{ keys: [], message: 'a scenario must be a mapping (apiVersion, kind, metadata, spec)' }],
    };
  }
  const parsed = v.safeParse(scenarioSchema, data, { abortEarly: false });
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      errors.push({ keys: (issue.path ?? []).map((p) => p.key as string | number), message: issueMessage(issue) });
    }
    // Manifests are checked outside the schema: report their errors in the same pass.
    const objs = (data as { spec?: { objects?: unknown } }).spec?.objects;
    if (Array.isArray(objs)) {
      objs.forEach((o, i) => {
        normaliseManifest(o, ['spec', 'objects', i], errors);
      });
    }
    errors.sort((a, b) => comparePaths(a.keys, b.keys));
    return { ok: false, raw: errors };
  }
  const doc: ScenarioDoc = parsed.output;
  // The compact forms (a node with `count`, a timeline entry with `each`) become what they stand for.
  const expanded = expandNodes(doc.spec.nodes, errors);
  const timelineIn = expandTimeline(doc.spec.timeline, errors);
  if (errors.length > 0) return { ok: false, raw: errors };
  const spec = { ...doc.spec, nodes: expanded.nodes, timeline: timelineIn };
  /** An expanded node's path is its entry's: `spec.nodes[3]` for every node of a `count: 300`. */
  const nodeKeys = (i: number): PathKeys => ['spec', 'nodes', expanded.origin[i] ?? i];

  // Nodes: unique names, exactly one control plane.
  const seen = new Map<string, number>();
  spec.nodes.forEach((n, i) => {
    const first = seen.get(n.name);
    if (first !== undefined) {
      errors.push({
        keys: [...nodeKeys(i), 'name'],
        message: `${JSON.stringify(n.name)} is already used by spec.nodes[${expanded.origin[first] ?? first}]`,
      });
    } else seen.set(n.name, i);
  });
  // Node labels as the API server checks them (IsQualifiedName, IsValidLabelValue): they reach
  // the kubelet's flags on a real cluster, and the exports (issue 27).
  const labelChecked = new Set<number>();
  spec.nodes.forEach((n, i) => {
    const origin = expanded.origin[i] ?? i;
    if (labelChecked.has(origin)) return;
    labelChecked.add(origin);
    for (const [k, value] of Object.entries(n.labels ?? {})) {
      const keyErr = qualifiedNameErrors(k)[0];
      const valueErr = labelValueErrors(value)[0];
      if (keyErr)
        errors.push({
          keys: [...nodeKeys(i), 'labels'],
          message: `${JSON.stringify(k)} is not a valid label key: ${keyErr}`,
        });
      else if (valueErr)
        errors.push({
          keys: [...nodeKeys(i), 'labels', k],
          message: `${JSON.stringify(value)} is not a valid label value: ${valueErr}`,
        });
    }
  });
  const cps = spec.nodes.filter((n) => n.roles.includes('control-plane') || n.roles.includes('master'));
  if (cps.length !== 1) {
    errors.push({ keys: ['spec', 'nodes'], message: 'exactly one node must have the control-plane role' });
  }

  // Objects: manifests, `kind: List` flattened.
  const objects: Manifest[] = [];
  const objectKeys = new Map<string, string>();
  spec.objects.forEach((raw, i) => {
    for (const { manifest, keys } of normaliseManifest(raw, ['spec', 'objects', i], errors)) {
      const id = `${manifest.kind}/${manifest.metadata.namespace ?? 'default'}/${manifest.metadata.name}`;
      const prev = objectKeys.get(id);
      if (prev !== undefined) {
        errors.push({ keys: [...keys, 'metadata', 'name'], message: `${id} is already defined at ${prev}` });
        continue;
      }
      objectKeys.set(id, formatPath(keys));
      objects.push(manifest);
    }
  });

  // Static pods: Pod manifests on known nodes.
  const staticPods: ScenarioStaticPod[] = [];
  const staticFiles = new Set<string>();
  spec.staticPods.forEach((sp, i) => {
    const base: PathKeys = ['spec', 'staticPods', i];
    if (!seen.has(sp.node)) {
      errors.push({ keys: [...base, 'node'], message: `${JSON.stringify(sp.node)} is not one of spec.nodes` });
    }
    const ms = normaliseManifest(sp.manifest, [...base, 'manifest'], errors, ['Pod'], false);
    const m = ms[0]?.manifest;
    if (!m) return;
    const file = sp.file ?? `${m.metadata.name}.yaml`;
    // A file name on Linux is at most 255 bytes (NAME_MAX): the kubelet could not read a longer one.
    // Both forms are ASCII (a plain file name, a DNS name), so characters are bytes.
    if (file.length > 255)
      errors.push({
        keys: [...base, sp.file ? 'file' : 'manifest'],
        message: `the manifest's file name ${sp.file ? '' : `(${m.metadata.name.length} characters of name and .yaml) `}is longer than 255 bytes, the longest a file name can be${sp.file ? '' : ': give a shorter name, or a file'}`,
      });
    const fileId = `${sp.node}/${file}`;
    if (staticFiles.has(fileId)) {
      errors.push({
        keys: [...base, sp.file ? 'file' : 'manifest'],
        message: `${sp.node}:/etc/kubernetes/manifests/${file} is already defined`,
      });
    }
    staticFiles.add(fileId);
    const entry: ScenarioStaticPod = { node: sp.node, manifest: m };
    if (sp.file) entry.file = sp.file;
    staticPods.push(entry);
  });

  // Lesson: unique step ids, answers within the choices.
  const stepIds = new Set<string>();
  spec.lesson.forEach((s, i) => {
    if (stepIds.has(s.id))
      errors.push({ keys: ['spec', 'lesson', i, 'id'], message: `${JSON.stringify(s.id)} is already used` });
    stepIds.add(s.id);
    if (s.predict) {
      const a = s.predict.answer;
      if (!Number.isInteger(a) || a < 0 || a >= s.predict.choices.length) {
        errors.push({
          keys: ['spec', 'lesson', i, 'predict', 'answer'],
          message: `${a} is not the index of a choice (0 to ${s.predict.choices.length - 1})`,
        });
      }
    }
  });

  // The end: a written duration must leave room for the whole timeline.
  const lastAt = spec.timeline.reduce((m, t) => Math.max(m, t.at), 0);
  if (spec.duration !== undefined && spec.duration < lastAt) {
    errors.push({
      keys: ['spec', 'duration'],
      // Exact to the millisecond (formatSimTime would round 5m and 5m0.5s alike).
      message: `${describeDuration(spec.duration)} ends before the last timeline entry (at ${describeDuration(lastAt)})`,
    });
  }
  // The cloud: node groups and the nodes in them (validate-cloud.ts), at their entries' paths.
  const cloudErrors: RawError[] = [];
  checkCloud(spec, cloudErrors);
  for (const err of cloudErrors) {
    const [a, b, i] = err.keys;
    if (a === 'spec' && b === 'nodes' && typeof i === 'number') err.keys = [...nodeKeys(i), ...err.keys.slice(3)];
    errors.push(err);
  }
  // Domain limits that need the whole document (core/limits.ts).
  const addons: Addons = { ...DEFAULT_ADDONS, ...definedOnly(spec.addons ?? {}) };
  // kubeadm's add-ons are the cluster's own, like its control-plane pods: not in the pod budget.
  // DaemonSets run a pod on every node the node groups may grow to.
  const pods = countPods(mostNodes(spec), objects, staticPods.length);
  if (errors.length === 0 && pods > DOMAIN_LIMITS.maxPods)
    errors.push({ keys: ['spec', 'objects'], message: podsOverLimit(pods, 'the scenario') });
  const pull = { ...PROFILES[spec.profile].defaults, ...spec.settings };
  if (pull.imagePullMin > pull.imagePullMax)
    errors.push({
      keys: ['spec', 'settings', spec.settings.imagePullMin !== undefined ? 'imagePullMin' : 'imagePullMax'],
      message: `imagePullMin (${describeDuration(pull.imagePullMin)}) is longer than imagePullMax (${describeDuration(pull.imagePullMax)})`,
    });
  for (const err of shutdownSettingErrors(pull.shutdownGracePeriod, pull.shutdownGracePeriodCriticalPods))
    errors.push({ keys: ['spec', 'settings', err.key], message: err.message });

  if (errors.length > 0) return { ok: false, raw: errors };

  const nodes: ScenarioNode[] = spec.nodes.map((n) => {
    const out: ScenarioNode = { name: n.name, roles: n.roles };
    if (n.zone !== undefined) out.zone = n.zone;
    if (n.labels !== undefined) out.labels = n.labels;
    if (n.cpu !== undefined) out.cpu = n.cpu;
    if (n.memory !== undefined) out.memory = n.memory;
    if (n.group !== undefined) out.group = n.group;
    return out;
  });
  const settings: Record<string, number> = {};
  for (const [k, val] of Object.entries(spec.settings)) if (val !== undefined) settings[k] = val;
  const metadata: Scenario['metadata'] = { name: doc.metadata.name, title: doc.metadata.title };
  if (doc.metadata.description !== undefined) metadata.description = doc.metadata.description;
  const scenario: Scenario = {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata,
    spec: {
      profile: spec.profile,
      seed: spec.seed,
      settings,
      nodes,
      objects,
      staticPods,
      // Array.prototype.sort is stable: entries at the same time keep their order.
      timeline: spec.timeline
        .map((t) => (t.by ? { at: t.at, run: t.run.trim(), by: t.by } : { at: t.at, run: t.run.trim() }))
        .sort((a, b) => a.at - b.at),
      lesson: spec.lesson.map((s) => {
        const out: Scenario['spec']['lesson'][number] = { id: s.id, text: s.text };
        if (s.run !== undefined) out.run = s.run;
        if (s.waitFor !== undefined) out.waitFor = s.waitFor;
        if (s.predict !== undefined) out.predict = s.predict;
        return out;
      }),
      duration: spec.duration ?? defaultScenarioDuration(spec.timeline),
    },
  };
  // Written only when the text has it: scenarios without it keep their normalised form.
  if (spec.addons !== undefined) scenario.spec.addons = addons;
  if (spec.cloud) scenario.spec.cloud = normaliseCloud(spec.cloud);
  return { ok: true, scenario };
}

type DocNode = ScenarioDoc['spec']['nodes'][number];
type DocEntry = ScenarioDoc['spec']['timeline'][number];

/**
 * `spec.nodes` with every `count: N` entry replaced by N nodes named `<name>1` … `<name>N`, alike
 * in everything else, in order; `origin[i]` is the entry node i came from (for error paths).
 * A counted entry may not be the control plane, and every name it gives must be a node name.
 */
export function expandNodes(entries: readonly DocNode[], errors: RawError[]): { nodes: DocNode[]; origin: number[] } {
  const nodes: DocNode[] = [];
  const origin: number[] = [];
  entries.forEach((n, i) => {
    const { count, ...node } = n;
    if (count === undefined) {
      nodes.push(node);
      origin.push(i);
      return;
    }
    if (node.roles.includes('control-plane') || node.roles.includes('master')) {
      errors.push({
        keys: ['spec', 'nodes', i, 'count'],
        message: 'the control plane is one node: it cannot have a count',
      });
      return;
    }
    const last = `${node.name}${count}`;
    if (last.length > 63) {
      errors.push({
        keys: ['spec', 'nodes', i, 'name'],
        message: `${JSON.stringify(last)} (the last of its ${count} nodes) is longer than 63 characters`,
      });
      return;
    }
    if (nodes.length + count > DOMAIN_LIMITS.maxNodes) {
      errors.push({
        keys: ['spec', 'nodes', i, 'count'],
        message: `${groupDigits(nodes.length + count)} nodes so far: give 1 to ${groupDigits(DOMAIN_LIMITS.maxNodes)}`,
      });
      return;
    }
    for (let k = 1; k <= count; k++) {
      nodes.push({ ...node, name: `${node.name}${k}` });
      origin.push(i);
    }
  });
  return { nodes, origin };
}

/**
 * `spec.timeline` with every `each: [from, to]` entry replaced by one entry per whole i from `from`
 * to `to`, `{i}` in its command replaced by i, in that order (all at the entry's time).
 */
export function expandTimeline(entries: readonly DocEntry[], errors: RawError[]): DocEntry[] {
  const out: DocEntry[] = [];
  entries.forEach((t, i) => {
    const { each, ...entry } = t;
    if (each === undefined) {
      out.push(entry);
      return;
    }
    const [from, to] = each;
    const keys: PathKeys = ['spec', 'timeline', i, 'each'];
    if (from > to) errors.push({ keys, message: `from (${from}) is after to (${to})` });
    else if (!entry.run.includes('{i}'))
      errors.push({
        keys: ['spec', 'timeline', i, 'run'],
        message: 'a command with `each` must say where i goes: {i}',
      });
    else if (out.length + to - from + 1 > DOMAIN_LIMITS.maxCommands)
      errors.push({
        keys,
        message: `${groupDigits(out.length + to - from + 1)} timeline entries is more than the limit of ${groupDigits(DOMAIN_LIMITS.maxCommands)}`,
      });
    else for (let k = from; k <= to; k++) out.push({ ...entry, run: entry.run.replaceAll('{i}', String(k)) });
  });
  return out;
}

/** The keys of `o` whose value is set (valibot keeps absent optional keys as undefined). */
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;
}

/** Document order for paths (keys compared one by one; numbers numerically). */
function comparePaths(a: PathKeys, b: PathKeys): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return 0; // different fields: keep the order they were reported in (schema order)
  }
  return a.length - b.length;
}

/** Rewrite valibot's generic messages into the project's wording. */
function issueMessage(issue: v.BaseIssue<unknown>): string {
  const m = issue.message;
  if (m.startsWith('Invalid type:')) return `expected ${issue.expected}, got ${describeValue(issue.input)}`;
  if (m.startsWith('Invalid key:')) return issue.expected === 'never' ? 'unknown field' : 'is required';
  return m;
}

function describeValue(x: unknown): string {
  if (x === undefined) return 'nothing';
  if (typeof x === 'string') return JSON.stringify(x);
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'a list';
  if (typeof x === 'object') return 'a mapping';
  return String(x);
}

/**
 * The kubelet's own checks of graceful node shutdown (kk pkg/kubelet/apis/config/validation/
 * validation.go ValidateKubeletConfiguration, GracefulNodeShutdown on): critical pods' period within
 * the whole, each 0 or at least a second. Its texts, `%v` of a metav1.Duration printing `{30s}`.
 */
export function shutdownSettingErrors(
  total: number,
  critical: number,
): { key: 'shutdownGracePeriod' | 'shutdownGracePeriodCriticalPods'; message: string }[] {
  const out: { key: 'shutdownGracePeriod' | 'shutdownGracePeriodCriticalPods'; message: string }[] = [];
  const d = (ms: number) => `{${goDuration(ms)}}`;
  if (critical > total)
    out.push({
      key: 'shutdownGracePeriodCriticalPods',
      message: `invalid configuration: shutdownGracePeriodCriticalPods ${d(critical)} must be <= shutdownGracePeriod ${d(total)}`,
    });
  if (total < 0 || (total > 0 && total < 1000))
    out.push({
      key: 'shutdownGracePeriod',
      message: `invalid configuration: shutdownGracePeriod ${d(total)} must be either zero or otherwise >= 1 sec`,
    });
  if (critical < 0 || (critical > 0 && critical < 1000))
    out.push({
      key: 'shutdownGracePeriodCriticalPods',
      message: `invalid configuration: shutdownGracePeriodCriticalPods ${d(critical)} must be either zero or otherwise >= 1 sec`,
    });
  return out;
}
