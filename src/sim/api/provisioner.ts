/**
 * The playground's storage: one StorageClass, `standard` (the default class, so a claim without
 * `storageClassName` gets it: the DefaultStorageClass admission plugin), served by a CSI driver
 * that provisions at once (volumeBindingMode Immediate) and attaches to one node at a time.
 *
 * A claim of class `standard` is bound when it is created: the external provisioner names the
 * volume `pvc-<uid of the claim>` (external-provisioner `makeVolumeName`, prefix `pvc`), with the
 * claim's capacity and access modes, reclaim policy Delete; the PV controller binds both sides
 * (PV `claimRef`, PVC `spec.volumeName`, both Bound, the bind annotations). A claim of any other
 * class stays Pending with the PV controller's Warning `ProvisioningFailed`
 * `storageclass.storage.k8s.io "<class>" not found`. Playground limits: no StorageClass objects,
 * no finalizers (kubernetes.io/pvc-protection), the PV is not deleted with its claim.
 *
 * Cause `what` prefixes: `provisioned`, `bound`.
 */
import type { PersistentVolume, PersistentVolumeClaim } from '../core/api-types';
import type { Engine } from '../core/engine';
import { clonePlain } from '../core/snapshot';
import { newMeta } from './defaults';

export const DEFAULT_STORAGE_CLASS = 'standard';
/** The CSI driver behind `standard` (a playground name: attachable, one node at a time for RWO). */
export const CSI_DRIVER = 'disk.csi.notready.dev';

/** Provision and bind a claim just created (its class is `standard`), or record why it waits. */
export function provisionClaim(e: Engine, pvc: PersistentVolumeClaim, cause: number): void {
  const ns = pvc.metadata.namespace ?? 'default';
  if (pvc.spec.storageClassName !== DEFAULT_STORAGE_CLASS) {
    e.event(
      { kind: 'PersistentVolumeClaim', name: pvc.metadata.name, namespace: ns, uid: pvc.metadata.uid },
      'Warning',
      'ProvisioningFailed',
      `storageclass.storage.k8s.io "${pvc.spec.storageClassName}" not found`,
      'persistentvolume-controller',
      cause,
    );
    return;
  }
  const name = `pvc-${pvc.metadata.uid}`;
  const c = e.cause({
    actor: CSI_DRIVER,
    what: `provision ${name} for PersistentVolumeClaim ${ns}/${pvc.metadata.name}`,
    rule: `StorageClass ${DEFAULT_STORAGE_CLASS}: volumeBindingMode Immediate, provisioned by ${CSI_DRIVER}`,
    parents: [cause],
  });
  const meta = newMeta(e, { name }, true);
  meta.annotations['pv.kubernetes.io/provisioned-by'] = CSI_DRIVER;
  meta.annotations['volume.kubernetes.io/provisioner-deletion-secret-name'] = '';
  meta.annotations['volume.kubernetes.io/provisioner-deletion-secret-namespace'] = '';
  const pv: PersistentVolume = {
    kind: 'PersistentVolume',
    metadata: meta,
    spec: {
      accessModes: [...pvc.spec.accessModes],
      capacity: { storage: pvc.spec.resources.requests.storage },
      claimRef: {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        name: pvc.metadata.name,
        namespace: ns,
        uid: pvc.metadata.uid,
      },
      csi: { driver: CSI_DRIVER, volumeHandle: name, fsType: 'ext4' },
      persistentVolumeReclaimPolicy: 'Delete',
      storageClassName: DEFAULT_STORAGE_CLASS,
      volumeMode: 'Filesystem',
    },
    status: { phase: 'Bound' },
  };
  e.put(pv, 'provisioned', c);
  e.event(
    { kind: 'PersistentVolumeClaim', name: pvc.metadata.name, namespace: ns, uid: pvc.metadata.uid },
    'Normal',
    'ProvisioningSucceeded',
    `Successfully provisioned volume ${name}`,
    CSI_DRIVER,
    c,
  );
  const cur = e.get('PersistentVolumeClaim', `${ns}/${pvc.metadata.name}`) ?? pvc;
  const next = clonePlain(cur);
  next.metadata.annotations['pv.kubernetes.io/bind-completed'] = 'yes';
  next.metadata.annotations['pv.kubernetes.io/bound-by-controller'] = 'yes';
  next.metadata.annotations['volume.beta.kubernetes.io/storage-provisioner'] = CSI_DRIVER;
  next.metadata.annotations['volume.kubernetes.io/storage-provisioner'] = CSI_DRIVER;
  next.spec.volumeName = name;
  next.status = {
    phase: 'Bound',
    accessModes: [...pvc.spec.accessModes],
    capacity: { storage: pvc.spec.resources.requests.storage },
  };
  e.put(next, `bound to ${name}`, c);
}

/** A claim object from its spec as typed (defaults: class `standard`, volumeMode Filesystem). */
export function newClaim(
  meta: PersistentVolumeClaim['metadata'],
  spec: Record<string, unknown>,
): PersistentVolumeClaim {
  const modes = Array.isArray(spec.accessModes) ? spec.accessModes.map(String) : [];
  const res = (spec.resources ?? {}) as { requests?: Record<string, unknown> };
  const cls = spec.storageClassName;
  return {
    kind: 'PersistentVolumeClaim',
    metadata: meta,
    spec: {
      accessModes: modes,
      resources: { requests: { storage: String(res.requests?.storage ?? '') } },
      storageClassName: typeof cls === 'string' && cls !== '' ? cls : DEFAULT_STORAGE_CLASS,
      volumeMode: 'Filesystem',
    },
    status: { phase: 'Pending' },
  };
}
