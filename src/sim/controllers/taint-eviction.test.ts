import { describe, expect, it } from 'vitest';
import { causeAt } from '../core/cause-log';
import { Simulation } from '../simulation';
import { events, kitScenario, node, run } from './node-lifecycle.testkit';

function scenarioWithWorkloads() {
  const sc = kitScenario({ workers: 2, replicas: 2 });
  sc.spec.objects.push(
    {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'agent' },
      spec: {
        selector: { matchLabels: { app: 'agent' } },
        template: {
          metadata: { labels: { app: 'agent' } },
          spec: { containers: [{ name: 'agent', image: 'busybox:1.36' }] },
        },
      },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'quick' },
      spec: {
        replicas: 2,
        selector: { matchLabels: { app: 'quick' } },
        template: {
          metadata: { labels: { app: 'quick' } },
          spec: {
            containers: [{ name: 'c', image: 'nginx:1.27' }],
            tolerations: [
              { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 },
            ],
          },
        },
      },
    },
  );
  for (const n of ['node1', 'node2']) {
    sc.spec.staticPods.push({
      node: n,
      manifest: {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'static-web' },
        spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
      },
    });
  }
  return sc;
}

describe('taint-eviction-controller', () => {
  const sim = new Simulation(scenarioWithWorkloads());
  const e = sim.engine;
  // The node that got a `quick` pod (scheduler's choice) is the one that loses its kubelet.
  const victim = e.list('Pod').find((p) => p.metadata.labels.app === 'quick')?.spec.nodeName ?? 'node2';
  const onNode2 = () => e.podsOnNode(victim);
  const byOwner = (kind: string) =>
    onNode2().filter(
      (p) =>
        p.metadata.ownerReferences.some((r) => r.kind === kind) ||
        (kind === 'Node' && p.metadata.annotations['kubernetes.io/config.mirror'] !== undefined),
    );
  run(sim, `ssh ${victim} systemctl stop kubelet`);
  sim.advanceTo(70_000);
  const taint = node(sim, victim).spec.taints.find((t) => t.effect === 'NoExecute');
  const observedAt = (taint?.timeAdded ?? 0) + e.state.settings.watchLatency;

  it('the NoExecute taint is there', () => {
    expect(taint?.key).toBe('node.kubernetes.io/unreachable');
  });

  it('uses the smallest tolerationSeconds (60s), counted from when the controller saw the taint', () => {
    const quick = onNode2().filter((p) => p.metadata.labels.app === 'quick');
    expect(quick.length).toBeGreaterThan(0);
    sim.advanceTo(observedAt + 59_000);
    for (const p of quick)
      expect(e.get('Pod', `default/${p.metadata.name}`)?.metadata.deletionTimestamp).toBeUndefined();
    sim.advanceTo(observedAt + 60_500);
    for (const p of quick) {
      const cur = e.get('Pod', `default/${p.metadata.name}`);
      expect(cur?.metadata.deletionTimestamp).toBe(observedAt + 60_000 + 30_000);
      const c = causeAt(e.state.causes, e.lastCause(`Pod/default/${p.metadata.name}`, 'DisruptionTarget') as number);
      expect(c?.constant).toBe('tolerationSeconds=60');
    }
  });

  it('never evicts DaemonSet pods or static (mirror) pods', () => {
    sim.advanceTo(observedAt + 400_000);
    const ds = byOwner('DaemonSet');
    const mirrors = onNode2().filter((p) => p.metadata.annotations['kubernetes.io/config.mirror'] !== undefined);
    // The scenario's DaemonSet and kubeadm's kube-system ones (kube-proxy, calico-node).
    expect(ds.map((p) => p.metadata.name.replace(/-\w{5}$/, '')).sort()).toEqual([
      'agent',
      'calico-node',
      'kube-proxy',
    ]);
    expect(mirrors.length).toBe(1);
    for (const p of [...ds, ...mirrors]) {
      expect(p.metadata.deletionTimestamp).toBeUndefined();
      expect(events(sim, 'TaintManagerEviction', p.metadata.name)).toHaveLength(0);
    }
    // The Deployment's pods with the default 300s toleration are gone by now (Terminating).
    const web = onNode2().filter((p) => p.metadata.labels.app === 'web' || p.metadata.labels.app === 'quick');
    expect(web.length).toBeGreaterThan(0);
    for (const p of web) expect(p.metadata.deletionTimestamp).toBeDefined();
  });
});

describe('taint-eviction-controller: a NoExecute taint the pods do not tolerate', () => {
  it('deletes them at once', () => {
    const sim = new Simulation(kitScenario({ workers: 2, replicas: 4 }));
    const e = sim.engine;
    const keys = e.podKeysOnNode('node1').filter((k) => e.get('Pod', k)?.metadata.labels.app === 'web');
    expect(keys.length).toBeGreaterThan(0);
    const n = structuredClone(node(sim, 'node1'));
    n.spec.taints.push({ key: 'example.com/drain', value: 'now', effect: 'NoExecute', timeAdded: e.now });
    const cause = e.cause({ actor: 'you', what: 'kubectl taint nodes node1 example.com/drain=now:NoExecute' });
    e.put(n, 'taint example.com/drain:NoExecute', cause);
    sim.advanceTo(e.now + 1000);
    for (const k of keys) {
      // The kubelet on node1 runs, so the pod may already be gone: look at its history.
      expect(e.history(`Pod/${k}`)?.some((h) => h.what.startsWith('deletion requested'))).toBe(true);
      const c = causeAt(e.state.causes, e.lastCause(`Pod/${k}`, 'DisruptionTarget') as number);
      expect(c?.rule).toBe('pod does not tolerate taint example.com/drain:NoExecute');
      expect(c?.parents).toContain(cause);
    }
  });
});
