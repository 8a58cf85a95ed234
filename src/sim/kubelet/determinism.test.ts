import { describe, expect, it } from 'vitest';
import { moveFile } from '../host/files';
import { journalctl } from '../host/journal';
import { systemctl } from '../host/systemctl';
import { putPod, sim } from './testkit';

describe('determinism and API outages', () => {
  it('same scenario, same trace hash; snapshot/restore continues identically', () => {
    const run = () => {
      const s = sim('v1.33');
      putPod(s.engine, 'web', 'node1');
      s.advanceTo(30_000);
      systemctl(s.engine, 'node1', 'stop', 'containerd', 0);
      s.advanceTo(120_000);
      return s;
    };
    const a = run();
    const b = run();
    expect(a.traceHash()).toBe(b.traceHash());
    const snap = a.snapshot();
    a.advanceTo(400_000);
    b.restore(snap);
    b.advanceTo(400_000);
    expect(b.traceHash()).toBe(a.traceHash());
  });

  it('kube-apiserver manifest moved away: connection refused for kubelets, static pods unaffected, recovery when moved back', () => {
    const s = sim();
    const e = s.engine;
    const c = e.cause({ actor: 'test', what: 'mv apiserver' });
    expect(moveFile(e, 'control-plane', '/etc/kubernetes/manifests/kube-apiserver.yaml', '/tmp/', c).ok).toBe(true);
    s.advanceTo(30_000);
    const cp = e.state.hosts['control-plane'];
    expect(Object.values(cp?.containers ?? {}).some((x) => x.podName === 'kube-apiserver-control-plane')).toBe(false);
    expect(
      Object.values(cp?.containers ?? {}).some((x) => x.podName === 'etcd-control-plane' && x.state === 'running'),
    ).toBe(true);
    const j = journalctl(e, 'node1', 'kubelet');
    expect(j).toContain(
      '"Error updating node status, will retry" err="error getting node \\"node1\\": Get \\"https://192.168.56.10:6443/api/v1/nodes/node1?resourceVersion=0&timeout=10s\\": dial tcp 192.168.56.10:6443: connect: connection refused"',
    );
    expect(j).toContain('"Failed to update lease"');
    const frozen = e.get('Lease', 'kube-node-lease/node1')?.spec.renewTime ?? 0;
    expect(frozen).toBeLessThan(1_000);
    moveFile(e, 'control-plane', '/tmp/kube-apiserver.yaml', '/etc/kubernetes/manifests', c);
    s.advanceTo(60_000);
    expect(e.get('Lease', 'kube-node-lease/node1')?.spec.renewTime ?? 0).toBeGreaterThan(30_000);
  });
});
