/**
 * A container that exits at the very ms it started, restarted at once (the first restart has no
 * back-off): both instances share one ms of the simulated clock. Upstream the runtime orders a
 * pod's containers by CreatedAt (kuberuntime_container.go getPodContainerStatuses, newest first),
 * convertToAPIContainerStatuses (kubelet_pods.go) takes state and restartCount from the newest
 * and lastState from the one before, and getPhase counts a waiting container with a last
 * termination as stopped: with restartPolicy Always the pod is `Running`. Container GC
 * (kuberuntime_gc.go evictContainers, MaxPerPodContainer 1) keeps the newest dead instance.
 */
import { describe, expect, it } from 'vitest';
import '../yaml';
import { containerGC } from './gc';
import { sim } from './testkit';

const CRASH = `kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: crash
spec:
  nodeName: node1
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "exit 1"]`;

describe('a container that exits as it starts', () => {
  it('reports the newest instance: Running, restartCount 1, CrashLoopBackOff 10s, the older one kept as lastState', () => {
    // Several start moments: the tie used to be broken by the random container id.
    for (const at of [10_000, 10_137, 10_274, 10_411]) {
      const s = sim();
      s.advanceTo(at);
      expect(s.run(CRASH).output).toBe('pod/crash created');
      const h = s.engine.state.hosts.node1;
      if (!h) throw new Error('no node1');
      const instances = () => Object.values(h.containers).filter((c) => c.podName === 'crash');
      // Step until the first restart happened in the same ms as the first start.
      while (instances().length < 2 && s.engine.now < at + 20_000) s.step();
      const [first, second] = instances().sort((a, b) => (a.restartCount ?? 0) - (b.restartCount ?? 0));
      expect(first?.startedAt).toBe(second?.startedAt);
      s.advanceTo(s.engine.now + 1_000);
      const pod = s.engine.get('Pod', 'default/crash');
      const cs = pod?.status.containerStatuses[0];
      expect(pod?.status.phase).toBe('Running');
      expect(cs?.restartCount).toBe(1);
      expect(cs?.state).toEqual({
        waiting: {
          reason: 'CrashLoopBackOff',
          message: `back-off 10s restarting failed container=c pod=crash_default(${pod?.metadata.uid})`,
        },
      });
      expect(cs?.lastState?.terminated).toMatchObject({ reason: 'Error', exitCode: 1, startedAt: second?.startedAt });
      expect(cs?.containerID).toBe(`containerd://${second?.id}`);
      expect(s.kubectl('get pod crash')).toMatch(/^crash\s+0\/1\s+CrashLoopBackOff\s+1 \(\d+s ago\)\s+\d+s$/m);
      // A container GC pass now (its period is 1m) keeps the newest dead instance.
      containerGC(s.engine, h as Parameters<typeof containerGC>[1]);
      expect(instances().map((c) => c.restartCount)).toEqual([1]);
    }
  });
});
