/**
 * The kind cluster config: one kind node per scenario node (roles and zone labels), and the
 * simulation's settings where Kubernetes has a flag for them, through kubeadmConfigPatches:
 * kube-controller-manager's node-lifecycle flags, kube-apiserver's default tolerations and the
 * kubelet's status and lease timings. Settings of the simulation alone (watch latency, image pull
 * times) and constants Kubernetes does not expose as flags (PodGC's period and quarantine, the
 * kubelet's runtime and PLEG thresholds) are named in a comment instead.
 *
 * kind writes kubeadm's v1beta3 config for node images up to v1.35 (extraArgs as a map); the
 * patches here follow it.
 */
import { CLOUD_SETTINGS, formatDurationExact, PROFILES, type Scenario, type Settings } from '../sim/index';
import { NODE_LABEL, type NodeMapping } from './nodes';
import { comment, yamlString } from './text';

type Target = 'kube-controller-manager' | 'kube-apiserver' | 'kubelet';

/** Each setting with a real flag: where it goes, under which names, written how. */
export const SETTING_FLAGS: Partial<
  Record<keyof Settings, { target: Target; names: string[]; form: 'duration' | 'number'; onlyIfSet?: true }>
> = {
  nodeMonitorGracePeriod: { target: 'kube-controller-manager', names: ['node-monitor-grace-period'], form: 'duration' },
  nodeStartupGracePeriod: { target: 'kube-controller-manager', names: ['node-startup-grace-period'], form: 'duration' },
  nodeMonitorPeriod: { target: 'kube-controller-manager', names: ['node-monitor-period'], form: 'duration' },
  nodeEvictionRate: { target: 'kube-controller-manager', names: ['node-eviction-rate'], form: 'number' },
  secondaryNodeEvictionRate: {
    target: 'kube-controller-manager',
    names: ['secondary-node-eviction-rate'],
    form: 'number',
  },
  unhealthyZoneThreshold: { target: 'kube-controller-manager', names: ['unhealthy-zone-threshold'], form: 'number' },
  largeClusterSizeThreshold: {
    target: 'kube-controller-manager',
    names: ['large-cluster-size-threshold'],
    form: 'number',
  },
  defaultTolerationSeconds: {
    target: 'kube-apiserver',
    names: ['default-not-ready-toleration-seconds', 'default-unreachable-toleration-seconds'],
    form: 'number',
  },
  nodeLeaseDurationSeconds: { target: 'kubelet', names: ['nodeLeaseDurationSeconds'], form: 'number' },
  nodeStatusUpdateFrequency: { target: 'kubelet', names: ['nodeStatusUpdateFrequency'], form: 'duration' },
  nodeStatusReportFrequency: { target: 'kubelet', names: ['nodeStatusReportFrequency'], form: 'duration' },
  // Graceful node shutdown is off by default (0s): written only when the scenario sets it.
  shutdownGracePeriod: { target: 'kubelet', names: ['shutdownGracePeriod'], form: 'duration', onlyIfSet: true },
  shutdownGracePeriodCriticalPods: {
    target: 'kubelet',
    names: ['shutdownGracePeriodCriticalPods'],
    form: 'duration',
    onlyIfSet: true,
  },
};

/** kind's node images (digests as kind's own releases pinned them: v0.29.0 and v0.12.0). */
export const NODE_IMAGES = {
  'v1.33': 'kindest/node:v1.33.1@sha256:050072256b9a903bd914c0b2866828150cb229cea0efe5892e2b644d5dd3b34f',
  'v1.23-docker': 'kindest/node:v1.23.0@sha256:49824ab1727c04e56a21a5d8372a402fcd32ea51ac96a2706a12af38934f81ac',
} as const;

const str = yamlString;

/** The effective settings (profile defaults and the scenario's own), and which the scenario set. */
export function effectiveSettings(scenario: Scenario): { settings: Settings; changed: Set<keyof Settings> } {
  const settings = { ...PROFILES[scenario.spec.profile].defaults, ...scenario.spec.settings };
  return { settings, changed: new Set(Object.keys(scenario.spec.settings) as (keyof Settings)[]) };
}

function flagValue(settings: Settings, key: keyof Settings, form: 'duration' | 'number'): string {
  return form === 'duration' ? formatDurationExact(settings[key]) : String(settings[key]);
}

/**
 * Settings kind cannot carry: the simulation's own, or constants in Kubernetes; with a simulated
 * cloud, also its processes' (kind has neither a cloud-controller-manager nor an autoscaler).
 */
export function settingsWithoutFlag(scenario: Scenario): (keyof Settings)[] {
  const cloud = scenario.spec.cloud !== undefined;
  return (Object.keys(PROFILES['v1.33'].defaults) as (keyof Settings)[]).filter(
    (k) => !SETTING_FLAGS[k] && (cloud || !CLOUD_SETTINGS.includes(k)),
  );
}

/** `name: value` lines of one target: extraArgs are strings, KubeletConfiguration has numbers and duration strings. */
function flagLines(scenario: Scenario, target: Target, indent: string): string[] {
  const { settings, changed } = effectiveSettings(scenario);
  const out: string[] = [];
  for (const [key, f] of Object.entries(SETTING_FLAGS) as [
    keyof Settings,
    NonNullable<(typeof SETTING_FLAGS)[keyof Settings]>,
  ][]) {
    if (f.target !== target || (f.onlyIfSet && !changed.has(key))) continue;
    const v = flagValue(settings, key, f.form);
    const mark = changed.has(key) ? `  # ${key}: set by the scenario` : '';
    const text = target === 'kubelet' && f.form === 'number' ? v : str(v);
    for (const name of f.names) out.push(`${indent}${name}: ${text}${mark}`);
  }
  return out;
}

/** kind-config.yaml. */
export function kindConfig(scenario: Scenario, nodes: NodeMapping): string {
  const profile = PROFILES[scenario.spec.profile];
  const lines = [
    comment(`kind cluster for the NotReady scenario ${scenario.metadata.name}: ${scenario.metadata.title}`),
    `# Profile ${profile.name} (Kubernetes ${profile.kubernetesVersion}). Create it with run.sh, or:`,
    `#   kind create cluster --config kind-config.yaml --image ${NODE_IMAGES[scenario.spec.profile]}`,
    "# Flags below carry the simulation's settings (the profile's defaults unless marked), so the",
    '# real cluster keeps the timings the predictions were made with.',
    `# Not carried (no flag for them in Kubernetes, or the simulation's alone): ${settingsWithoutFlag(scenario).join(', ')}.`,
    'kind: Cluster',
    'apiVersion: kind.x-k8s.io/v1alpha4',
    `name: ${nodes.cluster}`,
    'kubeadmConfigPatches:',
    '  - |',
    '    kind: ClusterConfiguration',
    '    controllerManager:',
    '      extraArgs:',
    ...flagLines(scenario, 'kube-controller-manager', '        '),
    '    apiServer:',
    '      extraArgs:',
    ...flagLines(scenario, 'kube-apiserver', '        '),
    '  - |',
    '    kind: KubeletConfiguration',
    ...flagLines(scenario, 'kubelet', '    '),
    'nodes:',
  ];
  for (const { node, kindName, role } of nodes.nodes) {
    lines.push(`  # ${node.name} -> ${kindName}`);
    lines.push(`  - role: ${role}`);
    lines.push('    labels:');
    lines.push(`      ${NODE_LABEL}: ${str(node.name)}`);
    if (node.zone !== undefined) lines.push(`      topology.kubernetes.io/zone: ${str(node.zone)}`);
    for (const [k, v] of Object.entries(node.labels ?? {})) {
      // The kubelet may not set labels in Kubernetes' own namespaces (NodeRestriction), kind passes them as --node-labels.
      if (/(^|\.)(kubernetes\.io|k8s\.io)\//.test(k) && !k.startsWith('topology.kubernetes.io/')) continue;
      lines.push(`      ${str(k)}: ${str(v)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
