/**
 * Seed 002's second half (../shared/seeds/002_*.txt), pinned against the two built-in scenarios
 * that run it in a cloud, without and with the cluster autoscaler (the same cluster and seed):
 * - "the kubelet does not recreate the Node (it registers only at start), its status updates
 *   fail and flood the log";
 * - "the control plane garbage-collects the orphaned pods and controllers reschedule them; the
 *   kubelet, watching pods, kills their containers, DaemonSet pods included";
 * - "the cloud node controller cannot recreate the Node" (cloud-provider node_controller.go
 *   `syncNode` returns on NotFound; node_lifecycle_controller.go only walks existing Nodes);
 * - "the cluster autoscaler may not handle a machine with no Node: the host becomes an idle
 *   zombie": without an autoscaler it idles forever; cluster-autoscaler 1.33 counts it as an
 *   upcoming node, then removes it max-node-provision-time (15m) after it first saw it
 *   (static_autoscaler.go `removeOldUnregisteredNodes`, clusterstate.go `GetUpcomingNodes`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from './index';
import { Simulation } from './simulation';

function builtin(name: string): Scenario {
  const r = parseScenario(readFileSync(`public/scenarios/${name}.yaml`, 'utf8'));
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.errors)}`);
  return r.scenario;
}

const sec = 1000;
const min = 60 * sec;

function events(sim: Simulation, reason: string) {
  return sim.engine
    .list('Event')
    .filter((e) => e.reason === reason)
    .sort((a, b) => a.firstTimestamp - b.firstTimestamp);
}

function runningOn(sim: Simulation, node: string): string[] {
  const h = sim.engine.state.hosts[node];
  return Object.values(h?.containers ?? {})
    .filter((c) => c.state === 'running')
    .map((c) => c.podName)
    .sort();
}

function pending(sim: Simulation): string[] {
  return sim.engine
    .list('Pod')
    .filter((p) => p.metadata.name.startsWith('web-') && !p.spec.nodeName)
    .map((p) => p.metadata.name);
}

describe('seed 002 in a cloud, without a cluster autoscaler (node-delete-cloud)', () => {
  it('leaves an idle zombie: no Node ever again, the pods elsewhere or Pending, the machine running', () => {
    const sim = new Simulation(builtin('node-delete-cloud'));
    sim.advanceTo(25 * sec);
    const before = runningOn(sim, 'node2');
    expect(before).toEqual(
      expect.arrayContaining([expect.stringMatching(/^calico-node-/), expect.stringMatching(/^kube-proxy-/)]),
    );
    expect(before.filter((n) => n.startsWith('web-')).length).toBe(2);

    sim.advanceTo(1 * min);
    expect(sim.kubectl('kubectl get nodes')).toBe(
      [
        'NAME            STATUS   ROLES           AGE   VERSION',
        'control-plane   Ready    control-plane   10m   v1.33.2',
        'node1           Ready    <none>          10m   v1.33.2',
        'node3           Ready    <none>          10m   v1.33.2',
      ].join('\n'),
    );

    // PodGC: quarantine 40s, then the orphans go; the ReplicaSet recreates two, which fit nowhere.
    sim.advanceTo(2 * min);
    const pods = sim.kubectl('kubectl get pods -o wide').split('\n');
    expect(pods.filter((l) => /\s0\/1\s+Pending\s/.test(l)).length).toBe(2);
    expect(pods.filter((l) => /\s1\/1\s+Running\s.*\s(node1|node3)\s/.test(l)).length).toBe(4);
    // The kubelet saw its pods go and killed their containers, DaemonSet pods included.
    expect(runningOn(sim, 'node2')).toEqual([]);
    const journal = sim.journal('node2');
    expect(journal).toContain('"SyncLoop REMOVE" source="api" pods=["kube-system/kube-proxy-');
    expect(journal).toContain('"SyncLoop REMOVE" source="api" pods=["kube-system/calico-node-');
    // It does not register again: its status updates fail, every 10s, 5 tries each.
    expect(journal).toMatch(
      /"Error updating node status, will retry" err="error getting node \\"node2\\": nodes \\"node2\\" not found"/,
    );
    // One series of 5 tries per 10s status sync since the deletion at 30s.
    const series = journal.match(/"Unable to update node status" err="update node status exceeds retry count"/g);
    expect(series?.length).toBeGreaterThanOrEqual(8);

    // The cloud: node2's machine runs on; nothing recreates its Node; the CCM never acts on it.
    sim.advanceTo(19 * min);
    expect(sim.kubectl('kubectl get node node2')).toBe('Error from server (NotFound): nodes "node2" not found');
    expect(sim.run('cloud instances').output).toMatch(
      /\ni-[0-9a-f]{17} {3}node2 {11}workers {6}zone-a {3}custom-4-8192 {3}192\.168\.56\.12 {3}running {3}29m\n/,
    );
    expect(events(sim, 'DeletingNode')).toEqual([]);
    expect(events(sim, 'Synced').filter((e) => e.involvedObject.name === 'node2').length).toBe(1);
    expect(sim.engine.state.hosts.node2?.services.kubelet?.active).toBe(true);
    expect(pending(sim).length).toBe(2);
    expect(sim.view().cloud?.autoscaler.enabled).toBe(false);
  });
});

describe('seed 002 in a cloud, with cluster-autoscaler 1.33 (node-delete-autoscaler)', () => {
  it('counts the zombie unregistered and as an upcoming node, removes it after 15 minutes, then scales up', () => {
    const sim = new Simulation(builtin('node-delete-autoscaler'));
    sim.advanceTo(70 * sec);
    const cm = sim.kubectl('kubectl describe configmap cluster-autoscaler-status -n kube-system');
    expect(cm).toContain('- health:\n    cloudProviderTarget: 3\n');
    expect(cm.match(/\n {6}unregistered: 1\n/g)?.length).toBe(2);
    // UnregisteredSince: the first loop after the deletion at 30s.
    const since = Object.values(sim.engine.state.cloud?.ca?.unregistered ?? {})[0] as number;
    expect(since).toBeGreaterThan(30 * sec);
    expect(since).toBeLessThanOrEqual(40 * sec);

    // Two replicas Pending for 14 minutes, without a word from the autoscaler: they "fit" the zombie.
    sim.advanceTo(15 * min);
    expect(pending(sim).length).toBe(2);
    expect(events(sim, 'TriggeredScaleUp')).toEqual([]);
    expect(events(sim, 'NotTriggerScaleUp')).toEqual([]);
    expect(sim.engine.state.cloud?.groups.workers?.target).toBe(3);

    sim.advanceTo(16 * min);
    const removed = events(sim, 'DeleteUnregistered');
    const inst = Object.values(sim.engine.state.cloud?.instances ?? {}).find((i) => i.host === 'node2');
    expect(removed.map((e) => [e.type, e.message, e.involvedObject.name])).toEqual([
      ['Normal', `Removed unregistered node ${inst?.providerID}`, 'cluster-autoscaler-status'],
    ]);
    const at = removed[0]?.firstTimestamp as number;
    // UnregisteredSince + 15m, strictly passed: the next loop.
    expect(at).toBeGreaterThan(since + 15 * min);
    expect(at).toBeLessThanOrEqual(since + 15 * min + 10 * sec);
    expect(inst?.state).toBe('terminated');
    expect(events(sim, 'TriggeredScaleUp').map((e) => [e.firstTimestamp, e.message])).toEqual([
      [at, 'pod triggered scale-up: [{workers 2->3 (max: 5)}]'],
      [at, 'pod triggered scale-up: [{workers 2->3 (max: 5)}]'],
    ]);

    sim.advanceTo(19 * min);
    expect(pending(sim)).toEqual([]);
    expect(sim.kubectl('kubectl get nodes')).toMatch(/\nworkers-[a-z0-9]{5}\s+Ready\s+<none>\s+\d+s\s+v1\.33\.2$/);
    expect(sim.kubectl('kubectl get deploy web')).toMatch(/\nweb\s+6\/6\s/);
    // The zombie's kubelet died with its machine.
    expect(sim.engine.state.hosts.node2?.power).toBe('off');
  });
});
