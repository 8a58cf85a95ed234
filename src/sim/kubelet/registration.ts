/**
 * Node registration (reference 5.1 step 3, section 6). Runs at EVERY kubelet start because
 * `registrationCompleted` lives in memory; once true it is never reset while the process runs,
 * so a deleted Node object is never recreated by a running kubelet (kk#71398, kk#115761).
 * initialNode() runs the setters on a fresh object, hence the NodeHasSufficient* events on
 * every start.
 *
 * Cause `what` prefixes: `node registered`, `node reconciled`.
 */

import { TAINT_EXTERNAL_CLOUD_PROVIDER } from '../cloud/taints';
import type { Node } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { Host, KubeletMemory } from '../core/state';
import { logLine, q } from '../host/journal';
import { kubeletEvent } from './events';
import { actor, apiError, kgen, nodeRef } from './memory';
import { runSetters } from './node-status';

type RunningHost = Host & { kubelet: KubeletMemory };

/** Registration retry back-off: 100ms doubling, capped at 7s. */
const REGISTER_BACKOFF_MIN = 100;
const REGISTER_BACKOFF_MAX = 7000;

/**
 * The labels the kubelet sets on its Node (kubelet_node_status.go initialNode): hostname, os and
 * arch, with the deprecated beta.kubernetes.io/os and beta.kubernetes.io/arch twins (which the
 * node-lifecycle controller's reconcileNodeLabels keeps equal), plus the host's own labels.
 */
export function kubeletLabels(h: Host): Record<string, string> {
  const os = h.labels['kubernetes.io/os'] ?? 'linux';
  const arch = h.labels['kubernetes.io/arch'] ?? 'amd64';
  return { 'beta.kubernetes.io/arch': arch, 'beta.kubernetes.io/os': os, ...h.labels };
}

/**
 * Capacity besides cpu, memory and pods (setters.go MachineInfo): the root filesystem as
 * ephemeral-storage (allocatable: minus the 10% nodefs.available eviction threshold), and the
 * huge page sizes of an amd64 kernel, none reserved. [U] disk size: a 64 GB VM disk.
 */
const EPHEMERAL_STORAGE_KI = 64_222_328;
const EXTENDED_CAPACITY = {
  'ephemeral-storage': `${EPHEMERAL_STORAGE_KI}Ki`,
  'hugepages-1Gi': '0',
  'hugepages-2Mi': '0',
};
const EXTENDED_ALLOCATABLE = {
  'ephemeral-storage': String(EPHEMERAL_STORAGE_KI * 1024 - Math.trunc(EPHEMERAL_STORAGE_KI * 1024 * 0.1)),
  'hugepages-1Gi': '0',
  'hugepages-2Mi': '0',
};

/** The Node the kubelet would create now (initialNode + setters). */
export function initialNode(e: Engine, h: RunningHost): { node: Node; events: ReturnType<typeof runSetters> } {
  const st = e.state;
  // The machine's size (scenario node or cloud node group); 4 CPUs and 8 GiB by default.
  const cpu = h.cpu ?? 4000;
  const memory = h.memory ?? 8192;
  const node: Node = {
    kind: 'Node',
    metadata: {
      name: h.name,
      uid: '',
      resourceVersion: 0,
      creationTimestamp: e.now,
      labels: kubeletLabels(h),
      annotations: {
        'kubeadm.alpha.kubernetes.io/cri-socket':
          st.profile.runtime === 'docker'
            ? 'unix:///var/run/dockershim.sock'
            : 'unix:///var/run/containerd/containerd.sock',
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
      ownerReferences: [],
    },
    spec: { taints: [], podCIDR: `10.244.${h.podCidrIndex}.0/24` },
    status: {
      conditions: [],
      addresses: [],
      capacity: { cpu, memory, pods: 110, ...EXTENDED_CAPACITY },
      allocatable: { cpu, memory, pods: 110, ...EXTENDED_ALLOCATABLE },
      nodeInfo: {
        kubeletVersion: st.profile.kubernetesVersion,
        containerRuntimeVersion: st.profile.containerRuntimeVersion,
        osImage: 'Ubuntu 22.04.5 LTS',
        kernelVersion: '5.15.0-126-generic',
        bootID: '',
      },
    },
  };
  // kubeadm's --register-with-taints: the profile's key (master up to 1.23, kk#107533).
  if (h.role === 'control-plane') node.spec.taints.push({ key: st.profile.controlPlaneTaint, effect: 'NoSchedule' });
  // --cloud-provider=external: the node waits for the cloud-node-controller (kubelet_node_status.go
  // initialNode, TaintExternalCloudProvider; cloud-provider api/well_known_taints.go).
  if (h.externalCloudProvider)
    node.spec.taints.push({ key: TAINT_EXTERNAL_CLOUD_PROVIDER, value: 'true', effect: 'NoSchedule' });
  const events = runSetters(e, h, node);
  return { node, events };
}

/**
 * registerWithAPIServer: one attempt. On failure schedule the next with back-off. On success
 * the caller continues with the first status update.
 */
export function tryRegister(e: Engine, h: RunningHost): void {
  const mem = h.kubelet;
  if (mem.registrationCompleted) return;
  logLine(e, h.name, 'kubelet', 'I', 'kubelet_node_status.go:75', `"Attempting to register node" node=${q(h.name)}`);
  const { node, events } = initialNode(e, h);
  const err = apiError(e, h, 'Post', '/api/v1/nodes');
  if (err) {
    logLine(
      e,
      h.name,
      'kubelet',
      'E',
      'kubelet_node_status.go:97',
      `"Unable to register node with API server" err=${q(err)} node=${q(h.name)}`,
    );
    e.cow.touch(mem).registerBackoff = Math.min(
      REGISTER_BACKOFF_MAX,
      Math.max(REGISTER_BACKOFF_MIN, mem.registerBackoff * 2),
    );
    e.schedule(mem.registerBackoff, 'kubelet.register', h.name, kgen(h));
    return;
  }
  const existing = e.get('Node', h.name);
  const startCause = h.services.kubelet?.cause ?? 0;
  if (existing) {
    // AlreadyExists: reconcile labels, keep the stored status (the status loop updates it).
    const c = e.cause({
      actor: actor(h),
      what: `node reconciled ${h.name}`,
      rule: 'registration at kubelet start: Node already exists',
      parents: [startCause],
    });
    logLine(
      e,
      h.name,
      'kubelet',
      'I',
      'kubelet_node_status.go:111',
      `"Node was previously registered" node=${q(h.name)}`,
    );
    const labels = { ...existing.metadata.labels, ...kubeletLabels(h) };
    if (JSON.stringify(labels) !== JSON.stringify(existing.metadata.labels)) {
      e.put({ ...existing, metadata: { ...existing.metadata, labels } }, 'labels reconciled', c);
    }
    e.cow.touch(mem).nodeUid = existing.metadata.uid;
    for (const ev of events) kubeletEvent(e, h, nodeRef(h), ev.type, ev.reason, ev.message, c);
  } else {
    node.metadata.uid = e.uid();
    const c = e.cause({
      actor: actor(h),
      what: `node registered ${h.name}`,
      rule: 'registration at kubelet start: POST /api/v1/nodes',
      parents: [startCause],
    });
    for (const ev of events) kubeletEvent(e, h, nodeRef(h), ev.type, ev.reason, ev.message, c);
    e.put(node, 'registered by kubelet', c);
    const w = e.cow.touch(mem);
    w.nodeUid = node.metadata.uid;
    w.lastStatusPostAt = e.now;
    logLine(e, h.name, 'kubelet', 'I', 'kubelet_node_status.go:78', `"Successfully registered node" node=${q(h.name)}`);
  }
  e.cow.touch(mem).registrationCompleted = true;
}
