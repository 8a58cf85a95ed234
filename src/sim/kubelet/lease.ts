/**
 * The node Lease heartbeat (reference 1.2, section 6): `kube-node-lease/<node>` renewed every
 * leaseDuration * 0.25 (10s) plus jitter. The ownerReference to the Node is set when the lease is
 * created or renewed; if the Node cannot be read the lease is not created ("Failed to get node
 * when trying to set owner ref to the node lease").
 *
 * Cause `what` prefixes: `lease renewed`, `lease created`.
 */
import type { Lease } from '../core/api-types';
import type { Engine } from '../core/engine';
import { joinKey } from '../core/key-memo';
import type { Host, KubeletMemory } from '../core/state';
import { logLine, q } from '../host/journal';
import { flushEvents } from './events';
import { actor, apiError, jittered, kgen } from './memory';

type RunningHost = Host & { kubelet: KubeletMemory };

/** nodeLeaseRenewIntervalFraction */
export const LEASE_RENEW_FRACTION = 0.25;

export function leaseRenewInterval(e: Engine): number {
  return e.state.settings.nodeLeaseDurationSeconds * 1000 * LEASE_RENEW_FRACTION;
}

export function scheduleLeaseTick(e: Engine, h: Host, delay?: number): void {
  e.schedule(delay ?? jittered(e, leaseRenewInterval(e)), 'kubelet.lease', h.name, kgen(h));
}

function leasePath(h: Host): string {
  return `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${h.name}?timeout=10s`;
}

/** One pass of the lease controller. */
export function leaseTick(e: Engine, h: RunningHost): void {
  const key = joinKey('kube-node-lease', h.name);
  const err = apiError(e, h, 'Put', leasePath);
  if (err) {
    logLine(e, h.name, 'kubelet', 'E', 'controller.go:145', `"Failed to update lease" err=${q(err)}`);
    scheduleLeaseTick(e, h);
    return;
  }
  flushEvents(e, h);
  const existing = e.get('Lease', key);
  // The Node is read for the ownerReference only: a lease that has one is renewed without it.
  const node = existing?.metadata.ownerReferences.length ? undefined : e.get('Node', h.name);
  const startCause = h.services.kubelet?.cause ?? 0;
  if (existing) {
    // One cause for every routine renewal of this process (they all have the same reason);
    // a cause per renewal made the cause list grow by thousands per simulated hour.
    const c =
      h.kubelet.leaseRenewCause ??
      // biome-ignore lint/suspicious/noAssignInExpressions: the cause is made once per process and kept
      (e.cow.touch(h.kubelet).leaseRenewCause = e.cause({
        actor: actor(h),
        what: `lease renewed ${h.name}`,
        rule: 'lease renew interval = leaseDuration x 0.25',
        constant: `nodeLeaseDurationSeconds=${e.state.settings.nodeLeaseDurationSeconds}`,
        parents: [startCause],
      }));
    // The metadata is copied only to be changed: put gives every written object a metadata of its own.
    // Written out, not spread (`{ ...existing, spec: { ...existing.spec, ... } }`): the two spreads
    // were ~0.6 µs of a ~2.8 µs renewal in a 1,000-node run. The other fields are kept, as
    // upstream's renewal of a deep copy keeps them.
    const spec: Lease['spec'] = {
      holderIdentity: h.name,
      leaseDurationSeconds: existing.spec.leaseDurationSeconds,
      renewTime: e.now,
    };
    if (existing.spec.acquireTime !== undefined) spec.acquireTime = existing.spec.acquireTime;
    if (existing.spec.leaseTransitions !== undefined) spec.leaseTransitions = existing.spec.leaseTransitions;
    const lease: Lease = { kind: 'Lease', metadata: existing.metadata, spec };
    if (existing.metadata.ownerReferences.length === 0 && node) {
      lease.metadata = {
        ...existing.metadata,
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: h.name, uid: node.metadata.uid }],
      };
    }
    e.put(lease, 'renewTime', c);
    if (!h.kubelet.leaseExists) e.cow.touch(h.kubelet).leaseExists = true;
  } else if (!node) {
    logLine(
      e,
      h.name,
      'kubelet',
      'E',
      'nodelease.go:49',
      `"Failed to get node when trying to set owner ref to the node lease" err=${q(`nodes "${h.name}" not found`)} node=${q(h.name)}`,
    );
    e.cow.touch(h.kubelet).leaseExists = false;
  } else {
    const c = e.cause({
      actor: actor(h),
      what: `lease created ${h.name}`,
      rule: 'lease controller ensures the node lease exists',
      parents: [startCause],
    });
    const lease: Lease = {
      kind: 'Lease',
      metadata: {
        name: h.name,
        namespace: 'kube-node-lease',
        uid: e.uid(),
        resourceVersion: 0,
        creationTimestamp: e.now,
        labels: {},
        annotations: {},
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: h.name, uid: node.metadata.uid }],
      },
      spec: {
        holderIdentity: h.name,
        leaseDurationSeconds: e.state.settings.nodeLeaseDurationSeconds,
        renewTime: e.now,
      },
    };
    e.put(lease, 'created', c);
    e.cow.touch(h.kubelet).leaseExists = true;
  }
  scheduleLeaseTick(e, h);
}
