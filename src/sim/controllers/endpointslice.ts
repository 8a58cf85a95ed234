/**
 * endpointslice-controller (kube-controller-manager): one EndpointSlice `<service>-<suffix>` per
 * Service with a selector; one endpoint per selected, non-terminal pod with an IP (terminating pods
 * are kept, EPS [C]). serving = pod Ready; terminating = deletionTimestamp set;
 * ready = publishNotReadyAddresses || (serving && !terminating) (podToEndpoint, §2.2 item 6).
 *
 * Cause `what` prefixes: `endpoints`.
 */

import { byNamespacedName, cmp, isPodReady, selectorMatches } from '../api/podutil';
import type { Endpoint, EndpointSlice, Pod, Service } from '../core/api-types';
import { dict } from '../core/dict';
import type { Engine, SimModule } from '../core/engine';
import { randomSuffix } from '../core/random';
import { clonePlain } from '../core/snapshot';
import { controllerManagerActive } from './control-plane';

const ACTOR = 'endpointslice-controller';
const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

function endpointFor(svc: Service, p: Pod): Endpoint {
  const serving = isPodReady(p);
  const terminating = p.metadata.deletionTimestamp !== undefined;
  const ep: Endpoint = {
    addresses: [p.status.podIP ?? ''],
    conditions: {
      ready: svc.spec.publishNotReadyAddresses === true || (serving && !terminating),
      serving,
      terminating,
    },
    targetRef: {
      kind: 'Pod',
      name: p.metadata.name,
      namespace: p.metadata.namespace ?? 'default',
      uid: p.metadata.uid,
    },
  };
  if (p.spec.nodeName) ep.nodeName = p.spec.nodeName;
  return ep;
}

/** Reconcile the slice of one Service, given the pods of its namespace. */
export function syncService(e: Engine, svc: Service, slices: EndpointSlice[], pods: Pod[]): void {
  const ns = svc.metadata.namespace ?? 'default';
  const svcKey = `${ns}/${svc.metadata.name}`;
  if (!Object.keys(svc.spec.selector).length) return; // selector-less services are managed by hand
  const endpoints = pods
    .filter((p) => p.status.podIP && p.status.phase !== 'Succeeded' && p.status.phase !== 'Failed')
    .filter((p) => selectorMatches(svc.spec.selector, p.metadata.labels))
    .sort((a, b) => cmp(a.metadata.name, b.metadata.name))
    .map((p) => endpointFor(svc, p));
  // getEndpointPorts: each slice port carries its Service port's name ('' when unnamed).
  const ports = svc.spec.ports.map((p) => ({
    port: p.targetPort ?? p.port,
    protocol: p.protocol ?? 'TCP',
    name: p.name ?? '',
  }));
  const cur = slices[0];
  if (
    cur &&
    JSON.stringify(cur.endpoints) === JSON.stringify(endpoints) &&
    JSON.stringify(cur.ports) === JSON.stringify(ports)
  )
    return;
  const ready = endpoints.filter((x) => x.conditions.ready).length;
  const c = e.cause({
    actor: ACTOR,
    what: `endpoints of ${svc.metadata.name}: ${ready}/${endpoints.length} ready`,
    rule: 'ready = publishNotReadyAddresses || (serving && !terminating)',
    parents: [e.lastCause(`Service/${svcKey}`) ?? 0],
  });
  if (cur) {
    e.put({ ...clonePlain(cur), endpoints, ports }, `endpoints ${ready}/${endpoints.length} ready`, c);
    return;
  }
  let name = '';
  do name = `${svc.metadata.name}-${randomSuffix(e.state.rng)}`;
  while (e.get('EndpointSlice', `${ns}/${name}`));
  const slice: EndpointSlice = {
    kind: 'EndpointSlice',
    metadata: {
      name,
      namespace: ns,
      uid: e.uid(),
      resourceVersion: 0,
      creationTimestamp: e.now,
      labels: {
        [SERVICE_NAME_LABEL]: svc.metadata.name,
        'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
      },
      annotations: {},
      ownerReferences: [
        { apiVersion: 'v1', kind: 'Service', name: svc.metadata.name, uid: svc.metadata.uid, controller: true },
      ],
    },
    addressType: 'IPv4',
    endpoints,
    ports,
  };
  e.put(slice, `endpoints ${ready}/${endpoints.length} ready`, c);
}

/** Any Service at all: without one a pass has nothing to do (and pod changes need no pass). */
function hasServices(e: Engine): boolean {
  return e.hasAny('Service');
}

/**
 * Services whose inputs (the Service, its slices, a pod it selects) were written since their last
 * reconcile. A Service none of whose inputs changed would compute the slice it already has, so a
 * pass visits only these (all of them after a kube-controller-manager restart: `undefined`).
 */
function markService(e: Engine, key: string): void {
  const dirty = e.state.controllers.epsDirtyServices;
  if (dirty) dirty[key] = true;
}

/** Mark the Services of the pod's namespace whose selector picks the pod before or after a write. */
function markServicesOfPod(e: Engine, obj: Pod | undefined, old: Pod | undefined): void {
  const p = obj ?? old;
  if (!p) return;
  const ns = p.metadata.namespace ?? 'default';
  for (const svc of e.list('Service')) {
    if ((svc.metadata.namespace ?? 'default') !== ns) continue;
    const sel = svc.spec.selector;
    if ((obj && selectorMatches(sel, obj.metadata.labels)) || (old && selectorMatches(sel, old.metadata.labels)))
      markService(e, `${ns}/${svc.metadata.name}`);
  }
}

/** Workqueue: reconcile the slice of every Service whose inputs changed. */
export function syncEndpointSlices(e: Engine): void {
  if (!controllerManagerActive(e) || !hasServices(e)) return;
  const dirty = e.state.controllers.epsDirtyServices;
  e.state.controllers.epsDirtyServices = dict();
  const all = e
    .list('Service')
    .filter((s) => !dirty || dirty[`${s.metadata.namespace ?? 'default'}/${s.metadata.name}`])
    .sort(byNamespacedName);
  if (!all.length) return;
  const namespaces = new Set(all.map((s) => s.metadata.namespace ?? 'default'));
  const podsByNs = new Map<string, Pod[]>();
  for (const p of e.list('Pod')) {
    const ns = p.metadata.namespace ?? 'default';
    if (!namespaces.has(ns)) continue;
    const l = podsByNs.get(ns) ?? [];
    l.push(p);
    podsByNs.set(ns, l);
  }
  const slicesBySvc = new Map<string, EndpointSlice[]>();
  for (const s of e.list('EndpointSlice')) {
    const owner = s.metadata.ownerReferences.find((r) => r.kind === 'Service');
    if (!owner) continue;
    const l = slicesBySvc.get(owner.uid) ?? [];
    l.push(s);
    slicesBySvc.set(owner.uid, l);
  }
  for (const svc of all) {
    const slices = (slicesBySvc.get(svc.metadata.uid) ?? []).sort((a, b) => cmp(a.metadata.name, b.metadata.name));
    syncService(e, svc, slices, podsByNs.get(svc.metadata.namespace ?? 'default') ?? []);
  }
}

function endpointRelevant(a: Pod | undefined, b: Pod | undefined): boolean {
  if (!a || !b) return true;
  return (
    a.status.podIP !== b.status.podIP ||
    isPodReady(a) !== isPodReady(b) ||
    a.metadata.deletionTimestamp !== b.metadata.deletionTimestamp ||
    a.status.phase !== b.status.phase ||
    JSON.stringify(a.metadata.labels) !== JSON.stringify(b.metadata.labels)
  );
}

export const endpointsliceModule: SimModule = {
  name: 'endpointslice',
  watch: {
    Service: (e, key) => {
      markService(e, key);
      e.enqueue('endpointslice');
    },
    EndpointSlice: (e, _k, obj, old) => {
      const s = (obj ?? old) as EndpointSlice | undefined;
      const owner = s?.metadata.ownerReferences.find((r) => r.kind === 'Service');
      if (s && owner) markService(e, `${s.metadata.namespace ?? 'default'}/${owner.name}`);
      if (!obj) e.enqueue('endpointslice');
    },
    Pod: (e, _k, obj, old) => {
      if (!hasServices(e)) return;
      markServicesOfPod(e, obj as Pod | undefined, old as Pod | undefined);
      if (endpointRelevant(obj as Pod | undefined, old as Pod | undefined)) e.enqueue('endpointslice');
    },
  },
  sync: syncEndpointSlices,
};
