/**
 * kube-system as kubeadm makes it (issue 9 point 10). Sources: kubernetes/kubernetes
 * cmd/kubeadm/app/phases/addons/dns (CoreDNS Deployment, 2 replicas, kube-dns Service 10.96.0.10,
 * tolerations of the control-plane taint: master too up to 1.23), phases/addons/proxy (kube-proxy
 * DaemonSet, `operator: Exists`), Calico's calico.yaml (calico-node DaemonSet); pkg/controller/
 * tainteviction (DaemonSet pods tolerate NoExecute: never evicted); kubectl pkg/drain/filters.go
 * (daemonSetFilter).
 */
import { describe, expect, it } from 'vitest';
import { kitScenario, run, workloadPodsOn } from '../controllers/node-lifecycle.testkit';
import type { ProfileName } from '../core/profiles';
import { Simulation } from '../simulation';

function sim(profile: ProfileName = 'v1.33', addons?: { kubeProxy: boolean; cni: boolean; coreDNS: boolean }) {
  const s = kitScenario({ workers: 2, replicas: 2, profile });
  if (addons) s.spec.addons = addons;
  return new Simulation(s);
}

const kubeSystem = (s: Simulation) =>
  s
    .kubectl('kubectl get pods -n kube-system -o wide')
    .split('\n')
    .slice(1)
    .map((l) => {
      const [name = '', , status = '', , , , node = ''] = l.split(/\s+/);
      return `${name.replace(/-[a-z0-9]{5}$/, '').replace(/^coredns-\w+$/, 'coredns')} ${status} ${node}`;
    });

describe('kubeadm add-ons in kube-system', () => {
  it('kube-proxy and calico-node on every node, CoreDNS twice on the control plane, the kube-dns Service', () => {
    const s = sim();
    expect(kubeSystem(s).sort()).toEqual(
      [
        'calico-node Running cp',
        'calico-node Running node1',
        'calico-node Running node2',
        'coredns Running cp',
        'coredns Running cp',
        'etcd-cp Running cp',
        'kube-apiserver-cp Running cp',
        'kube-controller-manager-cp Running cp',
        'kube-proxy Running cp',
        'kube-proxy Running node1',
        'kube-proxy Running node2',
        'kube-scheduler-cp Running cp',
      ].sort(),
    );
    expect(s.kubectl('kubectl get svc -n kube-system')).toMatch(
      /^kube-dns\s+ClusterIP\s+10\.96\.0\.10\s+<none>\s+53\/UDP,53\/TCP,9153\/TCP\s/m,
    );
    expect(s.kubectl('kubectl get deploy coredns -n kube-system -o wide')).toMatch(
      /coredns\s+2\/2\s.*registry\.k8s\.io\/coredns\/coredns:v1\.12\.0\s+k8s-app=kube-dns$/m,
    );
    expect(s.kubectl('kubectl get ds -n kube-system')).toMatch(
      /^kube-proxy\s+3\s+3\s+3\s+3\s+3\s+kubernetes\.io\/os=linux/m,
    );
  });

  it('per profile: kubeadm 1.23 images from k8s.gcr.io, CoreDNS tolerating the master taint', () => {
    const s = sim('v1.23-docker');
    const d = s.engine.get('Deployment', 'kube-system/coredns');
    expect(d?.spec.template.spec.containers[0]?.image).toBe('k8s.gcr.io/coredns/coredns:v1.8.6');
    expect(d?.spec.template.spec.tolerations?.map((t) => t.key)).toEqual([
      'CriticalAddonsOnly',
      'node-role.kubernetes.io/master',
      'node-role.kubernetes.io/control-plane',
    ]);
    expect(s.kubectl('kubectl get pods -n kube-system')).toMatch(/^coredns-\w+-\w{5}\s+1\/1\s+Running/m);
    expect(s.engine.get('DaemonSet', 'kube-system/kube-proxy')?.spec.template.spec.containers[0]?.image).toBe(
      'k8s.gcr.io/kube-proxy:v1.23.2',
    );
  });

  it('teaches that DaemonSet pods are not evicted: a lost node keeps them, its workload pods go', () => {
    const s = sim();
    run(s, 'ssh node2 systemctl stop kubelet');
    s.advanceTo(7 * 60_000);
    const pods = s.engine.podsOnNode('node2');
    const system = pods.filter((p) => p.metadata.namespace === 'kube-system');
    expect(system.map((p) => p.metadata.name.replace(/-\w{5}$/, '')).sort()).toEqual(['calico-node', 'kube-proxy']);
    for (const p of system) expect(p.metadata.deletionTimestamp).toBeUndefined();
    const work = workloadPodsOn(s, 'node2');
    expect(work.length).toBeGreaterThan(0);
    for (const p of work) expect(p.metadata.deletionTimestamp).toBeDefined();
  });

  it('kubectl drain without --ignore-daemonsets refuses them', () => {
    const s = sim();
    const r = s.run('kubectl drain node1');
    expect(r.ok).toBe(false);
    expect(r.output.split('\n').at(-1)).toMatch(
      /^cannot delete DaemonSet-managed Pods \(use --ignore-daemonsets to ignore\): kube-system\/calico-node-\w{5}, kube-system\/kube-proxy-\w{5}$/,
    );
  });

  it('the view marks their pods (the graph may draw them apart)', () => {
    const v = sim().view();
    const addons = v.pods
      .filter((p) => p.addon)
      .map((p) => p.name.replace(/-\w{5}$/, '').replace(/^coredns-\w+$/, 'coredns'));
    expect(addons.sort()).toEqual([
      'calico-node',
      'calico-node',
      'calico-node',
      'coredns',
      'coredns',
      'kube-proxy',
      'kube-proxy',
      'kube-proxy',
    ]);
    expect(v.pods.filter((p) => p.namespace === 'default').every((p) => p.addon === undefined)).toBe(true);
  });

  it("kube-dns names its ports as kubeadm does (dns, dns-tcp, metrics): describe svc lists each port's endpoints", () => {
    // kubeadm phases/addons/dns/manifests.go CoreDNSService; kubectl describe.go describeService
    // (`Port:\t<name>\t<port>/<proto>`, formatEndpointSlices by port name); the EndpointSlice
    // controller's getEndpointPorts copies the Service port's name.
    const s = sim();
    const ips = s.engine
      .list('Pod')
      .filter((p) => p.metadata.labels['k8s-app'] === 'kube-dns')
      .map((p) => p.status.podIP)
      .sort();
    expect(ips).toHaveLength(2);
    const lines = s
      .kubectl('kubectl describe svc kube-dns -n kube-system')
      .split('\n')
      .filter((l) => /^(Port|TargetPort|Endpoints):/.test(l));
    const eps = (port: number) => ips.map((ip) => `${ip}:${port}`).join(',');
    expect(lines).toEqual([
      'Port:                     dns  53/UDP',
      'TargetPort:               53/UDP',
      `Endpoints:                ${eps(53)}`,
      'Port:                     dns-tcp  53/TCP',
      'TargetPort:               53/TCP',
      `Endpoints:                ${eps(53)}`,
      'Port:                     metrics  9153/TCP',
      'TargetPort:               9153/TCP',
      `Endpoints:                ${eps(9153)}`,
    ]);
    expect(s.kubectl('kubectl get svc kube-dns -n kube-system -o yaml')).toContain(
      '  ports:\n  - name: dns\n    port: 53\n    protocol: UDP\n    targetPort: 53\n  - name: dns-tcp\n',
    );
  });

  it("CoreDNS has kubeadm's probes: liveness /health :8080 (60s, 5s, 5), readiness /ready :8181, both answered", () => {
    // kubeadm phases/addons/dns/manifests.go CoreDNSDeployment (numeric probe ports up to 1.33;
    // named ones from 1.34, kubernetes#131587); the Corefile's health (:8080) and ready (:8181).
    for (const profile of ['v1.33', 'v1.23-docker'] as const) {
      const s = sim(profile);
      const pod = s.engine.list('Pod').find((p) => p.metadata.labels['k8s-app'] === 'kube-dns');
      const text = s.kubectl(`kubectl describe pod ${pod?.metadata.name} -n kube-system`);
      expect(text).toContain(
        '    Liveness:     http-get http://:8080/health delay=60s timeout=5s period=10s #success=1 #failure=5\n' +
          '    Readiness:    http-get http://:8181/ready delay=0s timeout=1s period=10s #success=1 #failure=3\n',
      );
      expect(text).toContain('    Args:\n      -conf\n      /etc/coredns/Corefile\n');
      expect(text).toMatch(/^ {4}Ready: {10}True$/m);
      // Ten minutes on, both probes still pass: no Unhealthy event, no restart.
      s.advanceTo(10 * 60_000);
      expect(s.kubectl('kubectl get events -n kube-system')).not.toMatch(/Unhealthy/);
      expect(s.kubectl('kubectl get pods -n kube-system')).toMatch(/^coredns-\w+-\w{5}\s+1\/1\s+Running\s+0\s/m);
    }
  });

  it("calico-node's tolerations keep calico.yaml's order, the DaemonSet controller's defaults after them", () => {
    // calico.yaml (NoSchedule Exists, CriticalAddonsOnly, NoExecute Exists); pkg/controller/daemon/
    // util/daemonset_util.go AddOrUpdateDaemonPodTolerations appends its defaults in this order.
    const s = sim();
    const pod = s.engine.list('Pod').find((p) => p.metadata.labels['k8s-app'] === 'calico-node');
    expect(pod?.spec.tolerations?.map((t) => `${t.key ?? ''}:${t.effect ?? ''}`)).toEqual([
      ':NoSchedule',
      'CriticalAddonsOnly:',
      ':NoExecute',
      'node.kubernetes.io/not-ready:NoExecute',
      'node.kubernetes.io/unreachable:NoExecute',
      'node.kubernetes.io/disk-pressure:NoSchedule',
      'node.kubernetes.io/memory-pressure:NoSchedule',
      'node.kubernetes.io/pid-pressure:NoSchedule',
      'node.kubernetes.io/unschedulable:NoSchedule',
      'node.kubernetes.io/network-unavailable:NoSchedule',
    ]);
  });

  it('spec.addons turns them off', () => {
    const s = sim('v1.33', { kubeProxy: false, cni: true, coreDNS: false });
    const names = kubeSystem(s).map((l) => l.split(' ')[0]);
    expect(names.filter((n) => !/-cp$/.test(n ?? ''))).toEqual(['calico-node', 'calico-node', 'calico-node']);
    expect(s.kubectl('kubectl get svc -A')).toBe('No resources found');
  });
});
