/**
 * The observations of the four seed documents (../shared/seeds/) and the eviction walk-through,
 * each pinned against the built-in scenario that reproduces it. These are the product's heart:
 * if one fails, the playground teaches something real clusters do not do.
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

/** The built-in scenario with its timeline replaced, so each test states its own commands. */
function withTimeline(name: string, timeline: { at: number; run: string }[]): Simulation {
  const s = builtin(name);
  return new Simulation({ ...s, spec: { ...s.spec, timeline } });
}

const sec = 1000;

function conditionLine(describe: string, type: string): string {
  const line = describe.split('\n').find((l) => l.trimStart().startsWith(`${type} `));
  if (!line) throw new Error(`no ${type} condition in:\n${describe}`);
  return line;
}

function runningOnHost(sim: Simulation, node: string, podName: string): boolean {
  const h = sim.engine.state.hosts[node];
  return Object.values(h?.containers ?? {}).some((c) => c.podName === podName && c.state === 'running');
}

function podsOn(sim: Simulation, node: string) {
  return sim.engine.list('Pod').filter((p) => p.spec.nodeName === node);
}

describe('seed 000: kubelet stopped on the control-plane node (v1.23-docker)', () => {
  it('goes NotReady with four Unknown conditions, keeps its containers, and recovers with the start-up events', () => {
    const sim = withTimeline('kubelet-stop-control-plane', [
      { at: 30 * sec, run: 'ssh test systemctl stop kubelet' },
      { at: 180 * sec, run: 'ssh test systemctl start kubelet' },
    ]);
    sim.advanceTo(60 * sec);
    expect(sim.kubectl('kubectl get nodes')).toMatch(/^test\s+Ready\s+control-plane,master\s/m);

    sim.advanceTo(95 * sec);
    expect(sim.kubectl('kubectl get nodes')).toMatch(/^test\s+NotReady\s+control-plane,master\s+\S+\s+v1\.23\.2$/m);
    const d = sim.kubectl('kubectl describe node test');
    for (const type of ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready']) {
      expect(conditionLine(d, type)).toMatch(
        /\sUnknown\s.*\sNodeStatusUnknown\s+Kubelet stopped posting node status\.$/,
      );
    }
    expect(conditionLine(d, 'NetworkUnavailable')).toMatch(/\sFalse\s.*\sCalicoIsUp\s+Calico is running on this node$/);
    // The containers keep running and the API (a static pod on this very node) still answers.
    const web = podsOn(sim, 'test').filter((p) => p.metadata.name.startsWith('web-'));
    expect(web.length).toBe(2);
    for (const p of web) expect(runningOnHost(sim, 'test', p.metadata.name)).toBe(true);
    expect(runningOnHost(sim, 'test', 'kube-apiserver-test')).toBe(true);

    sim.advanceTo(185 * sec);
    const after = sim.kubectl('kubectl describe node test');
    const events = after.slice(after.indexOf('Events:'));
    expect(events).toMatch(/Normal\s+Starting\s+\S+\s+kubelet\s+Starting kubelet\./);
    expect(events).toMatch(
      /Normal\s+NodeHasSufficientMemory\s+\d+s \(x2 over \d+s\)\s+kubelet\s+Node test status is now: NodeHasSufficientMemory/,
    );
    expect(events).toMatch(
      /Normal\s+NodeHasNoDiskPressure\s+\d+s \(x2 over \d+s\)\s+kubelet\s+Node test status is now: NodeHasNoDiskPressure/,
    );
    expect(events).toMatch(
      /Normal\s+NodeHasSufficientPID\s+\d+s \(x2 over \d+s\)\s+kubelet\s+Node test status is now: NodeHasSufficientPID/,
    );
    expect(events).toMatch(
      /Normal\s+NodeAllocatableEnforced\s+\S+\s+kubelet\s+Updated Node Allocatable limit across pods/,
    );
    expect(sim.kubectl('kubectl get nodes')).toMatch(/^test\s+Ready\s/m);
  });

  it('a node whose kubelet cannot reach the API logs the status error and goes NotReady too', () => {
    const sim = withTimeline('kubelet-stop-worker', [{ at: 30 * sec, run: 'network cut knode' }]);
    sim.advanceTo(120 * sec);
    expect(sim.kubectl('kubectl get nodes')).toMatch(/^knode\s+NotReady\s/m);
    expect(sim.journal('knode', 'kubelet')).toContain('"Error updating node status, will retry"');
  });
});

describe('seed 001: docker, kubelet and power stopped on a worker', () => {
  it('docker stopped: Ready False with the dockershim message, ContainerGCFailed, pods Completed 0/1', () => {
    const sim = withTimeline('docker-stop', [{ at: 30 * sec, run: 'ssh knode systemctl stop docker' }]);
    sim.advanceTo(180 * sec);
    expect(sim.kubectl('kubectl get nodes')).toMatch(/^knode\s+NotReady\s+<none>\s/m);
    const d = sim.kubectl('kubectl describe node knode');
    expect(conditionLine(d, 'Ready')).toContain(
      'KubeletNotReady              [container runtime is down, Container runtime not ready: RuntimeReady=false reason:DockerDaemonNotReady message:docker: failed to get docker version: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?]',
    );
    expect(conditionLine(d, 'MemoryPressure')).toMatch(/\sFalse\s.*KubeletHasSufficientMemory/);
    expect(conditionLine(d, 'DiskPressure')).toMatch(/\sFalse\s.*KubeletHasNoDiskPressure/);
    expect(conditionLine(d, 'PIDPressure')).toMatch(/\sFalse\s.*KubeletHasSufficientPID/);
    expect(d).toMatch(
      /Warning\s+ContainerGCFailed\s+\d+s \(x2 over \d+s\)\s+kubelet\s+rpc error: code = Unknown desc = Cannot connect to the Docker daemon at unix:\/\/\/var\/run\/docker\.sock\. Is the docker daemon running\?/,
    );
    const pods = sim.kubectl('kubectl get pods').split('\n').slice(1);
    expect(pods.length).toBe(5);
    for (const line of pods) expect(line).toMatch(/\s0\/1\s+Completed\s/);
    const workloads = sim.kubectl('kubectl get deploy,sts');
    expect(workloads).toMatch(/^deployment\.apps\/web\s+0\/3\s/m);
    expect(workloads).toMatch(/^statefulset\.apps\/db\s+0\/2\s/m);
    expect(sim.kubectl('kubectl describe sts db')).toMatch(
      /Pods Status:\s+2 Running \/ 0 Waiting \/ 0 Succeeded \/ 0 Failed/,
    );
  });

  it('kubelet stopped: conditions Unknown, pods still 1/1 Running, workloads not ready, port-forward fails', () => {
    const sim = withTimeline('kubelet-stop-worker', [{ at: 30 * sec, run: 'ssh knode systemctl stop kubelet' }]);
    sim.advanceTo(120 * sec);
    const d = sim.kubectl('kubectl describe node knode');
    for (const type of ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready']) {
      expect(conditionLine(d, type)).toMatch(/\sUnknown\s.*NodeStatusUnknown\s+Kubelet stopped posting node status\.$/);
    }
    const pods = sim.kubectl('kubectl get pods').split('\n').slice(1);
    expect(pods.length).toBe(5);
    for (const line of pods) expect(line).toMatch(/\s1\/1\s+Running\s/);
    const workloads = sim.kubectl('kubectl get deploy,sts');
    expect(workloads).toMatch(/^deployment\.apps\/web\s+0\/3\s/m);
    expect(workloads).toMatch(/^statefulset\.apps\/db\s+0\/2\s/m);
    const pf = sim.run('kubectl port-forward db-0 6379:6379');
    expect(pf.ok).toBe(false);
    expect(pf.output).toMatch(/error dialing backend: dial tcp 192\.168\.56\.11:10250: connect: connection refused/);
  });

  it('node powered off: the same as the kubelet case, as seen from the API', () => {
    const sim = withTimeline('node-poweroff', [{ at: 30 * sec, run: 'ssh knode poweroff' }]);
    sim.advanceTo(120 * sec);
    const d = sim.kubectl('kubectl describe node knode');
    for (const type of ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready']) {
      expect(conditionLine(d, type)).toMatch(/\sUnknown\s.*NodeStatusUnknown\s+Kubelet stopped posting node status\.$/);
    }
    for (const line of sim.kubectl('kubectl get pods').split('\n').slice(1)) expect(line).toMatch(/\s1\/1\s+Running\s/);
    expect(sim.kubectl('kubectl get deploy,sts')).toMatch(/^deployment\.apps\/web\s+0\/3\s/m);
    // The zombie: the API says Running, nothing runs on the host.
    expect(Object.values(sim.engine.state.hosts.knode?.containers ?? {}).filter((c) => c.state === 'running')).toEqual(
      [],
    );
  });
});

describe('seed 002: Node object deleted while its kubelet runs (v1.33)', () => {
  it('stays gone, logs not found, PodGC clears its pods, replacements run elsewhere, the kubelet kills the containers', () => {
    const sim = withTimeline('node-delete', [
      { at: 30 * sec, run: 'kubectl delete node node2' },
      { at: 240 * sec, run: 'ssh node2 systemctl restart kubelet' },
    ]);
    sim.advanceTo(29 * sec);
    const before = podsOn(sim, 'node2').map((p) => p.metadata.name);
    expect(before.some((n) => n.startsWith('web-'))).toBe(true);
    expect(before.some((n) => n.startsWith('fluentd-') || n.includes('agent'))).toBe(true);

    sim.advanceTo(45 * sec);
    expect(sim.kubectl('kubectl get nodes')).not.toMatch(/^node2\s/m);
    expect(sim.journal('node2', 'kubelet')).toContain(
      '"Error updating node status, will retry" err="error getting node \\"node2\\": nodes \\"node2\\" not found"',
    );

    sim.advanceTo(95 * sec); // PodGC: 20s period + 40s quarantine after the deletion
    expect(podsOn(sim, 'node2').filter((p) => !p.metadata.ownerReferences.some((o) => o.kind === 'Node'))).toEqual([]);
    sim.advanceTo(150 * sec);
    expect(sim.kubectl('kubectl get nodes')).not.toMatch(/^node2\s/m);
    // Deployment and StatefulSet pods were recreated on other nodes; nothing but static pods runs on node2.
    expect(sim.kubectl('kubectl get deploy')).toMatch(/^web\s+4\/4\s/m);
    expect(sim.kubectl('kubectl get sts')).toMatch(/^db\s+2\/2\s/m);
    const stillRunning = Object.values(sim.engine.state.hosts.node2?.containers ?? {}).filter(
      (c) => c.state === 'running' && !c.staticPod,
    );
    expect(stillRunning).toEqual([]);

    sim.advanceTo(300 * sec);
    expect(sim.kubectl('kubectl get nodes')).toMatch(/^node2\s+Ready\s/m);
  });
});

describe('seed 003: a pod scheduled to a dead kubelet, and static pods (v1.33)', () => {
  it('is Scheduled but Pending until the kubelet starts, then pulls and fails with the registry down', () => {
    const sim = withTimeline('pod-to-dead-kubelet', [
      { at: 5 * sec, run: 'kubectl cordon node1' },
      { at: 10 * sec, run: 'ssh node2 systemctl stop kubelet' },
      { at: 15 * sec, run: 'kubectl run nginx1 --image nginx' },
      { at: 20 * sec, run: 'registry down' },
      { at: 90 * sec, run: 'ssh node2 systemctl start kubelet' },
    ]);
    sim.advanceTo(40 * sec);
    expect(sim.kubectl('kubectl get pods -o wide')).toMatch(/^nginx1\s+0\/1\s+Pending\s+0\s+\S+\s+<none>\s+node2\s/m);
    expect(sim.kubectl('kubectl describe pod nginx1')).toMatch(
      /Normal\s+Scheduled\s+\S+\s+default-scheduler\s+Successfully assigned default\/nginx1 to node2/,
    );
    sim.advanceTo(150 * sec);
    expect(sim.kubectl('kubectl get pods')).toMatch(/^nginx1\s+0\/1\s+(ErrImagePull|ImagePullBackOff)\s/m);
  });

  it('a static manifest gives the mirror pod nginx-node2, Controlled By Node/node2; removing and editing it', () => {
    const sim = withTimeline('pod-to-dead-kubelet', []);
    sim.advanceTo(5 * sec);
    expect(sim.kubectl('kubectl get pods -o wide')).toMatch(/^nginx-node2\s+\S+\s+\S+\s+\d+\s+\S+\s+\S+\s+node2\s/m);
    expect(sim.kubectl('kubectl describe pod nginx-node2')).toMatch(/^Controlled By:\s+Node\/node2$/m);
    const uidBefore = sim.engine.get('Pod', 'default/nginx-node2')?.metadata.uid;

    expect(sim.run("ssh node2 sed -i 's/nginx:1.27/nginx:1.28/' /etc/kubernetes/manifests/nginx.yaml").ok).toBe(true);
    sim.advanceTo(30 * sec);
    const edited = sim.engine.get('Pod', 'default/nginx-node2');
    expect(edited).toBeDefined();
    expect(edited?.metadata.uid).not.toBe(uidBefore);
    expect(edited?.spec.containers[0]?.image).toBe('nginx:1.28');

    expect(sim.run('ssh node2 mv /etc/kubernetes/manifests/nginx.yaml /tmp/nginx.yaml').ok).toBe(true);
    sim.advanceTo(60 * sec);
    expect(sim.kubectl('kubectl get pods')).not.toMatch(/^nginx-node2\s/m);
    expect(runningOnHost(sim, 'node2', 'nginx-node2')).toBe(false);
  });
});

describe('eviction (v1.33): a worker kubelet down long enough to see taint-based eviction', () => {
  it('taints, evicts after 300s, replaces Deployment pods, keeps the StatefulSet pod stuck until a force delete', () => {
    const sim = withTimeline('eviction', [{ at: 30 * sec, run: 'ssh node2 systemctl stop kubelet' }]);
    sim.advanceTo(29 * sec);
    const onNode2 = podsOn(sim, 'node2').map((p) => p.metadata.name);
    const web = onNode2.find((n) => n.startsWith('web-'));
    const db = onNode2.find((n) => n.startsWith('db-'));
    const agent = onNode2.find((n) => n.startsWith('node-agent-'));
    expect(web && db && agent).toBeTruthy();

    sim.advanceTo(95 * sec);
    const taints = sim.kubectl('kubectl describe node node2');
    expect(taints).toMatch(/^Taints:\s+node\.kubernetes\.io\/unreachable:NoExecute$/m);
    expect(taints).toMatch(/^\s+node\.kubernetes\.io\/unreachable:NoSchedule$/m);

    sim.advanceTo(6 * 60 * sec + 30 * sec);
    const events = sim.kubectl('kubectl get events');
    expect(events).toContain(`Marking for deletion Pod default/${web}`);
    expect(events).toContain(`Marking for deletion Pod default/${db}`);
    expect(events).not.toContain(`Marking for deletion Pod default/${agent}`);
    const pods = sim.kubectl('kubectl get pods -o wide');
    expect(pods).toMatch(new RegExp(`^${web}\\s+1/1\\s+Terminating\\s.*\\snode2\\s`, 'm'));
    expect(pods).toMatch(new RegExp(`^${db}\\s+1/1\\s+Terminating\\s.*\\snode2\\s`, 'm'));
    expect(pods).toMatch(new RegExp(`^${agent}\\s+1/1\\s+Running\\s`, 'm'));

    sim.advanceTo(8 * 60 * sec);
    expect(sim.kubectl('kubectl get deploy web')).toMatch(/^web\s+3\/3\s/m);
    expect(sim.kubectl('kubectl get sts db')).toMatch(/^db\s+2\/3\s/m);
    expect(sim.kubectl('kubectl get pods')).toMatch(new RegExp(`^${db}\\s+1/1\\s+Terminating\\s`, 'm'));

    const del = sim.run(`kubectl delete pod ${db} --force --grace-period=0`);
    expect(del.ok).toBe(true);
    expect(del.output).toContain('Warning: Immediate deletion does not wait for confirmation');
    sim.advanceTo(9 * 60 * sec);
    const replaced = sim.engine.get('Pod', `default/${db}`);
    expect(replaced?.spec.nodeName).toBeDefined();
    expect(replaced?.spec.nodeName).not.toBe('node2');
    expect(sim.kubectl('kubectl get sts db')).toMatch(/^db\s+3\/3\s/m);
  });
});
