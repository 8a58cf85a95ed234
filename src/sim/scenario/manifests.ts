/**
 * Kubernetes manifests inside a scenario: checks the kinds the simulation knows, flattens
 * `kind: List` (what `kubectl get deploy,sts,ds -o yaml` prints) and drops what the server writes
 * (status, managedFields, resourceVersion, uid, creationTimestamp...), so that the output of a real
 * cluster can be pasted into a scenario. Defaulting (selectors, labels) is the API's job
 * (api/apply.ts), as with `kubectl create`.
 */
import * as v from 'valibot';
import { manifestErrors } from '../api/validation';
import type { Manifest } from '../core/scenario-types';
import { DNS_SUBDOMAIN, manifestShape, show } from './schema';
import type { PathKeys, RawError } from './validate';

/** The kinds a scenario may create, with the apiVersion the API serves them at. */
export const MANIFEST_KINDS: Record<string, string> = {
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  ReplicaSet: 'apps/v1',
  Pod: 'v1',
  Service: 'v1',
  PodDisruptionBudget: 'policy/v1',
  PersistentVolumeClaim: 'v1',
};

/** Server-written metadata that `kubectl get -o yaml` prints and `kubectl create` would refuse or ignore. */
const SERVER_METADATA = ['managedFields', 'resourceVersion', 'uid', 'creationTimestamp', 'generation', 'selfLink'];
const SERVER_ANNOTATIONS = ['kubectl.kubernetes.io/last-applied-configuration', 'deployment.kubernetes.io/revision'];

/**
 * Check one manifest (or a List of them) at `keys`, push errors, return the normalised manifests
 * with the path each came from. `api`: also what the API server would refuse (not for static pod
 * manifests, which the kubelet reads without the API).
 */
export function normaliseManifest(
  raw: unknown,
  keys: PathKeys,
  errors: RawError[],
  kinds: string[] = Object.keys(MANIFEST_KINDS),
  api = true,
): { manifest: Manifest; keys: PathKeys }[] {
  if (isRecord(raw) && raw.kind === 'List' && kinds.length > 1) {
    if (!Array.isArray(raw.items)) {
      errors.push({ keys: [...keys, 'items'], message: 'a List needs items (a list of manifests)' });
      return [];
    }
    return raw.items.flatMap((item, i) => normaliseManifest(item, [...keys, 'items', i], errors, kinds, api));
  }
  const parsed = v.safeParse(manifestShape, raw, { abortEarly: false });
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const sub = (issue.path ?? []).map((p) => p.key as string | number);
      let message = issue.message;
      if (message.startsWith('Invalid type:'))
        message = `expected a Kubernetes manifest (a mapping), got ${show(issue.input)}`;
      else if (message.startsWith('Invalid key:')) message = 'is required';
      errors.push({ keys: [...keys, ...sub], message });
    }
    return [];
  }
  const m = parsed.output;
  const want = MANIFEST_KINDS[m.kind];
  const before = errors.length;
  if (!want || !kinds.includes(m.kind)) {
    const allowed = kinds.length > 1 ? [...kinds, 'List'] : kinds;
    errors.push({ keys: [...keys, 'kind'], message: `${show(m.kind)} is not supported here (${allowed.join(', ')})` });
    return [];
  }
  if (m.apiVersion !== want) {
    errors.push({
      keys: [...keys, 'apiVersion'],
      message: `${show(m.apiVersion)} is not served for ${m.kind} (use ${want})`,
    });
  }
  const name = m.metadata.name;
  if (name === undefined) errors.push({ keys: [...keys, 'metadata', 'name'], message: 'is required' });
  else if (!DNS_SUBDOMAIN.test(name) || name.length > 253) {
    errors.push({
      keys: [...keys, 'metadata', 'name'],
      message: `${show(name)} is not a valid name (lowercase letters, digits, '-' and '.')`,
    });
  }
  const ns = m.metadata.namespace;
  if (ns !== undefined && !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(ns)) {
    errors.push({ keys: [...keys, 'metadata', 'namespace'], message: `${show(ns)} is not a valid namespace` });
  }
  if (m.spec !== undefined && !isRecord(m.spec)) {
    errors.push({ keys: [...keys, 'spec'], message: `expected a mapping, got ${show(m.spec)}` });
  }
  if (errors.length > before) return [];
  // What the API would refuse when the cluster applies it at start-up, reported here instead
  // (the manifest is still returned, so that duplicates are reported in the same pass).
  if (api)
    for (const e of manifestErrors(m as Manifest)) errors.push({ keys: [...keys, ...e.keys], message: e.detail });
  return [{ manifest: stripServerFields(m as Manifest), keys }];
}

/** A copy without what the server writes. */
export function stripServerFields(m: Manifest): Manifest {
  const out = structuredClone(m);
  delete out.status;
  const md = out.metadata as Record<string, unknown>;
  for (const k of SERVER_METADATA) delete md[k];
  if (out.metadata.annotations) {
    for (const k of SERVER_ANNOTATIONS) delete out.metadata.annotations[k];
    if (Object.keys(out.metadata.annotations).length === 0) delete out.metadata.annotations;
  }
  // `kubectl get -o yaml` prints `creationTimestamp: null` in pod templates too.
  const spec = out.spec as { template?: { metadata?: Record<string, unknown> } } | undefined;
  if (spec && isRecord(spec) && isRecord(spec.template) && isRecord(spec.template.metadata)) {
    delete spec.template.metadata.creationTimestamp;
  }
  return out;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
