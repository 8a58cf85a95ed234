import { describe, expect, it } from 'vitest';
import type { Scenario } from '../core/scenario-types';
import { Simulation } from '../simulation';
import { passIsNoop } from './quiet-sync';
import { staticNginx } from './testkit';

const MIN = 60_000;

function scenario(): Scenario {
  return {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: 'quiet', title: 'quiet' },
    spec: {
      profile: 'v1.33',
      seed: 5,
      settings: {},
      nodes: [
        { name: 'control-plane', roles: ['control-plane'] },
        { name: 'node1', roles: [] },
      ],
      objects: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: {
            replicas: 3,
            selector: { matchLabels: { app: 'web' } },
            template: {
              metadata: { labels: { app: 'web' } },
              spec: { containers: [{ name: 'main', image: 'nginx:1.27' }] },
            },
          },
        },
      ],
      staticPods: [],
      timeline: [],
      lesson: [],
      duration: 600_000,
    },
  };
}

function node1(sim: Simulation) {
  const h = sim.engine.state.hosts.node1;
  if (!h?.kubelet) throw new Error('node1 kubelet not running');
  return h as typeof h & { kubelet: NonNullable<typeof h.kubelet> };
}

/** A write to one of node1's pods that asks for no sync (labels only). */
function relabelAPod(sim: Simulation): void {
  const pod = sim.engine.podsOnNode('node1')[0];
  if (!pod) throw new Error('no pod on node1');
  const c = sim.engine.cause({ actor: 'test', what: 'relabel' });
  sim.engine.put({ ...pod, metadata: { ...pod.metadata, labels: { ...pod.metadata.labels, x: 'y' } } }, 'relabel', c);
}

describe('quiet kubelet sync passes', () => {
  it('are skipped on a settled node, and run again after a pod write or a container change', () => {
    const sim = new Simulation(scenario());
    sim.advanceTo(5 * MIN);
    expect(passIsNoop(sim.engine, node1(sim))).toBe(true);
    // A write by someone else that asks for no sync (labels only) must make the next pass run.
    relabelAPod(sim);
    expect(passIsNoop(sim.engine, node1(sim))).toBe(false);
    sim.advanceTo(10 * MIN);
    expect(passIsNoop(sim.engine, node1(sim))).toBe(true);
    sim.run('ssh node1 systemctl restart containerd');
    expect(passIsNoop(sim.engine, node1(sim))).toBe(false);
  });

  it('hold across a snapshot and restore, and one noted on a write after the snapshot holds for no other write', () => {
    const sim = new Simulation(scenario());
    sim.advanceTo(5 * MIN);
    const snap = sim.snapshot();
    sim.advanceTo(6 * MIN);
    sim.restore(snap);
    expect(passIsNoop(sim.engine, node1(sim))).toBe(true);
    relabelAPod(sim);
    expect(passIsNoop(sim.engine, node1(sim))).toBe(false);
    // The resync's pass notes a mark of the pods after that write.
    sim.advanceTo(8 * MIN);
    expect(passIsNoop(sim.engine, node1(sim))).toBe(true);
    // Back at the snapshot, its own mark (kept with the newer one) holds again...
    sim.restore(snap);
    expect(passIsNoop(sim.engine, node1(sim))).toBe(true);
    // ...and a different write from there is not the one the newer mark saw (its stamp is new).
    relabelAPod(sim);
    expect(passIsNoop(sim.engine, node1(sim))).toBe(false);
    // Without the engine's indexes (a state alone) no pod-write stamp is known: a full pass first.
    sim.restore({ state: snap.state, api: snap.api });
    expect(passIsNoop(sim.engine, node1(sim))).toBe(false);
  });

  it('never change the run: same trace with and without restores in between', () => {
    const a = new Simulation(scenario());
    a.advanceTo(30 * MIN);
    const b = new Simulation(scenario());
    for (let t = MIN; t <= 30 * MIN; t += MIN) {
      b.advanceTo(t);
      b.restore(b.snapshot());
    }
    expect(b.traceHash()).toBe(a.traceHash());
  });

  it('never change the run when a seek back abandons a different minute', () => {
    const a = new Simulation(scenario());
    a.advanceTo(20 * MIN);
    const b = new Simulation(scenario());
    for (let t = MIN; t <= 20 * MIN; t += MIN) {
      const snap = b.snapshot();
      // A minute that never happened: a pod deleted and a container runtime restarted on node1.
      const pod = b.engine.podsOnNode('node1')[0];
      if (pod) b.run(`kubectl delete pod ${pod.metadata.name}`);
      b.run('ssh node1 systemctl restart containerd');
      b.advanceTo(t);
      b.restore(snap);
      b.advanceTo(t);
    }
    expect(b.traceHash()).toBe(a.traceHash());
  });

  // Found in review: a pass also reads what no mark names (here the static manifests); the
  // request a manifest move makes must keep a mark made in another history from holding.
  describe('with a static pod whose manifest moves', () => {
    const OUT = 'ssh node1 mv /etc/kubernetes/manifests/nginx.yaml /tmp/';
    const IN = 'ssh node1 mv /tmp/nginx.yaml /etc/kubernetes/manifests/';
    function withStaticPod(timeline: Scenario['spec']['timeline'] = []): Scenario {
      const s = scenario();
      return {
        ...s,
        spec: {
          ...s.spec,
          objects: [],
          timeline,
          staticPods: [staticNginx('node1')],
        } as Scenario['spec'],
      };
    }

    it('a checkpoint between the move and its pass, restored after another history put it back: the same run', () => {
      const a = new Simulation(withStaticPod());
      a.advanceTo(5 * MIN);
      a.run(OUT);
      a.advanceTo(10 * MIN);
      const b = new Simulation(withStaticPod());
      b.advanceTo(5 * MIN);
      b.run(OUT);
      const snap = b.snapshot();
      b.run(IN);
      b.advanceTo(6 * MIN);
      b.restore(snap);
      b.advanceTo(10 * MIN);
      expect(b.traceHash()).toBe(a.traceHash());
    });

    it('seeks back before the move and forward again to a checkpoint just after it: the same run', () => {
      const timeline = [{ at: 5 * MIN, run: OUT }] as Scenario['spec']['timeline'];
      const a = new Simulation(withStaticPod(timeline));
      a.advanceTo(10 * MIN);
      const b = new Simulation(withStaticPod(timeline));
      b.advanceTo(4 * MIN);
      const before = b.snapshot();
      b.advanceTo(5 * MIN + 1);
      const after = b.snapshot();
      b.advanceTo(6 * MIN);
      b.restore(before);
      b.advanceTo(5 * MIN - 1);
      b.restore(after);
      b.advanceTo(10 * MIN);
      expect(b.traceHash()).toBe(a.traceHash());
    });
  });
});
