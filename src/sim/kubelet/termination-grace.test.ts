/**
 * Termination grace on delete and evict (issue 30 item 1). Upstream:
 * - kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go `killContainer`: the grace period
 *   is the pod's deletionGracePeriodSeconds, else its terminationGracePeriodSeconds, at least
 *   `minimumGracePeriodInSeconds = 2`; StopContainer sends the stop signal and the runtime
 *   SIGKILLs what still runs when it is over (exit 137);
 * - pkg/kubelet/status/status_manager.go: the pod is deleted (grace 0) only once its containers
 *   are gone, so it stays `Terminating` in `kubectl get pods` (pkg/printers printPod) meanwhile;
 * - kubernetes/kubectl pkg/drain/drain.go `waitForDelete`: drain waits for the objects to go, and
 *   its `--timeout` ends with "error when waiting for pod %q in namespace %q to terminate: %v".
 * nginx quits on its stop signal; `sleep` as PID 1 has no SIGTERM handler, so the kernel drops it.
 */
import { describe, expect, it } from 'vitest';
import { kitScenario } from '../controllers/node-lifecycle.testkit';
import type { ProfileName } from '../core/profiles';
import type { Scenario } from '../core/scenario-types';
import { Simulation } from '../simulation';

/** The kit's cluster (a Deployment `web` of nginx) with a bare busybox pod `s` running `sleep 3600` on node1. */
function sim(grace?: number, profile?: ProfileName): Simulation {
  const sc: Scenario = kitScenario({ workers: 2, replicas: 2, ...(profile ? { profile } : {}) });
  sc.spec.objects.push({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 's' },
    spec: {
      nodeName: 'node1',
      ...(grace !== undefined ? { terminationGracePeriodSeconds: grace } : {}),
      containers: [{ name: 's', image: 'busybox:1.36', args: ['sleep', '3600'] }],
    },
  });
  const s = new Simulation(sc);
  s.advanceTo(10_000);
  return s;
}

const statusOf = (s: Simulation, name: string) =>
  s
    .kubectl('get pods')
    .split('\n')
    .find((l) => l.startsWith(`${name} `))
    ?.split(/\s+/)[2];

const traced = (s: Simulation, re: RegExp) => s.engine.state.trace.filter((l) => re.test(l));

/** The kubelet's watch sees the deletion this long after it (its grace runs from then). */
const watch = (s: Simulation) => s.engine.state.settings.watchLatency;

describe('termination grace on delete and evict', () => {
  it('a pod running sleep stays Terminating for its whole grace period, then SIGKILL (137)', () => {
    const s = sim(120);
    expect(statusOf(s, 's')).toBe('Running');
    const t0 = s.now;
    expect(s.run('kubectl delete pod s').output).toBe('pod "s" deleted');
    s.advanceTo(t0 + 119_000);
    expect(statusOf(s, 's')).toBe('Terminating');
    expect(s.kubectl('describe pod s')).toMatch(/Termination Grace Period:\s+120s/);
    s.advanceTo(t0 + 121_000);
    expect(statusOf(s, 's')).toBeUndefined();
    // killContainer's StopContainer timed out: the runtime SIGKILLed it at the end of the grace.
    const exits = traced(s, /container default\/s\/s exited/);
    expect(exits).toEqual([`${t0 + watch(s) + 120_000} host node1 container default/s/s exited 137 Error`]);
    // The kubelet's last status before its final DELETE shows the exit.
    const last = (s.engine.history('Pod/default/s') ?? []).filter((h) => h.what.startsWith('status'));
    expect(last.at(-1)?.what).toBe('status Running (terminated)');
  });

  it('the default grace period is 30s (kubectl run NAME --image busybox -- sleep 3600)', () => {
    const s = sim();
    s.run('kubectl run r --image busybox -- sleep 3600');
    s.advanceTo(s.now + 20_000);
    expect(statusOf(s, 'r')).toBe('Running');
    const t0 = s.now;
    s.run('kubectl delete pod r');
    s.advanceTo(t0 + 29_000);
    expect(statusOf(s, 'r')).toBe('Terminating');
    s.advanceTo(t0 + 31_000);
    expect(statusOf(s, 'r')).toBeUndefined();
  });

  it('nginx pods still go at once', () => {
    const s = sim(120);
    const web = s.engine.podsOnNode('node1').find((p) => p.metadata.name.startsWith('web-'));
    expect(web).toBeDefined();
    const name = web?.metadata.name as string;
    const t0 = s.now;
    s.run(`kubectl delete pod ${name}`);
    s.advanceTo(t0 + 2_000);
    expect(statusOf(s, name)).toBeUndefined();
  });

  it('--grace-period=0 --force removes it at once; the kubelet kills it on SyncLoop REMOVE', () => {
    const s = sim(120);
    const out = s.run('kubectl delete pod s --grace-period=0 --force').output;
    expect(out).toMatch(/\npod "s" force deleted$/);
    expect(statusOf(s, 's')).toBeUndefined();
    s.advanceTo(s.now + 2_000);
    expect(traced(s, /container default\/s\/s killed/)).toHaveLength(1);
  });

  it('a shorter grace on delete is kept, but never under killContainer’s 2s minimum', () => {
    const s = sim(120);
    const t0 = s.now;
    // --grace-period=0 without --force is 1 (kubectl); the kubelet still gives 2s.
    s.run('kubectl delete pod s --grace-period=0');
    s.advanceTo(t0 + 1_900);
    expect(statusOf(s, 's')).toBe('Terminating');
    s.advanceTo(t0 + 3_000);
    expect(statusOf(s, 's')).toBeUndefined();
    expect(traced(s, /container default\/s\/s exited/)).toEqual([
      `${t0 + watch(s) + 2_000} host node1 container default/s/s exited 137 Error`,
    ]);
  });

  it('drain --timeout=20s gives up on it with kubectl’s deadline lines', () => {
    const s = sim(120);
    const t0 = s.now;
    const r = s.run('kubectl drain node1 --ignore-daemonsets --force --timeout=20s');
    expect(r.running).toBeDefined();
    expect(r.output).toContain('evicting pod default/s');
    s.advanceTo(t0 + 21_000);
    const c = s.runningCommands().at(-1);
    expect(c?.done).toEqual({ at: t0 + 20_000, ok: false });
    const err = 'error when waiting for pod "s" in namespace "default" to terminate: context deadline exceeded';
    expect(c?.output).toContain(`There are pending pods in node "node1" when an error occurred: ${err}`);
    expect(c?.output.split('\n').at(-1)).toBe(err);
    // The nginx pods evicted with it went at once.
    expect(c?.output).toMatch(/pod\/web-\S+ evicted/);
    expect(statusOf(s, 's')).toBe('Terminating');
  });

  it('drain --timeout=20s on the v1.23 profile: kubectl 1.23’s global timeout text', () => {
    const s = sim(120, 'v1.23-docker');
    const t0 = s.now;
    s.run('kubectl drain node1 --ignore-daemonsets --force --timeout=20s');
    s.advanceTo(t0 + 21_000);
    const c = s.runningCommands().at(-1);
    expect(c?.done).toEqual({ at: t0 + 20_000, ok: false });
    expect(c?.output.split('\n').at(-1)).toBe(
      'error when waiting for pod "s" terminating: global timeout reached: 20s',
    );
  });

  it('a drain without --timeout ends only when the grace period runs out', () => {
    const s = sim(120);
    const t0 = s.now;
    // A bare pod needs --force, as in kubectl.
    expect(s.run('kubectl drain node1 --ignore-daemonsets').ok).toBe(false);
    s.run('kubectl drain node1 --ignore-daemonsets --force');
    s.advanceTo(t0 + 119_000);
    expect(s.runningCommands().at(-1)?.done).toBeUndefined();
    s.advanceTo(t0 + 122_000);
    const c = s.runningCommands().at(-1);
    expect(c?.done?.ok).toBe(true);
    expect(c?.done?.at).toBeGreaterThanOrEqual(t0 + 120_000);
    expect(c?.output.split('\n').slice(-2)).toEqual(['pod/s evicted', 'node/node1 drained']);
  });

  it('a command that ends within the grace ends the wait (exit 3 after sleep 10, no SIGKILL)', () => {
    const s = sim();
    s.run('kubectl run n --image busybox --command -- sh -c "sleep 10; exit 3"');
    s.advanceTo(s.now + 5_000);
    const state = s.engine.get('Pod', 'default/n')?.status.containerStatuses[0]?.state;
    const started = state && 'running' in state ? state.running.startedAt : undefined;
    expect(started).toBeDefined();
    s.run('kubectl delete pod n');
    s.advanceTo((started as number) + 9_000);
    expect(statusOf(s, 'n')).toBe('Terminating');
    s.advanceTo((started as number) + 11_000);
    expect(statusOf(s, 'n')).toBeUndefined();
    expect(traced(s, /container default\/n\/n exited/)).toEqual([
      expect.stringMatching(
        new RegExp(`^${(started as number) + 10_000} host node\\d container default/n/n exited 3 Error$`),
      ),
    ]);
  });
});
