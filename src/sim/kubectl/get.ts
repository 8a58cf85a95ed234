/**
 * `kubectl get`: the default and `-o wide` columns of the printers (PRN [C], reference 10.1),
 * comma lists (`get deploy,sts,ds` with `deployment.apps/web` names), `-n`, `-A`, NotFound errors.
 */
import { servedLease } from '../controllers/control-plane-idle';
import type { ApiObject, KubeEvent, Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import { keyOf } from '../core/keys';
import { pushAll } from '../core/lists';
import { age, since } from './age';
import { ENDPOINTS_WARNING, type Endpoints, endpointsWarns, formatEndpoints, listEndpoints } from './endpoints';
import { genericPieces } from './get-output';
import { KeyPick } from './key-pick';
import { joinPieces } from './pieces';
import { notFound, qualifiedName, type ResourceType } from './resources';
import { badSelector, parseSelector, selectorMatches } from './selector';
import { formatLabels, nodeRoles, nodeStatus, podColumns } from './status';
import { getTable, getTableLines } from './table';

/** What `kubectl get` lists: stored objects, and Endpoints derived from EndpointSlices. */
export type GetObject = ApiObject | Endpoints;

export interface GetRequest {
  types: ResourceType[];
  names: string[];
  namespace: string;
  allNamespaces: boolean;
  wide: boolean;
  /** `-o yaml` / `-o json` (kubectl/get-output.ts). */
  output?: 'yaml' | 'json';
  /** `-l`: the label selector as typed (the API parses it: kubectl/selector.ts). */
  selector?: string;
}

type Row = string[];

type PodSpecLike = { containers: { name: string; image: string }[] };
const containerNames = (spec: PodSpecLike) => spec.containers.map((c) => c.name).join(',');
const imageNames = (spec: PodSpecLike) => spec.containers.map((c) => c.image).join(',');

/**
 * The VolumeAttributesClass column of PVs and PVCs: printers.go has printed it since 1.29 (the
 * server prints the table: the v1.23 profile's has no such column).
 */
function volumeAttributesClassColumn(e: Engine): boolean {
  return e.state.profile.name !== 'v1.23-docker';
}

function header(e: Engine, r: ResourceType, wide: boolean): Row {
  const vac = volumeAttributesClassColumn(e) ? ['VOLUMEATTRIBUTESCLASS'] : [];
  switch (r.kind) {
    case 'Node':
      return ['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION'].concat(
        wide ? ['INTERNAL-IP', 'EXTERNAL-IP', 'OS-IMAGE', 'KERNEL-VERSION', 'CONTAINER-RUNTIME'] : [],
      );
    case 'Pod':
      return ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'].concat(
        wide ? ['IP', 'NODE', 'NOMINATED NODE', 'READINESS GATES'] : [],
      );
    case 'Deployment':
      return ['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE'].concat(
        wide ? ['CONTAINERS', 'IMAGES', 'SELECTOR'] : [],
      );
    case 'ReplicaSet':
      return ['NAME', 'DESIRED', 'CURRENT', 'READY', 'AGE'].concat(wide ? ['CONTAINERS', 'IMAGES', 'SELECTOR'] : []);
    case 'StatefulSet':
      return ['NAME', 'READY', 'AGE'].concat(wide ? ['CONTAINERS', 'IMAGES'] : []);
    case 'DaemonSet':
      return ['NAME', 'DESIRED', 'CURRENT', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'NODE SELECTOR', 'AGE'].concat(
        wide ? ['CONTAINERS', 'IMAGES', 'SELECTOR'] : [],
      );
    case 'Service':
      return ['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE'].concat(wide ? ['SELECTOR'] : []);
    case 'EndpointSlice':
      return ['NAME', 'ADDRESSTYPE', 'PORTS', 'ENDPOINTS', 'AGE'];
    case 'Event':
      return wide
        ? ['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'SUBOBJECT', 'SOURCE', 'MESSAGE', 'FIRST SEEN', 'COUNT', 'NAME']
        : ['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'];
    case 'Lease':
      return ['NAME', 'HOLDER', 'AGE'];
    case 'ConfigMap':
      return ['NAME', 'DATA', 'AGE'];
    case 'PodDisruptionBudget':
      // printers.go podDisruptionBudgetColumnDefinitions.
      return ['NAME', 'MIN AVAILABLE', 'MAX UNAVAILABLE', 'ALLOWED DISRUPTIONS', 'AGE'];
    // printers.go persistentVolumeClaimColumnDefinitions / persistentVolumeColumnDefinitions
    // (VolumeMode at priority 1: -o wide) and volumeAttachmentColumnDefinitions.
    case 'PersistentVolumeClaim':
      return ['NAME', 'STATUS', 'VOLUME', 'CAPACITY', 'ACCESS MODES', 'STORAGECLASS', ...vac, 'AGE'].concat(
        wide ? ['VOLUMEMODE'] : [],
      );
    case 'PersistentVolume':
      return [
        'NAME',
        'CAPACITY',
        'ACCESS MODES',
        'RECLAIM POLICY',
        'STATUS',
        'CLAIM',
        'STORAGECLASS',
        ...vac,
        'REASON',
        'AGE',
      ].concat(wide ? ['VOLUMEMODE'] : []);
    case 'VolumeAttachment':
      return ['NAME', 'ATTACHER', 'PV', 'NODE', 'ATTACHED', 'AGE'];
    case 'Endpoints':
      return ['NAME', 'ENDPOINTS', 'AGE'];
  }
}

/**
 * `2m (x3 over 10m)` for an aggregated event, `5m` otherwise: the interval `kubectl describe` and
 * `kubectl events` print (describe.go DescribeEvents). `kubectl get events` does not use it.
 */
export function eventInterval(ev: KubeEvent, now: number): string {
  const last = since(now, ev.lastTimestamp);
  return ev.count > 1 ? `${last} (x${ev.count} over ${since(now, ev.firstTimestamp)})` : last;
}

function cells(e: Engine, obj: GetObject, name: string, wide: boolean): Row {
  const now = e.now;
  const created = age(e, obj.metadata.creationTimestamp);
  switch (obj.kind) {
    case 'Endpoints':
      return [name, formatEndpoints(obj), created];
    case 'Node': {
      const roles = nodeRoles(obj);
      const row = [
        name,
        nodeStatus(obj),
        roles.length ? roles.join(',') : '<none>',
        created,
        obj.status.nodeInfo.kubeletVersion,
      ];
      if (wide) {
        const ip = obj.status.addresses.find((a) => a.type === 'InternalIP')?.address ?? '<none>';
        const info = obj.status.nodeInfo;
        row.push(ip, '<none>', info.osImage, info.kernelVersion, info.containerRuntimeVersion);
      }
      return row;
    }
    case 'Pod': {
      const c = podColumns(obj, now);
      const row = [name, c.ready, c.status, c.restarts, created];
      if (wide) row.push(obj.status.podIP || '<none>', obj.spec.nodeName || '<none>', '<none>', '<none>');
      return row;
    }
    case 'Deployment': {
      const row = [
        name,
        `${obj.status.readyReplicas}/${obj.spec.replicas}`,
        `${obj.status.updatedReplicas}`,
        `${obj.status.availableReplicas}`,
        created,
      ];
      const t = obj.spec.template.spec;
      if (wide) row.push(containerNames(t), imageNames(t), formatLabels(obj.spec.selector.matchLabels));
      return row;
    }
    case 'ReplicaSet': {
      const row = [name, `${obj.spec.replicas}`, `${obj.status.replicas}`, `${obj.status.readyReplicas}`, created];
      const t = obj.spec.template.spec;
      if (wide) row.push(containerNames(t), imageNames(t), formatLabels(obj.spec.selector.matchLabels));
      return row;
    }
    case 'StatefulSet': {
      const row = [name, `${obj.status.readyReplicas}/${obj.spec.replicas}`, created];
      if (wide) row.push(containerNames(obj.spec.template.spec), imageNames(obj.spec.template.spec));
      return row;
    }
    case 'DaemonSet': {
      const s = obj.status;
      const row = [
        name,
        `${s.desiredNumberScheduled}`,
        `${s.currentNumberScheduled}`,
        `${s.numberReady}`,
        `${s.updatedNumberScheduled}`,
        `${s.numberAvailable}`,
        formatLabels(obj.spec.template.spec.nodeSelector),
        created,
      ];
      const t = obj.spec.template.spec;
      if (wide) row.push(containerNames(t), imageNames(t), formatLabels(obj.spec.selector.matchLabels));
      return row;
    }
    case 'Service': {
      const ports = obj.spec.ports.map((p) => `${p.port}/${p.protocol ?? 'TCP'}`).join(',');
      const row = [
        name,
        obj.spec.type || 'ClusterIP',
        obj.spec.clusterIP || '<none>',
        '<none>',
        ports || '<none>',
        created,
      ];
      if (wide) row.push(formatLabels(obj.spec.selector));
      return row;
    }
    case 'EndpointSlice': {
      const ports = obj.ports.map((p) => `${p.port}`).join(',');
      const addrs = obj.endpoints.flatMap((ep) => ep.addresses);
      let endpoints = '<unset>';
      if (addrs.length > 0) {
        endpoints = addrs.slice(0, 3).join(',');
        if (addrs.length > 3) endpoints += ` + ${addrs.length - 3} more...`;
      }
      return [name, obj.addressType, ports || '<unset>', endpoints, created];
    }
    case 'Event': {
      // printers.go printEvent: LAST SEEN is the plain age of lastTimestamp (no `(xN over M)`,
      // which only describe and `kubectl events` print); COUNT says how many in -o wide.
      const target = `${obj.involvedObject.kind.toLowerCase()}/${obj.involvedObject.name}`;
      const msg = obj.message.trim();
      const last = since(now, obj.lastTimestamp);
      if (!wide) return [last, obj.type, obj.reason, target, msg];
      const source = obj.source.host ? `${obj.source.component}, ${obj.source.host}` : obj.source.component;
      return [
        last,
        obj.type,
        obj.reason,
        target,
        '',
        source,
        msg,
        since(now, obj.firstTimestamp),
        `${obj.count}`,
        obj.metadata.name,
      ];
    }
    case 'Lease':
      // printLease prints the holder as it is: empty after a release (ReleaseOnCancel).
      return [name, obj.spec.holderIdentity, created];
    case 'ConfigMap':
      return [name, String(Object.keys(obj.data).length), created];
    case 'PodDisruptionBudget': {
      // printers.go printPodDisruptionBudget: IntOrString.String() of the set one, N/A otherwise.
      const { minAvailable, maxUnavailable } = obj.spec;
      return [
        name,
        minAvailable === undefined ? 'N/A' : String(minAvailable),
        maxUnavailable === undefined ? 'N/A' : String(maxUnavailable),
        String(obj.status.disruptionsAllowed),
        created,
      ];
    }
    case 'PersistentVolumeClaim': {
      // printPersistentVolumeClaim: capacity and access modes from the status once bound.
      const bound = obj.spec.volumeName !== undefined && obj.spec.volumeName !== '';
      const phase = obj.metadata.deletionTimestamp !== undefined ? 'Terminating' : obj.status.phase;
      const row = [
        name,
        phase,
        obj.spec.volumeName ?? '',
        bound ? (obj.status.capacity?.storage ?? '') : '',
        bound ? accessModesAsString(obj.status.accessModes ?? []) : '',
        obj.spec.storageClassName,
      ];
      if (volumeAttributesClassColumn(e)) row.push('<unset>');
      row.push(created);
      if (wide) row.push(obj.spec.volumeMode);
      return row;
    }
    case 'PersistentVolume': {
      const c = obj.spec.claimRef;
      const phase = obj.metadata.deletionTimestamp !== undefined ? 'Terminating' : obj.status.phase;
      const row = [
        name,
        obj.spec.capacity.storage,
        accessModesAsString(obj.spec.accessModes),
        obj.spec.persistentVolumeReclaimPolicy,
        phase,
        `${c.namespace}/${c.name}`,
        obj.spec.storageClassName,
      ];
      if (volumeAttributesClassColumn(e)) row.push('<unset>');
      row.push('', created);
      if (wide) row.push(obj.spec.volumeMode);
      return row;
    }
    case 'VolumeAttachment':
      return [
        name,
        obj.spec.attacher,
        obj.spec.source.persistentVolumeName,
        obj.spec.nodeName,
        String(obj.status.attached),
        created,
      ];
  }
}

/** helper.GetAccessModesAsString: RWO, ROX, RWX, RWOP in that order, each once, joined by ",". */
export function accessModesAsString(modes: readonly string[]): string {
  const short: [string, string][] = [
    ['ReadWriteOnce', 'RWO'],
    ['ReadOnlyMany', 'ROX'],
    ['ReadWriteMany', 'RWX'],
    ['ReadWriteOncePod', 'RWOP'],
  ];
  return short
    .filter(([m]) => modes.includes(m))
    .map(([, s]) => s)
    .join(',');
}

function byKey(a: ApiObject, b: ApiObject): number {
  const ka = keyOf(a);
  const kb = keyOf(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * Objects of one type in scope, in the order the API lists them (etcd key order: namespace, then
 * name). Events too: printers.go printEventList does not sort (`kubectl events` does).
 */
export function listInScope(e: Engine, r: ResourceType, namespace: string, all: boolean): GetObject[] {
  const inScope = (o: GetObject) => !r.namespaced || all || o.metadata.namespace === namespace;
  if (r.kind === 'Endpoints') return listEndpoints(e).filter(inScope);
  // Each key built once, not at each comparison (200,000 events sorted: 7 million keys built).
  const keyed = (e.list(r.kind) as ApiObject[]).filter(inScope).map((o) => ({ key: keyOf(o), o }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((x) => served(e, x.o));
}

/** One object by name (`kubectl get TYPE NAME`). */
export function getOne(e: Engine, r: ResourceType, namespace: string, name: string): GetObject | undefined {
  if (r.kind === 'Endpoints')
    return listEndpoints(e).find((x) => x.metadata.namespace === namespace && x.metadata.name === name);
  const o = e.get(r.kind, r.namespaced ? `${namespace}/${name}` : name) as ApiObject | undefined;
  return o && served(e, o);
}

/**
 * An object as the API serves it: a leader-election Lease carries the renewals its leader made
 * while its loop slept, which the store does not hold (controllers/control-plane-idle.ts).
 */
function served(e: Engine, o: ApiObject): ApiObject {
  return o.kind === 'Lease' ? servedLease(e, o) : o;
}

/** The objects a request names or lists, per type, with kubectl's errors (NotFound, bad selector). */
export function collect(
  e: Engine,
  req: GetRequest,
): { lists: { type: ResourceType; objs: GetObject[] }[]; errors: string[] } {
  const lists: { type: ResourceType; objs: GetObject[] }[] = [];
  const errors: string[] = [];
  const selector = req.selector === undefined ? [] : parseSelector(req.selector);
  for (const r of req.types) {
    if ('error' in selector) {
      errors.push(badSelector(r.group, r.plural, req.selector ?? '', selector.error));
      continue;
    }
    let objs: GetObject[];
    if (req.names.length > 0) {
      objs = [];
      for (const n of req.names) {
        const o = getOne(e, r, req.namespace, n);
        if (o) objs.push(o);
        else errors.push(notFound(r, n));
      }
    } else {
      objs = listInScope(e, r, req.namespace, req.allNamespaces);
      if (selector.length) objs = objs.filter((o) => selectorMatches(selector, o.metadata.labels));
    }
    lists.push({ type: r, objs });
  }
  return { lists, errors };
}

/** One type's table as kubectl get prints it: header, then a row per object (NAMESPACE first with -A; `kind/name` when several types are listed). */
function tableRows(e: Engine, req: GetRequest, r: ResourceType, objs: readonly GetObject[], multi: boolean): Row[] {
  const withNs = r.namespaced && req.allNamespaces && req.names.length === 0;
  const rows: Row[] = [withNs ? ['NAMESPACE', ...header(e, r, req.wide)] : header(e, r, req.wide)];
  for (const o of objs) {
    const name = multi ? qualifiedName(r, o.metadata.name) : o.metadata.name;
    const row = cells(e, o, name, req.wide);
    rows.push(withNs ? [o.metadata.namespace ?? '', ...row] : row);
  }
  return rows;
}

/**
 * Part of what kubectlGet prints, for a reader that shows only part of a long table (the app's
 * kubectl views of a big cluster): with more than `over` lines, `kept` lines: the header and the
 * first rows in kubectl's order (`head`) or the header and the last rows (`tail`: an event stream
 * shown at its end still says which column is which), and the whole output's line count. Undefined when the output is not one listed table of more than
 * `over` lines: print it whole then.
 *
 * The listing is scanned once and only the rows shown are written (KeyPick): a table of 150,000
 * pods or a million Events took seconds to write out only to be cut. So the columns are as wide
 * as the header and the rows shown need, as kubectl would print those rows alone; the whole
 * output (`Show all`) is padded for all of its rows.
 */
export function kubectlGetPart(
  e: Engine,
  req: GetRequest,
  keep: 'head' | 'tail',
  over: number,
  kept: number,
): { text: string; lines: number } | undefined {
  const type = req.types[0];
  if (req.output || req.types.length !== 1 || req.names.length > 0 || !type || type.kind === 'Endpoints')
    return undefined;
  const selector = req.selector === undefined ? [] : parseSelector(req.selector);
  if ('error' in selector) return undefined;
  const all = !type.namespaced || req.allNamespaces;
  const pick = new KeyPick<ApiObject>(kept - 1, keep === 'head' ? 'first' : 'last');
  let rows = 0;
  e.forEachObject(type.kind, (o: ApiObject, key) => {
    if (!all && o.metadata.namespace !== req.namespace) return;
    if (selector.length && !selectorMatches(selector, o.metadata.labels)) return;
    rows++;
    pick.offer(key, o);
  });
  if (rows + 1 <= over) return undefined;
  const table = tableRows(e, req, type, pick.sorted(), false);
  const text = getTableLines(table, 0, table.length);
  return { text, lines: rows + 1 };
}

/**
 * What a `kubectl get` request prints, in pieces (pieces.ts): `-o yaml|json` an object at a time
 * (a List of 150,000 pods is hundreds of MB), a table in one piece.
 */
export function* kubectlGetPieces(e: Engine, req: GetRequest): Generator<string> {
  const warns = req.types.some((r) => r.kind === 'Endpoints') && endpointsWarns(e);
  if (req.output) {
    const { lists, errors } = collect(e, req);
    if (warns) yield `${ENDPOINTS_WARNING}\n`;
    yield* genericPieces(req, lists, errors, req.output);
    return;
  }
  yield tableText(e, req, warns);
}

/** Run a `kubectl get` request and return what kubectl prints (no trailing newline). */
export function kubectlGet(e: Engine, req: GetRequest): string {
  return joinPieces(kubectlGetPieces(e, req));
}

/** The tables of a `kubectl get` without `-o yaml|json`, with kubectl's messages and errors. */
function tableText(e: Engine, req: GetRequest, warns: boolean): string {
  const warning = warns ? [ENDPOINTS_WARNING] : [];
  const { lists, errors } = collect(e, req);
  const multi = req.types.length > 1;
  const tables: string[] = [];
  for (const { type: r, objs } of lists) {
    if (objs.length === 0) continue;
    tables.push(getTable(tableRows(e, req, r, objs, multi)));
  }
  const out: string[] = [...warning];
  if (tables.length > 0) out.push(tables.join('\n\n'));
  else if (errors.length === 0) {
    const namespaced = req.types.some((r) => r.namespaced);
    out.push(
      namespaced && !req.allNamespaces ? `No resources found in ${req.namespace} namespace.` : 'No resources found',
    );
  }
  pushAll(out, errors);
  return out.join('\n');
}

/** Pods in `namespace` whose labels match a selector (for describe's Pods Status). */
export function podsMatching(e: Engine, namespace: string, selector: Record<string, string>): Pod[] {
  const keys = Object.keys(selector);
  return e
    .list('Pod')
    .filter((p) => p.metadata.namespace === namespace && keys.every((k) => p.metadata.labels[k] === selector[k]))
    .sort(byKey);
}
