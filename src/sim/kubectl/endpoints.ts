/**
 * The legacy v1 Endpoints of a Service (`kubectl get endpoints`, `describe endpoints`). The
 * endpoints controller keeps them from the same pods as the EndpointSlices; here they are derived
 * from the Service's EndpointSlice, so both views lag together when kube-controller-manager is away.
 * Ready endpoints are `addresses`, not-ready ones `notReadyAddresses`, and terminating pods are
 * left out (kubernetes/kubernetes pkg/controller/endpoint/endpoints_controller.go syncService with
 * endpointsliceutil.ShouldPodBeInEndpoints(pod, false)). Not stored: no trace, no hash.
 *
 * Since 1.33 the apiserver answers every Endpoints request with a deprecation warning, which
 * kubectl prints once per command on stderr (ENDPOINTS_WARNING).
 */
import type { EndpointSlice, ObjectMeta, Service } from '../core/api-types';
import type { Engine } from '../core/engine';
import { pushAll } from '../core/lists';
import { FNV_OFFSET, fnvUpdate } from '../core/trace';
import { metaJson } from './api-json-meta';
import {
  annotationsMultiline,
  type EventsByObject,
  eventsBlock,
  eventsFor,
  L1,
  L2,
  labelsMultiline,
} from './describe-common';
import type { Json } from './emit';
import { describeText } from './table';

export interface EndpointAddress {
  ip: string;
  nodeName?: string;
  targetRef: { kind: 'Pod'; name: string; namespace: string; uid: string };
}

export interface EndpointSubset {
  addresses: EndpointAddress[];
  notReadyAddresses: EndpointAddress[];
  ports: { name: string; port: number; protocol: string }[];
}

/** A derived v1 Endpoints object (the kubectl printers' view; not in the store). */
export interface Endpoints {
  kind: 'Endpoints';
  metadata: ObjectMeta;
  subsets: EndpointSubset[];
}

/** The warning kube-apiserver 1.33+ returns with Endpoints (k8s.io/api/core/v1 Endpoints deprecation). */
export const ENDPOINTS_WARNING = 'Warning: v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice';

/** Does this profile's apiserver warn? (the deprecation arrived in 1.33). */
export function endpointsWarns(e: Engine): boolean {
  return e.state.profile.name === 'v1.33';
}

/** A stable uid for the derived object, from its Service's (an 8-4-4-4-12 hex string). */
function derivedUid(serviceUid: string): string {
  const h: [number, number] = [FNV_OFFSET[0], FNV_OFFSET[1]];
  fnvUpdate(h, `endpoints/${serviceUid}`);
  const hex = (h[0] >>> 0).toString(16).padStart(8, '0') + (h[1] >>> 0).toString(16).padStart(8, '0');
  const x = hex + hex.split('').reverse().join('');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

function endpointsFrom(svc: Service, slice: EndpointSlice): Endpoints {
  const ready: EndpointAddress[] = [];
  const notReady: EndpointAddress[] = [];
  for (const ep of slice.endpoints) {
    if (ep.conditions.terminating && !svc.spec.publishNotReadyAddresses) continue;
    const a: EndpointAddress = { ip: ep.addresses[0] ?? '', targetRef: { ...ep.targetRef } };
    if (ep.nodeName) a.nodeName = ep.nodeName;
    (ep.conditions.ready ? ready : notReady).push(a);
  }
  const byIp = (x: EndpointAddress, y: EndpointAddress) => (x.ip < y.ip ? -1 : x.ip > y.ip ? 1 : 0);
  const labels = { ...svc.metadata.labels };
  if (svc.spec.clusterIP === 'None') labels['service.kubernetes.io/headless'] = '';
  const subsets: EndpointSubset[] =
    ready.length + notReady.length === 0
      ? []
      : [
          {
            addresses: ready.sort(byIp),
            notReadyAddresses: notReady.sort(byIp),
            ports: slice.ports.map((p) => ({ name: p.name ?? '', port: p.port, protocol: p.protocol })),
          },
        ];
  return {
    kind: 'Endpoints',
    metadata: {
      name: svc.metadata.name,
      namespace: svc.metadata.namespace ?? 'default',
      uid: derivedUid(svc.metadata.uid),
      resourceVersion: slice.metadata.resourceVersion,
      creationTimestamp: slice.metadata.creationTimestamp,
      labels,
      annotations: {},
      ownerReferences: [],
    },
    subsets,
  };
}

/** The Endpoints of every Service that has an EndpointSlice, in API (namespace/name) order. */
export function listEndpoints(e: Engine): Endpoints[] {
  const slices = new Map<string, EndpointSlice>();
  for (const s of e.list('EndpointSlice')) {
    const svc = s.metadata.labels['kubernetes.io/service-name'];
    if (svc) slices.set(`${s.metadata.namespace ?? 'default'}/${svc}`, s);
  }
  const out: Endpoints[] = [];
  for (const svc of e.list('Service')) {
    const key = `${svc.metadata.namespace ?? 'default'}/${svc.metadata.name}`;
    const slice = slices.get(key);
    if (slice) out.push(endpointsFrom(svc, slice));
  }
  const key = (x: Endpoints) => `${x.metadata.namespace}/${x.metadata.name}`;
  return out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** printers.go formatEndpoints: up to three `ip:port`, then ` + N more...`; `<none>` without subsets. */
export function formatEndpoints(ep: Endpoints): string {
  if (ep.subsets.length === 0) return '<none>';
  const list: string[] = [];
  let more = false;
  let count = 0;
  for (const ss of ep.subsets) {
    if (ss.ports.length === 0) {
      count += ss.addresses.length;
      for (const a of ss.addresses) {
        if (list.length === 3) {
          more = true;
          break;
        }
        list.push(a.ip);
      }
      continue;
    }
    for (const port of ss.ports) {
      count += ss.addresses.length;
      for (const a of ss.addresses) {
        if (list.length === 3) {
          more = true;
          break;
        }
        list.push(`${a.ip}:${port.port}`);
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - 3} more...` : ret;
}

/** describe.go describeEndpoints. */
export function describeEndpoints(e: Engine, ep: Endpoints, events?: EventsByObject): string {
  const m = ep.metadata;
  const lines = [
    `Name:\t${m.name}`,
    `Namespace:\t${m.namespace ?? 'default'}`,
    ...labelsMultiline('Labels', m.labels),
    ...annotationsMultiline('Annotations', m.annotations),
    'Subsets:',
  ];
  for (const ss of ep.subsets) {
    lines.push(`${L1}Addresses:\t${ss.addresses.map((a) => a.ip).join(',') || '<none>'}`);
    lines.push(`${L1}NotReadyAddresses:\t${ss.notReadyAddresses.map((a) => a.ip).join(',') || '<none>'}`);
    if (ss.ports.length) {
      lines.push(`${L1}Ports:`, `${L2}Name\tPort\tProtocol`, `${L2}----\t----\t--------`);
      for (const p of ss.ports) lines.push(`${L2}${p.name || '<unset>'}\t${p.port}\t${p.protocol}`);
    }
    lines.push('');
  }
  pushAll(
    lines,
    eventsBlock(
      eventsFor(e, { kind: 'Endpoints', name: m.name, namespace: m.namespace ?? '', uid: m.uid }, events),
      e.now,
    ),
  );
  return describeText(lines.join('\n'));
}

function addressJson(a: EndpointAddress): { [k: string]: Json } {
  const o: { [k: string]: Json } = { ip: a.ip, targetRef: { ...a.targetRef } };
  if (a.nodeName) o.nodeName = a.nodeName;
  return o;
}

/** `-o json|yaml` of a derived Endpoints object. */
export function endpointsJson(ep: Endpoints): { [k: string]: Json } {
  const out: { [k: string]: Json } = { apiVersion: 'v1', kind: 'Endpoints', metadata: metaJson(ep.metadata) };
  if (ep.subsets.length)
    out.subsets = ep.subsets.map((ss) => {
      // EndpointPort.name is omitempty (an EndpointSlice's is a pointer and prints `name: ""`).
      const ports = ss.ports.map((p): Json => {
        const po: { [k: string]: Json } = { port: p.port, protocol: p.protocol };
        if (p.name) po.name = p.name;
        return po;
      });
      const o: { [k: string]: Json } = { ports };
      if (ss.addresses.length) o.addresses = ss.addresses.map(addressJson);
      if (ss.notReadyAddresses.length) o.notReadyAddresses = ss.notReadyAddresses.map(addressJson);
      return o;
    });
  return out;
}
