import { describe, expect, it } from 'vitest';
import { formatScenarioError, parseScenario } from './parse';

const HEAD = `apiVersion: notready/v1
kind: Scenario
metadata: {name: t, title: "A test"}
`;

function errors(text: string): string[] {
  const r = parseScenario(text);
  if (r.ok) throw new Error('expected errors');
  return r.errors.map((e) => formatScenarioError(e));
}

function ok(text: string) {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map((e) => formatScenarioError(e)).join('\n'));
  return r.scenario;
}

describe('parseScenario: valid input', () => {
  it('applies the defaults', () => {
    const s = ok(`${HEAD}spec:\n  nodes: [{name: cp, roles: [control-plane]}]\n`);
    expect(s.spec).toEqual({
      profile: 'v1.33',
      seed: 1,
      settings: {},
      nodes: [{ name: 'cp', roles: ['control-plane'] }],
      objects: [],
      staticPods: [],
      timeline: [],
      lesson: [],
      duration: 600_000,
    });
    expect(s.metadata).toEqual({ name: 't', title: 'A test' });
  });

  it('converts settings: durations to ms, toleration seconds to seconds, rates as numbers', () => {
    const s = ok(`${HEAD}spec:
  settings: {nodeMonitorGracePeriod: 40s, podGCPeriod: 1m30s, defaultTolerationSeconds: 5m, nodeLeaseDurationSeconds: 40, nodeEvictionRate: 0.5}
  nodes: [{name: cp, roles: [control-plane]}]
`);
    expect(s.spec.settings).toEqual({
      nodeMonitorGracePeriod: 40_000,
      podGCPeriod: 90_000,
      defaultTolerationSeconds: 300,
      nodeLeaseDurationSeconds: 40,
      nodeEvictionRate: 0.5,
    });
  });

  it('sorts the timeline by time, keeping the written order at equal times', () => {
    const s = ok(`${HEAD}spec:
  nodes: [{name: cp, roles: [control-plane]}]
  timeline:
    - {at: 3m, run: "c"}
    - {at: 30s, run: "a"}
    - {at: 30, run: "b"}
`);
    expect(s.spec.timeline).toEqual([
      { at: 30_000, run: 'a' },
      { at: 30_000, run: 'b' },
      { at: 180_000, run: 'c' },
    ]);
  });

  it('reads JSON as well as YAML, with node quantities', () => {
    const s = ok(
      JSON.stringify({
        apiVersion: 'notready/v1',
        kind: 'Scenario',
        metadata: { name: 'j', title: 'J' },
        spec: {
          profile: 'v1.23-docker',
          seed: 7,
          nodes: [{ name: 'm', roles: ['control-plane', 'master'], cpu: '500m', memory: '8Gi', zone: 'a' }],
        },
      }),
    );
    expect(s.spec.profile).toBe('v1.23-docker');
    expect(s.spec.seed).toBe(7);
    expect(s.spec.nodes[0]).toEqual({
      name: 'm',
      roles: ['control-plane', 'master'],
      cpu: 500,
      memory: 8192,
      zone: 'a',
    });
  });

  it('flattens a kubectl List and drops server-written fields', () => {
    const s = ok(`${HEAD}spec:
  nodes: [{name: cp, roles: [control-plane]}]
  objects:
    - apiVersion: v1
      kind: List
      items:
        - apiVersion: apps/v1
          kind: Deployment
          metadata:
            name: web
            uid: 1b2c
            resourceVersion: "123"
            creationTimestamp: "2024-01-01T00:00:00Z"
            generation: 1
            managedFields: [{manager: kubectl}]
            annotations: {deployment.kubernetes.io/revision: "1", team: a}
          spec:
            replicas: 2
            template: {metadata: {creationTimestamp: null, labels: {app: web}}, spec: {containers: [{name: n, image: nginx}]}}
          status: {replicas: 2}
        - {apiVersion: v1, kind: Service, metadata: {name: web}, spec: {selector: {app: web}, ports: [{port: 80}]}}
`);
    expect(s.spec.objects).toEqual([
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', annotations: { team: 'a' } },
        spec: {
          replicas: 2,
          template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'n', image: 'nginx' }] } },
        },
      },
      {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'web' },
        spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
      },
    ]);
  });

  it('keeps static pods and lesson steps', () => {
    const s = ok(`${HEAD}spec:
  nodes: [{name: cp, roles: [control-plane]}, {name: node2}]
  staticPods:
    - {node: node2, manifest: {apiVersion: v1, kind: Pod, metadata: {name: nginx}, spec: {containers: [{name: nginx, image: nginx}]}}}
  lesson:
    - {id: one, text: "Stop it", run: "ssh node2 systemctl stop kubelet", waitFor: "node node2 NotReady"}
    - id: two
      text: "What happens?"
      predict: {question: "Q?", choices: ["a", "b"], answer: 1, explanation: "because"}
`);
    expect(s.spec.staticPods).toHaveLength(1);
    expect(s.spec.staticPods[0]?.node).toBe('node2');
    expect(s.spec.lesson.map((l) => l.id)).toEqual(['one', 'two']);
    expect(s.spec.lesson[1]?.predict?.answer).toBe(1);
  });
});

describe('parseScenario: spec.duration (the end of the scenario)', () => {
  const NODES = '  nodes: [{name: cp, roles: [control-plane]}]\n';
  it('reads a duration, or defaults to 10 minutes after the last timeline entry (at least 10 minutes)', () => {
    expect(ok(`${HEAD}spec:\n${NODES}  duration: 15m\n`).spec.duration).toBe(900_000);
    expect(ok(`${HEAD}spec:\n${NODES}  duration: 90\n`).spec.duration).toBe(90_000);
    expect(ok(`${HEAD}spec:\n${NODES}`).spec.duration).toBe(600_000);
    const timeline =
      '  timeline:\n    - {at: 8m, run: "kubectl get nodes"}\n    - {at: 30s, run: "kubectl get pods"}\n';
    expect(ok(`${HEAD}spec:\n${NODES}${timeline}`).spec.duration).toBe(18 * 60_000);
    expect(ok(`${HEAD}spec:\n${NODES}${timeline}  duration: 8m\n`).spec.duration).toBe(8 * 60_000);
  });

  it('must be positive, at most 24h, and not before the last timeline entry', () => {
    expect(errors(`${HEAD}spec:\n${NODES}  duration: 0s\n`)).toEqual([
      'spec.duration: must be longer than 0s (line 6, column 13)',
    ]);
    expect(errors(`${HEAD}spec:\n${NODES}  duration: 25h\n`)).toEqual([
      'spec.duration: 25h is longer than 24h, the longest a scenario may run (line 6, column 13)',
    ]);
    expect(errors(`${HEAD}spec:\n${NODES}  duration: soon\n`)).toEqual([
      'spec.duration: "soon" is not a duration (examples: 40s, 5m, 1h30m) (line 6, column 13)',
    ]);
    expect(errors(`${HEAD}spec:\n${NODES}  timeline: [{at: 9m, run: "kubectl get nodes"}]\n  duration: 5m\n`)).toEqual([
      'spec.duration: 5m ends before the last timeline entry (at 9m) (line 7, column 13)',
    ]);
  });

  it('names a duration just past a limit exactly, so that the two times differ (not "24h is longer than 24h")', () => {
    for (const given of ['24h0m0.001s', '86400001ms', '24h1ms'])
      expect(errors(`${HEAD}spec:\n${NODES}  duration: ${given}\n`)).toEqual([
        'spec.duration: 24h1ms is longer than 24h, the longest a scenario may run (line 6, column 13)',
      ]);
    expect(ok(`${HEAD}spec:\n${NODES}  duration: 24h0.4ms\n`).spec.duration).toBe(86_400_000);
    expect(
      errors(`${HEAD}spec:\n${NODES}  timeline: [{at: 5m500ms, run: "kubectl get nodes"}]\n  duration: 5m\n`),
    ).toEqual(['spec.duration: 5m ends before the last timeline entry (at 5m500ms) (line 7, column 13)']);
    expect(errors(`${HEAD}spec:\n${NODES}  timeline: [{at: 24h0m0.001s, run: "kubectl get nodes"}]\n`)[0]).toMatch(
      /^spec\.timeline\[0\]\.at: 24h1ms is after 24h, the limit of a simulation/,
    );
  });

  it('keeps who ran a timeline entry when a replay wrote it (by: you), and nothing else', () => {
    const s = ok(
      `${HEAD}spec:\n${NODES}  timeline: [{at: 1m, run: "kubectl get nodes", by: you}, {at: 2m, run: "registry down"}]\n`,
    );
    expect(s.spec.timeline).toEqual([
      { at: 60_000, run: 'kubectl get nodes', by: 'you' },
      { at: 120_000, run: 'registry down' },
    ]);
    expect(errors(`${HEAD}spec:\n${NODES}  timeline: [{at: 1m, run: "kubectl get nodes", by: me}]\n`)).toEqual([
      'spec.timeline[0].by: "me" is not who ran it (only "you" may be written) (line 6, column 53)',
    ]);
  });
});

describe('parseScenario: errors name the path and the reason', () => {
  it('reports bad node names, durations and profiles with exact messages', () => {
    expect(
      errors(`${HEAD}spec:
  profile: v1.99
  nodes:
    - {name: cp, roles: [control-plane]}
    - {name: node1}
    - {name: Node_2}
  timeline:
    - {at: 5x, run: "ssh node1 poweroff"}
`),
    ).toEqual([
      'spec.profile: "v1.99" is not a known profile (v1.33, v1.23-docker) (line 5, column 12)',
      `spec.nodes[2].name: "Node_2" is not a valid node name (lowercase letters, digits and '-') (line 9, column 14)`,
      'spec.timeline[0].at: "5x" is not a duration (examples: 40s, 5m, 1h30m) (line 11, column 12)',
    ]);
  });

  it('requires exactly one control-plane node', () => {
    expect(errors(`${HEAD}spec:\n  nodes: [{name: a}, {name: b}]\n`)).toEqual([
      'spec.nodes: exactly one node must have the control-plane role (line 5, column 10)',
    ]);
    expect(errors(`${HEAD}spec:\n  nodes: [{name: a, roles: [control-plane]}, {name: b, roles: [master]}]\n`)).toEqual([
      'spec.nodes: exactly one node must have the control-plane role (line 5, column 10)',
    ]);
  });

  it('rejects duplicate node names, too many or no nodes', () => {
    expect(errors(`${HEAD}spec:\n  nodes: [{name: a, roles: [control-plane]}, {name: a}]\n`)).toEqual([
      'spec.nodes[1].name: "a" is already used by spec.nodes[0] (line 5, column 53)',
    ]);
    expect(errors(`${HEAD}spec:\n  nodes: []\n`)).toEqual(['spec.nodes: 0 nodes: give 1 to 5,000 (line 5, column 10)']);
    const many = Array.from({ length: 5001 }, (_, i) => `{name: n${i}}`).join(', ');
    expect(errors(`${HEAD}spec:\n  nodes: [${many}]\n`)[0]).toMatch(/^spec\.nodes: 5,001 nodes: give 1 to 5,000/);
  });

  it('rejects unknown settings and fields', () => {
    expect(
      errors(
        `${HEAD}spec:\n  settings: {gracePeriod: 40s}\n  nodes: [{name: a, roles: [control-plane]}]\n  extra: 1\n`,
      ),
    ).toEqual([
      expect.stringMatching(
        /^spec\.settings\.gracePeriod: unknown setting "gracePeriod" \(known: cloudNodeMonitorPeriod, defaultTolerationSeconds, /,
      ),
      'spec.extra: unknown field "extra" (known: profile, seed, settings, nodes, objects, staticPods, timeline, lesson, duration, addons, cloud) (line 7, column 10)',
    ]);
  });

  it('reads spec.addons: each of kubeProxy, cni, coreDNS on unless false; errors name the path', () => {
    const ok = parseScenario(`${HEAD}spec:\n  nodes: [{name: a, roles: [control-plane]}]\n  addons: {cni: false}\n`);
    expect(ok.ok && ok.scenario.spec.addons).toEqual({ kubeProxy: true, cni: false, coreDNS: true });
    const none = parseScenario(`${HEAD}spec:\n  nodes: [{name: a, roles: [control-plane]}]\n`);
    expect(none.ok && none.scenario.spec.addons).toBeUndefined();
    expect(
      errors(`${HEAD}spec:\n  nodes: [{name: a, roles: [control-plane]}]\n  addons: {coreDNS: no, dns: true}\n`),
    ).toEqual([
      'spec.addons.coreDNS: expected true or false, got "no" (line 6, column 21)',
      'spec.addons.dns: unknown field "dns" (known: kubeProxy, cni, coreDNS) (line 6, column 30)',
    ]);
  });

  it('reports missing fields and wrong types', () => {
    expect(errors('apiVersion: notready/v1\nkind: Scenario\nmetadata: {name: t}\nspec: 3\n')).toEqual([
      'metadata.title: is required (line 3, column 11)',
      'spec: expected a mapping, got 3 (line 4, column 7)',
    ]);
  });

  it('checks manifests: kind, apiVersion, name, inside Lists too', () => {
    expect(
      errors(`${HEAD}spec:
  nodes: [{name: a, roles: [control-plane]}]
  objects:
    - {apiVersion: v1, kind: ConfigMap, metadata: {name: c}}
    - {kind: List, items: [{apiVersion: extensions/v1beta1, kind: Deployment, metadata: {name: web}}]}
    - {apiVersion: v1, kind: Pod, metadata: {name: Web}}
    - {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {containers: [{name: c, image: nginx}]}}
    - {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {containers: [{name: c, image: nginx}]}}
`).map((e) => e.replace(/ \(line.*$/, '')),
    ).toEqual([
      'spec.objects[0].kind: "ConfigMap" is not supported here (Deployment, StatefulSet, DaemonSet, ReplicaSet, Pod, Service, PodDisruptionBudget, PersistentVolumeClaim, List)',
      'spec.objects[1].items[0].apiVersion: "extensions/v1beta1" is not served for Deployment (use apps/v1)',
      `spec.objects[2].metadata.name: "Web" is not a valid name (lowercase letters, digits, '-' and '.')`,
      'spec.objects[4].metadata.name: Pod/default/p is already defined at spec.objects[3]',
    ]);
  });

  it('checks static pods are Pods on known nodes', () => {
    expect(
      errors(`${HEAD}spec:
  nodes: [{name: a, roles: [control-plane]}]
  staticPods:
    - {node: b, manifest: {apiVersion: v1, kind: Pod, metadata: {name: x}}}
    - {node: a, manifest: {apiVersion: apps/v1, kind: Deployment, metadata: {name: x}}}
`).map((e) => e.replace(/ \(line.*$/, '')),
    ).toEqual([
      'spec.staticPods[0].node: "b" is not one of spec.nodes',
      'spec.staticPods[1].manifest.kind: "Deployment" is not supported here (Pod)',
    ]);
  });

  it('checks lesson answers are within the choices', () => {
    expect(
      errors(`${HEAD}spec:
  nodes: [{name: a, roles: [control-plane]}]
  lesson:
    - {id: s, text: t, predict: {question: q, choices: [x, y], answer: 2, explanation: e}}
`).map((e) => e.replace(/ \(line.*$/, '')),
    ).toEqual(['spec.lesson[0].predict.answer: 2 is not the index of a choice (0 to 1)']);
  });

  it('gives line:column for YAML syntax errors', () => {
    const r = parseScenario('spec:\n  nodes: [a, b\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]?.message).toMatch(/^YAML syntax error at \d+:\d+: /);
    expect(r.errors[0]?.line).toBeGreaterThan(0);
  });

  it('rejects a document that is not a mapping', () => {
    expect(errors('- 1\n')).toEqual(['a scenario must be a mapping (apiVersion, kind, metadata, spec)']);
  });

  it('formats with a file name compiler-style', () => {
    const r = parseScenario(`${HEAD}spec:\n  profile: v9\n  nodes: [{name: a, roles: [control-plane]}]\n`);
    if (r.ok) throw new Error('expected errors');
    expect(formatScenarioError(r.errors[0]!, 'x.yaml')).toBe(
      'x.yaml:5:12: spec.profile: "v9" is not a known profile (v1.33, v1.23-docker)',
    );
  });
});
