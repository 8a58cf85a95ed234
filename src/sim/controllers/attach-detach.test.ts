/**
 * Volumes that stay attached to a dead node (issue 30 item 8): PersistentVolumeClaims bound at
 * once by the playground's provisioner (api/provisioner.ts), their columns as printers.go prints
 * them, and the attach/detach controller (controllers/attach-detach.ts).
 */
import { describe, expect, it } from 'vitest';
import '../yaml';
import { createHash } from 'node:crypto';
import type { ProfileName } from '../core/profiles';
import { parseScenario } from '../scenario/parse';
import { Simulation } from '../simulation';
import { advanceUntil, events, kitScenario, kitSim, run } from './node-lifecycle.testkit';
import { CLAIM, STS } from './volume.testkit';

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

/** db-0 Running on node2 with the claim `data` attached there; returns the PV's name. */
function dbOnNode2(sim: Simulation): string {
  const e = sim.engine;
  sim.run(CLAIM);
  run(sim, 'kubectl cordon node1');
  run(sim, STS);
  const up = advanceUntil(sim, () => e.get('Pod', 'default/db-0')?.status.phase === 'Running', 120_000, 500);
  expect(up).toBeDefined();
  run(sim, 'kubectl uncordon node1');
  expect(e.get('Pod', 'default/db-0')?.spec.nodeName).toBe('node2');
  return e.get('PersistentVolumeClaim', 'default/data')?.spec.volumeName as string;
}

function attachedTo(sim: Simulation, pv: string): string[] {
  return sim.engine
    .list('VolumeAttachment')
    .filter((va) => va.spec.source.persistentVolumeName === pv && va.status.attached)
    .map((va) => va.spec.nodeName);
}

/** Power node2 off, wait for the taint eviction (db-0 Terminating), force-delete db-0; returns when. */
function loseNode2(sim: Simulation): number {
  const e = sim.engine;
  run(sim, 'ssh node2 poweroff');
  const t = advanceUntil(
    sim,
    () => e.get('Pod', 'default/db-0')?.metadata.deletionTimestamp !== undefined,
    sim.now + 600_000,
    1000,
  );
  expect(t).toBeDefined();
  run(sim, 'kubectl delete pod db-0 --grace-period=0 --force');
  return sim.now;
}

describe('attachdetach-controller: a ReadWriteOnce volume left attached to a dead node', () => {
  it('attaches the claim where the pod runs: a VolumeAttachment csi-<sha256>, SuccessfulAttachVolume', () => {
    const sim = kitSim({ workers: 2, replicas: 1 });
    const pv = dbOnNode2(sim);
    expect(attachedTo(sim, pv)).toEqual(['node2']);
    const ev = events(sim, 'SuccessfulAttachVolume', 'db-0');
    expect(ev[0]?.message).toBe(`AttachVolume.Attach succeeded for volume "${pv}"`);
    expect(ev[0]?.source.component).toBe('attachdetach-controller');
    sim.advanceTo(sim.now + 1000);
    const out = sim.kubectl('kubectl get volumeattachments').split('\n');
    expect(out[0]).toMatch(/^NAME +ATTACHER +PV +NODE +ATTACHED +AGE$/);
    expect(out[1]?.split(/ +/).slice(0, 5)).toEqual([
      // Node's own SHA-256, independent of the engine's library.
      `csi-${createHash('sha256').update(`${pv}disk.csi.notready.devnode2`).digest('hex')}`,
      'disk.csi.notready.dev',
      pv,
      'node2',
      'true',
    ]);
  });

  it('the replacement shows Multi-Attach error and stays ContainerCreating until the 6-minute force detach (reconciler.go maxWaitForUnmountDuration)', () => {
    const sim = kitSim({ workers: 2, replicas: 1 });
    const e = sim.engine;
    const pv = dbOnNode2(sim);
    const gone = loseNode2(sim);
    const scheduled = advanceUntil(
      sim,
      () => e.get('Pod', 'default/db-0')?.spec.nodeName === 'node1',
      gone + 30_000,
      100,
    );
    expect(scheduled).toBeDefined();
    sim.advanceTo(sim.now + 30_000);
    const fail = events(sim, 'FailedAttachVolume', 'db-0');
    expect(fail.map((x) => x.message)).toEqual([
      `Multi-Attach error for volume "${pv}" Volume is already exclusively attached to one node and can't be attached to another`,
    ]);
    expect(fail[0]?.type).toBe('Warning');
    expect(fail[0]?.source.component).toBe('attachdetach-controller');
    expect(sim.kubectl('kubectl get pod db-0').split('\n')[1]).toMatch(/^db-0 +0\/1 +ContainerCreating +0 /);
    expect(attachedTo(sim, pv)).toEqual(['node2']);
    // Still attached to node2 just before the six minutes from the detach request (the force delete).
    sim.advanceTo(gone + 6 * 60_000 - 2000);
    expect(attachedTo(sim, pv)).toEqual(['node2']);
    expect(e.get('Pod', 'default/db-0')?.status.phase).toBe('Pending');
    const attached = advanceUntil(sim, () => attachedTo(sim, pv).includes('node1'), gone + 7 * 60_000, 100) as number;
    expect(attached - gone).toBeGreaterThanOrEqual(6 * 60_000);
    expect(attached - gone).toBeLessThanOrEqual(6 * 60_000 + 1000);
    expect(attachedTo(sim, pv)).toEqual(['node1']);
    const running = advanceUntil(
      sim,
      () => e.get('Pod', 'default/db-0')?.status.phase === 'Running',
      attached + 60_000,
      500,
    );
    expect(running).toBeDefined();
    expect(events(sim, 'SuccessfulAttachVolume', 'db-0').at(-1)?.message).toBe(
      `AttachVolume.Attach succeeded for volume "${pv}"`,
    );
    expect(events(sim, 'FailedAttachVolume', 'db-0')).toHaveLength(1); // reported once (MultiAttachErrorReported)
  });

  it('with node.kubernetes.io/out-of-service on the dead node it detaches at once (NodeOutOfServiceVolumeDetach, GA 1.28)', () => {
    const sim = kitSim({ workers: 2, replicas: 1 });
    const e = sim.engine;
    const pv = dbOnNode2(sim);
    run(sim, 'ssh node2 poweroff');
    advanceUntil(
      sim,
      () => e.get('Pod', 'default/db-0')?.metadata.deletionTimestamp !== undefined,
      sim.now + 600_000,
      1000,
    );
    run(sim, 'kubectl taint nodes node2 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute');
    const tainted = sim.now;
    // PodGC force-deletes the Terminating pod (gcTerminating), the volume detaches at once.
    const attached = advanceUntil(sim, () => attachedTo(sim, pv).includes('node1'), tainted + 120_000, 100);
    expect(attached).toBeDefined();
    expect((attached as number) - tainted).toBeLessThan(60_000);
    const running = advanceUntil(
      sim,
      () => e.get('Pod', 'default/db-0')?.status.phase === 'Running',
      sim.now + 60_000,
      500,
    );
    expect(running).toBeDefined();
    expect(e.get('Pod', 'default/db-0')?.spec.nodeName).toBe('node1');
  });

  it('on the v1.23 profile the out-of-service taint does not hurry the detach: six minutes', () => {
    const sim = kitSim({ workers: 2, replicas: 1, profile: 'v1.23-docker' });
    const e = sim.engine;
    const pv = dbOnNode2(sim);
    const gone = loseNode2(sim);
    run(sim, 'kubectl taint nodes node2 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute');
    advanceUntil(sim, () => e.get('Pod', 'default/db-0')?.spec.nodeName === 'node1', gone + 30_000, 100);
    sim.advanceTo(gone + 5 * 60_000);
    expect(attachedTo(sim, pv)).toEqual(['node2']);
    const attached = advanceUntil(sim, () => attachedTo(sim, pv).includes('node1'), gone + 7 * 60_000, 100) as number;
    expect(attached - gone).toBeGreaterThanOrEqual(6 * 60_000);
  });
});

describe('StatefulSet volumeClaimTemplates (stateful_set_utils.go getPersistentVolumeClaimName)', () => {
  const TEMPLATED = `kubectl apply -f -
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 2
  selector:
    matchLabels: {app: web-db}
  template:
    metadata:
      labels: {app: web-db}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 2Gi`;

  it('makes claim www-web-<ordinal> before each pod, bound at once, and mounts it in the pod', () => {
    const sim = kitSim({ workers: 2, replicas: 1 });
    const e = sim.engine;
    run(sim, TEMPLATED);
    const up = advanceUntil(sim, () => e.get('Pod', 'default/web-1')?.status.phase === 'Running', 180_000, 500);
    expect(up).toBeDefined();
    for (const i of [0, 1]) {
      const claim = e.get('PersistentVolumeClaim', `default/www-web-${i}`);
      expect(claim?.status.phase).toBe('Bound');
      expect(claim?.metadata.labels).toEqual({ app: 'web-db' });
      expect(claim?.spec.resources.requests.storage).toBe('2Gi');
      const pod = e.get('Pod', `default/web-${i}`);
      expect(pod?.spec.volumes).toEqual([{ name: 'www', persistentVolumeClaim: { claimName: `www-web-${i}` } }]);
      expect(attachedTo(sim, claim?.spec.volumeName as string)).toEqual([pod?.spec.nodeName]);
    }
    const created = events(sim, 'SuccessfulCreate').map((x) => x.message);
    expect(created).toContain('create Claim www-web-0 Pod web-0 in StatefulSet web success');
    expect(created.indexOf('create Claim www-web-0 Pod web-0 in StatefulSet web success')).toBeLessThan(
      created.indexOf('create Pod web-0 in StatefulSet web successful'),
    );
    // The claims stay when the pod is deleted: the new web-0 mounts the same one.
    const pv0 = e.get('PersistentVolumeClaim', 'default/www-web-0')?.spec.volumeName;
    run(sim, 'kubectl delete pod web-0');
    const back = advanceUntil(
      sim,
      () => e.get('Pod', 'default/web-0')?.status.phase === 'Running' && sim.now > (up as number) + 40_000,
      (up as number) + 240_000,
      500,
    );
    expect(back).toBeDefined();
    expect(e.get('PersistentVolumeClaim', 'default/www-web-0')?.spec.volumeName).toBe(pv0);
    expect(sim.kubectl('kubectl get sts web -o yaml')).toContain('volumeClaimTemplates:');
  });
});

describe('kubelet: FailedMount after podAttachAndMountTimeout (2m3s)', () => {
  it('v1.23 records "Unable to attach or mount volumes" every 2m3s while the volume is not attached; v1.33 records nothing', () => {
    for (const profile of ['v1.23-docker', 'v1.33'] as const) {
      const sim = kitSim({ workers: 2, replicas: 1, profile });
      const e = sim.engine;
      dbOnNode2(sim);
      const gone = loseNode2(sim);
      const at = advanceUntil(sim, () => e.get('Pod', 'default/db-0')?.spec.nodeName === 'node1', gone + 30_000, 100);
      expect(at).toBeDefined();
      sim.advanceTo(gone + 5 * 60_000);
      const fm = events(sim, 'FailedMount', 'db-0');
      if (profile === 'v1.33') {
        expect(fm).toEqual([]);
        continue;
      }
      expect(fm.map((x) => x.message)).toEqual([
        'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data]: timed out waiting for the condition',
      ]);
      expect(fm[0]?.count).toBe(2);
      expect(fm[0]?.source.component).toBe('kubelet');
      expect((fm[0]?.firstTimestamp as number) - (at as number)).toBeGreaterThanOrEqual(123_000);
      expect((fm[0]?.firstTimestamp as number) - (at as number)).toBeLessThanOrEqual(125_000);
    }
  });
});

describe('attachdetach-controller: snapshots', () => {
  it('a restore in the middle of the 6-minute wait replays to the same trace', () => {
    const sim = kitSim({ workers: 2, replicas: 1, profile: 'v1.23-docker' });
    const e = sim.engine;
    const pv = dbOnNode2(sim);
    const gone = loseNode2(sim);
    sim.advanceTo(gone + 3 * 60_000);
    const snap = sim.snapshot();
    sim.advanceTo(gone + 8 * 60_000);
    const hash = sim.traceHash();
    expect(attachedTo(sim, pv)).toEqual(['node1']);
    expect(e.get('Pod', 'default/db-0')?.status.phase).toBe('Running');
    sim.restore(snap);
    sim.advanceTo(gone + 8 * 60_000);
    expect(sim.traceHash()).toBe(hash);
  });
});

describe('attachdetach-controller: a ReadWriteOnce claim shared by pods on two nodes', () => {
  it('names the pod that holds the volume (reportMultiAttachError: "Volume is already used by pod(s) …")', () => {
    const sim = kitSim({ workers: 2, replicas: 1 });
    const e = sim.engine;
    sim.run(CLAIM);
    run(sim, 'kubectl cordon node1');
    run(
      sim,
      `kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: shared
spec:
  replicas: 1
  selector:
    matchLabels: {app: shared}
  template:
    metadata:
      labels: {app: shared}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
      volumes:
      - name: data
        persistentVolumeClaim:
          claimName: data`,
    );
    const shared = () => e.list('Pod').filter((p) => p.metadata.labels.app === 'shared');
    advanceUntil(sim, () => shared()[0]?.status.phase === 'Running', 120_000, 500);
    const holder = shared()[0];
    expect(holder?.spec.nodeName).toBe('node2');
    run(sim, 'kubectl uncordon node1');
    run(sim, 'kubectl cordon node2');
    run(sim, 'kubectl scale deployment shared --replicas=2');
    advanceUntil(sim, () => shared().some((p) => p.spec.nodeName === 'node1'), sim.now + 30_000, 100);
    sim.advanceTo(sim.now + 5000);
    const second = shared().find((p) => p.spec.nodeName === 'node1');
    const pv = e.get('PersistentVolumeClaim', 'default/data')?.spec.volumeName;
    expect(events(sim, 'FailedAttachVolume', second?.metadata.name).map((x) => x.message)).toEqual([
      `Multi-Attach error for volume "${pv}" Volume is already used by pod(s) ${holder?.metadata.name}`,
    ]);
    expect(second?.status.phase).toBe('Pending');
  });
});

describe('attachdetach-controller: the kubelet must report the unmount', () => {
  it("keeps the volume attached while the Ready node's kubelet is stopped, force-detaches 6 min after the request once NotReady", () => {
    const sim = kitSim({ workers: 2, replicas: 1 });
    const e = sim.engine;
    const pv = dbOnNode2(sim);
    run(sim, 'ssh node2 systemctl stop kubelet');
    run(sim, 'kubectl cordon node2');
    run(sim, 'kubectl delete pod db-0 --grace-period=0 --force');
    const gone = sim.now;
    sim.advanceTo(gone + 5000);
    // node2 is still Ready (grace period): no kubelet to unmount, so no detach.
    expect(e.get('Node', 'node2')?.status.conditions.find((c) => c.type === 'Ready')?.status).toBe('True');
    expect(attachedTo(sim, pv)).toEqual(['node2']);
    expect(e.get('Pod', 'default/db-0')?.spec.nodeName).toBe('node1');
    const attached = advanceUntil(sim, () => attachedTo(sim, pv).includes('node1'), gone + 8 * 60_000, 100) as number;
    expect(attached - gone).toBeGreaterThanOrEqual(6 * 60_000);
    expect(attached - gone).toBeLessThanOrEqual(6 * 60_000 + 1000);
  });
});

describe('claims in a scenario', () => {
  it('a scenario may hold a PersistentVolumeClaim and a StatefulSet with volumeClaimTemplates', () => {
    const sc = kitScenario({ workers: 2, replicas: 1 });
    sc.spec.objects.push(
      {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'data' },
        spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
      },
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'db' },
        spec: {
          serviceName: 'db',
          replicas: 1,
          selector: { matchLabels: { app: 'db' } },
          template: {
            metadata: { labels: { app: 'db' } },
            spec: { containers: [{ name: 'postgres', image: 'nginx:1.27' }] },
          },
          volumeClaimTemplates: [
            {
              metadata: { name: 'pgdata' },
              spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } } },
            },
          ],
        },
      },
    );
    const parsed = parseScenario(JSON.stringify({ ...sc, spec: { ...sc.spec, duration: undefined } }));
    if (!parsed.ok) throw new Error(parsed.errors.map((x) => `${x.path}: ${x.message}`).join('\n'));
    const sim = new Simulation(parsed.scenario);
    const e = sim.engine;
    expect(e.get('PersistentVolumeClaim', 'default/data')?.status.phase).toBe('Bound');
    expect(e.get('PersistentVolumeClaim', 'default/pgdata-db-0')?.spec.resources.requests.storage).toBe('5Gi');
    expect(e.get('Pod', 'default/db-0')?.status.phase).toBe('Running');
  });
});
