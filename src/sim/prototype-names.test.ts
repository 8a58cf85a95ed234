/**
 * Names that are also properties of `Object.prototype` (`__proto__`, `constructor`, `toString`...)
 * are ordinary names: every command template with such a name in every name position, scenarios
 * with nodes and objects called `constructor` (a valid DNS-1123 name), and the engine's other
 * entry points must neither throw nor change `Object.prototype`, and later commands keep working.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMemory } from './api/defaults';
import { parseScenario, type Scenario, Simulation } from './index';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'] as const;

/** Every command template of the command language (commands/parse.ts); X is the name. */
const TEMPLATES = [
  'kubectl get node X',
  'kubectl get nodes X -o wide',
  'kubectl get pod X',
  'kubectl get pods -n X',
  'kubectl get pods -n X -o wide',
  'kubectl get deploy X',
  'kubectl get rs X',
  'kubectl get sts X',
  'kubectl get ds X',
  'kubectl get svc X',
  'kubectl get endpointslices X',
  'kubectl get events -n X',
  'kubectl get leases X -n kube-node-lease',
  'kubectl get node/X',
  'kubectl get X',
  'kubectl describe node X',
  'kubectl describe pod X',
  'kubectl describe pod X -n X',
  'kubectl describe deploy X',
  'kubectl describe sts X',
  'kubectl delete pod X',
  'kubectl delete pod X -n X',
  'kubectl delete pod X --force --grace-period=0',
  'kubectl delete pod X --grace-period=-1',
  'kubectl delete node X',
  'kubectl cordon X',
  'kubectl uncordon X',
  'kubectl drain X',
  'kubectl drain X --ignore-daemonsets --force',
  'kubectl scale deploy X --replicas=2',
  'kubectl scale deploy/X --replicas=0 -n X',
  'kubectl scale sts X --replicas=2',
  'kubectl run X --image nginx',
  'kubectl run X --image X',
  'kubectl run web-x --image nginx -n X',
  'kubectl create deployment X --image nginx',
  'kubectl create deployment X --image X --replicas=2 -n X',
  'kubectl logs X',
  'kubectl logs X -c X -n X',
  'kubectl exec X -- ls',
  'kubectl exec X -c X -- ls',
  'kubectl port-forward X 8080:80',
  'kubectl port-forward pod/X 80 -n X',
  'ssh X systemctl stop kubelet',
  'ssh X systemctl start kubelet',
  'ssh X systemctl restart containerd',
  'ssh X systemctl status kube-proxy',
  'ssh X systemctl stop X',
  'ssh X journalctl -u kubelet',
  'ssh X journalctl -u X',
  'ssh X poweroff',
  'ssh X reboot',
  'ssh X mv /etc/kubernetes/manifests/X /tmp/',
  'ssh X sed -i s/a/b/ X',
  'ssh node1 mv /tmp/X /etc/kubernetes/manifests/',
  'ssh control-plane mv /etc/kubernetes/manifests/kube-scheduler.yaml /etc/kubernetes/manifests/X',
  'ssh control-plane mv /etc/kubernetes/manifests/X /tmp/X',
  'ssh control-plane mv /tmp/X /etc/kubernetes/manifests/kube-scheduler.yaml',
  'ssh control-plane sed -i s/kube/X/ /etc/kubernetes/manifests/X',
  'ssh node1 mv /tmp/X X',
  'power-on X',
  'network cut X',
  'network heal X',
  'X',
  'kubectl X',
  'ssh node1 X',
] as const;

/** `kubectl apply -f -` with the name in every field that names something. */
function manifests(x: string): string[] {
  const json = (o: unknown) => `kubectl apply -f -\n${JSON.stringify(o)}`;
  const labels = { [x]: x, app: 'named' };
  return [
    json({ apiVersion: 'v1', kind: 'Pod', metadata: { name: x }, spec: { containers: [{ name: x, image: x }] } }),
    json({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'named', namespace: x, labels },
      spec: {
        replicas: 1,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: { nodeSelector: { [x]: x }, nodeName: x, containers: [{ name: x, image: 'nginx' }] },
        },
      },
    }),
    json({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: x },
      spec: { selector: labels, ports: [{ port: 80 }] },
    }),
    json({ apiVersion: 'apps/v1', kind: x, metadata: { name: 'named' } }),
    `kubectl apply -f -\napiVersion: v1\nkind: Pod\nmetadata: {name: named-yaml, labels: {${x}: v}}\nspec:\n  ${x}: 1\n  containers: [{name: ${x}, image: nginx}]`,
  ];
}

function scenario(nodes: string[], objects: Scenario['spec']['objects'] = []): Scenario {
  return {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: 'names', title: 'names' },
    spec: {
      profile: 'v1.33',
      seed: 3,
      settings: {},
      nodes: nodes.map((name, i) => (i === 0 ? { name, roles: ['control-plane'] } : { name, roles: [] })),
      objects,
      staticPods: [],
      timeline: [],
      lesson: [],
      duration: 600_000,
    },
  };
}

const deployment = (name: string, replicas: number, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, ...extra },
  spec: { replicas, template: { spec: { containers: [{ name, image: 'nginx:1.27' }] } } },
});

let before: string[];
beforeEach(() => {
  before = Object.getOwnPropertyNames(Object.prototype).sort();
});
afterEach(() => {
  // Leave nothing behind for other tests, whatever happened.
  for (const k of Object.getOwnPropertyNames(Object.prototype))
    if (!before.includes(k)) delete (Object.prototype as Record<string, unknown>)[k];
});

function prototypeUnchanged(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  const probe = {} as Record<string, unknown>;
  for (const k of ['polluted', 'power', 'networkCut', 'networkCause', 'powerCause', 'bootId', 'labels', 'kubelet'])
    expect(probe[k]).toBeUndefined();
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
}

/** Runs `line`, then checks that the engine still answers and nothing leaked into Object.prototype. */
function runChecked(sim: Simulation, line: string): void {
  expect(() => sim.run(line), line).not.toThrow();
  expect(() => sim.advanceTo(sim.now + 2000), `advance after ${line}`).not.toThrow();
  expect(sim.run('kubectl get node node1').ok, `kubectl still works after ${line}`).toBe(true);
  prototypeUnchanged();
}

describe('names that are Object.prototype properties', () => {
  for (const x of NAMES) {
    it(`are ordinary names in every command template: ${x}`, () => {
      const sim = new Simulation(scenario(['control-plane', 'node1', 'node2'], [deployment('web', 2)]));
      for (const t of TEMPLATES) runChecked(sim, t.replaceAll('X', x));
      for (const m of manifests(x)) runChecked(sim, m);
      // The other entry points, with the name wherever they take one.
      for (const ref of [x, `Node/${x}`, `Pod/default/${x}`, `Pod/${x}/${x}`, `Host/${x}`, `Deployment/default/${x}`])
        expect(() => sim.explain(ref), ref).not.toThrow();
      for (const target of [
        { kind: 'node', node: x },
        { kind: 'service', node: x, service: 'kubelet' },
        { kind: 'pod', namespace: x, name: x },
        { kind: 'pod', namespace: 'default', name: x },
      ] as const)
        expect(() => sim.actions(target)).not.toThrow();
      expect(() => sim.journal(x)).not.toThrow();
      expect(() => sim.journal('node1', x)).not.toThrow();
      expect(() => sim.systemctlStatus(x)).not.toThrow();
      expect(() => sim.kubectl(`kubectl get pods -n ${x}`)).not.toThrow();
      expect(() => sim.view()).not.toThrow();
      const snap = sim.snapshot();
      sim.advanceTo(sim.now + 60_000);
      sim.restore(snap);
      expect(sim.run('kubectl get nodes').output).toMatch(/node2\s+Ready/);
      prototypeUnchanged();
      // A snapshot that went through structuredClone (posted, stored) has ordinary objects again.
      sim.restore({ state: structuredClone(sim.snapshot().state) });
      for (const t of TEMPLATES) runChecked(sim, t.replaceAll('X', x));
    });
  }

  it('a node, objects, a namespace, a zone, labels and containers called constructor work', () => {
    const objects = [
      deployment('constructor', 2, { namespace: 'constructor', labels: { constructor: 'constructor' } }),
      deployment('web', 4),
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'constructor' },
        spec: {
          replicas: 1,
          serviceName: 'constructor',
          template: { spec: { containers: [{ name: 'c', image: 'redis' }] } },
        },
      },
      {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: { name: 'constructor' },
        spec: { template: { spec: { containers: [{ name: 'constructor', image: 'busybox' }] } } },
      },
      { apiVersion: 'v1', kind: 'Service', metadata: { name: 'constructor' }, spec: { ports: [{ port: 80 }] } },
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'constructor' },
        spec: { nodeName: 'constructor', containers: [{ name: 'constructor', image: 'constructor' }] },
      },
    ];
    const sc = scenario(['control-plane', 'node1', 'constructor'], objects);
    (sc.spec.nodes[2] as { zone?: string }).zone = 'constructor';
    sc.spec.staticPods = [
      {
        node: 'constructor',
        file: 'constructor',
        manifest: {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'static' },
          spec: { containers: [{ name: 'constructor', image: 'nginx' }] },
        },
      },
    ];
    const sim = new Simulation(sc);
    sim.advanceTo(60_000);
    expect(sim.run('kubectl get node constructor').output).toMatch(/^constructor\s+Ready/m);
    const pods = sim.run('kubectl get pods -A -o wide').output;
    expect(pods).toMatch(/constructor\s+constructor-\w+-\w+\s+1\/1\s+Running/);
    expect(pods).toMatch(/default\s+constructor\s+1\/1\s+Running\s+0\s+\S+\s+\S+\s+constructor /);
    expect(pods).toMatch(/static-constructor\s+1\/1\s+Running/);
    expect(sim.run('kubectl get sts constructor').output).toMatch(/constructor\s+1\/1/);
    // Every template against the real objects: the node goes away and comes back.
    for (const t of TEMPLATES) runChecked(sim, t.replaceAll('X', 'constructor'));
    for (const line of [
      'kubectl delete node constructor',
      'power-on constructor',
      'network heal constructor',
      'ssh constructor systemctl start containerd',
      'ssh constructor systemctl restart kubelet',
      'kubectl uncordon constructor',
    ])
      runChecked(sim, line);
    sim.advanceTo(sim.now + 5 * 60_000);
    expect(sim.run('kubectl get node constructor').output).toMatch(/^constructor\s+Ready\s/m);
    expect(sim.run('kubectl get deploy web').output).toMatch(/web\s+4\/4/);
    prototypeUnchanged();
  });

  it('quantity units are looked up as data: 8constructor is not a memory quantity', () => {
    const text = (memory: string) =>
      `apiVersion: notready/v1\nkind: Scenario\nmetadata: {name: s, title: s}\nspec:\n  nodes: [{name: cp, roles: [control-plane], memory: ${memory}}]\n`;
    for (const unit of ['constructor', 'valueOf', 'toString']) {
      const r = parseScenario(text(`8${unit}`));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0]?.message).toBe(`"8${unit}" is not a memory quantity (examples: 8Gi, 512Mi)`);
    }
    expect(parseMemory('8constructor')).toBeUndefined();
  });

  it('scenario files with prototype names as keys and values are refused or read, never obeyed', () => {
    for (const x of NAMES) {
      const text = `apiVersion: notready/v1
kind: Scenario
metadata: {name: s, title: s}
spec:
  ${x}: {polluted: true}
  settings: {${x}: 1}
  nodes:
    - {name: control-plane, roles: [control-plane], labels: {${x}: v}}
    - {name: ${x.toLowerCase()}, zone: ${x}}
  objects:
    - {apiVersion: v1, kind: Pod, metadata: {name: ${x.toLowerCase()}, ${x}: {polluted: true}}, spec: {containers: [{name: c, image: nginx}]}}
`;
      const r = parseScenario(text);
      prototypeUnchanged();
      if (r.ok) {
        expect(() => new Simulation(r.scenario).advanceTo(10_000)).not.toThrow();
      } else {
        expect(r.errors.length).toBeGreaterThan(0);
        for (const err of r.errors) expect(err.message).not.toMatch(/TypeError|undefined/);
      }
      prototypeUnchanged();
    }
  });
});
