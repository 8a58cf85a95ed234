/**
 * Turns a scenario into a running cluster. The cluster boots WARMUP_MS before t=0 exactly as a
 * kubeadm cluster would: hosts power on, systemd starts the runtime and the kubelet, the kubelet on
 * the control-plane node starts etcd, kube-apiserver, kube-controller-manager and kube-scheduler
 * from static manifests, every kubelet registers its Node, and a minute later the scenario's
 * objects are applied. By t=0 the simulation has reached its steady state on its own, so nothing
 * about the starting state is hand-written.
 */

import { addonImages, addonManifests, DEFAULT_ADDONS } from '../api/addons';
import { applyManifest } from '../api/apply';
import { containerSpecsFrom } from '../api/defaults';
import { bootCloud, cloudStaticPods } from '../cloud/bootstrap';
import { dict } from '../core/dict';
import type { Engine, SimModule } from '../core/engine';
import { emptyJournal } from '../core/journal-log';
import type { Manifest, Scenario } from '../core/scenario-types';
import type { Host, StaticManifest } from '../core/state';
import { hashString } from '../core/trace';
import { bootHost } from '../host/power';

export const WARMUP_MS = 10 * 60_000;
/** When the scenario's objects are applied, relative to t=0. */
export const APPLY_AT = -WARMUP_MS + 90_000;
/**
 * kubeadm init applies its add-ons once the control plane answers and its Node is registered (the
 * [mark-control-plane] and [bootstrap-token] phases come first: a couple of seconds), before any
 * worker joins; the admin applies the CNI right after.
 */
export const ADDONS_AFTER_REGISTRATION = 2_000;

const CONTROL_PLANE_IMAGES: Record<string, string> = {
  etcd: 'registry.k8s.io/etcd:3.5.21-0',
  'kube-apiserver': 'registry.k8s.io/kube-apiserver',
  'kube-controller-manager': 'registry.k8s.io/kube-controller-manager',
  'kube-scheduler': 'registry.k8s.io/kube-scheduler',
};

export function manifestFromPod(file: string, m: Manifest): StaticManifest {
  const spec = (m.spec ?? {}) as {
    containers?: unknown;
    hostNetwork?: boolean;
    priority?: number;
  };
  // The kubelet reads the whole container spec: command, ports, probes (with the API's defaults).
  const containers = containerSpecsFrom(spec.containers);
  const sm: StaticManifest = {
    file,
    name: m.metadata.name,
    namespace: m.metadata.namespace ?? 'default',
    labels: { ...(m.metadata.labels ?? {}) },
    spec: { containers },
    hash: '',
  };
  if (spec.hostNetwork) sm.spec.hostNetwork = true;
  sm.hash = hashString(JSON.stringify([sm.name, sm.namespace, sm.labels, sm.spec]));
  if (typeof spec.priority === 'number') sm.priority = spec.priority;
  return sm;
}

function controlPlaneManifests(version: string): StaticManifest[] {
  return Object.entries(CONTROL_PLANE_IMAGES).map(([name, image]) =>
    manifestFromPod(`${name}.yaml`, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'kube-system', labels: { component: name, tier: 'control-plane' } },
      spec: {
        hostNetwork: true,
        priority: 2000001000,
        containers: [{ name, image: image.includes(':') ? image : `${image}:${version}` }],
      },
    }),
  );
}

/** The command recorded on the boot's cause (Why? reads it as "the cluster started"). */
export const BOOT_COMMAND = 'scenario';
/** The command recorded on the cause of the scenario's objects, applied during the boot. */
export const BOOT_APPLY_COMMAND = 'kubectl apply -f scenario.yaml';

export function bootstrap(e: Engine, scenario: Scenario): void {
  const st = e.state;
  const cause = e.cause({
    actor: 'scenario',
    what: `cluster "${scenario.metadata.name}" boots`,
    command: BOOT_COMMAND,
    by: 'scenario',
  });
  const version = st.profile.kubernetesVersion;
  const addons = scenario.spec.addons ?? DEFAULT_ADDONS;
  scenario.spec.nodes.forEach((n, i) => {
    const isCp = n.roles.includes('control-plane') || n.roles.includes('master');
    const labels: Record<string, string> = {
      'kubernetes.io/hostname': n.name,
      'kubernetes.io/os': 'linux',
      'kubernetes.io/arch': 'amd64',
      ...(n.labels ?? {}),
    };
    for (const r of n.roles) labels[`node-role.kubernetes.io/${r}`] = '';
    if (n.zone) labels['topology.kubernetes.io/zone'] = n.zone;
    // Keyed by image and file names users write (core/dict.ts).
    const images = dict<true>();
    const manifests = dict<StaticManifest>();
    if (isCp) for (const m of controlPlaneManifests(version)) manifests[m.file] = m;
    for (const img of Object.values(CONTROL_PLANE_IMAGES)) images[img.includes(':') ? img : `${img}:${version}`] = true;
    for (const img of addonImages(st.profile, addons)) images[img] = true;
    const h: Host = {
      name: n.name,
      role: isCp ? 'control-plane' : 'worker',
      zone: n.zone ?? '',
      ip: `192.168.56.${10 + i}`,
      labels,
      power: 'off',
      powerCause: cause,
      bootId: '',
      networkCut: false,
      networkCause: cause,
      services: {},
      containers: {},
      images,
      manifests,
      stash: dict(),
      journal: emptyJournal(),
      kubelet: null,
      nextPodIp: 2,
      podCidrIndex: i,
    };
    if (n.cpu !== undefined) e.cow.touch(h).cpu = n.cpu;
    if (n.memory !== undefined) e.cow.touch(h).memory = n.memory;
    st.hosts[n.name] = h;
    if (isCp && st.controlPlaneName === undefined) st.controlPlaneName = n.name;
  });
  // The cloud's instances and node groups, and its processes beside the control plane (cloud/).
  bootCloud(e, scenario, cause);
  const cp = st.controlPlaneName === undefined ? undefined : st.hosts[st.controlPlaneName];
  for (const sp of cloudStaticPods(scenario)) {
    if (!cp) break;
    e.cow.field(cp, 'manifests')[sp.file] = manifestFromPod(sp.file, sp.manifest);
    e.cow.field(cp, 'images')[sp.image] = true;
  }
  for (const sp of scenario.spec.staticPods) {
    const h = st.hosts[sp.node];
    if (!h) continue;
    const file = sp.file ?? `${sp.manifest.metadata.name}.yaml`;
    e.cow.field(h, 'manifests')[file] = manifestFromPod(file, sp.manifest);
  }
  // Control plane first, workers a few seconds later (as `kubeadm join` would).
  for (const h of Object.values(st.hosts)) bootHost(e, h.name, cause, h.role === 'control-plane' ? 0 : 20_000);
  e.schedule(APPLY_AT - e.now, 'bootstrap.apply', scenario.metadata.name);
  pendingObjects.set(e, scenario.spec.objects);
  const extra = addonManifests(st.profile, addons);
  if (extra.length) pendingAddons.set(e, extra);
}

/** Objects waiting for APPLY_AT; kept outside the state because they are inputs, not state. */
const pendingObjects = new WeakMap<Engine, Manifest[]>();
/** kube-system add-ons waiting for the control plane's registration (inputs too). */
const pendingAddons = new WeakMap<Engine, Manifest[]>();

/** kubeadm init's add-on phase and the CNI's `kubectl apply`. */
function applyAddons(e: Engine): void {
  const objs = pendingAddons.get(e);
  if (!objs) return;
  pendingAddons.delete(e);
  const cause = e.cause({
    actor: 'scenario',
    what: 'kubeadm init: addons CoreDNS and kube-proxy; kubectl apply -f calico.yaml',
    command: BOOT_COMMAND,
    by: 'scenario',
  });
  for (const m of objs) applyManifest(e, m, cause, { podBudget: false });
}

export const bootstrapModule: SimModule = {
  name: 'bootstrap',
  watch: {
    Node: (e, key, obj, old) => {
      // The control plane's first registration: kubeadm's add-on phase follows.
      if (!old && obj && key === e.state.controlPlaneName && pendingAddons.has(e))
        e.schedule(ADDONS_AFTER_REGISTRATION, 'bootstrap.addons', key);
    },
  },
  timers: {
    'bootstrap.addons': (e) => applyAddons(e),
    'bootstrap.apply': (e) => {
      const objs = pendingObjects.get(e) ?? [];
      const cause = e.cause({
        actor: 'scenario',
        what: 'kubectl apply -f scenario objects',
        command: BOOT_APPLY_COMMAND,
        by: 'scenario',
      });
      for (const m of objs) applyManifest(e, m, cause, { podBudget: false });
      pendingObjects.delete(e);
    },
  },
};
