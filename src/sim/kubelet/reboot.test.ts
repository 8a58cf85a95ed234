/**
 * Issue 9 point 5: a reboot. Upstream: containerd internal/cri/server/restart.go loadContainer
 * (a container whose task vanished: exit code 255, reason "Unknown", finished when containerd
 * starts), pkg/kubelet/kuberuntime/kuberuntime_manager.go SyncPod (SandboxChanged "Pod sandbox
 * changed, it will be killed and re-created."), kuberuntime_container.go startContainer (restart
 * count from the previous instance), status_manager.go updateStatusInternal (StartTime kept;
 * static pods read it from their mirror).
 */
import { describe, expect, it } from 'vitest';
import type { Pod } from '../core/api-types';
import { deployment, podEvents, podsNamed, simWith, staticNginx } from './testkit';

const sec = 1000;
const STATIC = staticNginx('node2', 'static-web');

function startedAt(p: Pod): number | undefined {
  const st = p.status.containerStatuses[0]?.state;
  return st && 'running' in st ? st.running.startedAt : undefined;
}

function rebooted(profile: 'v1.33' | 'v1.23-docker') {
  const s = simWith([deployment('web', 2, { name: 'nginx', image: 'nginx:1.27' }, 'node2')], profile, [STATIC]);
  s.advanceTo(20 * sec);
  const pods = [...podsNamed(s.engine, 'web-', 'node2'), ...podsNamed(s.engine, 'static-web')];
  const before = new Map(pods.map((p) => [p.metadata.name, p]));
  expect(s.run('ssh node2 reboot').ok).toBe(true);
  s.advanceTo(120 * sec);
  return { s, before };
}

describe('reboot: every pod restarts once in a new sandbox, Start Time kept', () => {
  it('v1.33 (containerd): Last State Terminated Unknown 255, RESTARTS 1 (Ns ago), SandboxChanged, new IP', () => {
    const { s, before } = rebooted('v1.33');
    const e = s.engine;
    const node = e.state.hosts.node2;
    const containerdStart = node?.services.containerd?.since ?? 0;
    expect(before.size).toBe(3);
    for (const [name, old] of before) {
      const p = e.get('Pod', `default/${name}`) as Pod;
      const cs = p.status.containerStatuses[0];
      expect(cs?.restartCount, name).toBe(1);
      expect(cs?.state).toHaveProperty('running');
      expect(cs?.lastState?.terminated).toMatchObject({
        reason: 'Unknown',
        exitCode: 255,
        startedAt: startedAt(old),
        finishedAt: containerdStart,
      });
      expect(p.status.startTime, name).toBe(old.status.startTime);
      expect(p.status.podIP, name).not.toBe(old.status.podIP);
      expect(podEvents(e, name)).toContain(
        'Normal SandboxChanged x1: Pod sandbox changed, it will be killed and re-created.',
      );
      const ago = Math.floor((e.now - containerdStart) / 1000);
      expect(s.kubectl('kubectl get pods')).toMatch(
        new RegExp(`^${name}\\s+1/1\\s+Running\\s+1 \\(${ago}s ago\\)\\s`, 'm'),
      );
    }
    const d = s.kubectl('kubectl describe pod static-web-node2');
    expect(d).toMatch(/^ {4}Last State:\s+Terminated\n {6}Reason:\s+Unknown\n {6}Exit Code:\s+255\n/m);
  });

  it('v1.23-docker: dockerd stops the containers on the way down (exit 0), the same restart and SandboxChanged', () => {
    const { s, before } = rebooted('v1.23-docker');
    const e = s.engine;
    for (const [name, old] of before) {
      const p = e.get('Pod', `default/${name}`) as Pod;
      const cs = p.status.containerStatuses[0];
      expect(cs?.restartCount, name).toBe(1);
      expect(cs?.lastState?.terminated).toMatchObject({ reason: 'Completed', exitCode: 0 });
      expect(p.status.startTime).toBe(old.status.startTime);
      expect(podEvents(e, name)).toContain(
        'Normal SandboxChanged x1: Pod sandbox changed, it will be killed and re-created.',
      );
    }
  });

  it('power pulled (no shutdown): docker reports the lost containers as exited 255, reason Error', () => {
    const s = simWith([deployment('web', 1, { name: 'nginx', image: 'nginx:1.27' }, 'node2')], 'v1.23-docker');
    s.advanceTo(20 * sec);
    const [pod] = podsNamed(s.engine, 'web-', 'node2');
    s.run('ssh node2 poweroff');
    s.advanceTo(30 * sec);
    s.run('power-on node2');
    s.advanceTo(90 * sec);
    const cs = s.engine.get('Pod', `default/${pod?.metadata.name}`)?.status.containerStatuses[0];
    expect(cs?.lastState?.terminated).toMatchObject({ reason: 'Error', exitCode: 255 });
    expect(cs?.restartCount).toBe(1);
  });
});
