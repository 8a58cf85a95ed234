import { describe, expect, it } from 'vitest';
import { systemctl } from '../host/systemctl';
import { podEvents, putPod, sim } from '../kubelet/testkit';
import { containerExited, runningContainersOf } from './containers';
import { hasImage, normalizeImage } from './images';

describe('images', () => {
  it('normalizes image names like containerd', () => {
    expect(normalizeImage('nginx')).toBe('docker.io/library/nginx:latest');
    expect(normalizeImage('bitnami/redis:7')).toBe('docker.io/bitnami/redis:7');
    expect(normalizeImage('registry.k8s.io/etcd:3.5.21-0')).toBe('registry.k8s.io/etcd:3.5.21-0');
  });
  it('stores a pulled image on the host', () => {
    const s = sim();
    putPod(s.engine, 'web', 'node1');
    s.advanceTo(15_000);
    const h = s.engine.state.hosts.node1;
    expect(h && hasImage(h, 'nginx:1.27')).toBe(true);
  });
});

describe('containers', () => {
  it('a crashing container restarts at once, then with CrashLoopBackOff back-off', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'web', 'node1');
    s.advanceTo(15_000);
    const h = e.state.hosts.node1;
    const uid = e.get('Pod', 'default/web')?.metadata.uid ?? '';
    if (!h) throw new Error('no host');
    const crash = () => {
      const c = runningContainersOf(h, uid)[0];
      if (c) containerExited(e, 'node1', c.id, 1, 'Error', e.cause({ actor: 'test', what: 'crash' }));
    };
    crash();
    s.advanceTo(16_000);
    expect(e.get('Pod', 'default/web')?.status.containerStatuses[0]?.restartCount).toBe(1);
    crash();
    s.advanceTo(18_000);
    const st = e.get('Pod', 'default/web')?.status.containerStatuses[0]?.state;
    expect(st).toEqual({
      waiting: {
        reason: 'CrashLoopBackOff',
        message: `back-off 10s restarting failed container=nginx pod=web_default(${uid})`,
      },
    });
    expect(
      podEvents(e, 'web').some(
        (x) =>
          x.startsWith('Warning BackOff') &&
          x.includes('Back-off restarting failed container nginx in pod web_default'),
      ),
    ).toBe(true);
    // The failed sync is retried after backOffPeriod with jitter 0.5 (pod_workers.go): 10-15s later.
    s.advanceTo(33_000);
    expect(e.get('Pod', 'default/web')?.status.containerStatuses[0]?.restartCount).toBe(2);
    expect(runningContainersOf(h, uid).length).toBe(1);
  });

  it('kubelet restart: a container without a readiness probe stays ready, containers untouched (prober_manager.go UpdatePodStatus)', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'web', 'node1');
    s.advanceTo(15_000);
    const id = e.get('Pod', 'default/web')?.status.containerStatuses[0]?.containerID;
    systemctl(e, 'node1', 'restart', 'kubelet', 0);
    const seen = new Set<boolean>();
    for (let t = 15_000; t < 25_000; t += 100) {
      s.advanceTo(t);
      const r = e.get('Pod', 'default/web')?.status.containerStatuses[0]?.ready;
      if (r !== undefined) seen.add(r);
    }
    expect([...seen]).toEqual([true]);
    s.advanceTo(30_000);
    const cs = e.get('Pod', 'default/web')?.status.containerStatuses[0];
    expect(cs?.ready).toBe(true);
    expect(cs?.containerID).toBe(id);
    expect(cs?.restartCount).toBe(0);
  });
});
