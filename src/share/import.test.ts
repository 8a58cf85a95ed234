import { describe, expect, it } from 'vitest';
import { importScenarioFile } from './import';

/** Trimmed from real `kubectl get deploy,sts,ds,cm,ing -o yaml` output (v1.33 kubeadm cluster). */
const KUBECTL_LIST = `apiVersion: v1
items:
- apiVersion: apps/v1
  kind: Deployment
  metadata:
    annotations:
      deployment.kubernetes.io/revision: "1"
      kubectl.kubernetes.io/last-applied-configuration: |
        {"apiVersion":"apps/v1","kind":"Deployment"}
    creationTimestamp: "2025-06-01T10:00:00Z"
    generation: 1
    labels:
      app: web
    managedFields:
    - apiVersion: apps/v1
      fieldsType: FieldsV1
      fieldsV1:
        f:spec:
          f:replicas: {}
      manager: kubectl-client-side-apply
      operation: Update
      time: "2025-06-01T10:00:00Z"
    name: web
    namespace: default
    resourceVersion: "1234"
    uid: 0f6c2a8e-1111-2222-3333-444455556666
  spec:
    progressDeadlineSeconds: 600
    replicas: 3
    revisionHistoryLimit: 10
    selector:
      matchLabels:
        app: web
    strategy:
      rollingUpdate:
        maxSurge: 25%
        maxUnavailable: 25%
      type: RollingUpdate
    template:
      metadata:
        creationTimestamp: null
        labels:
          app: web
      spec:
        containers:
        - image: nginx:1.27
          imagePullPolicy: IfNotPresent
          name: nginx
          resources: {}
        dnsPolicy: ClusterFirst
        restartPolicy: Always
        terminationGracePeriodSeconds: 30
  status:
    availableReplicas: 3
    readyReplicas: 3
    replicas: 3
- apiVersion: apps/v1
  kind: ReplicaSet
  metadata:
    name: web-5d4f8b7c9
    namespace: default
    ownerReferences:
    - apiVersion: apps/v1
      blockOwnerDeletion: true
      controller: true
      kind: Deployment
      name: web
      uid: 0f6c2a8e-1111-2222-3333-444455556666
  spec:
    replicas: 3
    selector:
      matchLabels: {app: web}
    template:
      metadata: {labels: {app: web}}
      spec:
        containers: [{name: nginx, image: "nginx:1.27"}]
- apiVersion: apps/v1
  kind: StatefulSet
  metadata:
    name: db
    namespace: default
  spec:
    replicas: 1
    serviceName: db
    selector:
      matchLabels: {app: db}
    template:
      metadata: {labels: {app: db}}
      spec:
        containers: [{name: postgres, image: "postgres:16"}]
- apiVersion: apps/v1
  kind: DaemonSet
  metadata:
    name: kube-proxy
    namespace: kube-system
  spec:
    selector:
      matchLabels: {k8s-app: kube-proxy}
    template:
      metadata: {labels: {k8s-app: kube-proxy}}
      spec:
        containers: [{name: kube-proxy, image: "registry.k8s.io/kube-proxy:v1.33.1"}]
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: app-config
    namespace: default
  data: {a: b}
- apiVersion: networking.k8s.io/v1
  kind: Ingress
  metadata:
    name: web
    namespace: default
  spec: {}
kind: List
metadata:
  resourceVersion: ""
`;

/** A parser stand-in that records what it was given and accepts it. */
function capture() {
  const seen: unknown[] = [];
  return {
    seen,
    parse: (text: string) => {
      const doc = JSON.parse(text);
      seen.push(doc);
      return { ok: true as const, scenario: doc };
    },
  };
}

describe('importScenarioFile: kubectl output', () => {
  it('keeps a PodDisruptionBudget from `kubectl get pdb -o yaml`, without its status (the engine validates it)', () => {
    const text = `apiVersion: v1
kind: List
items:
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web, namespace: default}
  spec:
    replicas: 2
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec: {containers: [{name: nginx, image: "nginx:1.27"}]}
- apiVersion: policy/v1
  kind: PodDisruptionBudget
  metadata: {name: web-pdb, namespace: default, uid: 0d6c, resourceVersion: "812", generation: 1}
  spec:
    minAvailable: 1
    selector: {matchLabels: {app: web}}
  status: {currentHealthy: 2, desiredHealthy: 1, disruptionsAllowed: 1, expectedPods: 2, observedGeneration: 1}
`;
    const r = importScenarioFile(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const pdb = (r.scenario.spec.objects ?? []).find((o) => o.kind === 'PodDisruptionBudget');
    expect(pdb).toEqual({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'web-pdb', namespace: 'default' },
      spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
    });
  });

  it('builds a scenario around a kubectl List, cleaning server fields and explaining what it left out', () => {
    const c = capture();
    const r = importScenarioFile(KUBECTL_LIST, { parse: c.parse });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.source).toBe('manifests');
    expect(r.warnings).toEqual([
      'Ignored 2 objects of kinds NotReady does not simulate: ConfigMap/app-config, Ingress/web.',
      'Left out 1 object that controllers create again: ReplicaSet/web-5d4f8b7c9.',
      'Left out DaemonSet/kube-system/kube-proxy: NotReady runs kube-proxy and calico-node on every node itself.',
    ]);
    const doc = c.seen[0] as { spec: { nodes: unknown[]; objects: Record<string, unknown>[]; profile: string } };
    expect(doc.spec.profile).toBe('v1.33');
    expect(doc.spec.nodes).toEqual([
      { name: 'control-plane', roles: ['control-plane'] },
      { name: 'node1' },
      { name: 'node2' },
      { name: 'node3' },
    ]);
    expect(doc.spec.objects.map((o) => `${o.kind}/${(o.metadata as { name: string }).name}`)).toEqual([
      'Deployment/web',
      'StatefulSet/db',
    ]);
    const web = doc.spec.objects[0] as {
      metadata: Record<string, unknown>;
      status?: unknown;
      spec: { template: { metadata: Record<string, unknown> } };
    };
    expect(web.status).toBeUndefined();
    expect(Object.keys(web.metadata).sort()).toEqual(['labels', 'name', 'namespace']);
    expect(web.spec.template.metadata).toEqual({ labels: { app: 'web' } });
  });

  it('reads multi-document YAML, JSON lists and Node objects', () => {
    const c = capture();
    const nodes = JSON.stringify({
      apiVersion: 'v1',
      kind: 'List',
      items: [
        {
          apiVersion: 'v1',
          kind: 'Node',
          metadata: {
            name: 'cp1',
            labels: { 'node-role.kubernetes.io/control-plane': '', 'topology.kubernetes.io/zone': 'a' },
          },
          status: { capacity: { cpu: '4', memory: '16323992Ki', pods: '110' } },
        },
        { apiVersion: 'v1', kind: 'Node', metadata: { name: 'w1', labels: {} } },
      ],
    });
    const pod = `---
apiVersion: v1
kind: Pod
metadata: {name: solo, namespace: default}
spec:
  nodeName: some-real-node
  containers: [{name: c, image: busybox}]
---
apiVersion: v1
kind: Pod
metadata:
  name: kube-apiserver-cp1
  namespace: kube-system
  annotations: {kubernetes.io/config.mirror: abc}
spec: {containers: [{name: c, image: x}]}
---
apiVersion: v1
kind: Pod
metadata:
  name: web-abc
  ownerReferences: [{kind: ReplicaSet, name: web-5d4, controller: true}]
spec: {containers: [{name: c, image: x}]}
`;
    const r = importScenarioFile(`${nodes}\n${pod}`, { parse: c.parse, name: 'mine', title: 'Mine' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const doc = c.seen[0] as {
      metadata: unknown;
      spec: { nodes: unknown[]; objects: { spec: Record<string, unknown> }[] };
    };
    expect(doc.metadata).toEqual({ name: 'mine', title: 'Mine' });
    expect(doc.spec.nodes).toEqual([
      { name: 'cp1', roles: ['control-plane'], zone: 'a', cpu: '4', memory: '16323992Ki' },
      { name: 'w1', roles: [] },
    ]);
    expect(doc.spec.objects).toHaveLength(1);
    expect(doc.spec.objects[0]?.spec.nodeName).toBeUndefined();
    expect(r.warnings).toEqual([
      'Left out 1 object that controllers create again: Pod/kube-system/kube-apiserver-cp1.',
      'Left out 1 object whose owner is not in the file: Pod/web-abc (owned by ReplicaSet/web-5d4).',
      'Pod/solo was on node some-real-node, which is not in the cluster: the scheduler will place it.',
    ]);
  });

  it('adds a control plane when a managed cluster shows none, and keeps only one', () => {
    const c = capture();
    const node = (name: string, cp: boolean) =>
      `- {apiVersion: v1, kind: Node, metadata: {name: ${name}, labels: {${cp ? '"node-role.kubernetes.io/control-plane": ""' : ''}}}}`;
    importScenarioFile(`kind: List\nitems:\n${node('a', false)}\n`, { parse: c.parse });
    expect((c.seen[0] as { spec: { nodes: unknown[] } }).spec.nodes).toEqual([
      { name: 'control-plane', roles: ['control-plane'] },
      { name: 'a', roles: [] },
    ]);
    const r = importScenarioFile(`kind: List\nitems:\n${node('a', true)}\n${node('b', true)}\n`, { parse: c.parse });
    expect(r.ok && r.warnings).toEqual(['NotReady simulates one control-plane node: b became workers.']);
  });
});

describe('importScenarioFile: errors', () => {
  it('names the path and reason for broken input', () => {
    expect(importScenarioFile('')).toEqual({ ok: false, errors: [{ path: '', message: 'The file is empty.' }] });
    const bad = importScenarioFile('kind: List\nitems:\n- {kind: Deployment}\n- 3\n');
    expect(bad).toEqual({
      ok: false,
      errors: [
        {
          path: 'items[0]',
          message: 'is not a Kubernetes object (it needs kind and metadata.name)',
          line: 3,
          column: 3,
        },
        {
          path: 'items[1]',
          message: 'is not a Kubernetes object (it needs kind and metadata.name)',
          line: 4,
          column: 3,
        },
      ],
    });
    const syntax = importScenarioFile('a: [1, 2\n---\nb: 1\n');
    expect(syntax.ok).toBe(false);
    expect(!syntax.ok && syntax.errors[0]?.path).toBe('document 1');
    expect(!syntax.ok && syntax.errors[0]?.message).toMatch(/^YAML syntax error at \d+:\d+: /);
    expect(importScenarioFile(`${'- '.repeat(5000)}x`)).toEqual({
      ok: false,
      errors: [{ path: '', message: 'The file is nested too deeply (more than 64 levels).' }],
    });
  });

  it('maps validator errors back to where the object was pasted', () => {
    const parse = () => ({
      ok: false as const,
      errors: [
        { path: 'spec.objects[0].apiVersion', message: '"apps/v1beta1" is not served for Deployment (use apps/v1)' },
      ],
    });
    const text =
      'kind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: x}\n- apiVersion: apps/v1beta1\n  kind: Deployment\n  metadata: {name: web}\n';
    expect(importScenarioFile(text, { parse })).toEqual({
      ok: false,
      errors: [
        {
          path: 'items[1].apiVersion (Deployment/web)',
          message: '"apps/v1beta1" is not served for Deployment (use apps/v1)',
          line: 6,
          column: 3,
        },
      ],
    });
  });

  it('refuses several documents when one is a Scenario', () => {
    const r = importScenarioFile('apiVersion: notready/v1\nkind: Scenario\n---\nkind: Pod\n');
    expect(r).toEqual({
      ok: false,
      errors: [{ path: '', message: 'A scenario file holds one Scenario document; this one has 2 documents.' }],
    });
  });
});

describe('importScenarioFile with the engine parser', () => {
  it('passes a Scenario document to parseScenario unchanged', () => {
    const text = `apiVersion: notready/v1
kind: Scenario
metadata: {name: t, title: "T"}
spec:
  nodes: [{name: cp, roles: [control-plane]}, {name: node1}]
  timeline: [{at: 30s, run: "ssh node1 systemctl stop kubelet"}]
`;
    const r = importScenarioFile(text);
    expect(r.ok && r.source).toBe('scenario');
    expect(r.ok && r.scenario.spec.timeline).toEqual([{ at: 30_000, run: 'ssh node1 systemctl stop kubelet' }]);
    const bad = importScenarioFile(text.replace('name: cp', 'name: Cp'));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors[0]?.path).toBe('spec.nodes[0].name');
  });

  it('validates the scenario built from kubectl output', () => {
    const r = importScenarioFile(KUBECTL_LIST);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.scenario.spec.nodes.map((n) => n.name)).toEqual(['control-plane', 'node1', 'node2', 'node3']);
    expect(r.scenario.spec.objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'Deployment/web',
      'StatefulSet/db',
    ]);
    expect(r.scenario.metadata).toEqual({ name: 'imported', title: 'Imported from kubectl' });
  });
});

describe('importScenarioFile: domain limits', () => {
  const deploy = (replicas: string) =>
    `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: ${replicas}, template: {spec: {containers: [{name: c, image: nginx}]}}}\n`;

  it('refuses replicas past the limit, negative, fractional or NaN instead of importing them', () => {
    for (const [replicas, message] of [
      ['1e9', 'replicas 1000000000 is more than the limit of 5,000 per workload'],
      [
        `1${'0'.repeat(400)}`,
        'replicas (a number too large to represent) is more than the limit of 5,000 per workload',
      ],
      ['-3', 'Invalid value: -3: must be greater than or equal to 0'],
      ['2.5', 'Invalid value: 2.5: must be a whole number'],
      ['.nan', 'Invalid value: NaN: must be a whole number'],
    ]) {
      const r = importScenarioFile(deploy(replicas as string));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0]).toMatchObject({ path: 'spec.replicas (Deployment/web)', message });
    }
  });

  it('applies the node and pod limits of links to imports', () => {
    const nodes = Array.from(
      { length: 5001 },
      (_, i) =>
        `- {apiVersion: v1, kind: Node, metadata: {name: n${i}${i === 0 ? ', labels: {node-role.kubernetes.io/control-plane: ""}' : ''}}}`,
    ).join('\n');
    const many = importScenarioFile(`apiVersion: v1\nkind: List\nitems:\n${nodes}\n`);
    expect(many.ok).toBe(false);
    if (!many.ok) expect(many.errors[0]?.message).toBe('5,001 nodes: give 1 to 5,000');
    const pods = importScenarioFile(
      [...Array.from({ length: 30 }, (_, i) => deploy('5000').replace('name: web', `name: w${i}`)), deploy('5')].join(
        '---\n',
      ),
    );
    expect(pods.ok).toBe(false);
    if (!pods.ok)
      expect(pods.errors[0]?.message).toBe('the scenario would run 150,005 pods, more than the limit of 150,000');
  });
});
