/** The kind export's parts: node names, step translations, predictions, the config's flags. */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseScenario, type Scenario } from '../sim/index';
import { kindConfig } from './kind-config';
import { kindSteps } from './kind-steps';
import { mapNodes } from './nodes';
import { predict } from './predict';
import { builtinExports } from './testkit';

function scenario(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

const S = scenario(`
apiVersion: notready/v1
kind: Scenario
metadata: {name: my-test, title: T}
spec:
  settings: {nodeMonitorGracePeriod: 30s}
  nodes: [{name: a, roles: [control-plane]}, {name: b, zone: z1}, {name: c, labels: {tier: db}}]
  objects:
    - {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 2, template: {spec: {containers: [{name: c, image: nginx}]}}}}
  timeline:
    - {at: 10s, run: "ssh b systemctl stop docker"}
    - {at: 20s, run: "registry down"}
    - {at: 30s, run: "network cut c"}
    - {at: 40s, run: "ssh c systemctl stop kube-proxy"}
    - {at: 50s, run: "kubectl describe node b"}
    - {at: 60s, run: "kubectl drain c --ignore-daemonsets"}
    - {at: 61s, run: "^C"}
`);

describe('kind export', () => {
  it('maps nodes as kind names them, in order per role', () => {
    const m = mapNodes(S);
    expect(m.cluster).toBe('my-test');
    expect([...m.names]).toEqual([
      ['a', 'my-test-control-plane'],
      ['b', 'my-test-worker'],
      ['c', 'my-test-worker2'],
    ]);
  });

  it('translates each command, or says why not', () => {
    const steps = kindSteps({ scenario: S, nodes: mapNodes(S), podsBefore: [] }, S.spec.timeline);
    expect(steps.map((s) => s.shell ?? `SKIP ${s.skip}`)).toEqual([
      ['node_exec my-test-worker systemctl stop containerd'],
      expect.stringMatching(/^SKIP kind nodes pull from the real registries/),
      ['network_cut my-test-worker2'],
      expect.stringMatching(/^SKIP kind runs kube-proxy as a DaemonSet pod/),
      ['kubectl describe node my-test-worker'],
      ['kubectl drain my-test-worker2 --ignore-daemonsets &', 'DRAIN_PID=$!'],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: bash, not a template
      ['if [[ -n "${DRAIN_PID:-}" ]]; then kill -INT "$DRAIN_PID" 2>/dev/null; DRAIN_PID=; fi'],
    ]);
    expect(steps[0]?.note).toContain('kind nodes run containerd');
  });

  it('translates kubectl delete pdb (a PodDisruptionBudget is a real object on kind too)', () => {
    const s = scenario(`
apiVersion: notready/v1
kind: Scenario
metadata: {name: pdb, title: T}
spec:
  nodes: [{name: a, roles: [control-plane]}, {name: b}]
  objects:
    - {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 2, template: {spec: {containers: [{name: c, image: nginx}]}}}}
    - {apiVersion: policy/v1, kind: PodDisruptionBudget, metadata: {name: web}, spec: {maxUnavailable: 0, selector: {matchLabels: {app: web}}}}
  timeline:
    - {at: 10s, run: "kubectl delete pdb web"}
    - {at: 20s, run: "kubectl delete poddisruptionbudgets.policy web -n team"}
`);
    const steps = kindSteps({ scenario: s, nodes: mapNodes(s), podsBefore: [] }, s.spec.timeline);
    expect(steps.map((x) => x.shell ?? `SKIP ${x.skip}`)).toEqual([
      ['kubectl delete pdb web'],
      ['kubectl delete pdb web -n team'],
    ]);
  });

  it('carries settings as flags and nodes with their labels', () => {
    const config = parseYaml(kindConfig(S, mapNodes(S))) as {
      name: string;
      kubeadmConfigPatches: string[];
      nodes: { role: string; labels: Record<string, string> }[];
    };
    expect(config.name).toBe('my-test');
    const cluster = parseYaml(config.kubeadmConfigPatches[0] ?? '');
    expect(cluster.controllerManager.extraArgs['node-monitor-grace-period']).toBe('30s');
    expect(cluster.apiServer.extraArgs['default-unreachable-toleration-seconds']).toBe('300');
    expect(parseYaml(config.kubeadmConfigPatches[1] ?? '')).toEqual({
      kind: 'KubeletConfiguration',
      nodeLeaseDurationSeconds: 40,
      nodeStatusUpdateFrequency: '10s',
      nodeStatusReportFrequency: '5m',
    });
    expect(config.nodes.map((n) => [n.role, n.labels])).toEqual([
      ['control-plane', { 'notready.dev/node': 'a' }],
      ['worker', { 'notready.dev/node': 'b', 'topology.kubernetes.io/zone': 'z1' }],
      ['worker', { 'notready.dev/node': 'c', tier: 'db' }],
    ]);
  });

  it('writes graceful node shutdown into the KubeletConfiguration when the scenario sets it', () => {
    const sc = {
      ...S,
      spec: {
        ...S.spec,
        settings: { ...S.spec.settings, shutdownGracePeriod: 30_000, shutdownGracePeriodCriticalPods: 10_000 },
      },
    };
    const config = parseYaml(kindConfig(sc, mapNodes(sc))) as { kubeadmConfigPatches: string[] };
    expect(parseYaml(config.kubeadmConfigPatches[1] ?? '')).toMatchObject({
      shutdownGracePeriod: '30s',
      shutdownGracePeriodCriticalPods: '10s',
    });
  });

  it('predicts the eviction arc at the times of its chapters', () => {
    const eviction = builtinExports().find((b) => b.scenario.metadata.name === 'eviction')?.scenario as Scenario;
    const p = predict(eviction);
    expect(p.checks.map((c) => [Math.floor(c.at / 1000), c.step, c.probe.kind, c.label])).toEqual([
      [79, 0, 'node-ready', 'node2 NotReady (Ready=Unknown)'],
      [84, 0, 'node-taints', 'node2 tainted node.kubernetes.io/unreachable:NoExecute'],
      [384, 2, 'pods-terminating', '2 pods on node2 marked for deletion (Terminating)'],
      [384, 2, 'new-ready-pods', '1 new pod of deploy/web Ready (replacement web-7d89dcd798-h24c7 Running on node1)'],
      [542, 5, 'node-ready', 'node2 Ready'],
      [543, 5, 'new-ready-pods', '1 new pod of sts/db Ready (replacement db-1 Running on node2)'],
      [544, 5, 'node-taints', 'node2 untainted (node.kubernetes.io/unreachable:NoExecute removed)'],
    ]);
  });

  it('looks a generated pod name up on the real cluster by its workload and node', () => {
    const eviction = builtinExports().find((b) => b.scenario.metadata.name === 'eviction')?.scenario as Scenario;
    const p = predict(eviction);
    const web = p.podsBefore[0]?.find((x) => x.name.startsWith('web-') && x.node === 'node2');
    const timeline = [{ at: 30_000, run: `kubectl delete pod ${web?.name}` }];
    const [step] = kindSteps({ scenario: eviction, nodes: mapNodes(eviction), podsBefore: p.podsBefore }, timeline);
    expect(step?.shell).toEqual(['kubectl delete pod "$(pod_like default app=web eviction-worker2)"']);
    expect(step?.note).toContain("is the simulation's name");
  });
});
