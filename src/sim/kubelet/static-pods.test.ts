import { describe, expect, it } from 'vitest';
import { editManifestImage, moveFile } from '../host/files';
import { journalctl } from '../host/journal';
import { systemctl } from '../host/systemctl';
import { runningContainersOf } from '../runtime/containers';
import { sim, staticNginx } from './testkit';

const NGINX = staticNginx('node2');

function mirror(s: ReturnType<typeof sim>) {
  return s.engine.get('Pod', 'default/nginx-node2');
}

describe('static pods', () => {
  it('runs nginx-node2 with a mirror pod controlled by Node/node2 and the static-pod annotations', () => {
    const s = sim('v1.33', [NGINX]);
    const m = mirror(s);
    expect(m?.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'v1',
        kind: 'Node',
        name: 'node2',
        uid: s.engine.get('Node', 'node2')?.metadata.uid,
        controller: true,
      },
    ]);
    const hash = m?.metadata.annotations['kubernetes.io/config.hash'];
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(m?.metadata.annotations['kubernetes.io/config.mirror']).toBe(hash);
    expect(m?.metadata.annotations['kubernetes.io/config.source']).toBe('file');
    expect(m?.spec.tolerations).toEqual([{ operator: 'Exists', effect: 'NoExecute' }]);
    expect(m?.status.phase).toBe('Running');
    expect(s.engine.state.hosts.node2 && runningContainersOf(s.engine.state.hosts.node2, hash ?? '').length).toBe(1);
  });

  it('recreates a deleted mirror pod with a new UID; the static container keeps running', () => {
    const s = sim('v1.33', [NGINX]);
    const e = s.engine;
    const before = mirror(s);
    e.remove('Pod', 'default/nginx-node2', 'kubectl delete', e.cause({ actor: 'test', what: 'delete mirror' }));
    s.advanceTo(2_000);
    const after = mirror(s);
    expect(after).toBeDefined();
    expect(after?.metadata.uid).not.toBe(before?.metadata.uid);
    expect(after?.metadata.annotations['kubernetes.io/config.mirror']).toBe(
      before?.metadata.annotations['kubernetes.io/config.mirror'],
    );
  });

  it('mv out of the manifest folder kills the pod and deletes the mirror; mv back starts it again', () => {
    const s = sim('v1.33', [NGINX]);
    const e = s.engine;
    const c = e.cause({ actor: 'test', what: 'mv' });
    expect(moveFile(e, 'node2', '/etc/kubernetes/manifests/nginx.yaml', '/tmp', c)).toEqual({ ok: true, output: '' });
    expect(moveFile(e, 'node2', '/etc/kubernetes/manifests/nginx.yaml', '/tmp', c)).toEqual({
      ok: false,
      output: "mv: cannot stat '/etc/kubernetes/manifests/nginx.yaml': No such file or directory",
    });
    s.advanceTo(5_000);
    expect(mirror(s)).toBeUndefined();
    const host = e.state.hosts.node2;
    expect(host && Object.values(host.containers).filter((x) => x.podName === 'nginx-node2')).toEqual([]);
    expect(host?.stash['/tmp/nginx.yaml']).toBeDefined();
    moveFile(e, 'node2', '/tmp/nginx.yaml', '/etc/kubernetes/manifests/', c);
    s.advanceTo(10_000);
    expect(mirror(s)?.status.phase).toBe('Running');
  });

  it('editing the image gives a new UID: old pod killed, new one started, mirror replaced', () => {
    const s = sim('v1.33', [NGINX]);
    const e = s.engine;
    const oldHash = mirror(s)?.metadata.annotations['kubernetes.io/config.mirror'];
    const c = e.cause({ actor: 'test', what: 'sed' });
    expect(
      editManifestImage(e, 'node2', '/etc/kubernetes/manifests/nginx.yaml', 'nginx:1.27', 'nginx:1.28', c).ok,
    ).toBe(true);
    s.advanceTo(15_000);
    const m = mirror(s);
    expect(m?.metadata.annotations['kubernetes.io/config.mirror']).not.toBe(oldHash);
    expect(m?.spec.containers[0]?.image).toBe('nginx:1.28');
    expect(m?.status.phase).toBe('Running');
    const host = e.state.hosts.node2;
    expect(host && runningContainersOf(host, oldHash ?? '')).toEqual([]);
    expect(editManifestImage(e, 'node2', 'missing.yaml', 'a', 'b', c)).toEqual({
      ok: false,
      output: "sed: can't read missing.yaml: No such file or directory",
    });
  });

  it('control-plane static pods run without the API after a control-plane kubelet restart', () => {
    const s = sim();
    const e = s.engine;
    const c = e.cause({ actor: 'test', what: 'restart' });
    systemctl(e, 'control-plane', 'restart', 'kubelet', c);
    s.advanceTo(20_000);
    const cp = e.state.hosts['control-plane'];
    const names = Object.values(cp?.containers ?? {})
      .map((x) => x.podName)
      .sort();
    expect(names).toEqual([
      'etcd-control-plane',
      'kube-apiserver-control-plane',
      'kube-controller-manager-control-plane',
      'kube-scheduler-control-plane',
    ]);
    expect(journalctl(e, 'control-plane', 'kubelet')).toContain('"Node was previously registered"');
  });
});
