/**
 * Manifest -> API object with the defaulting kube-apiserver (and `kubectl create`) applies:
 * namespace `default`, labels/selector `app: <name>` when missing, terminationGracePeriodSeconds 30,
 * serviceAccountName `default`, Service type ClusterIP. Quantities are parsed into millicores / MiB.
 */

import type {
  ContainerSpec,
  LabelSelector,
  ObjectMeta,
  PodSpec,
  PodTemplate,
  Probe,
  ProbePort,
  Toleration,
  Volume,
} from '../core/api-types';
import { own } from '../core/dict';
import type { Engine } from '../core/engine';
import type { Manifest } from '../core/scenario-types';
import { FNV_OFFSET, fnvUpdate } from '../core/trace';
import { invalid } from './errors';

type Obj = Record<string, unknown>;

function asObj(v: unknown): Obj {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {};
}
function asArr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
function asStrMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(asObj(v))) out[k] = String(x);
  return out;
}

/** CPU quantity ("100m", "0.5", 2) -> millicores. */
export function parseCpu(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const s = String(v).trim();
  if (s.endsWith('m')) return Math.round(Number(s.slice(0, -1)));
  const n = Number(s);
  return Number.isFinite(n) ? Math.round(n * 1000) : undefined;
}

const MEM_UNITS: Record<string, number> = {
  Ki: 1 / 1024,
  Mi: 1,
  Gi: 1024,
  Ti: 1024 * 1024,
  k: 1000 / 1048576,
  K: 1000 / 1048576,
  M: 1_000_000 / 1048576,
  G: 1_000_000_000 / 1048576,
};

/** Memory quantity ("128Mi", "1Gi", "512M", bytes) -> MiB (rounded up so a request is never under-counted). */
export function parseMemory(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const s = String(v).trim();
  const m = /^([0-9.]+)([A-Za-z]*)$/.exec(s);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2] ?? '';
  if (unit === '') return Math.ceil(n / 1048576);
  const f = own(MEM_UNITS, unit);
  return f === undefined ? undefined : Math.ceil(n * f);
}

/** IntOrString: numbers stay numbers, anything else is a port name (resolved when probing). */
function probePort(v: unknown): ProbePort {
  return typeof v === 'number' ? v : String(v ?? '');
}

/** A whole number field with SetDefaults_Probe's default when absent or 0 (validation refuses the rest). */
function probeNumber(v: unknown, dflt: number): number {
  const n = Number(v ?? 0);
  return n === 0 || !Number.isFinite(n) ? dflt : n;
}

/**
 * core/v1 Probe with the API's defaults (pkg/apis/core/v1/defaults.go SetDefaults_Probe:
 * timeoutSeconds 1, periodSeconds 10, successThreshold 1, failureThreshold 3;
 * SetDefaults_HTTPGetAction: path `/`, scheme HTTP). Undefined when the field is absent.
 */
export function probeFrom(v: unknown): Probe | undefined {
  if (v === undefined || v === null) return undefined;
  const p = asObj(v);
  const out: Probe = {
    initialDelaySeconds: Number(p.initialDelaySeconds ?? 0) || 0,
    timeoutSeconds: probeNumber(p.timeoutSeconds, 1),
    periodSeconds: probeNumber(p.periodSeconds, 10),
    successThreshold: probeNumber(p.successThreshold, 1),
    failureThreshold: probeNumber(p.failureThreshold, 3),
  };
  if (p.exec !== undefined) out.exec = { command: asArr(asObj(p.exec).command).map(String) };
  if (p.httpGet !== undefined) {
    const h = asObj(p.httpGet);
    out.httpGet = {
      path: h.path === undefined || h.path === '' ? '/' : String(h.path),
      port: probePort(h.port),
      scheme: String(h.scheme ?? 'HTTP').toUpperCase() === 'HTTPS' ? 'HTTPS' : 'HTTP',
    };
    if (h.host !== undefined) out.httpGet.host = String(h.host);
  }
  if (p.tcpSocket !== undefined) {
    const t = asObj(p.tcpSocket);
    out.tcpSocket = { port: probePort(t.port) };
    if (t.host !== undefined) out.tcpSocket.host = String(t.host);
  }
  if (p.terminationGracePeriodSeconds !== undefined)
    out.terminationGracePeriodSeconds = Number(p.terminationGracePeriodSeconds);
  return out;
}

export const PROBE_FIELDS = ['livenessProbe', 'readinessProbe', 'startupProbe'] as const;

function containers(v: unknown): ContainerSpec[] {
  return asArr(v).map((raw, i) => {
    const c = asObj(raw);
    const out: ContainerSpec = { name: String(c.name ?? `container-${i}`), image: String(c.image ?? '') };
    if (Array.isArray(c.command)) out.command = c.command.map(String);
    if (Array.isArray(c.args)) out.args = c.args.map(String);
    const ports = asArr(c.ports).map((p) => {
      const po = asObj(p);
      const port: { containerPort: number; name?: string; protocol?: string } = {
        containerPort: Number(po.containerPort ?? 0),
        protocol: String(po.protocol ?? 'TCP'),
      };
      if (po.name !== undefined) port.name = String(po.name);
      return port;
    });
    if (ports.length) out.ports = ports;
    const req = asObj(asObj(c.resources).requests);
    const cpu = parseCpu(req.cpu);
    const memory = parseMemory(req.memory);
    if (cpu !== undefined || memory !== undefined) {
      out.resources = { requests: {} };
      if (cpu !== undefined) out.resources.requests!.cpu = cpu;
      if (memory !== undefined) out.resources.requests!.memory = memory;
    }
    for (const f of PROBE_FIELDS) {
      const probe = probeFrom(c[f]);
      if (probe) out[f] = probe;
    }
    return out;
  });
}

/** Containers of a pod spec with the API defaults (static pod manifests read by the kubelet too). */
export function containerSpecsFrom(v: unknown): ContainerSpec[] {
  return containers(v);
}

function tolerations(v: unknown): Toleration[] {
  return asArr(v).map((raw) => {
    const t = asObj(raw);
    const out: Toleration = {};
    if (t.key !== undefined) out.key = String(t.key);
    out.operator = t.operator === 'Exists' ? 'Exists' : 'Equal';
    if (t.value !== undefined) out.value = String(t.value);
    if (t.effect === 'NoSchedule' || t.effect === 'PreferNoSchedule' || t.effect === 'NoExecute') out.effect = t.effect;
    if (t.tolerationSeconds !== undefined) out.tolerationSeconds = Number(t.tolerationSeconds);
    return out;
  });
}

/**
 * spec.volumes with the sources the playground knows (validation has refused the others);
 * fields are kept as written, defaults as the API's (readOnly and optional false when absent).
 */
function volumes(v: unknown): Volume[] {
  return asArr(v).map((raw) => {
    const o = asObj(raw);
    const out: Volume = { name: String(o.name ?? '') };
    if (o.emptyDir !== undefined) {
      const d = asObj(o.emptyDir);
      out.emptyDir = {};
      if (d.medium !== undefined && d.medium !== '') out.emptyDir.medium = String(d.medium);
      if (d.sizeLimit !== undefined) out.emptyDir.sizeLimit = String(d.sizeLimit);
    }
    if (o.hostPath !== undefined) {
      const h = asObj(o.hostPath);
      out.hostPath = { path: String(h.path ?? '') };
      if (h.type !== undefined) out.hostPath.type = String(h.type);
    }
    if (o.persistentVolumeClaim !== undefined) {
      const c = asObj(o.persistentVolumeClaim);
      out.persistentVolumeClaim = { claimName: String(c.claimName ?? '') };
      if (c.readOnly === true) out.persistentVolumeClaim.readOnly = true;
    }
    if (o.configMap !== undefined) {
      const c = asObj(o.configMap);
      out.configMap = { name: String(c.name ?? '') };
      if (c.optional === true) out.configMap.optional = true;
    }
    if (o.secret !== undefined) {
      const c = asObj(o.secret);
      out.secret = { secretName: String(c.secretName ?? '') };
      if (c.optional === true) out.secret.optional = true;
    }
    return out;
  });
}

/** Pod spec from a manifest's `spec` (Pod) or `spec.template.spec` (workloads), with API defaults. */
export function podSpecFrom(raw: unknown): PodSpec {
  const s = asObj(raw);
  const spec: PodSpec = {
    containers: containers(s.containers),
    tolerations: tolerations(s.tolerations),
    terminationGracePeriodSeconds:
      s.terminationGracePeriodSeconds === undefined ? 30 : Number(s.terminationGracePeriodSeconds),
    serviceAccountName: s.serviceAccountName === undefined ? 'default' : String(s.serviceAccountName),
  };
  if (s.nodeName !== undefined) spec.nodeName = String(s.nodeName);
  if (s.nodeSelector !== undefined) spec.nodeSelector = asStrMap(s.nodeSelector);
  if (s.hostNetwork === true) spec.hostNetwork = true;
  if (s.priority !== undefined) spec.priority = Number(s.priority);
  if (asArr(s.volumes).length) spec.volumes = volumes(s.volumes);
  return spec;
}

/** Template + selector of a workload manifest; missing labels/selector default to `app: <name>`. */
export function templateFrom(
  kind: string,
  name: string,
  rawSpec: unknown,
): { selector: LabelSelector; template: PodTemplate } {
  const t = templateParts(name, rawSpec);
  if (t.errors.length) throw invalid(kind, name, t.errors);
  return { selector: t.selector, template: t.template };
}

/** What templateFrom would refuse, as field errors (`spec.template.spec.containers: Required value`). */
export function templateFieldErrors(name: string, rawSpec: unknown): string[] {
  return templateParts(name, rawSpec).errors;
}

function templateParts(
  name: string,
  rawSpec: unknown,
): { selector: LabelSelector; template: PodTemplate; errors: string[] } {
  const spec = asObj(rawSpec);
  const tpl = asObj(spec.template);
  const tplMeta = asObj(tpl.metadata);
  let labels = asStrMap(tplMeta.labels);
  let matchLabels = asStrMap(asObj(spec.selector).matchLabels);
  // [U] apps/v1 requires spec.selector; the playground defaults it the way `kubectl create deployment` does.
  if (!Object.keys(labels).length && !Object.keys(matchLabels).length) {
    labels = { app: name };
    matchLabels = { app: name };
  } else if (!Object.keys(matchLabels).length) matchLabels = { ...labels };
  else if (!Object.keys(labels).length) labels = { ...matchLabels };
  const ps = podSpecFrom(tpl.spec);
  const errors: string[] = [];
  if (!ps.containers.length) errors.push('spec.template.spec.containers: Required value');
  for (const [k, v] of Object.entries(matchLabels)) {
    if (!Object.hasOwn(labels, k) || labels[k] !== v) {
      errors.push(
        `spec.template.metadata.labels: Invalid value: ${goMap(labels)}: \`selector\` does not match template \`labels\``,
      );
      break;
    }
  }
  const template: PodTemplate = { metadata: { labels }, spec: { ...ps } };
  const ann = asStrMap(tplMeta.annotations);
  if (Object.keys(ann).length) template.metadata.annotations = ann;
  return { selector: { matchLabels }, template, errors };
}

/** Go's %#v of map[string]string, as the apiserver prints it in validation errors. */
function goMap(m: Record<string, string>): string {
  const parts = Object.keys(m)
    .sort()
    .map((k) => `"${k}":"${m[k]}"`);
  return `map[string]string{${parts.join(', ')}}`;
}

const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** metadata.name validation (RFC 1123 subdomain), with the apiserver's message. */
export function validateName(kind: string, name: string): void {
  if (!name) throw invalid(kind, name, ['metadata.name: Required value: name or generateName is required']);
  if (name.length > 253 || !DNS1123.test(name)) {
    throw invalid(kind, name, [
      `metadata.name: Invalid value: "${name}": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    ]);
  }
}

/** ObjectMeta for a new object: uid, creationTimestamp now, namespace default (unless cluster-scoped). */
export function newMeta(e: Engine, m: Manifest['metadata'], clusterScoped = false): ObjectMeta {
  const name = m.name;
  const uid = e.uid();
  const labels = { ...(m.labels ?? {}) };
  const annotations = { ...(m.annotations ?? {}) };
  if (clusterScoped)
    return { name, uid, resourceVersion: 0, creationTimestamp: e.now, labels, annotations, ownerReferences: [] };
  // namespace in the literal, after the same keys: added afterwards it took an extra property
  // array (~60 bytes) in every pod, ~2 MB at 1,000 nodes.
  const namespace = m.namespace ?? 'default';
  return {
    name,
    uid,
    resourceVersion: 0,
    creationTimestamp: e.now,
    labels,
    annotations,
    ownerReferences: [],
    namespace,
  };
}

const SAFE = 'bcdfghjklmnpqrstvwxz2456789';

/**
 * pod-template-hash: ComputeHash (a 32-bit FNV hash of the template) printed as decimal then
 * rand.SafeEncodeString'd, which is why real hashes are 8-10 characters of [4-9bcdf].
 * Deterministic: the same template always gives the same ReplicaSet name.
 */
export function podTemplateHash(template: PodTemplate): string {
  const h: [number, number] = [FNV_OFFSET[0], FNV_OFFSET[1]];
  fnvUpdate(h, JSON.stringify(template));
  const dec = String(h[0] >>> 0);
  let out = '';
  for (let i = 0; i < dec.length; i++) out += SAFE[dec.charCodeAt(i) % SAFE.length];
  return out;
}

export { asArr, asObj, asStrMap };
