/**
 * A blocking `kubectl drain` (issue 9 point 2) and `^C`: kubernetes/kubectl pkg/drain/drain.go
 * (evictPods: `evicting pod NS/NAME`; waitForDelete: a GET every second, `pod/NAME evicted` when
 * the object is gone; the global timeout), pkg/cmd/drain/drain.go (RunDrain, deleteOrEvictPodsSimple,
 * onPodDeletionOrEvictionFinished), pkg/cmd/util/helpers.go checkErr (an aggregate's lines without
 * `error: `), k8s.io/apimachinery wait.PollUntilContextTimeout (`context deadline exceeded`).
 * kubectl drain installs no SIGINT handler: ^C ends it without a word.
 */
import { describe, expect, it } from 'vitest';
import { kitScenario, workloadPodsOn } from '../controllers/node-lifecycle.testkit';
import type { ProfileName } from '../core/profiles';
import { scenarioForReplay } from '../scenario/replay';
import { Simulation } from '../simulation';

function sim(profile: ProfileName = 'v1.33'): Simulation {
  return new Simulation(kitScenario({ workers: 2, replicas: 4, profile }));
}

const last = (s: Simulation) => s.runningCommands().at(-1);

describe('kubectl drain runs until its pods are gone', () => {
  it('on a healthy node: evicting lines at once, pod/NAME evicted as each object goes, then drained', () => {
    const s = sim();
    const pods = workloadPodsOn(s, 'node2').map((p) => p.metadata.name);
    expect(pods.length).toBeGreaterThan(0);
    const r = s.run('kubectl drain node2 --ignore-daemonsets');
    expect(r.ok).toBe(true);
    expect(r.running).toEqual({ id: 1 });
    expect(r.output.split('\n')).toEqual([
      'node/node2 cordoned',
      // kubeadm's kube-system DaemonSets run on every node: drain leaves them (and says so).
      expect.stringMatching(
        /^Warning: ignoring DaemonSet-managed Pods: kube-system\/calico-node-\w{5}, kube-system\/kube-proxy-\w{5}$/,
      ),
      ...pods.map((n) => `evicting pod default/${n}`),
    ]);
    expect(s.runningCommands()).toEqual([
      { id: 1, line: 'kubectl drain node2 --ignore-daemonsets', startedAt: 0, output: r.output },
    ]);
    // The kubelet stops the containers (30s grace at most) and deletes the objects; kubectl's next
    // one-second GET sees each one gone.
    s.advanceTo(40_000);
    const c = last(s);
    expect(c?.done?.ok).toBe(true);
    const out = c?.output.split('\n') ?? [];
    expect(out.slice(0, 2 + pods.length)).toEqual(r.output.split('\n'));
    expect(out.slice(2 + pods.length, -1).sort()).toEqual(pods.map((n) => `pod/${n} evicted`).sort());
    expect(out.at(-1)).toBe('node/node2 drained');
    // kubectl polls on a one-second grid from the start.
    expect((c?.done?.at ?? 0) % 1000).toBe(0);
  });

  it('on a node whose kubelet is dead it waits for ever (default --timeout=0); ^C ends it silently', () => {
    const s = sim();
    s.run('ssh node2 systemctl stop kubelet');
    const r = s.run('kubectl drain node2 --ignore-daemonsets');
    expect(r.running?.id).toBe(1);
    s.advanceTo(30 * 60_000);
    expect(last(s)?.done).toBeUndefined();
    expect(last(s)?.output).toBe(r.output);
    // The pods are Terminating for ever: nobody is there to finish them.
    for (const p of workloadPodsOn(s, 'node2')) expect(p.metadata.deletionTimestamp).toBeDefined();
    const c = s.run('^C');
    expect(c).toMatchObject({ ok: true, canonical: '^C', output: '' });
    expect(c.running).toBeUndefined();
    expect(last(s)).toEqual({
      id: 1,
      line: 'kubectl drain node2 --ignore-daemonsets',
      startedAt: 0,
      output: r.output,
      done: { at: 30 * 60_000, ok: false },
    });
    // The node stays cordoned and the evictions stand.
    expect(s.engine.get('Node', 'node2')?.spec.unschedulable).toBe(true);
    expect(s.run('^C')).toMatchObject({
      ok: false,
      output: '^C: no command is running (kubectl drain runs until its pods are gone; nothing else runs on)',
    });
  });

  /** Go's utilerrors aggregate text: one error as it is, several in brackets. */
  const agg = (errs: string[]) => (errs.length === 1 ? (errs[0] as string) : `[${errs.join(', ')}]`);

  it('--timeout ends it with kubectl 1.33 lines (context deadline exceeded)', () => {
    const s = sim();
    s.run('ssh node2 systemctl stop kubelet');
    const pods = workloadPodsOn(s, 'node2').map((p) => p.metadata.name);
    expect(pods.length).toBeGreaterThan(0);
    const r = s.run('kubectl drain node2 --ignore-daemonsets --timeout=20s');
    expect(r.canonical).toBe('kubectl drain node2 --ignore-daemonsets --timeout=20s');
    s.advanceTo(19_999);
    expect(last(s)?.done).toBeUndefined();
    s.advanceTo(20_000);
    const errs = pods.map(
      (p) => `error when waiting for pod "${p}" in namespace "default" to terminate: context deadline exceeded`,
    );
    expect(last(s)?.done).toEqual({ at: 20_000, ok: false });
    expect(last(s)?.output).toBe(
      [
        r.output,
        `There are pending pods in node "node2" when an error occurred: ${agg(errs)}`,
        ...pods.map((p) => `pod/${p}`),
        `error: unable to drain node "node2" due to error: ${agg(errs)}, continuing command...`,
        'There are pending nodes to be drained:',
        ' node2',
        ...errs,
      ].join('\n'),
    );
  });

  it('--timeout on the v1.23 profile: kubectl 1.23 lines (global timeout reached)', () => {
    const s = sim('v1.23-docker');
    s.run('ssh node2 systemctl stop kubelet');
    const pods = workloadPodsOn(s, 'node2').map((p) => p.metadata.name);
    s.run('kubectl drain node2 --ignore-daemonsets --timeout=1m30s');
    s.advanceTo(90_000);
    const errs = pods.map((p) => `error when waiting for pod "${p}" terminating: global timeout reached: 1m30s`);
    expect(last(s)?.output).toContain(
      `error: unable to drain node "node2" due to error:${agg(errs)}, continuing command...`,
    );
  });

  it('fails when the API goes away while it waits (the pod GET and the list fail)', () => {
    const s = sim();
    s.run('ssh node2 systemctl stop kubelet');
    const pods = workloadPodsOn(s, 'node2').map((p) => p.metadata.name);
    s.run('kubectl drain node2 --ignore-daemonsets');
    s.run('ssh cp mv /etc/kubernetes/manifests/kube-apiserver.yaml /tmp/kube-apiserver.yaml');
    s.advanceTo(10_000);
    const c = last(s);
    expect(c?.done?.ok).toBe(false);
    const refused = 'dial tcp 192.168.56.10:6443: connect: connection refused';
    const errs = pods.map(
      (p) =>
        `error when waiting for pod "${p}" in namespace "default" to terminate: Get "https://192.168.56.10:6443/api/v1/namespaces/default/pods/${p}": ${refused}`,
    );
    expect(c?.output.split('\n').slice(-4 - pods.length - errs.length)).toEqual([
      ...pods.map((p) => `pod/${p} eviction failed`),
      'Following errors occurred while getting the list of pods to delete:',
      // That Fprintf ends without a newline: kubectl's next line is glued to it.
      `Get "https://192.168.56.10:6443/api/v1/pods?fieldSelector=spec.nodeName%3Dnode2&limit=500": ${refused}error: unable to drain node "node2" due to error: ${agg(errs)}, continuing command...`,
      'There are pending nodes to be drained:',
      ' node2',
      ...errs,
    ]);
  });

  it('replays from the command log to the same trace hash, ^C included; snapshots keep it running', () => {
    const s = sim();
    s.run('ssh node2 systemctl stop kubelet');
    s.advanceTo(5000);
    s.run('kubectl drain node2 --ignore-daemonsets');
    s.advanceTo(65_000);
    const snap = s.snapshot();
    s.advanceTo(70_000);
    s.run('^C');
    s.advanceTo(120_000);
    const log = s.engine.state.commandLog.map(({ at, line, by }) => ({ at, line, by }));
    const replay = new Simulation(scenarioForReplay(s.scenario, log));
    replay.advanceTo(120_000);
    expect(replay.traceHash()).toBe(s.traceHash());
    expect(replay.runningCommands()).toEqual(s.runningCommands());
    // Back to the snapshot: the drain runs again and ends the same way.
    const hash = s.traceHash();
    s.restore(snap);
    expect(s.runningCommands()[0]?.done).toBeUndefined();
    s.advanceTo(70_000);
    s.run('^C');
    s.advanceTo(120_000);
    expect(s.traceHash()).toBe(hash);
  });

  it('parses --timeout as Go durations, with kubectl texts', () => {
    const s = sim();
    expect(s.run('kubectl drain node2 --timeout=5').output).toBe(
      'error: invalid argument "5" for "--timeout" flag: time: missing unit in duration "5"',
    );
    expect(s.run('kubectl drain node2 --timeout=1d').output).toBe(
      'error: invalid argument "1d" for "--timeout" flag: time: unknown unit "d" in duration "1d"',
    );
    expect(s.run('kubectl drain node2 --timeout=0 --ignore-daemonsets').canonical).toBe(
      'kubectl drain node2 --ignore-daemonsets',
    );
  });
});
