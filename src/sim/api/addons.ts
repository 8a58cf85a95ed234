/**
 * kube-system as kubeadm makes it (issue 9 point 10): `kubeadm init`'s essential add-ons, CoreDNS
 * (Deployment `coredns` and Service `kube-dns`, 10.96.0.10) and kube-proxy (DaemonSet), then the
 * CNI the admin applies at once, Calico's `calico-node` DaemonSet. So `kubectl get pods -A` looks
 * like a real cluster, and a drain or a lost node shows that DaemonSet pods are never evicted.
 *
 * Manifests follow kubeadm's templates (kubernetes/kubernetes cmd/kubeadm/app/phases/addons/dns/
 * manifests.go CoreDNSDeployment and KubeDNSService; phases/addons/proxy/manifests.go
 * KubeProxyDaemonSet19) and Calico's calico.yaml (calico-node DaemonSet), reduced to the fields the
 * playground models. Versions per profile: kubeadm 1.33 pulls registry.k8s.io/coredns/coredns:v1.12.0
 * and tolerates the control-plane taint; kubeadm 1.23 pulls from k8s.gcr.io, CoreDNS v1.8.6,
 * and tolerates both the master and the control-plane taints.
 *
 * A scenario turns them off with `spec.addons: {kubeProxy: false, cni: false, coreDNS: false}`
 * (all on by default). The host processes kube-proxy and calico-node stay as they are: they are
 * what `systemctl` commands act on.
 */
import { pushAll } from '../core/lists';
import type { Profile } from '../core/profiles';
import type { Addons, Manifest } from '../core/scenario-types';

export const DEFAULT_ADDONS: Readonly<Addons> = { kubeProxy: true, cni: true, coreDNS: true };

/** PriorityClasses system-node-critical and system-cluster-critical (scheduling/types.go). */
const SYSTEM_NODE_CRITICAL = 2_000_001_000;
const SYSTEM_CLUSTER_CRITICAL = 2_000_000_000;

/** CoreDNS replicas kubeadm asks for. */
export const COREDNS_REPLICAS = 2;

interface Images {
  kubeProxy: string;
  coreDNS: string;
  calicoNode: string;
}

function images(profile: Profile): Images {
  const old = profile.name === 'v1.23-docker';
  const registry = old ? 'k8s.gcr.io' : 'registry.k8s.io';
  return {
    kubeProxy: `${registry}/kube-proxy:${profile.kubernetesVersion}`,
    coreDNS: `${registry}/coredns/coredns:${old ? 'v1.8.6' : 'v1.12.0'}`,
    calicoNode: `docker.io/calico/node:${old ? 'v3.21.4' : 'v3.29.3'}`,
  };
}

/** The images the add-ons run, already on every host (pulled when the node was set up). */
export function addonImages(profile: Profile, addons: Addons): string[] {
  const i = images(profile);
  return [
    ...(addons.coreDNS ? [i.coreDNS] : []),
    ...(addons.kubeProxy ? [i.kubeProxy] : []),
    ...(addons.cni ? [i.calicoNode] : []),
  ];
}

/**
 * Is this workload one of the add-ons? They are the cluster's own, like its control-plane pods:
 * the playground's pod budget (api/pod-budget.ts, scenario validation) leaves them out.
 */
export function isAddon(o: { kind: string; metadata: { name: string; namespace?: string } }): boolean {
  if (o.metadata.namespace !== 'kube-system') return false;
  return (
    (o.kind === 'Deployment' && o.metadata.name === 'coredns') ||
    (o.kind === 'DaemonSet' && (o.metadata.name === 'kube-proxy' || o.metadata.name === 'calico-node'))
  );
}

/** A pod of one of the add-ons (their pods carry the `k8s-app` label of their workload). */
export function isAddonPod(p: { metadata: { namespace?: string; labels: Record<string, string> } }): boolean {
  const app = p.metadata.labels['k8s-app'];
  return (
    p.metadata.namespace === 'kube-system' && (app === 'kube-proxy' || app === 'calico-node' || app === 'kube-dns')
  );
}

const LINUX = { 'kubernetes.io/os': 'linux' };

function coreDNS(profile: Profile, image: string): Manifest[] {
  const labels = { 'k8s-app': 'kube-dns' };
  const cpKeys =
    profile.name === 'v1.23-docker'
      ? ['node-role.kubernetes.io/master', 'node-role.kubernetes.io/control-plane']
      : ['node-role.kubernetes.io/control-plane'];
  return [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'coredns', namespace: 'kube-system', labels },
      spec: {
        replicas: COREDNS_REPLICAS,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: {
            priority: SYSTEM_CLUSTER_CRITICAL,
            serviceAccountName: 'coredns',
            nodeSelector: LINUX,
            tolerations: [
              { key: 'CriticalAddonsOnly', operator: 'Exists' },
              ...cpKeys.map((key) => ({ key, effect: 'NoSchedule' })),
            ],
            containers: [
              {
                name: 'coredns',
                image,
                resources: { requests: { cpu: '100m', memory: '70Mi' } },
                args: ['-conf', '/etc/coredns/Corefile'],
                // kubeadm names the probe ports (liveness-probe 8080, readiness-probe 8181) only
                // from 1.34 (kubernetes#131587, CoreDNS v1.12.1); 1.23 and 1.33 give numbers.
                ports: [
                  { containerPort: 53, name: 'dns', protocol: 'UDP' },
                  { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' },
                  { containerPort: 9153, name: 'metrics', protocol: 'TCP' },
                ],
                livenessProbe: {
                  httpGet: { path: '/health', port: 8080, scheme: 'HTTP' },
                  initialDelaySeconds: 60,
                  timeoutSeconds: 5,
                  successThreshold: 1,
                  failureThreshold: 5,
                },
                readinessProbe: { httpGet: { path: '/ready', port: 8181, scheme: 'HTTP' } },
              },
            ],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: {
        name: 'kube-dns',
        namespace: 'kube-system',
        labels: { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' },
      },
      spec: {
        clusterIP: '10.96.0.10',
        selector: labels,
        ports: [
          { name: 'dns', port: 53, targetPort: 53, protocol: 'UDP' },
          { name: 'dns-tcp', port: 53, targetPort: 53, protocol: 'TCP' },
          { name: 'metrics', port: 9153, targetPort: 9153, protocol: 'TCP' },
        ],
      },
    },
  ];
}

function daemonSet(name: string, image: string, tolerations: Record<string, string>[], grace?: number): Manifest {
  const labels = { 'k8s-app': name };
  const spec: Record<string, unknown> = {
    priority: SYSTEM_NODE_CRITICAL,
    hostNetwork: true,
    serviceAccountName: name,
    nodeSelector: LINUX,
    tolerations,
    containers: [{ name, image }],
  };
  if (grace !== undefined) spec.terminationGracePeriodSeconds = grace;
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace: 'kube-system', labels },
    spec: { selector: { matchLabels: labels }, template: { metadata: { labels }, spec } },
  };
}

/**
 * The add-on manifests in the order they are applied: kubeadm's CoreDNS, then kube-proxy, then
 * the CNI. kube-proxy tolerates every taint; calico-node every NoSchedule and NoExecute one, and
 * stops at once (terminationGracePeriodSeconds 0, as in calico.yaml).
 */
export function addonManifests(profile: Profile, addons: Addons): Manifest[] {
  const i = images(profile);
  const out: Manifest[] = [];
  if (addons.coreDNS) pushAll(out, coreDNS(profile, i.coreDNS));
  if (addons.kubeProxy) out.push(daemonSet('kube-proxy', i.kubeProxy, [{ operator: 'Exists' }]));
  if (addons.cni)
    out.push(
      daemonSet(
        'calico-node',
        i.calicoNode,
        [
          { effect: 'NoSchedule', operator: 'Exists' },
          { key: 'CriticalAddonsOnly', operator: 'Exists' },
          { effect: 'NoExecute', operator: 'Exists' },
        ],
        0,
      ),
    );
  return out;
}
