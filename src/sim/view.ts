/**
 * The compact view model the app draws: both truths per node and per pod. Built on demand from the
 * state; plain data, small enough to post to the UI thread.
 *
 * API truth comes from the objects (the STATUS/READY columns use kubectl's own printer algorithm,
 * see podStatusColumns); host truth comes from hosts[].containers and services. A ghost runs on a
 * host without an API pod (e.g. a static pod whose mirror is gone, or a pod deleted while its node
 * could not hear about it); a zombie is Running in the API with nothing running on its host.
 */

import { isAddonPod } from './api/addons';
import { REPLACES_ANNOTATION } from './api/workload-memory';
import { CA_NAME, CCM_NAME } from './cloud/bootstrap';
import { buildCloudView, type CloudView, instanceOfHostView } from './cloud/view';
import type { ControlPlaneCardComponent } from './commands/actions';
import type { Node, Pod } from './core/api-types';
import type { InstanceState } from './core/cloud-types';
import type { Engine } from './core/engine';
import { pushAll } from './core/lists';
import type { Host, HostContainer } from './core/state';
import { CONTROL_PLANE_COMPONENTS, controlPlaneHost } from './core/world';
import { nodeStatus, podColumns } from './kubectl/status';

export interface ServiceView {
  name: 'kubelet' | 'containerd' | 'docker' | 'kube-proxy' | 'calico-node';
  active: boolean;
}

export interface NodeView {
  name: string;
  role: 'control-plane' | 'worker';
  zone: string;
  /** Host truth. */
  power: 'on' | 'off';
  networkCut: boolean;
  services: ServiceView[];
  /** API truth: does a Node object exist, and what does kubectl say. */
  apiExists: boolean;
  status: string; // kubectl STATUS column: Ready, NotReady, Ready,SchedulingDisabled, Unknown, or '' if no object
  conditions: { type: string; status: string; reason: string }[]; // the unhealthy ones
  taints: string[]; // key:Effect
  /** ms since the node's last heartbeat (Lease renewal) as the API sees it; undefined if none. */
  heartbeatAge?: number;
  /** The node-monitor-grace-period in force. */
  grace: number;
  /** Lease renewTime, for pulsing the heartbeat edge. */
  lastLeaseRenew?: number;
  /** Cloud truth (scenarios with spec.cloud): the machine's instance, its state and node group. */
  instance?: { id: string; state: InstanceState; group?: string };
}

export interface PodView {
  key: string; // namespace/name (API) or host:<container id> for a ghost
  name: string;
  namespace: string;
  node?: string;
  /** kubectl STATUS column ('' for ghosts, which are not in the API). */
  status: string;
  /** kubectl READY column. */
  ready: string;
  /** Pod Ready condition is True. */
  apiReady: boolean;
  inApi: boolean;
  /** A container of this pod runs on its host right now. */
  hostRunning: boolean;
  /** Runs on a host but has no API object. */
  ghost: boolean;
  /** The API says Running but nothing runs on the host (dead host, stopped runtime). */
  zombie: boolean;
  terminating: boolean;
  /** When the taint-eviction controller will delete it (NoExecute toleration ends), if scheduled. */
  evictionAt?: number;
  owner?: string; // Kind/name
  staticPod: boolean;
  /** One of kubeadm's kube-system add-ons (kube-proxy, calico-node, CoreDNS: api/addons.ts). */
  addon?: true;
  /** For a replacement pod: the node its predecessor ran on (for the travel animation). */
  fromNode?: string;
}

export interface WorkloadView {
  kind: 'Deployment' | 'StatefulSet' | 'DaemonSet';
  name: string;
  namespace: string;
  ready: number;
  desired: number;
}

/** The control plane's static pods with a Stop/Start menu: kubeadm's four, and a cloud's processes. */

export interface ControlPlaneComponentView {
  name: ControlPlaneCardComponent;
  running: boolean;
  restarts: number;
}

export interface ControlPlaneView {
  node: string;
  /** kubeadm's four static pods (the card's buttons). */
  components: ControlPlaneComponentView[];
  /** In a cloud: the cloud-controller-manager and cluster-autoscaler static pods (the Node groups panel's buttons). */
  cloudProcesses?: ControlPlaneComponentView[];
  apiAvailable: boolean;
}

export interface ClusterView {
  now: number;
  changeCount: number;
  profile: string;
  registryUp: boolean;
  controlPlane?: ControlPlaneView;
  nodes: NodeView[];
  pods: PodView[];
  workloads: WorkloadView[];
  /** The simulated cloud: instances, node groups, the autoscaler (cloud/view.ts). */
  cloud?: CloudView;
}

/** Annotation the kubelet sets on mirror pods (value: the static pod's config hash). */
const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';
const SERVICE_ORDER: ServiceView['name'][] = ['kubelet', 'containerd', 'docker', 'kube-proxy', 'calico-node'];

/**
 * kubectl's STATUS and READY columns for a pod: the same printPod algorithm `kubectl get pods`
 * uses (kubectl/status.ts), so the graph and the kubectl views never disagree.
 */
export function podStatusColumns(pod: Pod, now = 0): { status: string; ready: string } {
  const c = podColumns(pod, now);
  return { status: c.status, ready: c.ready };
}

/** kubectl's STATUS column for a node: Ready / NotReady / Unknown, plus SchedulingDisabled. */
export function nodeStatusColumn(node: Node): string {
  return nodeStatus(node);
}

/** The node a replacement's predecessor ran on, from `<ns>/<old pod>@<old node>`. */
export function replacedFromNode(annotation: string | undefined): string | undefined {
  if (!annotation) return undefined;
  const at = annotation.lastIndexOf('@');
  return at >= 0 ? annotation.slice(at + 1) || undefined : undefined;
}

function runningContainers(h: Host | undefined): HostContainer[] {
  if (h?.power !== 'on') return [];
  return Object.values(h.containers).filter((c) => c.state === 'running');
}

function isMirror(pod: Pod): boolean {
  return pod.metadata.annotations[MIRROR_ANNOTATION] !== undefined;
}

/** Does container `c` belong to API pod `pod`? Static containers match their mirror by name. */
function belongsTo(c: HostContainer, pod: Pod): boolean {
  if (c.podUid === pod.metadata.uid) return true;
  return c.staticPod && c.podName === pod.metadata.name && c.namespace === (pod.metadata.namespace ?? 'default');
}

function buildNode(e: Engine, h: Host): NodeView {
  const node = e.get('Node', h.name);
  const services: ServiceView[] = [];
  for (const name of SERVICE_ORDER) {
    const svc = h.services[name];
    if (svc) services.push({ name, active: h.power === 'on' && svc.active });
  }
  const lease = e.get('Lease', `kube-node-lease/${h.name}`);
  const v: NodeView = {
    name: h.name,
    role: h.role,
    zone: h.zone,
    power: h.power,
    networkCut: h.networkCut,
    services,
    apiExists: node !== undefined,
    status: node ? nodeStatusColumn(node) : '',
    conditions: (node?.status.conditions ?? [])
      .filter((c) => (c.type === 'Ready' ? c.status !== 'True' : c.status !== 'False'))
      .map((c) => ({ type: c.type, status: c.status, reason: c.reason })),
    taints: (node?.spec.taints ?? []).map((t) => `${t.key}:${t.effect}`),
    grace: e.state.settings.nodeMonitorGracePeriod,
  };
  if (lease) {
    v.heartbeatAge = Math.max(0, e.now - lease.spec.renewTime);
    v.lastLeaseRenew = lease.spec.renewTime;
  }
  const instance = instanceOfHostView(e, h.name);
  if (instance) v.instance = instance;
  return v;
}

function buildPod(e: Engine, pod: Pod, key: string, claimed: Set<string>): PodView {
  const node = pod.spec.nodeName;
  const mine = runningContainers(node ? e.state.hosts[node] : undefined).filter((c) => belongsTo(c, pod));
  for (const c of mine) claimed.add(c.id);
  const cols = podStatusColumns(pod, e.now);
  const hostRunning = mine.length > 0;
  const owner = pod.metadata.ownerReferences.find((o) => o.controller) ?? pod.metadata.ownerReferences[0];
  const v: PodView = {
    key,
    name: pod.metadata.name,
    namespace: pod.metadata.namespace ?? 'default',
    status: cols.status,
    ready: cols.ready,
    apiReady: pod.status.conditions.some((c) => c.type === 'Ready' && c.status === 'True'),
    inApi: true,
    hostRunning,
    ghost: false,
    // What kubectl shows (STATUS Running), not the phase alone: after `systemctl stop docker` the
    // phase stays Running but kubectl prints Completed, and a learner reads the STATUS column.
    zombie: cols.status === 'Running' && !hostRunning,
    terminating: pod.metadata.deletionTimestamp !== undefined,
    staticPod: isMirror(pod),
  };
  if (node) v.node = node;
  if (owner) v.owner = `${owner.kind}/${owner.name}`;
  if (isAddonPod(pod)) v.addon = true;
  const ev = e.state.controllers.evictions[key];
  if (ev) v.evictionAt = ev.at;
  const from = replacedFromNode(pod.metadata.annotations[REPLACES_ANNOTATION]);
  if (from && from !== node) v.fromNode = from;
  return v;
}

function ghostsOn(h: Host, claimed: Set<string>): PodView[] {
  const byPod = new Map<string, HostContainer>();
  for (const c of runningContainers(h)) {
    if (claimed.has(c.id) || byPod.has(c.podUid)) continue;
    byPod.set(c.podUid, c);
  }
  return [...byPod.values()].map((c) => ({
    key: `host:${c.id}`,
    name: c.podName,
    namespace: c.namespace,
    node: h.name,
    status: '',
    ready: '',
    apiReady: false,
    inApi: false,
    hostRunning: true,
    ghost: true,
    zombie: false,
    terminating: false,
    staticPod: c.staticPod,
  }));
}

function buildControlPlane(e: Engine): ControlPlaneView | undefined {
  const cp = controlPlaneHost(e);
  if (!cp) return undefined;
  const running = new Set(runningContainers(cp).map((c) => c.podName));
  const component = (name: ControlPlaneCardComponent): ControlPlaneComponentView => {
    const mirror = e.get('Pod', `kube-system/${name}-${cp.name}`);
    const restarts = mirror?.status.containerStatuses.reduce((n, cs) => n + cs.restartCount, 0) ?? 0;
    return { name, running: running.has(`${name}-${cp.name}`), restarts };
  };
  const components = CONTROL_PLANE_COMPONENTS.map(component);
  const byName = new Map(components.map((c) => [c.name, c.running]));
  const view: ControlPlaneView = {
    node: cp.name,
    components,
    apiAvailable: byName.get('kube-apiserver') === true && byName.get('etcd') === true,
  };
  // In a cloud, the cloud-controller-manager and the cluster-autoscaler are static pods there too.
  const cloud = e.state.cloud;
  if (cloud) view.cloudProcesses = [CCM_NAME, ...(cloud.autoscaler ? [CA_NAME] : [])].map(component);
  return view;
}

function byName<T extends { name: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Builds the view model. Deterministic order: nodes by name, pods by node then name. `only`: the
 * machines to build (a big cluster's overview zoomed into a few): their cards and the pods bound
 * to them; the rest of the cluster is left out.
 */
export function buildView(e: Engine, only?: ReadonlySet<string>): ClusterView {
  const allHosts = e.state.hosts;
  // A big cluster's focus (a few machines zoomed into) reads those machines' pods only, not all
  // 150,000 keys sorted on every patch.
  const hosts = (
    only ? [...only].flatMap((n) => (Object.hasOwn(allHosts, n) ? [allHosts[n] as Host] : [])) : Object.values(allHosts)
  ).sort(byName);
  const claimed = new Set<string>();
  const pods: PodView[] = [];
  const keys = only ? [...only].flatMap((n) => e.podKeysOnNode(n)) : e.keysOf('Pod');
  for (const key of keys.sort()) {
    const pod = e.get('Pod', key);
    if (pod && (!only || (pod.spec.nodeName !== undefined && only.has(pod.spec.nodeName))))
      pods.push(buildPod(e, pod, key, claimed));
  }
  for (const h of hosts) pushAll(pods, ghostsOn(h, claimed));
  pods.sort((a, b) => {
    const na = a.node ?? '';
    const nb = b.node ?? '';
    if (na !== nb) return na < nb ? -1 : 1;
    return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  });
  const workloads: WorkloadView[] = [];
  for (const d of e.list('Deployment'))
    workloads.push({
      kind: 'Deployment',
      name: d.metadata.name,
      namespace: d.metadata.namespace ?? 'default',
      ready: d.status.readyReplicas,
      desired: d.spec.replicas,
    });
  for (const s of e.list('StatefulSet'))
    workloads.push({
      kind: 'StatefulSet',
      name: s.metadata.name,
      namespace: s.metadata.namespace ?? 'default',
      ready: s.status.readyReplicas,
      desired: s.spec.replicas,
    });
  for (const d of e.list('DaemonSet'))
    workloads.push({
      kind: 'DaemonSet',
      name: d.metadata.name,
      namespace: d.metadata.namespace ?? 'default',
      ready: d.status.numberReady,
      desired: d.status.desiredNumberScheduled,
    });
  workloads.sort((a, b) => (a.kind === b.kind ? byName(a, b) : a.kind < b.kind ? -1 : 1));
  const view: ClusterView = {
    now: e.now,
    changeCount: e.state.changeCount,
    profile: e.state.profile.name,
    registryUp: e.state.registryUp,
    nodes: hosts.map((h) => buildNode(e, h)),
    pods,
    workloads,
  };
  const cp = buildControlPlane(e);
  if (cp) view.controlPlane = cp;
  const cloud = buildCloudView(e);
  if (cloud) view.cloud = cloud;
  return view;
}
