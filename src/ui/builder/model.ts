/**
 * The scenario builder's form as plain data, the checks made as the teacher types (duplicate node
 * names, names Kubernetes would refuse, one control plane, durations), the scenario it produces
 * (JSON text: the scenario format accepts JSON, and JSON needs no YAML writer in the bundle), and
 * the mapping from parseScenario's path-named errors back to the form fields.
 */
import {
  DOMAIN_LIMITS,
  groupDigits,
  PROFILES,
  type ProfileName,
  parseDuration,
  SETTING_LIMITS,
  type Settings,
  settingProblem,
} from '../../sim/runtime';
import type { Translation } from '../i18n/types';
import { builderMessages } from './labels';

/** The quick checks' messages, in one language. */
type BuilderErrors = Translation['builder']['errors'];

export type NodeRole = 'control-plane' | 'worker';
export type WorkloadKind = 'Deployment' | 'StatefulSet' | 'DaemonSet';

export interface BuilderNode {
  name: string;
  role: NodeRole;
  zone: string;
}

export interface BuilderWorkload {
  kind: WorkloadKind;
  name: string;
  /** Text as typed; ignored for DaemonSets (one pod per node). */
  replicas: string;
  image: string;
}

export type SettingKey = keyof Settings;

/** A scheduled failure: at a time (as typed), one command chosen from the menus (failures.ts). */
export interface BuilderStep {
  at: string;
  run: string;
}

export interface BuilderForm {
  title: string;
  profile: ProfileName;
  seed: string;
  nodes: BuilderNode[];
  workloads: BuilderWorkload[];
  timeline: BuilderStep[];
  /** The scenario's length as typed; empty: 10 minutes after the last scheduled failure. */
  duration: string;
  /** Settings the teacher changed, as typed; the others keep the profile's defaults. */
  settings: Partial<Record<SettingKey, string>>;
}

/** Field id -> problem, in plain words. Ids: `title`, `seed`, `nodes`, `nodes.2.name`, `workloads.0.replicas`, `settings.nodeMonitorGracePeriod`. */
export type FieldErrors = Record<string, string>;

/** How each setting is written in the form. */
export const SETTING_FORMS: Record<SettingKey, 'duration' | 'seconds' | 'number'> = {
  nodeMonitorGracePeriod: 'duration',
  nodeStartupGracePeriod: 'duration',
  nodeMonitorPeriod: 'duration',
  nodeLeaseDurationSeconds: 'seconds',
  nodeStatusUpdateFrequency: 'duration',
  nodeStatusReportFrequency: 'duration',
  defaultTolerationSeconds: 'seconds',
  nodeEvictionRate: 'number',
  secondaryNodeEvictionRate: 'number',
  unhealthyZoneThreshold: 'number',
  largeClusterSizeThreshold: 'number',
  podGCPeriod: 'duration',
  podGCQuarantine: 'duration',
  maxWaitForContainerRuntime: 'duration',
  plegRelistThreshold: 'duration',
  shutdownGracePeriod: 'duration',
  shutdownGracePeriodCriticalPods: 'duration',
  watchLatency: 'duration',
  imagePullMin: 'duration',
  imagePullMax: 'duration',
  cloudNodeMonitorPeriod: 'duration',
  scanInterval: 'duration',
  maxNodeProvisionTime: 'duration',
  scaleDownUtilizationThreshold: 'number',
  scaleDownUnneededTime: 'duration',
  scaleDownUnreadyTime: 'duration',
  scaleDownDelayAfterAdd: 'duration',
  scaleDownDelayAfterDelete: 'duration',
  scaleDownDelayAfterFailure: 'duration',
  maxTotalUnreadyPercentage: 'number',
  okTotalUnreadyCount: 'number',
  maxGracefulTerminationSec: 'seconds',
  nodeDeleteDelayAfterTaint: 'duration',
  unremovableNodeRecheckTimeout: 'duration',
  initialNodeGroupBackoffDuration: 'duration',
  maxNodeGroupBackoffDuration: 'duration',
};

/** The settings in the order the form lists them: the ones teachers change most come first. */
export const SETTING_ORDER: SettingKey[] = [
  'nodeMonitorGracePeriod',
  'defaultTolerationSeconds',
  'nodeStartupGracePeriod',
  'nodeMonitorPeriod',
  'nodeLeaseDurationSeconds',
  'nodeStatusUpdateFrequency',
  'nodeStatusReportFrequency',
  'podGCPeriod',
  'podGCQuarantine',
  'nodeEvictionRate',
  'secondaryNodeEvictionRate',
  'unhealthyZoneThreshold',
  'largeClusterSizeThreshold',
  'maxWaitForContainerRuntime',
  'plegRelistThreshold',
  'shutdownGracePeriod',
  'shutdownGracePeriodCriticalPods',
  'watchLatency',
  'imagePullMin',
  'imagePullMax',
];

export const MAX_NODES = DOMAIN_LIMITS.maxNodes;
export const MAX_REPLICAS = DOMAIN_LIMITS.maxReplicas;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const IMAGE = /^[a-z0-9][a-z0-9._/:@-]*$/;

/** 50000 -> `50s`, 300000 -> `5m`, 90000 -> `1m30s`, 100 -> `100ms`. */
export function durationText(ms: number): string {
  let rest = Math.max(0, Math.round(ms));
  let out = '';
  for (const [size, unit] of [
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1000, 's'],
  ] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n) out += `${n}${unit}`;
  }
  if (rest) out += `${rest}ms`;
  return out || '0s';
}

/** The profile's default for a setting, as the form shows it. */
export function defaultSettingText(profile: ProfileName, key: SettingKey): string {
  const value = PROFILES[profile].defaults[key];
  const form = SETTING_FORMS[key];
  if (form === 'duration') return durationText(value);
  if (form === 'seconds') return durationText(value * 1000);
  return String(value);
}

export function settingText(form: BuilderForm, key: SettingKey): string {
  return form.settings[key] ?? defaultSettingText(form.profile, key);
}

export function defaultForm(): BuilderForm {
  return {
    title: 'My cluster',
    profile: 'v1.33',
    seed: '1',
    nodes: [
      { name: 'control-plane', role: 'control-plane', zone: '' },
      { name: 'node1', role: 'worker', zone: 'a' },
      { name: 'node2', role: 'worker', zone: 'a' },
      { name: 'node3', role: 'worker', zone: 'b' },
    ],
    workloads: [
      { kind: 'Deployment', name: 'web', replicas: '3', image: 'nginx:1.27' },
      { kind: 'StatefulSet', name: 'db', replicas: '2', image: 'postgres:16' },
      { kind: 'DaemonSet', name: 'node-agent', replicas: '', image: 'busybox:1.36' },
    ],
    timeline: [{ at: '30s', run: 'ssh node2 systemctl stop kubelet' }],
    duration: '',
    settings: {},
  };
}

/** Grows or shrinks the node list to `count`, naming new workers node1, node2... */
export function resizeNodes(nodes: BuilderNode[], count: number): BuilderNode[] {
  const n = Math.max(1, Math.min(MAX_NODES, Math.trunc(count) || 1));
  const out = nodes.slice(0, n);
  const used = new Set(out.map((x) => x.name));
  let i = 1;
  while (out.length < n) {
    while (used.has(`node${i}`)) i++;
    used.add(`node${i}`);
    out.push({ name: `node${i}`, role: 'worker', zone: out[out.length - 1]?.zone ?? '' });
  }
  return out;
}

function wholeNumber(text: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : undefined;
}

function checkSetting(key: SettingKey, text: string, e: BuilderErrors): string | undefined {
  const form = SETTING_FORMS[key];
  const lim = SETTING_LIMITS[key];
  if (form === 'number') {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || n < 0) return e.number;
    if (key === 'unhealthyZoneThreshold' && n > 1) return e.fraction;
    if (key === 'largeClusterSizeThreshold' && !Number.isInteger(n)) return e.wholeNodes;
    if (settingProblem(key, n)) return e.numberRange(groupDigits(lim.min), groupDigits(lim.max));
    return undefined;
  }
  const ms = parseDuration(text.trim());
  if (ms === undefined) return e.duration;
  if (form === 'seconds' && ms % 1000 !== 0) return e.wholeSeconds;
  // The engine's ranges (a zero period would stop simulated time).
  if (settingProblem(key, form === 'seconds' ? ms / 1000 : ms)) {
    const scale = lim.unit === 's' ? 1000 : 1;
    return e.durationRange(durationText(lim.min * scale), durationText(lim.max * scale));
  }
  return undefined;
}

/** The checks made as the teacher types, before the scenario validator runs. */
export function immediateErrors(form: BuilderForm, e: BuilderErrors = builderMessages.errors): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.title.trim()) errors.title = e.title;
  if (wholeNumber(form.seed, 0, 0xffff_ffff) === undefined) errors.seed = e.seed;
  const seen = new Map<string, number>();
  form.nodes.forEach((n, i) => {
    if (!DNS_LABEL.test(n.name) || n.name.length > 63) errors[`nodes.${i}.name`] = e.nodeName;
    else if (seen.has(n.name)) errors[`nodes.${i}.name`] = e.nodeTaken((seen.get(n.name) ?? 0) + 1, n.name);
    else seen.set(n.name, i);
    if (n.zone && (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(n.zone) || n.zone.length > 63))
      errors[`nodes.${i}.zone`] = e.zone;
  });
  const cps = form.nodes.filter((n) => n.role === 'control-plane').length;
  if (cps !== 1) errors.nodes = e.oneControlPlane(cps);
  const names = new Map<string, number>();
  form.workloads.forEach((w, i) => {
    const id = `${w.kind}/${w.name}`;
    if (!DNS_LABEL.test(w.name) || w.name.length > 52) errors[`workloads.${i}.name`] = e.workloadName;
    else if (names.has(id)) errors[`workloads.${i}.name`] = e.workloadTaken((names.get(id) ?? 0) + 1, w.kind, w.name);
    else names.set(id, i);
    if (w.kind !== 'DaemonSet' && wholeNumber(w.replicas, 0, MAX_REPLICAS) === undefined)
      errors[`workloads.${i}.replicas`] = e.replicas(MAX_REPLICAS);
    if (!IMAGE.test(w.image)) errors[`workloads.${i}.image`] = e.image;
  });
  for (const key of SETTING_ORDER) {
    const text = form.settings[key];
    if (text === undefined) continue;
    const problem = checkSetting(key, text, e);
    if (problem) errors[`settings.${key}`] = problem;
  }
  let last = 0;
  form.timeline.forEach((step, i) => {
    const at = parseDuration(step.at.trim());
    if (at === undefined) errors[`timeline.${i}.at`] = e.at;
    else last = Math.max(last, at);
    if (!step.run) errors[`timeline.${i}.run`] = e.chooseRun;
  });
  if (form.duration.trim()) {
    const d = parseDuration(form.duration.trim());
    if (d === undefined || d <= 0) errors.duration = e.length;
    else if (d < last) errors.duration = e.lengthShort(durationText(last));
  }
  return errors;
}

function settingValue(key: SettingKey, text: string): string | number {
  return SETTING_FORMS[key] === 'number' ? Number(text) : text.trim();
}

function manifest(w: BuilderWorkload): Record<string, unknown> {
  const labels = { app: w.name };
  const container = { name: w.name, image: w.image };
  const template = { metadata: { labels }, spec: { containers: [container] } };
  const spec: Record<string, unknown> = { selector: { matchLabels: labels }, template };
  if (w.kind !== 'DaemonSet') spec.replicas = Number(w.replicas.trim());
  if (w.kind === 'StatefulSet') spec.serviceName = w.name;
  return { apiVersion: 'apps/v1', kind: w.kind, metadata: { name: w.name }, spec };
}

function slug(title: string): string {
  const s = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return s || 'my-cluster';
}

/** The scenario the form describes, as JSON text (only the settings that were changed). */
export function scenarioText(form: BuilderForm): string {
  const settings: Record<string, string | number> = {};
  for (const key of SETTING_ORDER) {
    const text = form.settings[key];
    if (text !== undefined && text.trim() !== defaultSettingText(form.profile, key))
      settings[key] = settingValue(key, text);
  }
  const spec: Record<string, unknown> = {
    profile: form.profile,
    seed: Number(form.seed.trim()),
    nodes: form.nodes.map((n) => {
      const out: Record<string, unknown> = { name: n.name };
      if (n.role === 'control-plane') out.roles = ['control-plane'];
      if (n.zone) out.zone = n.zone;
      return out;
    }),
    objects: form.workloads.map(manifest),
  };
  if (Object.keys(settings).length) spec.settings = settings;
  if (form.timeline.length)
    spec.timeline = [...form.timeline]
      .map((t) => ({ at: t.at.trim(), run: t.run, ms: parseDuration(t.at.trim()) ?? 0 }))
      .sort((a, b) => a.ms - b.ms)
      .map(({ at, run }) => ({ at, run }));
  if (form.duration.trim()) spec.duration = form.duration.trim();
  return JSON.stringify({
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: slug(form.title), title: form.title.trim() },
    spec,
  });
}

/**
 * The form field a scenario error path points at (`spec.nodes[2].name` -> `nodes.2.name`,
 * `spec.objects[1].spec.replicas` -> `workloads.1.replicas`), or `form` when no field fits.
 */
export function fieldOfPath(path: string): string {
  const nodes = /^spec\.nodes(?:\[(\d+)\](?:\.(name|zone|roles))?)?/.exec(path);
  if (nodes) {
    if (nodes[1] === undefined) return 'nodes';
    const f = nodes[2] === 'roles' ? 'role' : (nodes[2] ?? 'name');
    return `nodes.${nodes[1]}.${f}`;
  }
  const obj = /^spec\.objects\[(\d+)\](.*)$/.exec(path);
  if (obj) {
    const rest = obj[2] ?? '';
    const f = /replicas/.test(rest) ? 'replicas' : /image/.test(rest) ? 'image' : 'name';
    return `workloads.${obj[1]}.${f}`;
  }
  const setting = /^spec\.settings\.([A-Za-z]+)/.exec(path);
  if (setting) return `settings.${setting[1]}`;
  const step = /^spec\.timeline\[(\d+)\](?:\.(at|run))?/.exec(path);
  if (step) return `timeline.${step[1]}.${step[2] ?? 'run'}`;
  if (path.startsWith('spec.duration')) return 'duration';
  if (path.startsWith('spec.seed')) return 'seed';
  if (path.startsWith('spec.profile')) return 'profile';
  if (path.startsWith('metadata')) return 'title';
  return 'form';
}

/** parseScenario errors as field errors (the first error per field). */
export function fieldErrorsOf(errors: readonly { path: string; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const f = fieldOfPath(e.path);
    if (out[f] === undefined) out[f] = e.message;
  }
  return out;
}
