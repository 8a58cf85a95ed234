/**
 * Volumes that stay attached to a dead node (issue 30 item 8): PersistentVolumeClaims bound at
 * once by the playground's provisioner (api/provisioner.ts), their columns as printers.go prints
 * them, and the attach/detach controller (controllers/attach-detach.ts).
 */
import { describe, expect, it } from 'vitest';
import '../yaml';
import type { ProfileName } from '../core/profiles';
import type { Simulation } from '../simulation';
import { kitSim } from './node-lifecycle.testkit';

const CLAIM = `kubectl apply -f -
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi`;

function claimSim(profile: ProfileName = 'v1.33'): Simulation {
  const sim = kitSim({ workers: 2, replicas: 1, profile });
  const r = sim.run(CLAIM);
  expect(r.output).toBe('persistentvolumeclaim/data created');
  return sim;
}

describe('PersistentVolumeClaim, PersistentVolume: provisioned and bound at once', () => {
  it('names the volume pvc-<claim uid>, binds both sides, prints printers.go columns (1.33)', () => {
    const sim = claimSim();
    const e = sim.engine;
    const pvc = e.get('PersistentVolumeClaim', 'default/data');
    const pv = `pvc-${pvc?.metadata.uid}`;
    expect(pvc?.spec.volumeName).toBe(pv);
    expect(pvc?.status.phase).toBe('Bound');
    expect(e.get('PersistentVolume', pv)?.spec.claimRef.name).toBe('data');
    sim.advanceTo(5000);
    const out = sim.kubectl('kubectl get pvc').split('\n');
    expect(out[0]).toMatch(/^NAME +STATUS +VOLUME +CAPACITY +ACCESS MODES +STORAGECLASS +VOLUMEATTRIBUTESCLASS +AGE$/);
    expect(out[1]?.split(/ {2,}/)).toEqual(['data', 'Bound', pv, '1Gi', 'RWO', 'standard', '<unset>', '5s']);
    const pvOut = sim.kubectl('kubectl get pv -o wide').split('\n');
    expect(pvOut[0]).toMatch(
      /^NAME +CAPACITY +ACCESS MODES +RECLAIM POLICY +STATUS +CLAIM +STORAGECLASS +VOLUMEATTRIBUTESCLASS +REASON +AGE +VOLUMEMODE$/,
    );
    expect(pvOut[1]?.split(/ +/)).toEqual([
      pv,
      '1Gi',
      'RWO',
      'Delete',
      'Bound',
      'default/data',
      'standard',
      '<unset>',
      '5s',
      'Filesystem',
    ]);
    expect(sim.kubectl('kubectl get volumeattachments')).toBe('No resources found');
  });

  it('has no VolumeAttributesClass column on the v1.23 profile (added to printers.go in 1.29)', () => {
    const sim = claimSim('v1.23-docker');
    expect(sim.kubectl('kubectl get pvc').split('\n')[0]).toMatch(
      /^NAME +STATUS +VOLUME +CAPACITY +ACCESS MODES +STORAGECLASS +AGE$/,
    );
    expect(sim.kubectl('kubectl get pv').split('\n')[0]).toMatch(
      /^NAME +CAPACITY +ACCESS MODES +RECLAIM POLICY +STATUS +CLAIM +STORAGECLASS +REASON +AGE$/,
    );
  });

  it('refuses a claim without access modes or storage (ValidatePersistentVolumeClaimSpec)', () => {
    const sim = kitSim({ workers: 1, replicas: 1 });
    const r = sim.run(`kubectl apply -f -
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: bad
spec:
  resources: {}`);
    expect(r.output).toBe(
      'The PersistentVolumeClaim "bad" is invalid: [spec.accessModes: Required value: at least 1 access mode is required, spec.resources[storage]: Required value]',
    );
  });

  it('leaves a claim of an unknown class Pending with ProvisioningFailed', () => {
    const sim = kitSim({ workers: 1, replicas: 1 });
    sim.run(`${CLAIM}\n  storageClassName: fast`);
    const e = sim.engine;
    expect(e.get('PersistentVolumeClaim', 'default/data')?.status.phase).toBe('Pending');
    const ev = e.list('Event').find((x) => x.reason === 'ProvisioningFailed');
    expect(ev?.message).toBe('storageclass.storage.k8s.io "fast" not found');
    expect(ev?.source.component).toBe('persistentvolume-controller');
  });
});
