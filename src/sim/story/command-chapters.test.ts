import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/parse';
import { Simulation } from '../simulation';

/** pod-to-dead-kubelet without its timeline: a control plane `controlnode`, node1, node2 with a static nginx. */
function cluster(): Simulation {
  const text = readFileSync(new URL('../../../public/scenarios/pod-to-dead-kubelet.yaml', import.meta.url), 'utf8');
  const r = parseScenario(text);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const sim = new Simulation({ ...r.scenario, spec: { ...r.scenario.spec, timeline: [] } });
  sim.advanceTo(10_000);
  return sim;
}

/** The chapter a command adds (the last one at this instant), or undefined. */
function chapterOf(sim: Simulation, line: string, by?: 'scenario' | 'you') {
  const before = sim.chapters().length;
  sim.run(line, by ? { by } : {});
  const after = sim.chapters();
  return after.length > before ? after[before] : undefined;
}

describe('command chapters', () => {
  it('name what a command broke or healed, in plain words', () => {
    const sim = cluster();
    const label = (line: string) => chapterOf(sim, line)?.label;
    expect(label('ssh node2 systemctl stop kubelet')).toBe('kubelet stopped on node2');
    expect(label('ssh node2 systemctl start kubelet')).toBe('kubelet started on node2');
    expect(label('ssh node2 systemctl restart containerd')).toBe('containerd restarted on node2');
    expect(label('network cut node1')).toBe('network cut to node1');
    expect(label('network heal node1')).toBe('network healed to node1');
    expect(label('kubectl cordon node1')).toBe('node1 cordoned');
    expect(label('kubectl uncordon node1')).toBe('node1 uncordoned');
    expect(label('registry down')).toBe('registry down');
    expect(label('registry up')).toBe('registry up');
    expect(label('ssh node2 mv /etc/kubernetes/manifests/nginx.yaml /tmp/')).toBe('static pod nginx stopped on node2');
    expect(label('ssh node2 mv /tmp/nginx.yaml /etc/kubernetes/manifests/')).toBe('static pod nginx started on node2');
    expect(label('ssh controlnode mv /etc/kubernetes/manifests/kube-scheduler.yaml /tmp/')).toBe(
      'kube-scheduler stopped',
    );
    expect(label('ssh controlnode mv /tmp/kube-scheduler.yaml /etc/kubernetes/manifests/')).toBe(
      'kube-scheduler started',
    );
    expect(label('kubectl create deployment web --image nginx:1.27 --replicas 2')).toBe('deploy/web created');
    expect(label('kubectl scale deployment web --replicas 5')).toBe('deploy/web scaled to 5');
    expect(label('kubectl run one --image nginx')).toBe('pod one created');
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'two' },
      spec: { containers: [{ name: 'a', image: 'nginx' }] },
    };
    expect(label(`kubectl apply -f -\n${JSON.stringify(pod)}`)).toBe('pod/two created');
    expect(label('ssh node1 reboot')).toBe('node1 rebooted');
    expect(label('ssh node2 poweroff')).toBe('node2 powered off');
    expect(label('power-on node2')).toBe('node2 powered on');
    expect(label('kubectl delete node node1')).toBe('Node node1 deleted');
  });

  it('a force-deleted pod names its node; a chapter says who ran the command', () => {
    const sim = cluster();
    const pod = sim.engine.list('Pod').find((p) => p.metadata.name === 'nginx-node2');
    expect(pod).toBeDefined();
    expect(chapterOf(sim, 'kubectl delete pod nginx-node2 --force --grace-period=0')).toEqual({
      at: 10_000,
      label: 'nginx-node2 force-deleted',
      kind: 'delete',
      ref: 'Pod/default/nginx-node2',
      node: 'node2',
      by: 'you',
      actor: 'you',
    });
    expect(chapterOf(sim, 'ssh node1 systemctl stop kubelet', 'scenario')).toMatchObject({
      by: 'scenario',
      actor: 'the scenario',
      kind: 'fault',
      ref: 'Host/node1',
      node: 'node1',
    });
  });

  it('leaves out read-only commands, refusals and commands that changed nothing', () => {
    const sim = cluster();
    for (const line of [
      'kubectl get nodes',
      'kubectl describe node node2',
      'kubectl get pods -o wide',
      'ssh node2 systemctl status kubelet',
      'ssh node2 journalctl -u kubelet',
      'kubectl delete pod nope',
      'network heal node1',
      'kubectl frobnicate',
    ]) {
      expect(chapterOf(sim, line), line).toBeUndefined();
    }
    expect(chapterOf(sim, 'ssh node2 systemctl stop kubelet')).toBeDefined();
    expect(chapterOf(sim, 'ssh node2 systemctl stop kubelet')).toBeUndefined();
    expect(chapterOf(sim, 'kubectl cordon node1')).toBeDefined();
    expect(chapterOf(sim, 'kubectl cordon node1')).toBeUndefined();
  });

  it("comes before the moments the command caused at once (kubectl delete node: no 'Node object gone')", () => {
    const sim = cluster();
    sim.run('kubectl delete node node1');
    expect(sim.chapters().map((c) => c.label)).toEqual(['Node node1 deleted']);
  });
});
