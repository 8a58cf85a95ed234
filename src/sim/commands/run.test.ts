import { describe, expect, it } from 'vitest';
import { setServiceActive } from '../api/testkit';
import { causeAt } from '../core/cause-log';
import { bareEngine, condition, makeNode, makePod } from '../kubectl/testkit';
import { writableContainer } from '../runtime/containers';
import { actionsFor } from './actions';
import { runCommand } from './run';

function cluster() {
  const e = bareEngine();
  for (const [n, ip] of [
    ['node1', '192.168.56.11'],
    ['node2', '192.168.56.12'],
  ] as const) {
    e.put(
      makeNode(n, ip, [condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status', 0, 0)]),
      't',
      0,
    );
  }
  e.put(makePod('web-1', 'node2'), 't', 0);
  return e;
}

describe('runCommand', () => {
  it('refuses ssh to unknown or powered-off hosts, and logs the attempt unchanged', () => {
    const e = cluster();
    const before = JSON.stringify(e.state.hosts);
    expect(runCommand(e, 'ssh node9 systemctl stop kubelet')).toEqual({
      ok: false,
      canonical: 'ssh node9 systemctl stop kubelet',
      output: 'ssh: Could not resolve hostname node9: Name or service not known',
    });
    const h = e.state.hosts.node2;
    if (h) e.cow.touch(h).power = 'off';
    expect(runCommand(e, 'ssh node2 systemctl restart kubelet').output).toBe(
      'ssh: connect to host node2 port 22: No route to host',
    );
    expect(runCommand(e, 'ssh node1 systemctl stop docker').output).toBe(
      'Failed to stop docker.service: Unit docker.service not found.',
    );
    expect(e.state.commandLog.map((l) => [l.line, l.ok])).toEqual([
      ['ssh node9 systemctl stop kubelet', false],
      ['ssh node2 systemctl restart kubelet', false],
      ['ssh node1 systemctl stop docker', false],
    ]);
    if (h) e.cow.touch(h).power = 'on';
    expect(JSON.stringify(e.state.hosts)).toBe(before);
  });

  it('kubectl write commands need the API: connection refused while kube-apiserver is down', () => {
    const e = cluster();
    const api = writableContainer(e, e.state.hosts['control-plane']!, 'kube-apiserver');
    if (api) api.state = 'exited';
    const r = runCommand(e, 'kubectl cordon node2');
    expect(r.ok).toBe(false);
    expect(r.output).toBe(
      'The connection to the server 192.168.56.10:6443 was refused - did you specify the right host or port?',
    );
    expect(e.get('Node', 'node2')?.spec.unschedulable).toBeUndefined();
  });

  it('kubectl cordon and delete pod change the API with a cause naming the command', () => {
    const e = cluster();
    expect(runCommand(e, 'kubectl cordon node2')).toMatchObject({ ok: true, output: 'node/node2 cordoned' });
    expect(e.get('Node', 'node2')?.spec.unschedulable).toBe(true);
    const causeId = e.lastCause('Node/node2', 'cordoned');
    expect(causeId).toBeDefined();
    expect(causeAt(e.state.causes, causeId ?? -1)).toMatchObject({
      actor: 'you',
      what: 'kubectl cordon node2',
      command: 'kubectl cordon node2',
    });
    expect(runCommand(e, 'kubectl delete pod web-1')).toMatchObject({ ok: true, output: 'pod "web-1" deleted' });
    expect(e.get('Pod', 'default/web-1')?.metadata.deletionTimestamp).toBe(30_000);
    expect(runCommand(e, 'kubectl delete pod nope')).toMatchObject({
      ok: false,
      output: 'Error from server (NotFound): pods "nope" not found',
    });
  });

  it('kubectl get through runCommand returns the printed table', () => {
    const e = cluster();
    const r = runCommand(e, 'kubectl get pods');
    expect(r.ok).toBe(true);
    expect(r.output.split('\n')[1]).toMatch(/^web-1 +1\/1 +Running +0 +5m$/);
  });

  it('logs / port-forward go through the kubelet: refused when it is stopped (seed 001)', () => {
    const e = cluster();
    setServiceActive(e, 'node2', 'kubelet', false);
    expect(runCommand(e, 'kubectl port-forward web-1 8080:80').output).toBe(
      'error: error upgrading connection: error dialing backend: dial tcp 192.168.56.12:10250: connect: connection refused',
    );
    expect(runCommand(e, 'kubectl logs web-1').output).toBe(
      'Error from server: Get "https://192.168.56.12:10250/containerLogs/default/web-1/nginx": dial tcp 192.168.56.12:10250: connect: connection refused',
    );
    setServiceActive(e, 'node2', 'kubelet', true);
    expect(runCommand(e, 'kubectl port-forward web-1 8080:80')).toMatchObject({
      ok: true,
      output: 'Forwarding from 127.0.0.1:8080 -> 80\nForwarding from [::1]:8080 -> 80',
    });
  });

  it('registry down/up flips the registry once, refusing repeats', () => {
    const e = cluster();
    expect(runCommand(e, 'registry down').ok).toBe(true);
    expect(e.state.registryUp).toBe(false);
    expect(runCommand(e, 'registry down')).toMatchObject({ ok: false, output: 'the registry is already down' });
  });
});

describe('actionsFor', () => {
  it('kubelet menu: Stop/Start/Restart with reasons', () => {
    const e = cluster();
    const menu = actionsFor(e, { kind: 'service', node: 'node2', service: 'kubelet' });
    expect(menu).toEqual([
      { label: 'Stop kubelet', command: 'ssh node2 systemctl stop kubelet' },
      {
        label: 'Start kubelet',
        command: 'ssh node2 systemctl start kubelet',
        disabledReason: 'kubelet is already running',
      },
      { label: 'Restart kubelet', command: 'ssh node2 systemctl restart kubelet' },
    ]);
    const h = e.state.hosts.node2;
    if (h) e.cow.touch(h).power = 'off';
    for (const o of actionsFor(e, { kind: 'service', node: 'node2', service: 'kubelet' }))
      expect(o.disabledReason).toBe('node2 is powered off');
  });

  it('node menu has the DESIGN labels in order', () => {
    const e = cluster();
    const menu = actionsFor(e, { kind: 'node', node: 'node2' });
    expect(menu.map((o) => o.label)).toEqual([
      'Power off',
      'Power on',
      'Reboot',
      'Cut network',
      'Heal network',
      'Delete Node object',
      'Cordon',
      'Uncordon',
      'Drain',
    ]);
    expect(menu.find((o) => o.label === 'Power on')?.disabledReason).toBe('node2 is already powered on');
    expect(menu.find((o) => o.label === 'Delete Node object')).toEqual({
      label: 'Delete Node object',
      command: 'kubectl delete node node2',
    });
  });

  it('control-plane components stop and start by moving their static manifest', () => {
    const e = cluster();
    expect(actionsFor(e, { kind: 'control-plane', component: 'etcd' })).toEqual([
      { label: 'Stop etcd', command: 'ssh control-plane mv /etc/kubernetes/manifests/etcd.yaml /tmp/etcd.yaml' },
      {
        label: 'Start etcd',
        command: 'ssh control-plane mv /tmp/etcd.yaml /etc/kubernetes/manifests/etcd.yaml',
        disabledReason: 'etcd is already running',
      },
    ]);
  });

  it('pod menu: Delete pod and Force delete pod', () => {
    const e = cluster();
    expect(actionsFor(e, { kind: 'pod', namespace: 'default', name: 'web-1' })).toEqual([
      { label: 'Delete pod', command: 'kubectl delete pod web-1' },
      { label: 'Force delete pod', command: 'kubectl delete pod web-1 --force --grace-period=0' },
    ]);
  });
});
