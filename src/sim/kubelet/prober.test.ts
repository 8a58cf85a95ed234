/**
 * Issue 9 point 8: probes. Upstream: pkg/kubelet/prober/worker.go (doProbe: initial delay,
 * thresholds, hold after a liveness failure, errors thrown away), prober.go (probe: `Unhealthy`
 * "<Type> probe failed: ..." / "... errored and resulted in unknown state: ..."),
 * prober_manager.go (UpdatePodStatus), pkg/probe/http/http.go ("HTTP probe failed with
 * statuscode: N"), pkg/probe/tcp/tcp.go, pkg/probe/exec/exec.go,
 * kuberuntime_manager.go computePodActions ("Container X failed liveness probe, will be
 * restarted") and doBackOff (CrashLoopBackOff), and the docs' examples
 * (tasks/configure-pod-container/configure-liveness-readiness-startup-probes).
 */
import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Pod } from '../core/api-types';
import { applyNow, deployment, podEvents, podsNamed, simWith } from './testkit';

const sec = 1000;

function onlyPod(s: ReturnType<typeof simWith>, prefix = 'web-'): Pod {
  const [p] = podsNamed(s.engine, prefix);
  if (!p) throw new Error(`no ${prefix} pod`);
  return s.engine.get('Pod', `default/${p.metadata.name}`) as Pod;
}

function events(s: ReturnType<typeof simWith>, prefix = 'web-'): string[] {
  return podEvents(s.engine, onlyPod(s, prefix).metadata.name);
}

const service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web' },
  spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
};

function slice(s: ReturnType<typeof simWith>): EndpointSlice | undefined {
  return s.engine.list('EndpointSlice').find((x) => x.metadata.labels['kubernetes.io/service-name'] === 'web');
}

describe('readiness probes', () => {
  it('httpGet on a path nginx does not serve: Unhealthy 404 every period, 0/1 Running, endpoint not ready', () => {
    const probe = { httpGet: { path: '/healthz', port: 80 }, periodSeconds: 5 };
    const s = simWith([service, deployment('web', 1, { name: 'nginx', image: 'nginx:1.27', readinessProbe: probe })]);
    s.advanceTo(30 * sec);
    const p = onlyPod(s);
    expect(s.kubectl('kubectl get pods')).toMatch(new RegExp(`^${p.metadata.name}\\s+0/1\\s+Running\\s+0\\s`, 'm'));
    expect(p.status.conditions.find((c) => c.type === 'Ready')).toMatchObject({
      status: 'False',
      reason: 'ContainersNotReady',
      message: 'containers with unready status: [nginx]',
    });
    const unhealthy = events(s).find((x) => x.startsWith('Warning Unhealthy'));
    expect(unhealthy).toMatch(
      /^Warning Unhealthy x\d+: Readiness probe failed: HTTP probe failed with statuscode: 404$/,
    );
    // One failure every periodSeconds since the container started (~1 minute ago at t=30s).
    const count = Number(/x(\d+)/.exec(unhealthy ?? '')?.[1]);
    expect(count).toBeGreaterThanOrEqual(90 / 5 - 2);
    expect(slice(s)?.endpoints[0]?.conditions).toEqual({ ready: false, serving: false, terminating: false });
    expect(s.kubectl('kubectl get deploy web')).toMatch(/^web\s+0\/1\s/m);
  });

  it('kubectl exec removing index.html makes nginx answer 403; touching it back makes the pod ready again', () => {
    const probe = { httpGet: { path: '/', port: 80 }, periodSeconds: 5, failureThreshold: 2 };
    const s = simWith([deployment('web', 1, { name: 'nginx', image: 'nginx:1.27', readinessProbe: probe })]);
    s.advanceTo(10 * sec);
    const name = onlyPod(s).metadata.name;
    expect(onlyPod(s).status.containerStatuses[0]?.ready).toBe(true);
    expect(s.run(`kubectl exec ${name} -- rm /usr/share/nginx/html/index.html`).ok).toBe(true);
    s.advanceTo(25 * sec);
    expect(onlyPod(s).status.containerStatuses[0]?.ready).toBe(false);
    expect(events(s)).toContainEqual(
      expect.stringMatching(/Readiness probe failed: HTTP probe failed with statuscode: 403$/),
    );
    const cat = s.run(`kubectl exec ${name} -- cat /usr/share/nginx/html/index.html`);
    expect(cat).toMatchObject({
      ok: false,
      output: 'cat: /usr/share/nginx/html/index.html: No such file or directory\ncommand terminated with exit code 1',
    });
    s.run(`kubectl exec ${name} -- touch /usr/share/nginx/html/index.html`);
    s.advanceTo(35 * sec);
    expect(onlyPod(s).status.containerStatuses[0]?.ready).toBe(true);
  });

  it('a named port that the container does not declare: the probe errors (its result is thrown away)', () => {
    const probe = { httpGet: { path: '/', port: 'http' } };
    const v133 = simWith([deployment('web', 1, { name: 'nginx', image: 'nginx:1.27', readinessProbe: probe })]);
    v133.advanceTo(30 * sec);
    expect(events(v133)).toContainEqual(
      expect.stringMatching(
        /^Warning Unhealthy x\d+: Readiness probe errored and resulted in unknown state: strconv\.Atoi: parsing "http": invalid syntax$/,
      ),
    );
    expect(onlyPod(v133).status.containerStatuses[0]?.ready).toBe(false);
    const v123 = simWith(
      [deployment('web', 1, { name: 'nginx', image: 'nginx:1.27', readinessProbe: probe })],
      'v1.23-docker',
    );
    v123.advanceTo(30 * sec);
    expect(events(v123)).toContainEqual(
      expect.stringMatching(
        /^Warning Unhealthy x\d+: Readiness probe errored: strconv\.Atoi: parsing "http": invalid syntax$/,
      ),
    );
  });

  it('an exec probe while containerd is down and the kubelet alive errors every period, and the pod stays Ready', () => {
    const probe = { exec: { command: ['cat', '/usr/share/nginx/html/index.html'] }, periodSeconds: 5 };
    const s = simWith([deployment('web', 1, { name: 'nginx', image: 'nginx:1.27', readinessProbe: probe }, 'node2')]);
    s.advanceTo(20 * sec);
    s.run('ssh node2 systemctl stop containerd');
    s.advanceTo(60 * sec);
    const errored = events(s).find((x) => x.includes('probe errored'));
    expect(errored).toMatch(
      /^Warning Unhealthy x\d+: Readiness probe errored and resulted in unknown state: rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix \/run\/containerd\/containerd\.sock: connect: connection refused"$/,
    );
    expect(Number(/x(\d+)/.exec(errored ?? '')?.[1])).toBeGreaterThanOrEqual(6);
    // worker.go doProbe: "Prober error, throw away the result" - the container stays ready.
    expect(onlyPod(s).status.containerStatuses[0]?.ready).toBe(true);
    expect(s.kubectl('kubectl get pods')).toMatch(/\s1\/1\s+Running\s/);
  });
});

describe('liveness and startup probes', () => {
  it('a failing liveness probe restarts the container: Unhealthy x3, Killing, Last State, then CrashLoopBackOff', () => {
    const probe = { tcpSocket: { port: 8080 }, initialDelaySeconds: 5, periodSeconds: 10 };
    const s = simWith([]);
    applyNow(s, deployment('web', 1, { name: 'nginx', image: 'nginx:1.27', livenessProbe: probe }));
    s.advanceTo(10 * sec);
    const started = onlyPod(s).status.containerStatuses[0];
    const startedAt = started && 'running' in started.state ? started.state.running.startedAt : 0;
    let killedAt: number | undefined;
    const until = startedAt + 60 * sec;
    for (let t = s.now; t < until && killedAt === undefined; t += 100) {
      s.advanceTo(t);
      if ((onlyPod(s).status.containerStatuses[0]?.restartCount ?? 0) > 0) killedAt = t;
    }
    // initialDelaySeconds 5, then three failures 10s apart: the third at 25-35s after the start.
    expect((killedAt ?? 0) - startedAt).toBeGreaterThanOrEqual(25 * sec);
    expect((killedAt ?? 0) - startedAt).toBeLessThanOrEqual(37 * sec);
    const ip = onlyPod(s).status.podIP;
    expect(events(s)).toContain(
      `Warning Unhealthy x3: Liveness probe failed: dial tcp ${ip}:8080: connect: connection refused`,
    );
    expect(events(s)).toContain('Normal Killing x1: Container nginx failed liveness probe, will be restarted');
    // nginx quits on its stop signal: exit 0.
    expect(onlyPod(s).status.containerStatuses[0]?.lastState?.terminated).toMatchObject({
      reason: 'Completed',
      exitCode: 0,
    });
    let backOff = false;
    const end = s.now + 10 * 60 * sec;
    for (let t = s.now; t < end; t += sec) {
      s.advanceTo(t);
      const st = onlyPod(s).status.containerStatuses[0]?.state;
      if (st && 'waiting' in st && st.waiting.reason === 'CrashLoopBackOff') backOff = true;
    }
    expect(backOff).toBe(true);
    expect(events(s)).toContainEqual(
      expect.stringMatching(/^Warning BackOff x\d+: Back-off restarting failed container nginx in pod web-/),
    );
    expect(onlyPod(s).status.containerStatuses[0]?.restartCount).toBeGreaterThanOrEqual(6);
  });

  it("the docs' exec liveness example: cat fails once /tmp/healthy is gone, the shell dies by SIGKILL (137)", () => {
    const container = {
      name: 'liveness',
      image: 'registry.k8s.io/busybox:1.27.2',
      args: ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'],
      livenessProbe: { exec: { command: ['cat', '/tmp/healthy'] }, initialDelaySeconds: 5, periodSeconds: 5 },
    };
    const s = simWith([]);
    applyNow(s, deployment('liveness', 1, container));
    s.advanceTo(40 * sec);
    const p = onlyPod(s, 'liveness-');
    expect(s.kubectl(`kubectl describe pod ${p.metadata.name}`)).toMatch(
      /^ {4}Liveness:\s+exec \[cat \/tmp\/healthy\] delay=5s timeout=1s period=5s #success=1 #failure=3$/m,
    );
    s.advanceTo(100 * sec);
    const ev = events(s, 'liveness-');
    expect(ev).toContain(
      "Warning Unhealthy x3: Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory",
    );
    expect(ev).toContain('Normal Killing x1: Container liveness failed liveness probe, will be restarted');
    const cs = onlyPod(s, 'liveness-').status.containerStatuses[0];
    expect(cs?.restartCount).toBe(1);
    expect(cs?.lastState?.terminated).toMatchObject({ reason: 'Error', exitCode: 137 });
    const t = cs?.lastState?.terminated;
    // Killed after the third failure (~45s after the start), gone 30s later (terminationGracePeriodSeconds).
    expect((t?.finishedAt ?? 0) - (t?.startedAt ?? 0)).toBeGreaterThanOrEqual(70 * sec);
    expect((t?.finishedAt ?? 0) - (t?.startedAt ?? 0)).toBeLessThanOrEqual(82 * sec);
  });

  it("the docs' agnhost liveness server: /healthz answers 500 after 10s", () => {
    const container = {
      name: 'liveness',
      image: 'registry.k8s.io/e2e-test-images/agnhost:2.40',
      args: ['liveness'],
      livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, initialDelaySeconds: 3, periodSeconds: 3 },
    };
    const s = simWith([]);
    applyNow(s, deployment('liveness', 1, container));
    s.advanceTo(60 * sec);
    expect(events(s, 'liveness-')).toContainEqual(
      expect.stringMatching(/^Warning Unhealthy x\d+: Liveness probe failed: HTTP probe failed with statuscode: 500$/),
    );
    expect(onlyPod(s, 'liveness-').status.containerStatuses[0]?.restartCount).toBeGreaterThan(0);
  });

  it('a startup probe holds back liveness and readiness, and restarts the container when it fails', () => {
    const ok = { tcpSocket: { port: 80 }, periodSeconds: 5, failureThreshold: 3 };
    const good = simWith([
      deployment('web', 1, {
        name: 'nginx',
        image: 'nginx:1.27',
        startupProbe: { ...ok, initialDelaySeconds: 10 },
        readinessProbe: { httpGet: { path: '/', port: 80 } },
      }),
    ]);
    good.advanceTo(60 * sec);
    const cs = onlyPod(good).status.containerStatuses[0];
    expect(cs).toMatchObject({ started: true, ready: true });
    const bad = simWith([
      deployment('web', 1, {
        name: 'nginx',
        image: 'nginx:1.27',
        startupProbe: { tcpSocket: { port: 81 }, periodSeconds: 5, failureThreshold: 3 },
        livenessProbe: { tcpSocket: { port: 81 } },
      }),
    ]);
    bad.advanceTo(60 * sec);
    const ev = events(bad);
    expect(ev).toContainEqual(
      expect.stringMatching(
        /^Warning Unhealthy x\d+: Startup probe failed: dial tcp [\d.]+:81: connect: connection refused$/,
      ),
    );
    expect(ev).toContainEqual(
      expect.stringMatching(/^Normal Killing x\d+: Container nginx failed startup probe, will be restarted$/),
    );
    expect(ev.some((x) => x.includes('Liveness probe'))).toBe(false);
    expect(onlyPod(bad).status.containerStatuses[0]?.started).toBe(false);
  });
});

describe('probes and EndpointSlices when a node goes Unknown', () => {
  it('traffic stops when the node goes Unknown (ready/serving false), minutes before the eviction', () => {
    const probe = { httpGet: { path: '/', port: 80 }, periodSeconds: 5 };
    const s = simWith([
      service,
      deployment('web', 1, { name: 'nginx', image: 'nginx:1.27', readinessProbe: probe }, 'node2'),
    ]);
    s.advanceTo(30 * sec);
    const name = onlyPod(s).metadata.name;
    const endpoint = () => slice(s)?.endpoints.find((x) => x.targetRef.name === name)?.conditions;
    expect(endpoint()).toEqual({ ready: true, serving: true, terminating: false });
    s.run('ssh node2 systemctl stop kubelet');
    let notReadyAt: number | undefined;
    let evictedAt: number | undefined;
    for (let t = 30 * sec; t <= 8 * 60 * sec; t += 500) {
      s.advanceTo(t);
      if (notReadyAt === undefined && endpoint()?.ready === false) {
        notReadyAt = t;
        // MarkPodsNotReady: serving follows the pod's Ready condition, the pod is not terminating.
        expect(endpoint()).toEqual({ ready: false, serving: false, terminating: false });
      }
      if (evictedAt === undefined && s.engine.get('Pod', `default/${name}`)?.metadata.deletionTimestamp !== undefined)
        evictedAt = t;
    }
    // No probe ran on node2 meanwhile: the kubelet is gone, the container still answers.
    expect(events(s).filter((x) => x.startsWith('Warning Unhealthy'))).toEqual([]);
    // node-monitor-grace-period 50s (+ up to a 5s monitor period and the lease's 10s).
    expect((notReadyAt ?? 0) - 30 * sec).toBeGreaterThanOrEqual(40 * sec);
    expect((notReadyAt ?? 0) - 30 * sec).toBeLessThanOrEqual(70 * sec);
    // The eviction comes 300s after the NoExecute taint.
    expect((evictedAt ?? 0) - (notReadyAt ?? 0)).toBeGreaterThanOrEqual(300 * sec);
  });
});
