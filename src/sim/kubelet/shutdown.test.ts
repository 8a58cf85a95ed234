/**
 * Issue 30 item 9: graceful node shutdown. Upstream: kk pkg/kubelet/nodeshutdown
 * nodeshutdown_manager_linux.go (the Normal `Shutdown` event "Shutdown manager detected shutdown
 * event", kubeletevents.NodeShutdown = "Shutdown" in pkg/kubelet/events/event.go; ShutdownStatus
 * "node is shutting down", the Ready condition's error in nodestatus ReadyCondition),
 * nodeshutdown_manager.go (migrateConfig: regular pods get shutdownGracePeriod -
 * shutdownGracePeriodCriticalPods, pods at SystemCriticalPriority and above the critical period;
 * killPods: phase Failed, reason "Terminated", message "Pod was terminated in response to imminent
 * node shutdown.", DisruptionTarget TerminationByKubelet), and pkg/kubelet/apis/config/validation/
 * validation.go (the settings' checks).
 */
import { describe, expect, it } from 'vitest';
import type { Pod } from '../core/api-types';
import type { ProfileName } from '../core/profiles';
import type { Scenario } from '../core/scenario-types';
import { parseScenario } from '../scenario/parse';
import { Simulation } from '../simulation';
import { deployment, nodeEvents, podEvents, podsNamed, scenario } from './testkit';

const sec = 1000;
const MESSAGE = 'Pod was terminated in response to imminent node shutdown.';
/** A critical static pod (as kubeadm's control-plane pods: priority 2000001000) on node2. */
const CRITICAL = {
  node: 'node2',
  manifest: {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'critical-agent' },
    spec: { priority: 2000001000, containers: [{ name: 'agent', image: 'nginx:1.27' }] },
  },
};

function cluster(profile: ProfileName, settings: Scenario['spec']['settings']): Simulation {
  const sc = scenario(profile, [CRITICAL] as Scenario['spec']['staticPods']);
  sc.spec.settings = settings;
  sc.spec.objects = [
    deployment('web', 2, { name: 'nginx', image: 'nginx:1.27' }, 'node2'),
  ] as Scenario['spec']['objects'];
  return new Simulation(sc);
}

interface Seen {
  failedAt: Map<string, number>;
  offAt?: number;
  readyFalse?: { at: number; reason?: string; message?: string };
}

/** Power node2 off at 30 s and watch every 100 ms until 80 s. */
function poweredOff(profile: ProfileName, settings: Scenario['spec']['settings']) {
  const s = cluster(profile, settings);
  const e = s.engine;
  s.advanceTo(30 * sec);
  const pods = [...podsNamed(e, 'web-', 'node2'), ...podsNamed(e, 'critical-agent')];
  expect(pods.length).toBe(3);
  for (const p of pods) expect(p.status.phase).toBe('Running');
  expect(s.run('ssh node2 poweroff').ok).toBe(true);
  const seen: Seen = { failedAt: new Map() };
  for (let t = 30 * sec; t <= 80 * sec; t += 100) {
    s.advanceTo(t);
    for (const p of pods) {
      const now = e.get('Pod', `${p.metadata.namespace}/${p.metadata.name}`);
      if (now?.status.phase === 'Failed' && !seen.failedAt.has(p.metadata.name)) seen.failedAt.set(p.metadata.name, t);
    }
    const ready = e.get('Node', 'node2')?.status.conditions.find((c) => c.type === 'Ready');
    if (ready?.status === 'False' && !seen.readyFalse)
      seen.readyFalse = { at: t, reason: ready.reason, message: ready.message };
    if (e.state.hosts.node2?.power === 'off' && seen.offAt === undefined) seen.offAt = t;
  }
  return { s, pods, seen };
}

describe('graceful node shutdown (shutdownGracePeriod 30s, shutdownGracePeriodCriticalPods 10s)', () => {
  const settings = { shutdownGracePeriod: 30 * sec, shutdownGracePeriodCriticalPods: 10 * sec };

  it('records Shutdown on the Node, goes Ready=False "node is shutting down", fails regular pods, then critical ones, then powers off', () => {
    const { s, pods, seen } = poweredOff('v1.33', settings);
    const e = s.engine;
    expect(nodeEvents(e, 'node2')).toContain('Normal Shutdown x1 kubelet: Shutdown manager detected shutdown event');
    expect(seen.readyFalse).toEqual({ at: 30 * sec, reason: 'KubeletNotReady', message: 'node is shutting down' });
    const regular = pods.filter((p) => p.metadata.name.startsWith('web-')).map((p) => p.metadata.name);
    const critical = pods.find((p) => p.metadata.name.startsWith('critical-agent'))?.metadata.name ?? '';
    for (const name of [...regular, critical]) {
      const p = e.get('Pod', `default/${name}`) as Pod;
      expect(p.status.phase, name).toBe('Failed');
      expect(p.status.reason, name).toBe('Terminated');
      expect(p.status.message, name).toBe(MESSAGE);
      expect(
        p.status.conditions.find((c) => c.type === 'DisruptionTarget'),
        name,
      ).toMatchObject({
        status: 'True',
        reason: 'TerminationByKubelet',
        message: MESSAGE,
      });
      expect(p.metadata.deletionTimestamp, name).toBeUndefined();
      expect(
        podEvents(e, name).some((x) => x.startsWith('Normal Killing x1: Stopping container')),
        name,
      ).toBe(true);
    }
    const regularDone = regular.reduce((m, n) => Math.max(m, seen.failedAt.get(n) ?? Number.NaN), 0);
    const criticalDone = seen.failedAt.get(critical) ?? Number.NaN;
    // Pods stop within ~1.5 s of SIGTERM: each group ends when its pods are killed, not at its period.
    expect(regularDone).toBeLessThan(30 * sec + 20 * sec);
    expect(criticalDone).toBeGreaterThan(regularDone);
    expect(seen.offAt).toBeGreaterThanOrEqual(criticalDone);
    expect(seen.offAt).toBeLessThan(30 * sec + 30 * sec);
    expect(e.state.hosts.node2?.power).toBe('off');
    // kubectl get pods: STATUS from the reason (or the containers' terminated reason, as kubectl does).
    expect(s.kubectl('get pods')).not.toMatch(/web-\S+\s+1\/1\s+Running/);
    // The runtime keeps the stopped containers: nginx ended on SIGTERM with 0, `Completed` (as
    // kubernetes#104531 shows a gracefully shut down nginx pod), not ContainerStatusUnknown.
    for (const name of regular) {
      const cs = (e.get('Pod', `default/${name}`) as Pod).status.containerStatuses?.[0];
      expect(cs?.state, name).toMatchObject({ terminated: { exitCode: 0, reason: 'Completed' } });
      expect(s.kubectl(`get pod ${name}`)).toMatch(new RegExp(`${name}\\s+0/1\\s+Completed\\s+0\\s`));
    }
  });

  it('v1.23-docker: no DisruptionTarget condition (PodDisruptionConditions came in 1.25)', () => {
    const { s, pods } = poweredOff('v1.23-docker', settings);
    for (const p of pods) {
      const now = s.engine.get('Pod', `default/${p.metadata.name}`) as Pod;
      expect(now.status.phase).toBe('Failed');
      expect(now.status.reason).toBe('Terminated');
      expect(now.status.conditions.some((c) => c.type === 'DisruptionTarget')).toBe(false);
    }
  });

  it('a Failed pod is not started again when the machine comes back; its ReplicaSet replaced it', () => {
    const { s, pods } = poweredOff('v1.33', settings);
    expect(s.run('power-on node2').ok).toBe(true);
    s.advanceTo(200 * sec);
    const e = s.engine;
    for (const p of pods.filter((x) => x.metadata.name.startsWith('web-'))) {
      const now = e.get('Pod', `default/${p.metadata.name}`) as Pod;
      expect(now.status.phase).toBe('Failed');
    }
    expect(podsNamed(e, 'web-').filter((p) => p.status.phase === 'Running').length).toBe(2);
  });
});

describe('graceful shutdown without its kubelet', () => {
  const settings = { shutdownGracePeriod: 30 * sec, shutdownGracePeriodCriticalPods: 10 * sec };

  it('no kubelet, no inhibitor lock: poweroff is at once', () => {
    const s = cluster('v1.33', settings);
    s.advanceTo(30 * sec);
    expect(s.run('ssh node2 systemctl stop kubelet').ok).toBe(true);
    expect(s.run('ssh node2 poweroff').ok).toBe(true);
    expect(s.engine.state.hosts.node2?.power).toBe('off');
    expect(nodeEvents(s.engine, 'node2').some((x) => x.includes('Shutdown'))).toBe(false);
  });

  it('a second poweroff while the first is under way changes nothing; the kubelet dying lets the power go', () => {
    const s = cluster('v1.33', settings);
    s.advanceTo(30 * sec);
    expect(s.run('ssh node2 poweroff').ok).toBe(true);
    expect(s.run('ssh node2 poweroff').ok).toBe(true);
    expect(nodeEvents(s.engine, 'node2').filter((x) => x.includes('Shutdown')).length).toBe(1);
    expect(s.engine.state.hosts.node2?.power).toBe('on');
    expect(s.run('ssh node2 systemctl stop kubelet').ok).toBe(true);
    s.advanceTo(30 * sec + 200);
    expect(s.engine.state.hosts.node2?.power).toBe('off');
  });
});

describe('without graceful shutdown (kubeadm default 0)', () => {
  it('poweroff is at once, as before: no Shutdown event, pods keep their phase', () => {
    const { s, pods, seen } = poweredOff('v1.33', {});
    const e = s.engine;
    expect(seen.offAt).toBe(30 * sec);
    expect(nodeEvents(e, 'node2').some((x) => x.includes('Shutdown'))).toBe(false);
    for (const p of pods) expect((e.get('Pod', `default/${p.metadata.name}`) as Pod).status.phase).toBe('Running');
  });
});

describe('settings: the kubelet validation texts', () => {
  const doc = (settings: string) => `apiVersion: notready/v1
kind: Scenario
metadata: {name: t, title: t}
spec:
  nodes: [{name: cp, roles: [control-plane]}, {name: w1}]
  settings: {${settings}}
`;

  it('critical pods above the whole period', () => {
    const r = parseScenario(doc('shutdownGracePeriod: 10s, shutdownGracePeriodCriticalPods: 20s'));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors.map((x) => x.message)).toContain(
        'invalid configuration: shutdownGracePeriodCriticalPods {20s} must be <= shutdownGracePeriod {10s}',
      );
  });

  it('under a second', () => {
    const r = parseScenario(doc('shutdownGracePeriod: 500ms'));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors.map((x) => x.message)).toContain(
        'invalid configuration: shutdownGracePeriod {500ms} must be either zero or otherwise >= 1 sec',
      );
  });

  it('30s and 10s are fine', () => {
    expect(parseScenario(doc('shutdownGracePeriod: 30s, shutdownGracePeriodCriticalPods: 10s')).ok).toBe(true);
  });
});
