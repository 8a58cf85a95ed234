/**
 * What the simulated kube-apiserver refuses in a manifest before it stores anything, as a pure
 * function of the manifest: required fields, the template's selector, numbers Kubernetes wants as
 * whole numbers (replicas, grace periods, toleration seconds, priority), and the playground's
 * domain limits (core/limits.ts). `kubectl apply`/`create` refuse with these (api/apply.ts),
 * and scenario validation reports them with their path before a cluster boots
 * (scenario/manifests.ts), so a scenario that validates never fails at start-up.
 */
import { DOMAIN_LIMITS, replicasProblem, secondsProblem, thresholdProblem } from '../core/limits';
import type { Manifest } from '../core/scenario-types';
import { asArr, asObj, templateFieldErrors } from './defaults';
import { labelValueErrors, qualifiedNameErrors } from './label-validation';

/** One refusal: `keys` is the field's path in the manifest, `detail` the apiserver's text after it. */
export interface ManifestError {
  keys: (string | number)[];
  detail: string;
  /** A playground limit rather than a Kubernetes rule (kubectl shows it as `error: <detail>`). */
  limit?: boolean;
}

/** `spec.template.spec.tolerations[0].tolerationSeconds` from its keys. */
export function fieldPath(keys: readonly (string | number)[]): string {
  let out = '';
  for (const k of keys) out += typeof k === 'number' ? `[${k}]` : out ? `.${k}` : k;
  return out;
}

const REPLICATED = new Set(['Deployment', 'ReplicaSet', 'StatefulSet']);
const TEMPLATED = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet']);

/** A number as the API reads it: numbers as they are, digit strings as numbers, else NaN. */
function numeric(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return Number.NaN;
}

/** Text that is not a number at all, quoted as the apiserver quotes it. */
function notNumeric(v: unknown): string | undefined {
  if (typeof v === 'number' || !Number.isNaN(numeric(v))) return undefined;
  return `Invalid value: ${typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : typeof v}: must be a whole number`;
}

/** IANA_SVC_NAME (validation.IsValidPortName): the messages for a named port that is not valid. */
function portNameProblem(name: string): string | undefined {
  if (name.length > 15) return 'must be no more than 15 characters';
  if (!/^[-a-z0-9]+$/.test(name)) return 'must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)';
  if (!/[a-z]/.test(name)) return 'must contain at least one letter (a-z)';
  if (name.startsWith('-') || name.endsWith('-')) return 'must not begin or end with a hyphen';
  if (name.includes('--')) return 'must not contain consecutive hyphens';
  return undefined;
}

/** ValidatePortNumOrName; a missing port decodes as the number 0. */
function portErrors(v: unknown, at: (string | number)[], out: ManifestError[]): void {
  if (typeof v === 'string') {
    const p = portNameProblem(v);
    if (p) out.push({ keys: at, detail: `Invalid value: ${JSON.stringify(v.slice(0, 40))}: ${p}` });
    return;
  }
  const n = typeof v === 'number' ? v : 0;
  if (!Number.isInteger(n) || n < 1 || n > 65535)
    out.push({ keys: at, detail: `Invalid value: ${n}: must be between 1 and 65535, inclusive` });
}

const PROBE_SECONDS = ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds'] as const;
/** The thresholds are counts of probe results in a row, not seconds. */
const PROBE_COUNTS = { successThreshold: 'successes', failureThreshold: 'failures' } as const;

/**
 * validateProbe / validateHandler / validateLivenessProbe (pkg/apis/core/validation/validation.go):
 * exactly one handler, non-negative numbers, a command for exec, a valid port, successThreshold 1
 * for liveness and startup probes. gRPC probes are not simulated (a playground limit).
 */
function probeErrors(raw: unknown, kind: string, at: (string | number)[], out: ManifestError[]): void {
  if (raw === undefined || raw === null) return;
  const p = asObj(raw);
  let handlers = 0;
  for (const h of ['exec', 'httpGet', 'tcpSocket', 'grpc'] as const) {
    if (p[h] === undefined || p[h] === null) continue;
    if (handlers++ > 0) {
      out.push({ keys: [...at, h], detail: 'Forbidden: may not specify more than 1 handler type' });
      continue;
    }
    const v = asObj(p[h]);
    if (h === 'exec' && asArr(v.command).length === 0)
      out.push({ keys: [...at, h, 'command'], detail: 'Required value' });
    if (h === 'httpGet' || h === 'tcpSocket') portErrors(v.port, [...at, h, 'port'], out);
    if (h === 'grpc')
      out.push({
        keys: [...at, h],
        detail: 'gRPC probes are not simulated (use exec, httpGet or tcpSocket)',
        limit: true,
      });
  }
  if (handlers === 0) out.push({ keys: at, detail: 'Required value: must specify a handler type' });
  for (const f of PROBE_SECONDS) {
    const v = p[f];
    if (v === undefined) continue;
    const problem = notNumeric(v) ?? secondsProblem(numeric(v), 0);
    if (problem) out.push({ keys: [...at, f], detail: problem });
  }
  for (const [f, what] of Object.entries(PROBE_COUNTS)) {
    const v = p[f];
    if (v === undefined) continue;
    const problem = notNumeric(v) ?? thresholdProblem(numeric(v), what);
    if (problem) out.push({ keys: [...at, f], detail: problem });
  }
  const success = numeric(p.successThreshold ?? 1);
  if (kind !== 'readinessProbe' && success !== 1 && success !== 0)
    out.push({ keys: [...at, 'successThreshold'], detail: `Invalid value: ${success}: must be 1` });
  const grace = p.terminationGracePeriodSeconds;
  if (grace !== undefined && !(numeric(grace) > 0))
    out.push({
      keys: [...at, 'terminationGracePeriodSeconds'],
      detail: `Invalid value: ${String(grace)}: must be greater than 0`,
    });
}

/**
 * ValidateObjectMeta's label and annotation checks (apimachinery validation.go ValidateLabels,
 * ValidateAnnotations): keys are qualified names, label values valid label values. These names
 * reach kubectl's output and the exports (issue 27), so the door refuses what the API would.
 */
function metadataErrors(raw: unknown, at: (string | number)[], out: ManifestError[]): void {
  const meta = asObj(raw);
  for (const [field, values] of [
    ['labels', true],
    ['annotations', false],
  ] as const) {
    for (const [k, v] of Object.entries(asObj(meta[field]))) {
      const keyErr = qualifiedNameErrors(k)[0];
      if (keyErr) out.push({ keys: [...at, field], detail: `Invalid value: ${JSON.stringify(k)}: ${keyErr}` });
      else if (values) {
        const valueErr = labelValueErrors(String(v))[0];
        if (valueErr)
          out.push({ keys: [...at, field], detail: `Invalid value: ${JSON.stringify(String(v))}: ${valueErr}` });
      }
    }
  }
}

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_LABEL_FMT =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

/** Volume sources Kubernetes has and the playground does not model (refused as a playground limit). */
const OTHER_VOLUME_TYPES = [
  'gitRepo',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'nfs',
  'iscsi',
  'glusterfs',
  'flexVolume',
  'rbd',
  'cinder',
  'cephfs',
  'quobyte',
  'downwardAPI',
  'fc',
  'flocker',
  'azureFile',
  'vsphereVolume',
  'photonPersistentDisk',
  'portworxVolume',
  'azureDisk',
  'storageos',
  'projected',
  'scaleIO',
  'csi',
  'ephemeral',
  'image',
];
/** The sources modelled, in validateVolumeSource's order of checks. */
const VOLUME_TYPES = ['emptyDir', 'hostPath', 'secret', 'persistentVolumeClaim', 'configMap'];
/** validateHostPathType's supportedHostPathTypes, listed sorted as field.NotSupported prints them. */
const HOST_PATH_TYPES = [
  '',
  'BlockDevice',
  'CharDevice',
  'Directory',
  'DirectoryOrCreate',
  'File',
  'FileOrCreate',
  'Socket',
];

/**
 * ValidateVolumes / validateVolumeSource (pkg/apis/core/validation/validation.go): each volume
 * names exactly one source (`Required value: must specify a volume type`, a second one
 * `Forbidden: may not specify more than 1 volume type`), its own required fields, and a name that
 * is a DNS-1123 label used once in the pod.
 */
function volumeErrors(raw: unknown, at: (string | number)[], out: ManifestError[]): void {
  const names = new Set<string>();
  asArr(raw).forEach((v, i) => {
    const vol = asObj(v);
    const here = [...at, i];
    let count = 0;
    for (const type of VOLUME_TYPES) {
      if (vol[type] === undefined || vol[type] === null) continue;
      if (count++ > 0) {
        out.push({ keys: [...here, type], detail: 'Forbidden: may not specify more than 1 volume type' });
        continue;
      }
      const src = asObj(vol[type]);
      const required = (field: string) => {
        if (typeof src[field] !== 'string' || src[field] === '')
          out.push({ keys: [...here, type, field], detail: 'Required value' });
      };
      if (type === 'hostPath') {
        required('path');
        if (typeof src.path === 'string' && src.path.split('/').includes('..'))
          out.push({
            keys: [...here, type, 'path'],
            detail: `Invalid value: ${JSON.stringify(src.path)}: must not contain '..'`,
          });
        if (src.type !== undefined && !HOST_PATH_TYPES.includes(String(src.type)))
          out.push({
            keys: [...here, type, 'type'],
            detail: `Unsupported value: ${JSON.stringify(String(src.type))}: supported values: ${HOST_PATH_TYPES.map((t) => JSON.stringify(t)).join(', ')}`,
          });
      } else if (type === 'persistentVolumeClaim') required('claimName');
      else if (type === 'configMap') required('name');
      else if (type === 'secret') required('secretName');
    }
    for (const type of OTHER_VOLUME_TYPES) {
      if (vol[type] === undefined) continue;
      count++;
      out.push({
        keys: [...here, type],
        detail: `${type} volumes are not simulated (use emptyDir, hostPath, persistentVolumeClaim, configMap or secret)`,
        limit: true,
      });
    }
    if (count === 0) out.push({ keys: here, detail: 'Required value: must specify a volume type' });
    const name = typeof vol.name === 'string' ? vol.name : '';
    if (name === '') out.push({ keys: [...here, 'name'], detail: 'Required value' });
    else if (name.length > 63 || !DNS1123_LABEL.test(name))
      out.push({
        keys: [...here, 'name'],
        detail: `Invalid value: ${JSON.stringify(name)}: ${name.length > 63 ? 'must be no more than 63 characters' : DNS1123_LABEL_FMT}`,
      });
    if (name !== '' && names.has(name))
      out.push({ keys: [...here, 'name'], detail: `Duplicate value: ${JSON.stringify(name)}` });
    names.add(name);
  });
}

function podSpecErrors(raw: unknown, at: (string | number)[], out: ManifestError[]): void {
  const spec = asObj(raw);
  volumeErrors(spec.volumes, [...at, 'volumes'], out);
  asArr(spec.containers).forEach((c, i) => {
    const co = asObj(c);
    // ValidateContainers: a container's name is a DNS-1123 label (IsDNS1123Label).
    if (typeof co.name === 'string' && (co.name.length > 63 || !DNS1123_LABEL.test(co.name)))
      out.push({
        keys: [...at, 'containers', i, 'name'],
        detail: `Invalid value: ${JSON.stringify(co.name)}: ${co.name.length > 63 ? 'must be no more than 63 characters' : DNS1123_LABEL_FMT}`,
      });
    for (const kind of ['livenessProbe', 'readinessProbe', 'startupProbe'])
      probeErrors(co[kind], kind, [...at, 'containers', i, kind], out);
  });
  if (spec.terminationGracePeriodSeconds !== undefined) {
    const v = spec.terminationGracePeriodSeconds;
    const p = notNumeric(v) ?? secondsProblem(numeric(v), 0);
    if (p) out.push({ keys: [...at, 'terminationGracePeriodSeconds'], detail: p });
  }
  if (spec.priority !== undefined) {
    const n = numeric(spec.priority);
    if (!Number.isInteger(n) || Math.abs(n) > 2_147_483_647)
      out.push({
        keys: [...at, 'priority'],
        detail: `Invalid value: ${String(spec.priority)}: must be a 32-bit whole number`,
      });
  }
  asArr(spec.tolerations).forEach((t, i) => {
    const secs = asObj(t).tolerationSeconds;
    if (secs === undefined) return;
    // Negative tolerationSeconds are allowed: they mean "evict at once", as 0 does.
    const p = notNumeric(secs) ?? secondsProblem(numeric(secs), -DOMAIN_LIMITS.maxSeconds);
    if (p) out.push({ keys: [...at, 'tolerations', i, 'tolerationSeconds'], detail: p });
  });
}

/**
 * spec.clusterIP: `None` (headless), empty (allocate), or an IPv4 address of the service CIDR
 * kubeadm configures (10.96.0.0/12). Messages from pkg/apis/core/validation ValidateService and
 * the ClusterIP allocator (pkg/registry/core/service/ipallocator).
 */
function clusterIPProblem(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '' || v === 'None') return undefined;
  const ip = String(v);
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip)?.slice(1).map(Number);
  const shown = JSON.stringify(ip.slice(0, 40));
  if (!parts || parts.some((n) => n > 255))
    return `Invalid value: ${shown}: must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`;
  const [a, b] = parts as [number, number, number, number];
  if (a !== 10 || b < 96 || b > 111)
    return `Invalid value: ${shown}: failed to allocate IP ${ip}: the provided IP (${ip}) is not in the valid range. The range of valid IPs is 10.96.0.0/12`;
  return undefined;
}

/** `intstr.IntOrString{Type:1, IntVal:0, StrVal:"50"}`: Go's %#v of a string IntOrString (field.Invalid). */
function intstrShown(v: string): string {
  return `intstr.IntOrString{Type:1, IntVal:0, StrVal:${JSON.stringify(v.slice(0, 40))}}`;
}

const PERCENT_FMT =
  "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

/**
 * appsvalidation.ValidatePositiveIntOrPercent + IsNotMoreThan100Percent (pkg/apis/apps/validation):
 * a whole number >= 0 (ValidateNonnegativeField), or a percentage string `[0-9]+%` up to 100%.
 */
function intOrPercentErrors(v: unknown, at: (string | number)[], out: ManifestError[]): void {
  if (typeof v === 'string') {
    if (!/^[0-9]+%$/.test(v)) out.push({ keys: at, detail: `Invalid value: ${intstrShown(v)}: ${PERCENT_FMT}` });
    else if (Number(v.slice(0, -1)) > 100)
      out.push({ keys: at, detail: `Invalid value: ${intstrShown(v)}: must not be greater than 100%` });
    return;
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || Math.abs(v) > 2_147_483_647)
    out.push({ keys: at, detail: `Invalid value: ${String(v)}: must be a 32-bit whole number or a percentage` });
  else if (v < 0) out.push({ keys: at, detail: `Invalid value: ${v}: must be greater than or equal to 0` });
}

/**
 * pkg/apis/policy/validation ValidatePodDisruptionBudgetSpec: not both minAvailable and
 * maxUnavailable (field.Invalid on the whole spec: Go's %#v of the internal struct, whose pointers
 * print as addresses; fixed ones here), each a valid int or percent, the selector's labels valid
 * (ValidateLabelSelector). matchExpressions are a playground limit.
 */
function pdbErrors(spec: Record<string, unknown>, out: ManifestError[]): void {
  const has = (f: string) => spec[f] !== undefined && spec[f] !== null;
  if (has('minAvailable') && has('maxUnavailable')) {
    const sel = has('selector') ? '(*v1.LabelSelector)(0xc000a3c0c0)' : '(*v1.LabelSelector)(nil)';
    out.push({
      keys: ['spec'],
      detail: `Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc000a3c0a0), Selector:${sel}, MaxUnavailable:(*intstr.IntOrString)(0xc000a3c0e0), UnhealthyPodEvictionPolicy:(*policy.UnhealthyPodEvictionPolicyType)(nil)}: minAvailable and maxUnavailable cannot be both set`,
    });
  }
  for (const f of ['minAvailable', 'maxUnavailable']) if (has(f)) intOrPercentErrors(spec[f], ['spec', f], out);
  // supportedUnhealthyPodEvictionPolicies: field.NotSupported lists them sorted.
  const policy = spec.unhealthyPodEvictionPolicy;
  if (has('unhealthyPodEvictionPolicy') && policy !== 'IfHealthyBudget' && policy !== 'AlwaysAllow')
    out.push({
      keys: ['spec', 'unhealthyPodEvictionPolicy'],
      detail: `Unsupported value: ${JSON.stringify(String(policy))}: supported values: "AlwaysAllow", "IfHealthyBudget"`,
    });
  const sel = asObj(spec.selector);
  for (const [k, v] of Object.entries(asObj(sel.matchLabels))) {
    const at = ['spec', 'selector', 'matchLabels'];
    const keyErr = qualifiedNameErrors(k)[0];
    if (keyErr) out.push({ keys: at, detail: `Invalid value: ${JSON.stringify(k)}: ${keyErr}` });
    else {
      const valueErr = labelValueErrors(String(v))[0];
      if (valueErr) out.push({ keys: at, detail: `Invalid value: ${JSON.stringify(String(v))}: ${valueErr}` });
    }
  }
  if (asArr(sel.matchExpressions).length)
    out.push({
      keys: ['spec', 'selector', 'matchExpressions'],
      detail: 'matchExpressions are not simulated in a PodDisruptionBudget (use matchLabels)',
      limit: true,
    });
}

/**
 * Everything the API would refuse in `m` (kind and name already known to be served and valid),
 * in field order. Empty when the object can be created.
 */
export function manifestErrors(m: Manifest): ManifestError[] {
  const out: ManifestError[] = [];
  const spec = asObj(m.spec);
  const name = m.metadata.name;
  metadataErrors(m.metadata, ['metadata'], out);
  if (TEMPLATED.has(m.kind)) metadataErrors(asObj(spec.template).metadata, ['spec', 'template', 'metadata'], out);
  if (REPLICATED.has(m.kind) && spec.replicas !== undefined && spec.replicas !== null) {
    const bad = notNumeric(spec.replicas);
    const p = bad ? { field: bad } : replicasProblem(numeric(spec.replicas));
    if (p && 'field' in p) out.push({ keys: ['spec', 'replicas'], detail: p.field });
    else if (p) out.push({ keys: ['spec', 'replicas'], detail: p.limit, limit: true });
  }
  if (TEMPLATED.has(m.kind)) {
    for (const e of templateFieldErrors(name, spec)) {
      const i = e.indexOf(': ');
      out.push({ keys: e.slice(0, i).split('.'), detail: e.slice(i + 2) });
    }
    podSpecErrors(asObj(spec.template).spec, ['spec', 'template', 'spec'], out);
  } else if (m.kind === 'Pod') {
    if (asArr(spec.containers).length === 0) out.push({ keys: ['spec', 'containers'], detail: 'Required value' });
    podSpecErrors(spec, ['spec'], out);
  } else if (m.kind === 'Service') {
    const ports = asArr(spec.ports);
    if (ports.length === 0) out.push({ keys: ['spec', 'ports'], detail: 'Required value' });
    // validateServicePort: with several ports each needs a name, a DNS-1123 label, used once.
    const names = new Set<string>();
    ports.forEach((raw, i) => {
      const n = asObj(raw).name;
      const name = typeof n === 'string' ? n : '';
      const at = ['spec', 'ports', i, 'name'];
      if (ports.length > 1 && name === '') out.push({ keys: at, detail: 'Required value' });
      else if (name !== '') {
        if (name.length > 63 || !DNS1123_LABEL.test(name))
          out.push({
            keys: at,
            detail: `Invalid value: ${JSON.stringify(name)}: ${name.length > 63 ? 'must be no more than 63 characters' : DNS1123_LABEL_FMT}`,
          });
        if (names.has(name)) out.push({ keys: at, detail: `Duplicate value: ${JSON.stringify(name)}` });
        names.add(name);
      }
    });
    const ip = clusterIPProblem(spec.clusterIP);
    if (ip) out.push({ keys: ['spec', 'clusterIP'], detail: ip });
  } else if (m.kind === 'PodDisruptionBudget') pdbErrors(spec, out);
  else if (m.kind === 'PersistentVolumeClaim') {
    claimSpecErrors(spec, ['spec'], out);
  }
  if (m.kind === 'StatefulSet')
    asArr(spec.volumeClaimTemplates).forEach((raw, i) => {
      const name = asObj(asObj(raw).metadata).name;
      if (typeof name !== 'string' || name === '')
        out.push({
          keys: ['spec', 'volumeClaimTemplates', i, 'metadata', 'name'],
          detail: 'Required value: name or generateName is required',
        });
      claimSpecErrors(asObj(asObj(raw).spec), ['spec', 'volumeClaimTemplates', i, 'spec'], out);
    });
  return out;
}

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
/** A resource.Quantity as typed (a number with an optional binary or decimal suffix). */
const QUANTITY = /^[0-9]+(\.[0-9]+)?(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/;

/**
 * ValidatePersistentVolumeClaimSpec: at least one access mode, each supported, and a positive
 * `resources.requests.storage` (`spec.resources[storage]: Required value`).
 */
export function claimSpecErrors(spec: Record<string, unknown>, at: (string | number)[], out: ManifestError[]): void {
  const modes = asArr(spec.accessModes);
  if (modes.length === 0)
    out.push({ keys: [...at, 'accessModes'], detail: 'Required value: at least 1 access mode is required' });
  for (const m of modes)
    if (!ACCESS_MODES.includes(String(m)))
      out.push({
        keys: [...at, 'accessModes'],
        detail: `Unsupported value: ${JSON.stringify(String(m))}: supported values: ${ACCESS_MODES.map((x) => `"${x}"`).join(', ')}`,
      });
  const storage = asObj(asObj(spec.resources).requests).storage;
  if (storage === undefined || storage === null || storage === '')
    out.push({ keys: [...at, 'resources[storage]'], detail: 'Required value' });
  else if (!QUANTITY.test(String(storage)))
    out.push({
      keys: [...at, 'resources[storage]'],
      detail: `Invalid value: ${JSON.stringify(String(storage))}: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
    });
  else if (Number.parseFloat(String(storage)) <= 0)
    out.push({
      keys: [...at, 'resources[storage]'],
      detail: `Invalid value: "${String(storage)}": must be greater than zero`,
    });
}
