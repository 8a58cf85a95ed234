import { describe, expect, it } from 'vitest';
import type { Deployment, StatefulSet } from '../core/api-types';
import { writableContainer } from '../runtime/containers';
import { kubectlOutput } from './run';
import { bareEngine, condition, makeNode, makePod } from './testkit';

function cluster() {
  const e = bareEngine();
  e.put(
    makeNode(
      'control-plane',
      '192.168.56.10',
      [condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status', 0, 0)],
      {
        'node-role.kubernetes.io/control-plane': '',
      },
    ),
    't',
    0,
  );
  e.put(
    makeNode('node2', '192.168.56.12', [
      condition('Ready', 'Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.', 0, 0),
    ]),
    't',
    0,
  );
  e.put(makePod('web-1', 'node2'), 't', 0);
  const pending = makePod('nginx1', 'node2', { phase: 'Pending', containerStatuses: [] });
  delete pending.status.podIP;
  e.put(pending, 't', 0);
  return e;
}

describe('kubectl get', () => {
  it('nodes: NotReady for Unknown, roles, age of the boot', () => {
    const e = cluster();
    expect(kubectlOutput(e, 'kubectl get nodes')).toBe(
      [
        'NAME            STATUS     ROLES           AGE     VERSION',
        'control-plane   Ready      control-plane   9m40s   v1.33.2',
        'node2           NotReady   <none>          9m40s   v1.33.2',
      ].join('\n'),
    );
  });

  it('pods -o wide: Pending with <none> IP on its node (seed 003)', () => {
    const e = cluster();
    expect(kubectlOutput(e, 'kubectl get pods -o wide')).toBe(
      [
        'NAME     READY   STATUS    RESTARTS   AGE   IP           NODE    NOMINATED NODE   READINESS GATES',
        'nginx1   0/1     Pending   0          5m    <none>       node2   <none>           <none>',
        'web-1    1/1     Running   0          5m    10.244.1.5   node2   <none>           <none>',
      ].join('\n'),
    );
  });

  it('No resources found, NotFound and unknown types / flags', () => {
    const e = cluster();
    expect(kubectlOutput(e, 'kubectl get pods -n kube-system')).toBe('No resources found in kube-system namespace.');
    expect(kubectlOutput(e, 'kubectl get pod x')).toBe('Error from server (NotFound): pods "x" not found');
    expect(kubectlOutput(e, 'kubectl get deploy web')).toBe(
      'Error from server (NotFound): deployments.apps "web" not found',
    );
    expect(kubectlOutput(e, 'kubectl get foo')).toBe('error: the server doesn\'t have a resource type "foo"');
    expect(kubectlOutput(e, 'kubectl get pods --bogus')).toBe('error: unknown flag: --bogus');
    expect(kubectlOutput(e, 'kubectl describe pod nope')).toBe('Error from server (NotFound): pods "nope" not found');
  });

  it('comma lists print kind-qualified names, one table per kind', () => {
    const e = cluster();
    const meta = (name: string) => ({
      name,
      namespace: 'default',
      uid: name,
      resourceVersion: 0,
      creationTimestamp: -60_000,
      labels: {},
      annotations: {},
      ownerReferences: [],
    });
    const tmpl = { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'i' }] } };
    const d: Deployment = {
      kind: 'Deployment',
      metadata: meta('web'),
      spec: { replicas: 3, selector: { matchLabels: { app: 'x' } }, template: tmpl },
      status: { replicas: 3, updatedReplicas: 3, readyReplicas: 2, availableReplicas: 2, unavailableReplicas: 1 },
    };
    const s: StatefulSet = {
      kind: 'StatefulSet',
      metadata: meta('db'),
      spec: { replicas: 2, serviceName: 'db', selector: { matchLabels: { app: 'x' } }, template: tmpl },
      status: { replicas: 2, readyReplicas: 0, currentReplicas: 2, availableReplicas: 0 },
    };
    e.put(d, 't', 0);
    e.put(s, 't', 0);
    expect(kubectlOutput(e, 'kubectl get deploy,sts,ds')).toBe(
      [
        'NAME                  READY   UP-TO-DATE   AVAILABLE   AGE',
        'deployment.apps/web   2/3     3            2           60s',
        '',
        'NAME                  READY   AGE',
        'statefulset.apps/db   0/2     60s',
      ].join('\n'),
    );
  });

  it('events: LAST SEEN is the plain age of lastTimestamp, in API (name) order, not sorted by time', () => {
    // printers.go printEvent / printEventList (kubernetes/kubernetes pkg/printers/internalversion):
    // no `(xN over M)` in `kubectl get events`, and the list is printed as the API returns it.
    const e = cluster();
    e.state.now = -40_000;
    e.event(
      { kind: 'Pod', name: 'web-1', namespace: 'default', uid: 'uid-web-1' },
      'Warning',
      'NodeNotReady',
      'Node is not ready',
      'node-controller',
      0,
    );
    e.state.now = -30_000;
    const ref = { kind: 'Node', name: 'node2', uid: 'node2' };
    e.event(ref, 'Normal', 'NodeNotReady', 'Node node2 status is now: NodeNotReady', 'node-controller', 0);
    e.state.now = -20_000;
    e.event(ref, 'Normal', 'NodeNotReady', 'Node node2 status is now: NodeNotReady', 'node-controller', 0);
    e.state.now = 0;
    expect(kubectlOutput(e, 'kubectl get events')).toBe(
      [
        'LAST SEEN   TYPE      REASON         OBJECT       MESSAGE',
        '20s         Normal    NodeNotReady   node/node2   Node node2 status is now: NodeNotReady',
        '40s         Warning   NodeNotReady   pod/web-1    Node is not ready',
      ].join('\n'),
    );
    // -o wide: COUNT and FIRST SEEN carry the aggregation.
    expect(kubectlOutput(e, 'kubectl get events -o wide').split('\n')[1]).toMatch(
      /^20s\s+Normal\s+NodeNotReady\s+node\/node2\s+node-controller\s+Node node2 status is now: NodeNotReady\s+30s\s+2\s+node2\./,
    );
  });

  it('prints connection refused when kube-apiserver is down', () => {
    const e = cluster();
    const api = writableContainer(e, e.state.hosts['control-plane']!, 'kube-apiserver');
    if (api) api.state = 'exited';
    expect(kubectlOutput(e, 'kubectl get nodes')).toBe(
      'The connection to the server 192.168.56.10:6443 was refused - did you specify the right host or port?',
    );
  });
});
