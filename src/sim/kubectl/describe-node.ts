/**
 * `kubectl describe node` (describe.go describeNode [C], reference 1.2, 2.2, 10.3): header fields,
 * Taints, Lease block, the Conditions table (value cells carry describe's trailing space, which is
 * what makes `Status` 10 wide in seed 000), Addresses, Capacity, System Info, the Non-terminated Pods
 * table, Allocated resources and Events.
 */
import type { Node, Pod, Resources } from '../core/api-types';
import { rfc1123z } from '../core/dates';
import type { Engine } from '../core/engine';
import { pushAll } from '../core/lists';
import { age } from './age';
import {
  annotationsMultiline,
  cpuQuantity,
  type EventsByObject,
  eventsBlock,
  eventsFor,
  L1,
  labelsMultiline,
  memoryQuantity,
  taintsMultiline,
} from './describe-common';
import { nodeRoles } from './status';
import { describeText } from './table';

function resourceLines(r: Resources): string[] {
  // SortableResourceNames: alphabetical (the kubelet reports ephemeral-storage and hugepages too).
  const text = (q: string | undefined, name: string) => (q === undefined ? [] : [`${L1}${name}:\t${q}`]);
  return [
    `${L1}cpu:\t${cpuQuantity(r.cpu)}`,
    ...text(r['ephemeral-storage'], 'ephemeral-storage'),
    ...text(r['hugepages-1Gi'], 'hugepages-1Gi'),
    ...text(r['hugepages-2Mi'], 'hugepages-2Mi'),
    `${L1}memory:\t${memoryQuantity(r.memory)}`,
    `${L1}pods:\t${r.pods}`,
  ];
}

function podRequests(p: Pod): { cpu: number; memory: number } {
  let cpu = 0;
  let memory = 0;
  for (const c of p.spec.containers) {
    cpu += c.resources?.requests?.cpu ?? 0;
    memory += c.resources?.requests?.memory ?? 0;
  }
  return { cpu, memory };
}

function pct(part: number, whole: number): number {
  return whole > 0 ? Math.floor((part * 100) / whole) : 0;
}

/** Pods the node runs as far as the API knows: bound to it and not Succeeded/Failed. */
export function nonTerminatedPods(e: Engine, node: string): Pod[] {
  return e
    .podsOnNode(node)
    .filter((p) => p.status.phase !== 'Succeeded' && p.status.phase !== 'Failed')
    .sort((a, b) => {
      const ka = `${a.metadata.namespace}/${a.metadata.name}`;
      const kb = `${b.metadata.namespace}/${b.metadata.name}`;
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
}

/** The full `kubectl describe node NAME` text for one Node object. */
export function describeNode(e: Engine, node: Node, events?: EventsByObject): string {
  const now = e.now;
  const name = node.metadata.name;
  const roles = nodeRoles(node);
  const lines: string[] = [
    `Name:\t${name}`,
    `Roles:\t${roles.length ? roles.join(',') : '<none>'}`,
    ...labelsMultiline('Labels', node.metadata.labels),
    ...annotationsMultiline('Annotations', node.metadata.annotations),
    `CreationTimestamp:\t${rfc1123z(node.metadata.creationTimestamp)}`,
    ...taintsMultiline('Taints', node.spec.taints),
    `Unschedulable:\t${node.spec.unschedulable ? 'true' : 'false'}`,
  ];
  const lease = e.get('Lease', `kube-node-lease/${name}`);
  if (lease) {
    lines.push(
      'Lease:',
      `${L1}HolderIdentity:\t${lease.spec.holderIdentity || '<unset>'}`,
      `${L1}AcquireTime:\t${lease.spec.acquireTime !== undefined ? rfc1123z(lease.spec.acquireTime) : '<unset>'}`,
      `${L1}RenewTime:\t${rfc1123z(lease.spec.renewTime)}`,
    );
  }
  if (node.status.conditions.length > 0) {
    lines.push(
      'Conditions:',
      `${L1}Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage`,
      `${L1}----\t------\t-----------------\t------------------\t------\t-------`,
    );
    for (const c of node.status.conditions) {
      lines.push(
        `${L1}${c.type} \t${c.status} \t${rfc1123z(c.lastHeartbeatTime)} \t${rfc1123z(c.lastTransitionTime)} \t${c.reason} \t${c.message}`,
      );
    }
  }
  lines.push('Addresses:');
  for (const a of node.status.addresses) lines.push(`${L1}${a.type}:\t${a.address}`);
  lines.push('Capacity:');
  pushAll(lines, resourceLines(node.status.capacity));
  lines.push('Allocatable:');
  pushAll(lines, resourceLines(node.status.allocatable));
  const info = node.status.nodeInfo;
  const machineId = node.metadata.uid.replaceAll('-', '');
  // Kube-Proxy Version: the kubelet stopped filling it in recent releases (DisableNodeKubeProxyVersion) [U].
  const proxyVersion = e.state.profile.name === 'v1.23-docker' ? info.kubeletVersion : '';
  lines.push(
    'System Info:',
    `${L1}Machine ID:\t${machineId}`,
    `${L1}System UUID:\t${node.metadata.uid}`,
    `${L1}Boot ID:\t${info.bootID}`,
    `${L1}Kernel Version:\t${info.kernelVersion}`,
    `${L1}OS Image:\t${info.osImage}`,
    `${L1}Operating System:\t${node.metadata.labels['kubernetes.io/os'] ?? 'linux'}`,
    `${L1}Architecture:\t${node.metadata.labels['kubernetes.io/arch'] ?? 'amd64'}`,
    `${L1}Container Runtime Version:\t${info.containerRuntimeVersion}`,
    `${L1}Kubelet Version:\t${info.kubeletVersion}`,
    `${L1}Kube-Proxy Version:\t${proxyVersion}`,
  );
  if (node.spec.podCIDR) lines.push(`PodCIDR:\t${node.spec.podCIDR}`, `PodCIDRs:\t${node.spec.podCIDR}`);
  // describe.go describeNode: ProviderID right after the pod CIDRs, when set.
  if (node.spec.providerID) lines.push(`ProviderID:\t${node.spec.providerID}`);
  const pods = nonTerminatedPods(e, name);
  const alloc = node.status.allocatable;
  lines.push(
    `Non-terminated Pods:\t(${pods.length} in total)`,
    `${L1}Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge`,
    `${L1}---------\t----\t\t------------\t----------\t---------------\t-------------\t---`,
  );
  let cpuReq = 0;
  let memReq = 0;
  for (const p of pods) {
    const r = podRequests(p);
    cpuReq += r.cpu;
    memReq += r.memory;
    lines.push(
      `${L1}${p.metadata.namespace}\t${p.metadata.name}\t\t${cpuQuantity(r.cpu)} (${pct(r.cpu, alloc.cpu)}%)\t0 (0%)\t${memoryQuantity(r.memory)} (${pct(r.memory, alloc.memory)}%)\t0 (0%)\t${age(e, p.metadata.creationTimestamp)}`,
    );
  }
  lines.push(
    'Allocated resources:',
    `${L1}(Total limits may be over 100 percent, i.e., overcommitted.)`,
    `${L1}Resource\tRequests\tLimits`,
    `${L1}--------\t--------\t------`,
    `${L1}cpu\t${cpuQuantity(cpuReq)} (${pct(cpuReq, alloc.cpu)}%)\t0 (0%)`,
    `${L1}memory\t${memoryQuantity(memReq)} (${pct(memReq, alloc.memory)}%)\t0 (0%)`,
    `${L1}ephemeral-storage\t0 (0%)\t0 (0%)`,
  );
  pushAll(lines, eventsBlock(eventsFor(e, { kind: 'Node', name, uid: node.metadata.uid }, events), now));
  return describeText(lines.join('\n'));
}
