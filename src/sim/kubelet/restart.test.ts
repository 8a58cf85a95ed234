/**
 * Issue 9 point 4: a kubelet restart keeps pods as they were. Upstream:
 * pkg/kubelet/prober/prober_manager.go UpdatePodStatus (no readiness probe: ready at once),
 * pkg/kubelet/prober/worker.go run (after a restart the first probe waits a random part of a
 * period), pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions (a ready sandbox is
 * kept), pkg/kubelet/status/status_manager.go updateStatusInternal (StartTime never changes).
 */
import { describe, expect, it } from 'vitest';
import type { Pod } from '../core/api-types';
import { deployment, podEvents, podsNamed, simWith } from './testkit';

const sec = 1000;

function readySamples(s: ReturnType<typeof simWith>, key: string, from: number, to: number): boolean[] {
  const seen: boolean[] = [];
  for (let t = from; t <= to; t += 100) {
    s.advanceTo(t);
    const r = s.engine.get('Pod', key)?.status.containerStatuses[0]?.ready;
    if (r !== undefined && seen[seen.length - 1] !== r) seen.push(r);
  }
  return seen;
}

function identity(p: Pod | undefined) {
  return {
    ip: p?.status.podIP,
    startTime: p?.status.startTime,
    containerID: p?.status.containerStatuses[0]?.containerID,
    restartCount: p?.status.containerStatuses[0]?.restartCount,
  };
}

describe('kubelet restart keeps pods as they were', () => {
  it('no readiness probe: no 0/1 blip, same sandbox (pod IP), same Start Time, same container, no SandboxChanged', () => {
    const s = simWith([deployment('web', 2, { name: 'nginx', image: 'nginx:1.27' }, 'node2')]);
    const e = s.engine;
    s.advanceTo(20 * sec);
    const [pod] = podsNamed(e, 'web-', 'node2');
    const key = `default/${pod?.metadata.name}`;
    const before = identity(e.get('Pod', key));
    expect(before.ip).toMatch(/^10\.244\./);
    expect(s.run('ssh node2 systemctl restart kubelet').ok).toBe(true);
    expect(readySamples(s, key, 20 * sec, 40 * sec)).toEqual([true]);
    expect(s.kubectl('kubectl get deploy web')).toMatch(/^web\s+2\/2\s/m);
    expect(identity(e.get('Pod', key))).toEqual(before);
    expect(podEvents(e, pod?.metadata.name ?? '').some((x) => x.includes('SandboxChanged'))).toBe(false);
  });

  it('with a readiness probe: not ready until the first probe after the restart, which comes within one period', () => {
    const probe = { httpGet: { path: '/', port: 80 }, periodSeconds: 10 };
    const s = simWith([deployment('web', 1, { name: 'nginx', image: 'nginx:1.27', readinessProbe: probe }, 'node2')]);
    const e = s.engine;
    s.advanceTo(20 * sec);
    const [pod] = podsNamed(e, 'web-', 'node2');
    const key = `default/${pod?.metadata.name}`;
    const before = identity(e.get('Pod', key));
    expect(e.get('Pod', key)?.status.containerStatuses[0]?.ready).toBe(true);
    s.run('ssh node2 systemctl restart kubelet');
    let falseFrom: number | undefined;
    let trueAgain: number | undefined;
    for (let t = 20 * sec; t <= 40 * sec; t += 100) {
      s.advanceTo(t);
      const ready = e.get('Pod', key)?.status.containerStatuses[0]?.ready;
      if (ready === false && falseFrom === undefined) falseFrom = t;
      if (ready === true && falseFrom !== undefined && trueAgain === undefined) trueAgain = t;
    }
    // The 1.30-1.34 readiness reset: the window is the worker's random start delay (< periodSeconds).
    expect(falseFrom).toBeDefined();
    expect(trueAgain).toBeDefined();
    expect((trueAgain ?? 0) - (falseFrom ?? 0)).toBeLessThanOrEqual(10 * sec + 500);
    expect(identity(e.get('Pod', key))).toEqual(before);
  });
});
