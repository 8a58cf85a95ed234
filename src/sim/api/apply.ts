/**
 * `kubectl apply` / `kubectl create` / `kubectl run` against the simulated kube-apiserver:
 * manifest -> defaulted, validated, admitted API object. Returns kubectl's one-line message
 * (`deployment.apps/web created`) or throws an ApiError carrying kubectl's error text.
 *
 * History `what` prefixes used: `created`, `configured` (objects), `created by <actor>` (pods).
 * Callers (commands) must check that the API answers before calling these.
 */

import type {
  ApiObject,
  DaemonSet,
  Deployment,
  Kind,
  OwnerReference,
  Pod,
  PodDisruptionBudget,
  PodTemplate,
  ReplicaSet,
  Service,
  StatefulSet,
} from '../core/api-types';
import type { Engine } from '../core/engine';
import { internRecord } from '../core/intern';
import { keyOf } from '../core/keys';
import { randomSuffix } from '../core/random';
import type { Manifest } from '../core/scenario-types';
import { clonePlain } from '../core/snapshot';
import { admitDefaultTolerationSeconds } from './admission';
import { sharedTemplateContainers } from './apply-cache';
import { asArr, asObj, asStrMap, newMeta, podSpecFrom, templateFrom, validateName } from './defaults';
import { ApiError, alreadyExists, invalid, RESOURCE_NAMES } from './errors';
import { checkPodBudget } from './pod-budget';
import { newClaim, provisionClaim } from './provisioner';
import { fieldPath, manifestErrors } from './validation';

export { ApiError } from './errors';

const API_VERSIONS: Record<string, { kind: Kind; apiVersion: string }> = {
  Deployment: { kind: 'Deployment', apiVersion: 'apps/v1' },
  StatefulSet: { kind: 'StatefulSet', apiVersion: 'apps/v1' },
  DaemonSet: { kind: 'DaemonSet', apiVersion: 'apps/v1' },
  ReplicaSet: { kind: 'ReplicaSet', apiVersion: 'apps/v1' },
  Pod: { kind: 'Pod', apiVersion: 'v1' },
  Service: { kind: 'Service', apiVersion: 'v1' },
  PodDisruptionBudget: { kind: 'PodDisruptionBudget', apiVersion: 'policy/v1' },
  PersistentVolumeClaim: { kind: 'PersistentVolumeClaim', apiVersion: 'v1' },
};

export interface ApplyOptions {
  /** `create` refuses existing objects (AlreadyExists); `apply` (default) updates them. */
  mode?: 'apply' | 'create';
  /**
   * Refuse objects that would take the cluster past the pod limit (default). The scenario's own
   * objects skip it: validation has counted them, and scenarios built in code (the bench) may be
   * bigger than what users may type.
   */
  podBudget?: boolean;
}

/**
 * Create or update the object a manifest describes. Returns e.g. `deployment.apps/web created`,
 * `deployment.apps/web configured`, `deployment.apps/web unchanged`. Throws ApiError.
 */
export function applyManifest(e: Engine, m: Manifest, cause: number, opts: ApplyOptions = {}): string {
  const target = API_VERSIONS[m.kind];
  const name = m.metadata?.name ?? '';
  if (!target || target.apiVersion !== m.apiVersion) {
    throw new ApiError(
      'NotFound',
      `error: resource mapping not found for name: "${name}" namespace: "" from "STDIN": no matches for kind "${m.kind}" in version "${m.apiVersion}"\nensure CRDs are installed first`,
    );
  }
  const kind = target.kind;
  validateName(kind, name);
  const errors = manifestErrors(m);
  const fields = errors.filter((x) => !x.limit);
  if (fields.length)
    throw invalid(
      kind,
      name,
      fields.map((x) => `${fieldPath(x.keys)}: ${x.detail}`),
    );
  const limit = errors.find((x) => x.limit);
  if (limit) throw new ApiError('Forbidden', `error: ${limit.detail}`);
  const obj = buildObject(e, kind, m);
  const key = keyOf(obj);
  const label = `${RESOURCE_NAMES[kind].singular}/${name}`;
  const existing = e.get(kind, key) as ApiObject | undefined;
  if (existing) {
    if (opts.mode === 'create') throw alreadyExists(kind, name);
    const updated = mergeSpec(existing, obj);
    if (!updated) return `${label} unchanged`;
    if (opts.podBudget !== false) checkPodBudget(e, updated);
    e.put(updated, `configured by kubectl apply`, cause);
    return `${label} configured`;
  }
  if (opts.podBudget !== false) checkPodBudget(e, obj);
  if (obj.kind === 'Pod') {
    createPod(e, obj, cause, 'kubectl');
  } else if (obj.kind === 'PersistentVolumeClaim') {
    e.put(obj, 'created', cause);
    provisionClaim(e, obj, cause);
  } else {
    e.put(obj, 'created', cause);
  }
  return `${label} created`;
}

/** Build the defaulted object; its uid/timestamps are only used if it is actually created. */
function buildObject(e: Engine, kind: Kind, m: Manifest): ApiObject {
  const meta = newMeta(e, m.metadata);
  const spec = asObj(m.spec);
  const name = m.metadata.name;
  switch (kind) {
    case 'Deployment': {
      const t = templateFrom('Deployment', name, spec);
      if (!Object.keys(meta.labels).length) meta.labels = { ...t.template.metadata.labels };
      meta.generation = 1;
      const d: Deployment = {
        kind: 'Deployment',
        metadata: meta,
        spec: { replicas: replicasOf(spec.replicas), ...t },
        status: { replicas: 0, updatedReplicas: 0, readyReplicas: 0, availableReplicas: 0, unavailableReplicas: 0 },
      };
      return d;
    }
    case 'ReplicaSet': {
      const t = templateFrom('ReplicaSet', name, spec);
      meta.generation = 1;
      const rs: ReplicaSet = {
        kind: 'ReplicaSet',
        metadata: meta,
        spec: { replicas: replicasOf(spec.replicas), ...t },
        status: { replicas: 0, readyReplicas: 0, availableReplicas: 0, fullyLabeledReplicas: 0 },
      };
      return rs;
    }
    case 'StatefulSet': {
      const t = templateFrom('StatefulSet', name, spec);
      meta.generation = 1;
      const s: StatefulSet = {
        kind: 'StatefulSet',
        metadata: meta,
        spec: {
          replicas: replicasOf(spec.replicas),
          serviceName: String(spec.serviceName ?? ''),
          ...t,
        },
        status: { replicas: 0, readyReplicas: 0, currentReplicas: 0, availableReplicas: 0 },
      };
      const vcts = asArr(spec.volumeClaimTemplates);
      if (vcts.length > 0)
        s.spec.volumeClaimTemplates = vcts.map((raw) => {
          const m = asObj(asObj(raw).metadata);
          const labels = asStrMap(m.labels);
          const c = newClaim(meta, asObj(asObj(raw).spec));
          return {
            metadata: Object.keys(labels).length
              ? { name: String(m.name ?? ''), labels }
              : { name: String(m.name ?? '') },
            spec: c.spec,
          };
        });
      return s;
    }
    case 'DaemonSet': {
      const t = templateFrom('DaemonSet', name, spec);
      meta.generation = 1;
      const ds: DaemonSet = {
        kind: 'DaemonSet',
        metadata: meta,
        spec: t,
        status: {
          desiredNumberScheduled: 0,
          currentNumberScheduled: 0,
          numberReady: 0,
          updatedNumberScheduled: 0,
          numberAvailable: 0,
          numberMisscheduled: 0,
        },
      };
      return ds;
    }
    case 'Service': {
      const ports = asArr(spec.ports).map((raw) => {
        const p = asObj(raw);
        const port = Number(p.port ?? 80);
        const named = typeof p.name === 'string' && p.name !== '' ? { name: p.name } : {};
        return { ...named, port, targetPort: Number(p.targetPort ?? port), protocol: String(p.protocol ?? 'TCP') };
      });
      if (!ports.length) throw invalid('Service', name, ['spec.ports: Required value']);
      const svc: Service = {
        kind: 'Service',
        metadata: meta,
        spec: {
          selector: asStrMap(spec.selector),
          ports,
          clusterIP: clusterIPFor(e, name, spec.clusterIP),
          type: String(spec.type ?? 'ClusterIP'),
        },
      };
      if (spec.publishNotReadyAddresses === true) svc.spec.publishNotReadyAddresses = true;
      return svc;
    }
    case 'PodDisruptionBudget': {
      // Validation (api/validation.ts pdbErrors) has refused both set, bad values, matchExpressions.
      meta.generation = 1;
      const pdb: PodDisruptionBudget = {
        kind: 'PodDisruptionBudget',
        metadata: meta,
        spec: {},
        status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 },
      };
      if (spec.minAvailable !== undefined && spec.minAvailable !== null)
        pdb.spec.minAvailable = spec.minAvailable as number | string;
      if (spec.maxUnavailable !== undefined && spec.maxUnavailable !== null)
        pdb.spec.maxUnavailable = spec.maxUnavailable as number | string;
      if (spec.selector !== undefined && spec.selector !== null)
        pdb.spec.selector = { matchLabels: asStrMap(asObj(spec.selector).matchLabels) };
      // A field 1.23's API does not know (PDBUnhealthyPodEvictionPolicy came in 1.26): dropped there.
      const policy = spec.unhealthyPodEvictionPolicy;
      if ((policy === 'IfHealthyBudget' || policy === 'AlwaysAllow') && !e.state.profile.name.startsWith('v1.23'))
        pdb.spec.unhealthyPodEvictionPolicy = policy;
      return pdb;
    }
    case 'PersistentVolumeClaim':
      return newClaim(meta, spec);
    case 'Pod': {
      const ps = podSpecFrom(spec);
      if (!ps.containers.length) throw invalid('Pod', name, ['spec.containers: Required value']);
      return newPod(meta, ps);
    }
    default:
      throw new ApiError('BadRequest', `error: the playground cannot create ${kind} objects`);
  }
}

/** spec.replicas, defaulted to 1 (manifestErrors has refused anything but a whole number in range). */
function replicasOf(v: unknown): number {
  return v === undefined || v === null ? 1 : Number(v);
}

/** A fresh Pending pod object around a spec. */
export function newPod(meta: Pod['metadata'], spec: Pod['spec']): Pod {
  return { kind: 'Pod', metadata: meta, spec, status: { phase: 'Pending', conditions: [], containerStatuses: [] } };
}

/**
 * ClusterIP from the service CIDR 10.96.0.0/12. The allocator picks a random free address in the
 * dynamic band (above the first 256 addresses, reserved for static IPs since 1.27); here from the
 * seeded PRNG, so it is deterministic per seed.
 */
function allocateClusterIP(e: Engine): string {
  const used = new Set(e.list('Service').map((s) => s.spec.clusterIP));
  for (;;) {
    const off = e.randInt(256, (1 << 20) - 2);
    const ip = `10.${96 + (off >>> 16)}.${(off >>> 8) & 255}.${off & 255}`;
    if (!used.has(ip)) return ip;
  }
}

/**
 * spec.clusterIP as the apiserver's REST storage sets it: `None` stays `None` (a headless Service,
 * printed `CLUSTER-IP None` by printers.go printService), a requested address is kept if free
 * (kubeadm asks for 10.96.0.10 for kube-dns), else one is allocated. Validation
 * (api/validation.ts) has refused anything that is not an IPv4 address in 10.96.0.0/12.
 */
function clusterIPFor(e: Engine, name: string, requested: unknown): string {
  if (requested === undefined || requested === null || requested === '') return allocateClusterIP(e);
  const ip = String(requested);
  if (ip === 'None') return ip;
  if (e.list('Service').some((s) => s.spec.clusterIP === ip))
    throw invalid('Service', name, [
      `spec.clusterIPs: Invalid value: []string{"${ip}"}: failed to allocate IP ${ip}: provided IP is already allocated`,
    ]);
  return ip;
}

/** Update an existing object from a newly built one; undefined if nothing changed. */
function mergeSpec(existing: ApiObject, built: ApiObject): ApiObject | undefined {
  if (existing.kind !== built.kind || existing.kind === 'Pod' || existing.kind === 'Node') return undefined;
  // A bound claim's spec is immutable but for resources (ValidatePersistentVolumeClaimUpdate):
  // the playground leaves an applied claim as it is.
  if (existing.kind === 'PersistentVolumeClaim') return undefined;
  const oldSpec = (existing as { spec: unknown }).spec as Record<string, unknown>;
  const newSpec = { ...((built as { spec: unknown }).spec as Record<string, unknown>) };
  // clusterIP is immutable and allocated once.
  if (existing.kind === 'Service') newSpec.clusterIP = oldSpec.clusterIP;
  if (JSON.stringify(oldSpec) === JSON.stringify(newSpec)) return undefined;
  const next = clonePlain(existing) as ApiObject & { spec: unknown };
  next.spec = newSpec as never;
  next.metadata.generation = (next.metadata.generation ?? 1) + 1;
  return next;
}

/**
 * Store a new pod through admission (DefaultTolerationSeconds), used by controllers and kubectl.
 * With `generateName`, the name is `<generateName><5 random chars>` (apiserver's generateName).
 * Throws AlreadyExists if the name is taken. Returns the stored pod.
 */
export function createPod(e: Engine, pod: Pod, cause: number, actor = 'kubectl', generateName?: string): Pod {
  if (generateName !== undefined) {
    let name = '';
    do name = `${generateName}${randomSuffix(e.state.rng)}`;
    while (e.get('Pod', `${pod.metadata.namespace ?? 'default'}/${name}`));
    pod.metadata.name = name;
  }
  if (!pod.metadata.namespace) pod.metadata.namespace = 'default';
  if (e.get('Pod', keyOf(pod))) throw alreadyExists('Pod', pod.metadata.name);
  admitDefaultTolerationSeconds(pod, e.state.settings.defaultTolerationSeconds);
  e.put(pod, `created by ${actor}`, cause);
  return pod;
}

/**
 * `kubectl run NAME --image IMG [--command] [-- WORDS]`: a bare pod labelled run=NAME whose one
 * container gets WORDS as its args, or as its command with --command (kubectl run.go createPod).
 * Returns `pod/NAME created`.
 */
export function runPod(
  e: Engine,
  name: string,
  image: string,
  cause: number,
  namespace = 'default',
  words: { args?: readonly string[]; command?: boolean } = {},
): string {
  validateName('Pod', name);
  if (e.get('Pod', `${namespace}/${name}`)) throw alreadyExists('Pod', name);
  const meta = newMeta(e, { name, namespace, labels: { run: name } });
  const container: Record<string, unknown> = { name, image };
  if (words.args?.length) container[words.command ? 'command' : 'args'] = [...words.args];
  const pod = newPod(meta, podSpecFrom({ containers: [container] }));
  checkPodBudget(e, pod);
  createPod(e, pod, cause, 'kubectl');
  return `pod/${name} created`;
}

/**
 * A new (unnamed) pod stamped from a controller's template: template labels/annotations, the
 * controller ownerReference, API defaults for the spec. The caller names it and calls createPod.
 */
export function podFromTemplate(
  e: Engine,
  template: PodTemplate,
  namespace: string,
  owner: { kind: string; name: string; uid: string },
): Pod {
  const meta = newMeta(e, {
    name: '',
    namespace,
    labels: template.metadata.labels,
    annotations: template.metadata.annotations ?? {},
  });
  // Shared by the owner's pods, frozen (core/intern.ts): ~120 bytes a pod otherwise.
  meta.ownerReferences = internRecord(ownerRefs, `${owner.kind}/${owner.uid}/${owner.name}`, () => [
    Object.freeze({ apiVersion: 'apps/v1', kind: owner.kind, name: owner.name, uid: owner.uid, controller: true }),
  ]);
  const { containers, ...rest } = template.spec;
  const t = clonePlain(rest);
  const spec: Pod['spec'] = {
    ...t,
    // One frozen copy of the template's containers for all its pods (apply-cache.ts).
    containers: sharedTemplateContainers(template.spec, () => clonePlain(containers)),
    tolerations: t.tolerations ?? [],
    terminationGracePeriodSeconds: t.terminationGracePeriodSeconds ?? 30,
  };
  return newPod(meta, spec);
}

const ownerRefs = new Map<string, OwnerReference[]>();
