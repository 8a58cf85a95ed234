/**
 * Issue 9 point 1: no ghost survives a kubelet start. Upstream: pkg/kubelet/kubelet.go
 * syncLoopIteration (housekeepingCh, every 2s, skipped until sourcesReady) and
 * pkg/kubelet/kubelet_pods.go HandlePodCleanups ("Clean up orphaned pod containers", grace 1s).
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../core/engine';
import { journalctl } from '../host/journal';
import { putPod, runningOn, sim, simWith } from './testkit';

const sec = 1000;

/** First time (ms, 100ms steps from `from`) at which `gone()` holds. */
function whenGone(s: ReturnType<typeof sim>, from: number, to: number, gone: () => boolean): number | undefined {
  for (let t = from; t <= to; t += 100) {
    s.advanceTo(t);
    if (gone()) return t;
  }
  return undefined;
}

function podUid(e: Engine, key: string): string {
  return e.get('Pod', key)?.metadata.uid ?? '';
}

describe('HandlePodCleanups (kubelet_pods.go): orphaned pod containers die after a kubelet start', () => {
  it('a pod force-deleted while its kubelet was down runs until the kubelet starts, then is killed within seconds', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'ghost', 'node2');
    s.advanceTo(15 * sec);
    const uid = podUid(e, 'default/ghost');
    expect(runningOn(e, 'node2', uid)).toBe(1);
    expect(s.run('ssh node2 systemctl stop kubelet').ok).toBe(true);
    expect(s.run('kubectl delete pod ghost --force --grace-period=0').ok).toBe(true);
    s.advanceTo(120 * sec);
    // The ghost: no pod in the API, the container still runs (nobody on the node knows).
    expect(e.get('Pod', 'default/ghost')).toBeUndefined();
    expect(runningOn(e, 'node2', uid)).toBe(1);
    expect(s.run('ssh node2 systemctl start kubelet').ok).toBe(true);
    const gone = whenGone(s, 120 * sec, 140 * sec, () => runningOn(e, 'node2', uid) === 0);
    expect(gone).toBeDefined();
    // PLEG's first relist (sync loop running), a 2s housekeeping tick, then the 1s grace period.
    expect((gone ?? 0) - 120 * sec).toBeLessThanOrEqual(8 * sec);
    expect(journalctl(e, 'node2', 'kubelet')).toContain(`"Clean up orphaned pod containers" podUID="${uid}"`);
    // Its sandbox goes with it, and the dead records with container GC.
    expect(e.state.hosts.node2?.sandboxes?.[uid]).toBeUndefined();
  });

  it('a StatefulSet pod force-deleted on a dead kubelet never runs twice once that kubelet is back', () => {
    const s = simWith([
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'db' },
        spec: {
          replicas: 1,
          serviceName: 'db',
          template: { spec: { containers: [{ name: 'redis', image: 'redis:7' }] } },
        },
      },
    ]);
    const e = s.engine;
    s.advanceTo(10 * sec);
    const node = e.get('Pod', 'default/db-0')?.spec.nodeName ?? '';
    const oldUid = podUid(e, 'default/db-0');
    expect(s.run(`ssh ${node} systemctl stop kubelet`).ok).toBe(true);
    s.advanceTo(20 * sec);
    expect(s.run('kubectl delete pod db-0 --force --grace-period=0').ok).toBe(true);
    s.advanceTo(100 * sec);
    const liveDb0 = () =>
      Object.values(e.state.hosts).flatMap((h) =>
        Object.values(h.containers).filter((c) => c.podName === 'db-0' && c.state === 'running'),
      );
    // While the kubelet is away the old incarnation still runs (the ghost the issue describes).
    expect(liveDb0().some((c) => c.podUid === oldUid)).toBe(true);
    expect(s.run(`ssh ${node} systemctl start kubelet`).ok).toBe(true);
    s.advanceTo(110 * sec);
    expect(liveDb0().some((c) => c.podUid === oldUid)).toBe(false);
    s.advanceTo(200 * sec);
    expect(liveDb0().length).toBe(1);
    expect(s.kubectl('kubectl get sts db')).toMatch(/^db\s+1\/1\s/m);
  });

  it('pods PodGC removed after the Node was deleted are killed when the kubelet starts again', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'orphan', 'node2').spec.tolerations = [{ operator: 'Exists' }];
    s.advanceTo(15 * sec);
    const uid = podUid(e, 'default/orphan');
    s.run('ssh node2 systemctl stop kubelet');
    s.run('kubectl delete node node2');
    s.advanceTo(120 * sec); // podgc.go: 20s period, 40s quarantine, then a force delete
    expect(e.get('Pod', 'default/orphan')).toBeUndefined();
    expect(runningOn(e, 'node2', uid)).toBe(1);
    s.run('ssh node2 systemctl start kubelet');
    s.advanceTo(130 * sec);
    expect(runningOn(e, 'node2', uid)).toBe(0);
    expect(s.kubectl('kubectl get nodes')).toMatch(/^node2\s+Ready\s/m);
  });

  it('housekeeping waits for the pod sources: a kubelet started without the API kills nothing until it answers', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'ghost', 'node2');
    putPod(e, 'keeper', 'node2');
    s.advanceTo(15 * sec);
    const uid = podUid(e, 'default/ghost');
    const keeper = podUid(e, 'default/keeper');
    s.run('ssh node2 systemctl stop kubelet');
    s.run('kubectl delete pod ghost --force --grace-period=0');
    // The kubelet starts, and the link to the control plane is cut before its first sync.
    expect(s.run('ssh node2 systemctl start kubelet').ok).toBe(true);
    expect(s.run('network cut node2').ok).toBe(true);
    s.advanceTo(60 * sec);
    expect(runningOn(e, 'node2', uid)).toBe(1);
    s.run('network heal node2');
    s.advanceTo(75 * sec);
    expect(runningOn(e, 'node2', uid)).toBe(0);
    // A pod the API still has is not an orphan: its container was adopted, never restarted.
    expect(runningOn(e, 'node2', keeper)).toBe(1);
    expect(e.get('Pod', 'default/keeper')?.status.containerStatuses[0]?.restartCount).toBe(0);
  });
});
