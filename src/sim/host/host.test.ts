import { describe, expect, it } from 'vitest';
import { kubeletEndpointError } from '../kubelet/endpoint';
import { nodeEvents, putPod, sim } from '../kubelet/testkit';
import { goDuration, journalStamp, klogStamp, systemdAgo, systemdStamp, wallClock } from './clock';
import { journalctl } from './journal';
import { cutNetwork, healNetwork } from './network';
import { powerOff, powerOn, reboot } from './power';
import { systemctl } from './systemctl';

describe('clock', () => {
  it('maps t=0 to Mon 2025-06-02 09:00:00 UTC', () => {
    expect(wallClock(0)).toMatchObject({ year: 2025, month: 6, day: 2, hour: 9, minute: 0, second: 0, weekday: 1 });
    expect(systemdStamp(-600_000)).toBe('Mon 2025-06-02 08:50:00 UTC');
    expect(journalStamp(62_000)).toBe('Jun 02 09:01:02');
    expect(klogStamp(62_123).startsWith('0602 09:01:02.123')).toBe(true);
    expect(wallClock(15 * 3_600_000)).toMatchObject({ day: 3, hour: 0, weekday: 2 });
  });
  it('formats Go durations and systemd ages', () => {
    expect(goDuration(180_500)).toBe('3m0.5s');
    expect(goDuration(449_000)).toBe('7m29s');
    expect(goDuration(180_000)).toBe('3m0s');
    expect(goDuration(2345)).toBe('2.345s');
    expect(goDuration(3_600_000)).toBe('1h0m0s');
    expect(systemdAgo(100_000)).toBe('1min 40s');
    expect(systemdAgo(6_000)).toBe('6s');
  });
});

describe('systemctl', () => {
  it('refuses unknown units, docker on containerd hosts, powered-off hosts', () => {
    const s = sim();
    const e = s.engine;
    const c = e.cause({ actor: 'test', what: 'x' });
    expect(systemctl(e, 'node1', 'stop', 'docker', c)).toEqual({
      ok: false,
      output: 'Failed to stop docker.service: Unit docker.service not found.',
    });
    expect(systemctl(e, 'node1', 'restart', 'nope', c).ok).toBe(false);
    expect(systemctl(e, 'node1', 'frobnicate', 'kubelet', c).ok).toBe(false);
    powerOff(e, 'node1', c);
    expect(systemctl(e, 'node1', 'start', 'kubelet', c)).toEqual({
      ok: false,
      output: 'ssh: connect to host node1 port 22: No route to host',
    });
  });
  it('prints an active kubelet status with drop-in, PID and journal tail', () => {
    const s = sim();
    const out = systemctl(s.engine, 'node2', 'status', 'kubelet', 0).output;
    expect(out.split('\n')[0]).toBe('● kubelet.service - kubelet: The Kubernetes Node Agent');
    expect(out).toContain('    Drop-In: /usr/lib/systemd/system/kubelet.service.d\n             └─10-kubeadm.conf');
    expect(out).toMatch(/Active: active \(running\) since Mon 2025-06-02 08:50:\d\d UTC; 9min \d+s ago/);
    expect(out).toMatch(/Main PID: \d+ \(kubelet\)/);
    expect(out).toContain('"Successfully registered node" node="node2"');
  });
  it('calico-node stop writes CalicoIsDown, start writes CalicoIsUp', () => {
    const s = sim();
    const e = s.engine;
    systemctl(e, 'node1', 'stop', 'calico-node', 0);
    expect(e.get('Node', 'node1')?.status.conditions[0]).toMatchObject({
      type: 'NetworkUnavailable',
      status: 'True',
      reason: 'CalicoIsDown',
      message: 'Calico is shutting down on this node',
    });
    systemctl(e, 'node1', 'start', 'calico-node', 0);
    expect(e.get('Node', 'node1')?.status.conditions[0]).toMatchObject({
      status: 'False',
      reason: 'CalicoIsUp',
      message: 'Calico is running on this node',
    });
  });
});

describe('power and network', () => {
  it('power off stops every container (their records stay, exit unknown) and the kubelet; power on boots with a new boot id', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'web', 'node2');
    s.advanceTo(15_000);
    const boot = e.state.hosts.node2?.bootId;
    expect(powerOff(e, 'node2', 0).ok).toBe(true);
    const left = Object.values(e.state.hosts.node2?.containers ?? {});
    expect(left.length).toBeGreaterThan(0);
    for (const c of left) expect(c).toMatchObject({ state: 'exited', lost: true });
    expect(e.state.hosts.node2?.kubelet).toBeNull();
    expect(kubeletEndpointError(e, 'node2')).toBe(
      'error: error upgrading connection: error dialing backend: dial tcp 192.168.56.12:10250: i/o timeout',
    );
    expect(powerOn(e, 'node2', 0).ok).toBe(true);
    expect(e.state.hosts.node2?.bootId).not.toBe(boot);
    s.advanceTo(40_000);
    expect(e.state.hosts.node2?.services.kubelet?.active).toBe(true);
    expect(kubeletEndpointError(e, 'node2')).toBeUndefined();
  });

  it('reboot: the kubelet reports Rebooted with the new boot id and restarts the pods', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'web', 'node2').spec.tolerations = [{ operator: 'Exists', effect: 'NoExecute' }];
    s.advanceTo(15_000);
    reboot(e, 'node2', 0);
    expect(e.state.hosts.node2?.power).toBe('off');
    s.advanceTo(80_000);
    const boot = e.state.hosts.node2?.bootId;
    expect(nodeEvents(e, 'node2')).toContain(
      `Warning Rebooted x1 kubelet: Node node2 has been rebooted, boot id: ${boot}`,
    );
    const cs = e.get('Pod', 'default/web')?.status.containerStatuses[0];
    expect(cs?.restartCount).toBe(1);
    expect(cs?.state).toHaveProperty('running');
  });

  it('network cut: status updates time out with the context deadline exceeded form', () => {
    const s = sim();
    const e = s.engine;
    const frozen = e.get('Lease', 'kube-node-lease/node1')?.spec.renewTime;
    expect(cutNetwork(e, 'node1', 0).ok).toBe(true);
    s.advanceTo(60_000);
    expect(e.get('Lease', 'kube-node-lease/node1')?.spec.renewTime).toBe(frozen);
    const j = journalctl(e, 'node1', 'kubelet');
    expect(j).toContain(
      '"Error updating node status, will retry" err="error getting node \\"node1\\": Get \\"https://192.168.56.10:6443/api/v1/nodes/node1?resourceVersion=0&timeout=10s\\": context deadline exceeded"',
    );
    expect(kubeletEndpointError(e, 'node1')).toContain('i/o timeout');
    expect(healNetwork(e, 'node1', 0).ok).toBe(true);
    s.advanceTo(80_000);
    expect(e.get('Lease', 'kube-node-lease/node1')?.spec.renewTime).toBeGreaterThan(60_000);
  });

  it('Node object deleted: five not-found errors per pass, no re-registration, no new lease', () => {
    const s = sim();
    const e = s.engine;
    const c = e.cause({ actor: 'test', what: 'kubectl delete node node2' });
    e.remove('Node', 'node2', 'deleted', c);
    e.remove('Lease', 'kube-node-lease/node2', 'gc', c);
    s.advanceTo(30_000);
    expect(e.get('Node', 'node2')).toBeUndefined();
    expect(e.get('Lease', 'kube-node-lease/node2')).toBeUndefined();
    const j = journalctl(e, 'node2', 'kubelet');
    const notFound =
      '"Error updating node status, will retry" err="error getting node \\"node2\\": nodes \\"node2\\" not found"';
    expect(j.split('\n').filter((l) => l.includes(notFound)).length).toBeGreaterThanOrEqual(5);
    expect(j).toContain('"Unable to update node status" err="update node status exceeds retry count"');
    expect(j).toContain('"Failed to get node when trying to set owner ref to the node lease"');
    // A kubelet restart registers it again (new UID).
    systemctl(e, 'node2', 'restart', 'kubelet', c);
    s.advanceTo(40_000);
    expect(e.get('Node', 'node2')).toBeDefined();
  });
});
