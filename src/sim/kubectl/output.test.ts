/**
 * `kubectl get -o yaml|json` for every kind, `get endpoints` and `describe service|endpointslice|
 * lease` (issue 9 point 9). Sources: kubernetes/kubectl pkg/cmd/get/get.go printGeneric (single
 * object or List), pkg/describe/describe.go (describeService, formatEndpointSlices,
 * describeEndpointSliceV1, genericDescriber, smartLabelFor), kubernetes/kubernetes
 * pkg/printers/internalversion/printers.go formatEndpoints, and the apiserver's Endpoints
 * deprecation warning (k8s.io/api core/v1, 1.33).
 */
import { describe, expect, it } from 'vitest';
import { kitScenario, run } from '../controllers/node-lifecycle.testkit';
import type { ProfileName } from '../core/profiles';
import { Simulation } from '../simulation';
import { smartLabelFor } from './describe-generic';

function withService(profile: ProfileName = 'v1.33'): Simulation {
  const s = kitScenario({ workers: 2, replicas: 2, profile });
  s.spec.objects.push({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web' },
    spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
  });
  return new Simulation(s);
}

describe('kubectl get -o yaml|json', () => {
  const sim = withService();
  const kinds = ['nodes', 'pods', 'deploy', 'rs', 'svc', 'endpointslices', 'endpoints', 'events', 'leases'];

  it.each(kinds)('%s -A -o yaml is a List of objects with apiVersion, kind and metadata', (k) => {
    const out = sim.kubectl(`kubectl get ${k} -A -o yaml`);
    const body = out.startsWith('Warning:') ? out.slice(out.indexOf('\n') + 1) : out;
    expect(body.startsWith('apiVersion: v1\nitems:\n- ')).toBe(true);
    expect(body.endsWith('kind: List\nmetadata:\n  resourceVersion: ""')).toBe(true);
    expect(body).toMatch(/^ {2}kind: [A-Z]\w+$/m);
    expect(body).toMatch(/^ {4}creationTimestamp: "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"$/m);
  });

  it('one name gives the object itself; a missing one only the NotFound error', () => {
    const y = sim.kubectl('kubectl get svc web -o yaml');
    expect(y.split('\n').slice(0, 2)).toEqual(['apiVersion: v1', 'kind: Service']);
    expect(y).toContain('\n  ipFamilyPolicy: SingleStack\n');
    expect(y).toContain('\n  ports:\n  - port: 80\n    protocol: TCP\n    targetPort: 80\n');
    expect(sim.kubectl('kubectl get svc nope -o json')).toBe('Error from server (NotFound): services "nope" not found');
    const j = JSON.parse(sim.kubectl('kubectl get deploy web -o json'));
    expect(j).toMatchObject({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      spec: { replicas: 2, strategy: { type: 'RollingUpdate' }, template: { metadata: { creationTimestamp: null } } },
      status: { readyReplicas: 2, replicas: 2 },
    });
    expect(sim.kubectl('kubectl get pods -l app=none -o json')).toBe(
      '{\n    "apiVersion": "v1",\n    "items": [],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}',
    );
  });

  it('prints pods with the API defaults and conditions status quoted', () => {
    const y = sim.kubectl('kubectl get pods -o yaml');
    for (const line of [
      '      imagePullPolicy: IfNotPresent',
      '    dnsPolicy: ClusterFirst',
      '    restartPolicy: Always',
      '    schedulerName: default-scheduler',
      '      status: "True"',
      '    qosClass: BestEffort',
      '    generateName: web-7d89dcd798-',
    ])
      expect(y).toContain(`\n${line}\n`);
  });

  it('refuses other formats with the formats it knows', () => {
    expect(sim.run('kubectl get pods -o name').output).toBe(
      'error: unable to match a printer suitable for the output format "name", allowed formats are: json,wide,yaml',
    );
  });
});

describe('a headless Service', () => {
  it('prints CLUSTER-IP None (printers.go printService prints spec.clusterIP as stored)', () => {
    const s = kitScenario({ workers: 1, replicas: 1 });
    s.spec.objects.push({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'db' },
      spec: { clusterIP: 'None', selector: { app: 'db' }, ports: [{ port: 5432 }] },
    });
    const sim = new Simulation(s);
    expect(sim.kubectl('kubectl get svc db')).toMatch(/^db\s+ClusterIP\s+None\s+<none>\s+5432\/TCP\s/m);
    expect(sim.kubectl('kubectl describe svc db')).toMatch(/^IP:\s+None\nIPs:\s+None$/m);
  });
});

describe('kubectl get endpoints', () => {
  it('prints ready endpoints with the 1.33 deprecation warning; v1.23 has no warning', () => {
    const sim = withService();
    expect(sim.kubectl('kubectl get endpoints')).toMatch(
      /^Warning: v1 Endpoints is deprecated in v1\.33\+; use discovery\.k8s\.io\/v1 EndpointSlice\nNAME\s+ENDPOINTS\s+AGE\nweb\s+10\.244\.\d\.\d+:80,10\.244\.\d\.\d+:80\s+\S+$/,
    );
    const old = withService('v1.23-docker');
    expect(old.kubectl('kubectl get ep web')).toMatch(/^NAME\s+ENDPOINTS\s+AGE\nweb\s+10\.244/);
  });

  it('leaves the column empty when no endpoint is ready (the node lost, pods NotReady)', () => {
    const sim = withService();
    // Both web pods on one node, then that node's kubelet stops: NodeNotReady marks them not ready.
    run(sim, 'kubectl cordon node1');
    const pods = sim.engine.podsOnNode('node1').filter((p) => p.metadata.name.startsWith('web-'));
    for (const p of pods) run(sim, `kubectl delete pod ${p.metadata.name}`);
    sim.advanceTo(60_000);
    run(sim, 'kubectl uncordon node1');
    run(sim, 'ssh node2 systemctl stop kubelet');
    sim.advanceTo(130_000);
    expect(sim.kubectl('kubectl get ep web').split('\n')[2]).toMatch(/^web\s{3,}\S+$/);
    expect(sim.kubectl('kubectl describe ep web')).toMatch(
      /^ {2}Addresses:\s+<none>\n {2}NotReadyAddresses:\s+10\.244/m,
    );
  });
});

describe('kubectl describe service, endpointslice, lease', () => {
  const sim = withService();

  it('service: describeService lines and its ready endpoints', () => {
    const d = sim.kubectl('kubectl describe svc web');
    expect(d).toMatch(/^Selector:\s+app=web$/m);
    expect(d).toMatch(/^IP Family Policy:\s+SingleStack$/m);
    expect(d).toMatch(/^Port:\s+<unset>\s+80\/TCP$/m);
    expect(d).toMatch(/^Endpoints:\s+10\.244\.\d\.\d+:80,10\.244\.\d\.\d+:80$/m);
    expect(d).toMatch(/^Internal Traffic Policy:\s+Cluster\nEvents:\s+<none>$/m);
  });

  it('endpointslice: ports table and one block per endpoint', () => {
    const d = sim.kubectl('kubectl describe endpointslices');
    expect(d).toMatch(/^Ports:\n {2}Name {5}Port {2}Protocol\n {2}----/m);
    expect(d).toMatch(
      /^ {2}- Addresses:\s+10\.244\.\d\.\d+\n {4}Conditions:\n {6}Ready:\s+true\n {4}Hostname:\s+<unset>\n {4}TargetRef:\s+Pod\/web-/m,
    );
  });

  it('lease: the generic describer (sorted fields in words)', () => {
    const d = sim.kubectl('kubectl describe lease kube-scheduler -n kube-system');
    expect(d).toMatch(/^API Version:\s+coordination\.k8s\.io\/v1\nKind:\s+Lease\nMetadata:\n {2}Creation Timestamp:/m);
    expect(d).toMatch(
      /^Spec:\n {2}Acquire Time:\s+\S+\.\d{6}Z\n {2}Holder Identity:\s+cp_[0-9a-f-]+\n {2}Lease Duration Seconds:\s+15\n/m,
    );
    expect(smartLabelFor('apiVersion')).toBe('API Version');
    expect(smartLabelFor('uid')).toBe('UID');
    expect(smartLabelFor('leaseDurationSeconds')).toBe('Lease Duration Seconds');
  });
});

describe('kubectl describe replicaset, daemonset', () => {
  // kubernetes/kubectl pkg/describe/describe.go describeReplicaSet, describeDaemonSet.
  const sim = withService();

  it('replicaset: selector, Controlled By the Deployment, replicas and pod phases', () => {
    const d = sim.kubectl('kubectl describe rs');
    expect(d.split('\n').slice(0, 3)).toEqual([
      expect.stringMatching(/^Name:\s+web-7d89dcd798$/),
      expect.stringMatching(/^Namespace:\s+default$/),
      expect.stringMatching(/^Selector:\s+app=web,pod-template-hash=7d89dcd798$|^Selector:\s+app=web$/),
    ]);
    expect(d).toMatch(/^Controlled By:\s+Deployment\/web$/m);
    expect(d).toMatch(/^Replicas:\s+2 current \/ 2 desired$/m);
    expect(d).toMatch(/^Pods Status:\s+2 Running \/ 0 Waiting \/ 0 Succeeded \/ 0 Failed$/m);
  });

  it('daemonset: namespace, node selector and the scheduling counts', () => {
    const d = sim.kubectl('kubectl describe ds kube-proxy -n kube-system');
    expect(d.split('\n').slice(0, 4)).toEqual([
      expect.stringMatching(/^Name:\s+kube-proxy$/),
      expect.stringMatching(/^Namespace:\s+kube-system$/),
      expect.stringMatching(/^Selector:\s+k8s-app=kube-proxy$/),
      expect.stringMatching(/^Node-Selector:\s+kubernetes\.io\/os=linux$/),
    ]);
    expect(d).toMatch(/^Desired Number of Nodes Scheduled: 3\nCurrent Number of Nodes Scheduled: 3\n/m);
    expect(d).toMatch(/^Pods Status:\s+3 Running \/ 0 Waiting \/ 0 Succeeded \/ 0 Failed$/m);
  });
});
