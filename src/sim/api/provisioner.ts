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
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { PersistentVolume, PersistentVolumeClaim, Pod, VolumeAttachment } from '../core/api-types';
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

/** The pod's claim names, or none. */
export function podClaims(p: Pod | undefined): string[] {
  const out: string[] = [];
  for (const v of p?.spec.volumes ?? []) if (v.persistentVolumeClaim) out.push(v.persistentVolumeClaim.claimName);
  return out;
}

/** The PV a pod's claim is bound to, if any. */
export function claimVolume(e: Engine, namespace: string, claim: string): PersistentVolume | undefined {
  const c = e.get('PersistentVolumeClaim', `${namespace}/${claim}`);
  return c?.spec.volumeName ? e.get('PersistentVolume', c.spec.volumeName) : undefined;
}

/** The VolumeAttachment of `pv` on `node` that says attached, if any. */
export function attachmentOf(e: Engine, pv: string, node: string): VolumeAttachment | undefined {
  const va = e.get('VolumeAttachment', attachmentName(e, pv, node));
  return va?.status.attached ? va : undefined;
}

/** `csi-` + the hex SHA-256 of `text`'s UTF-8 bytes (synchronous, unlike WebCrypto: the engine must be). */
export function csiAttachmentName(text: string): string {
  return `csi-${bytesToHex(sha256(utf8ToBytes(text)))}`;
}

/** csi_attacher.go getAttachmentName: `csi-` + sha256(volumeHandle + driver + node) in hex. */
export function attachmentName(e: Engine, pvName: string, node: string): string {
  const pv = e.get('PersistentVolume', pvName);
  const handle = pv?.spec.csi.volumeHandle ?? pvName;
  const driver = pv?.spec.csi.driver ?? '';
  return csiAttachmentName(`${handle}${driver}${node}`);
}

/**
 * The kubelet's volume manager: the pod's claims that are not bound or whose volume is not
 * attached to `node` (its `unattached volumes`), by volume name. Empty for a pod without claims.
 */
export function unattachedVolumes(e: Engine, p: Pod, node: string): string[] {
  const out: string[] = [];
  for (const v of p.spec.volumes ?? []) {
    if (!v.persistentVolumeClaim) continue;
    const pv = claimVolume(e, p.metadata.namespace ?? 'default', v.persistentVolumeClaim.claimName);
    if (!pv || !attachmentOf(e, pv.metadata.name, node)) out.push(v.name);
  }
  return out;
}
