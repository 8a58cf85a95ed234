/**
 * `kubectl describe service|endpointslice` (kubernetes/kubectl pkg/describe/describe.go
 * `describeService`, `formatEndpointSlices`, `describeEndpointSliceV1`).
 */
import type { EndpointSlice, Service } from '../core/api-types';
import type { Engine } from '../core/engine';
import { pushAll } from '../core/lists';
import {
  annotationsMultiline,
  type EventsByObject,
  eventsBlock,
  eventsFor,
  L1,
  L2,
  L3,
  labelsMultiline,
} from './describe-common';
import { formatLabels } from './status';
import { describeText } from './table';

/**
 * formatEndpointSlices for one port name: ready endpoints as `ip:port`, three at most, then
 * ` + N more...`; `<none>` without a slice. Its quirk is kept: `more` is set when three are listed
 * and another endpoint comes, ready or not.
 */
export function formatEndpointSlices(slices: readonly EndpointSlice[], portName: string): string {
  if (slices.length === 0) return '<none>';
  const list: string[] = [];
  let more = false;
  let count = 0;
  for (const s of slices) {
    if (s.ports.length === 0) {
      for (const ep of s.endpoints) {
        if (list.length === 3) more = true;
        if (!ep.conditions.ready) continue;
        if (!more) list.push(ep.addresses[0] ?? '');
        count++;
      }
      continue;
    }
    for (const port of s.ports) {
      if ((port.name ?? '') !== portName) continue;
      for (const ep of s.endpoints) {
        if (list.length === 3) more = true;
        if (!ep.conditions.ready) continue;
        if (!more) list.push(`${ep.addresses[0] ?? ''}:${port.port}`);
        count++;
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - 3} more...` : ret;
}

/** The EndpointSlices of a Service (label kubernetes.io/service-name), as describe lists them. */
function slicesOf(e: Engine, svc: Service): EndpointSlice[] {
  return e
    .list('EndpointSlice')
    .filter(
      (s) =>
        s.metadata.namespace === svc.metadata.namespace &&
        s.metadata.labels['kubernetes.io/service-name'] === svc.metadata.name,
    )
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
}

export function describeService(e: Engine, svc: Service, events?: EventsByObject): string {
  const m = svc.metadata;
  const ns = m.namespace ?? 'default';
  const slices = slicesOf(e, svc);
  const lines = [
    `Name:\t${m.name}`,
    `Namespace:\t${ns}`,
    ...labelsMultiline('Labels', m.labels),
    ...annotationsMultiline('Annotations', m.annotations),
    `Selector:\t${formatLabels(svc.spec.selector)}`,
    `Type:\t${svc.spec.type || 'ClusterIP'}`,
    'IP Family Policy:\tSingleStack',
    'IP Families:\tIPv4',
    `IP:\t${svc.spec.clusterIP}`,
    `IPs:\t${svc.spec.clusterIP}`,
  ];
  for (const p of svc.spec.ports) {
    const proto = p.protocol ?? 'TCP';
    lines.push(`Port:\t${p.name || '<unset>'}\t${p.port}/${proto}`);
    lines.push(`TargetPort:\t${p.targetPort ?? p.port}/${proto}`);
    lines.push(`Endpoints:\t${formatEndpointSlices(slices, p.name ?? '')}`);
  }
  lines.push('Session Affinity:\tNone', 'Internal Traffic Policy:\tCluster');
  pushAll(
    lines,
    eventsBlock(eventsFor(e, { kind: 'Service', name: m.name, namespace: ns, uid: m.uid }, events), e.now),
  );
  return describeText(lines.join('\n'));
}

export function describeEndpointSlice(e: Engine, s: EndpointSlice, events?: EventsByObject): string {
  const m = s.metadata;
  const ns = m.namespace ?? 'default';
  const lines = [
    `Name:\t${m.name}`,
    `Namespace:\t${ns}`,
    ...labelsMultiline('Labels', m.labels),
    ...annotationsMultiline('Annotations', m.annotations),
    `AddressType:\t${s.addressType}`,
  ];
  if (s.ports.length === 0) lines.push('Ports: <unset>');
  else {
    lines.push('Ports:', `${L1}Name\tPort\tProtocol`, `${L1}----\t----\t--------`);
    for (const p of s.ports) lines.push(`${L1}${p.name || '<unset>'}\t${p.port}\t${p.protocol}`);
  }
  if (s.endpoints.length === 0) lines.push('Endpoints: <none>');
  else {
    lines.push('Endpoints:');
    for (const ep of s.endpoints) {
      lines.push(`${L1}- Addresses:\t${ep.addresses.join(', ') || '<none>'}`);
      lines.push(`${L2}Conditions:`, `${L3}Ready:\t${ep.conditions.ready}`);
      lines.push(`${L2}Hostname:\t<unset>`);
      lines.push(`${L2}TargetRef:\t${ep.targetRef.kind}/${ep.targetRef.name}`);
      lines.push(`${L2}NodeName:\t${ep.nodeName ?? '<unset>'}`);
      lines.push(`${L2}Zone:\t<unset>`);
    }
  }
  pushAll(
    lines,
    eventsBlock(eventsFor(e, { kind: 'EndpointSlice', name: m.name, namespace: ns, uid: m.uid }, events), e.now),
  );
  return describeText(lines.join('\n'));
}
