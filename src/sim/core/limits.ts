/**
 * The domain limits of a simulation, in one table: scenario validation, typed commands, scenario
 * timelines, share links, imports, the scenario builder and the CLI all refuse past the same
 * numbers, with sentences that name the limit. They keep every run small enough to finish and to
 * fit in a browser tab; none of them is a Kubernetes rule.
 *
 * Dependency-free on purpose (only a type import): the link codec and the builder on the main
 * thread import this file directly without pulling the engine into the main bundle.
 */
import type { Settings } from './profiles';

export const DOMAIN_LIMITS = {
  /** Nodes in a cluster: Kubernetes' own scalability limit (5,000 nodes, 150,000 pods; issue 13). */
  maxNodes: 5_000,
  /** Pods a cluster is asked to run: replicas of every workload, DaemonSet pods, bare and static pods. */
  maxPods: 150_000,
  /**
   * Replicas of one Deployment, ReplicaSet or StatefulSet: the ReplicaSet controller creates it
   * in ten bursts of 500 (burstReplicas); a big cluster runs many workloads.
   */
  maxReplicas: 5_000,
  /** Commands in a run's log (timeline entries that ran plus typed ones); also timeline entries. */
  maxCommands: 10_000,
  /** Characters in one command line, a `kubectl apply -f -` manifest included (64 KiB). */
  maxCommandChars: 65_536,
  /** Characters in a scenario file or imported text (5 MiB). */
  maxScenarioChars: 5 * 1024 * 1024,
  /** Latest simulated time a run, a timeline entry, a link or the CLI may reach: 24 h. */
  maxTime: 24 * 3_600_000,
  maxSeed: 0xffff_ffff,
  /**
   * Seconds a manifest or a command may give as a grace period or toleration: one year. Longer
   * would outlive every run, and dates past the JavaScript range (8.64e15 ms) cannot be printed.
   */
  maxSeconds: 365 * 86_400,
  /**
   * A probe's failureThreshold or successThreshold: a count of probe results in a row, not
   * seconds. Probes run at most once a second, so this many would take a year, far past any run.
   */
  maxProbeThreshold: 365 * 86_400,
  /**
   * A comparison (`--compare KEY=VALUE`, the app's Compare, a link's): how many changes, and how
   * long each may be. The longest key (scaleDownUtilizationThreshold) with a duration fits.
   */
  maxCompareChanges: 8,
  maxCompareChars: 80,
} as const;

/**
 * What the parsers of untrusted text accept (scenario/yaml-guard.ts for YAML, commands/manifest.ts for
 * JSON): far beyond any real scenario or `kubectl get -o yaml` output, far below what makes the
 * `yaml` library or a recursive walk slow or crash.
 */
export const PARSER_LIMITS = {
  /** Nesting depth (block indentation, `- `, 2 per `? `, flow brackets). */
  maxDepth: 64,
  /** Keys in one mapping (yaml's duplicate-key check is quadratic). */
  maxKeys: 2000,
  /**
   * Elements (scalars, indicators, brackets) in one text: 250,000 parse in about a second and
   * 100 MB; an import of `kubectl get -o yaml` for a few hundred workloads stays well under it.
   */
  maxTokens: 250_000,
} as const;

/** How a setting is written and its allowed range (durations in ms, lease duration in seconds). */
export interface SettingLimit {
  unit: 'ms' | 's' | 'per-second' | 'fraction' | 'count';
  min: number;
  max: number;
}

const S = 1000;
const MIN = 60 * S;
const HOUR = 60 * MIN;

/**
 * Ranges of the scenario settings. Periods of loops have a minimum above 0: a zero period would
 * run its loop forever at one instant. Rates may be 0 (never).
 */
export const SETTING_LIMITS: Record<keyof Settings, SettingLimit> = {
  nodeMonitorGracePeriod: { unit: 'ms', min: S, max: HOUR },
  nodeStartupGracePeriod: { unit: 'ms', min: S, max: HOUR },
  nodeMonitorPeriod: { unit: 'ms', min: S, max: 10 * MIN },
  // The kubelet renews its Lease every quarter of this: 4 s keeps renewals a second apart.
  nodeLeaseDurationSeconds: { unit: 's', min: 4, max: 3600 },
  nodeStatusUpdateFrequency: { unit: 'ms', min: S, max: HOUR },
  nodeStatusReportFrequency: { unit: 'ms', min: S, max: 24 * HOUR },
  defaultTolerationSeconds: { unit: 's', min: 0, max: 86_400 },
  nodeEvictionRate: { unit: 'per-second', min: 0, max: 1000 },
  secondaryNodeEvictionRate: { unit: 'per-second', min: 0, max: 1000 },
  unhealthyZoneThreshold: { unit: 'fraction', min: 0, max: 1 },
  largeClusterSizeThreshold: { unit: 'count', min: 0, max: 100_000 },
  podGCPeriod: { unit: 'ms', min: S, max: HOUR },
  podGCQuarantine: { unit: 'ms', min: 0, max: 24 * HOUR },
  maxWaitForContainerRuntime: { unit: 'ms', min: S, max: 24 * HOUR },
  plegRelistThreshold: { unit: 'ms', min: S, max: 24 * HOUR },
  // Graceful node shutdown: 0 (off) or whole periods; the kubelet's own checks are in scenario/validate.ts.
  shutdownGracePeriod: { unit: 'ms', min: 0, max: HOUR },
  shutdownGracePeriodCriticalPods: { unit: 'ms', min: 0, max: HOUR },
  // Controllers requeue on watch events: 0 would let two controllers answer each other forever.
  watchLatency: { unit: 'ms', min: 1, max: MIN },
  imagePullMin: { unit: 'ms', min: 0, max: HOUR },
  imagePullMax: { unit: 'ms', min: 0, max: HOUR },
  // Loops (the lifecycle pass, the autoscaler's scan) need a period above 0, as above.
  cloudNodeMonitorPeriod: { unit: 'ms', min: S, max: 10 * MIN },
  scanInterval: { unit: 'ms', min: S, max: 10 * MIN },
  maxNodeProvisionTime: { unit: 'ms', min: S, max: 24 * HOUR },
  scaleDownUtilizationThreshold: { unit: 'fraction', min: 0, max: 1 },
  scaleDownUnneededTime: { unit: 'ms', min: 0, max: 24 * HOUR },
  scaleDownUnreadyTime: { unit: 'ms', min: 0, max: 24 * HOUR },
  scaleDownDelayAfterAdd: { unit: 'ms', min: 0, max: 24 * HOUR },
  scaleDownDelayAfterDelete: { unit: 'ms', min: 0, max: 24 * HOUR },
  scaleDownDelayAfterFailure: { unit: 'ms', min: 0, max: 24 * HOUR },
  maxTotalUnreadyPercentage: { unit: 'count', min: 0, max: 100 },
  okTotalUnreadyCount: { unit: 'count', min: 0, max: 100_000 },
  maxGracefulTerminationSec: { unit: 's', min: 0, max: 86_400 },
  // The drain waits this long after tainting; 0 is allowed (the next step runs at the same instant).
  nodeDeleteDelayAfterTaint: { unit: 'ms', min: 0, max: HOUR },
  unremovableNodeRecheckTimeout: { unit: 'ms', min: 0, max: 24 * HOUR },
  initialNodeGroupBackoffDuration: { unit: 'ms', min: S, max: 24 * HOUR },
  maxNodeGroupBackoffDuration: { unit: 'ms', min: S, max: 24 * HOUR },
};

/** 9214 -> "9,214" (fixed, locale-independent, so messages are the same everywhere). */
export function groupDigits(n: number): string {
  const s = String(Math.trunc(Math.abs(n)));
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += ',';
    out += s[i];
  }
  return (n < 0 ? '-' : '') + out;
}

/** Simulated time as scenarios write durations: `2m10s`, `1h`, `250ms`, `1m500ms`. */
export function describeDuration(ms: number): string {
  if (!Number.isFinite(ms)) return describeNumber(ms);
  const neg = ms < 0;
  let rest = Math.abs(Math.trunc(ms));
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  const milli = rest - s * 1000;
  let out = '';
  if (h) out += `${h}h`;
  if (m) out += `${m}m`;
  if (s) out += `${s}s`;
  if (milli) out += `${milli}ms`;
  if (!out) out = '0s';
  return (neg ? '-' : '') + out;
}

/**
 * A number as a message shows it. Never `Infinity` (what a number past the double range reads as,
 * which nobody typed) and never `1e+21`.
 */
export function describeNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'a number too large to represent' : 'a number too small to represent';
  if (Math.abs(n) >= 1e21) return `${n < 0 ? '-' : ''}a ${Math.floor(Math.log10(Math.abs(n))) + 1}-digit number`;
  return String(n);
}

/** Digits as typed, shortened for a message: `1000000000000…(401 digits)`. */
export function describeDigits(text: string): string {
  return text.length > 24 ? `${text.slice(0, 12)}…(${text.length} digits)` : text;
}

/** The sentence for replicas past the limit; `shown` is the value as the user wrote it. */
export function replicasOverLimit(shown: string): string {
  return `replicas ${shown} is more than the limit of ${groupDigits(DOMAIN_LIMITS.maxReplicas)} per workload`;
}

/** Why `n` cannot be a workload's replica count (in the apiserver's words where it has a rule). */
export function replicasProblem(n: number): { field: string } | { limit: string } | undefined {
  if (!Number.isFinite(n)) {
    if (Number.isNaN(n)) return { field: 'Invalid value: NaN: must be a whole number' };
    if (n < 0) return { field: `Invalid value: ${describeNumber(n)}: must be greater than or equal to 0` };
    return { limit: replicasOverLimit(`(${describeNumber(n)})`) };
  }
  if (!Number.isInteger(n)) return { field: `Invalid value: ${describeNumber(n)}: must be a whole number` };
  if (n < 0) return { field: `Invalid value: ${describeNumber(n)}: must be greater than or equal to 0` };
  if (n > DOMAIN_LIMITS.maxReplicas) return { limit: replicasOverLimit(describeNumber(n)) };
  return undefined;
}

/** A whole number of seconds (grace period, toleration) within ±maxSeconds; else why not. */
export function secondsProblem(n: number, min: number): string | undefined {
  if (Number.isNaN(n) || !Number.isInteger(n)) return `Invalid value: ${describeNumber(n)}: must be a whole number`;
  if (n < min) return `Invalid value: ${describeNumber(n)}: must be greater than or equal to ${min}`;
  if (Math.abs(n) > DOMAIN_LIMITS.maxSeconds)
    return `${describeNumber(n)} seconds is more than the limit of ${groupDigits(DOMAIN_LIMITS.maxSeconds)} (one year)`;
  return undefined;
}

/**
 * A probe's failureThreshold or successThreshold (a count of results in a row, `what` says of
 * which: `failures`, `successes`) within 0..maxProbeThreshold; else why not.
 */
export function thresholdProblem(n: number, what: string): string | undefined {
  if (Number.isNaN(n) || !Number.isInteger(n)) return `Invalid value: ${describeNumber(n)}: must be a whole number`;
  if (n < 0) return `Invalid value: ${describeNumber(n)}: must be greater than or equal to 0`;
  if (n > DOMAIN_LIMITS.maxProbeThreshold)
    return `${describeNumber(n)} ${what} in a row is more than the limit of ${groupDigits(DOMAIN_LIMITS.maxProbeThreshold)}`;
  return undefined;
}

/** The message for a pod total past the limit. */
export function podsOverLimit(pods: number, what = 'the cluster'): string {
  const count = Number.isFinite(pods) ? `${groupDigits(pods)} pods,` : 'a number of pods too large to represent,';
  return `${what} would run ${count} more than the limit of ${groupDigits(DOMAIN_LIMITS.maxPods)}`;
}

/** Why a command line is too long, or undefined. */
export function commandLengthProblem(line: string): string | undefined {
  if (line.length <= DOMAIN_LIMITS.maxCommandChars) return undefined;
  return `the command is ${groupDigits(line.length)} characters long, more than the limit of ${groupDigits(DOMAIN_LIMITS.maxCommandChars)}`;
}

/** Why a setting's value (in the unit of SETTING_LIMITS) is out of range, or undefined. */
export function settingProblem(key: keyof Settings, value: number): string | undefined {
  const lim = SETTING_LIMITS[key];
  const show = (x: number) =>
    lim.unit === 'ms' ? describeDuration(x) : lim.unit === 's' ? describeDuration(x * 1000) : describeNumber(x);
  if (!Number.isFinite(value)) return `${describeNumber(value)} is not a usable value`;
  if (lim.unit === 'count' && !Number.isInteger(value)) return `${describeNumber(value)} is not a whole number`;
  if (value < lim.min) return `${show(value)} is less than the minimum of ${show(lim.min)}`;
  if (value > lim.max) return `${show(value)} is more than the maximum of ${show(lim.max)}`;
  return undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Pods a scenario asks for: replicas of Deployments, ReplicaSets and StatefulSets (1 when absent),
 * one DaemonSet pod per node, one per bare Pod and per static pod. Reads raw data (objects may be
 * unvalidated, `kind: List` included); a replica count that is not a usable number counts as 1
 * (the validator reports it); one past the double range makes the total Infinity.
 */
export function countPods(nodes: number, objects: readonly unknown[], staticPods: number): number {
  let pods = staticPods;
  const add = (o: unknown, depth: number): void => {
    if (!isRecord(o)) return;
    if (o.kind === 'List' && Array.isArray(o.items) && depth === 0) {
      for (const item of o.items) add(item, 1);
    } else if (o.kind === 'Deployment' || o.kind === 'ReplicaSet' || o.kind === 'StatefulSet') {
      const r = isRecord(o.spec) ? o.spec.replicas : undefined;
      const n = typeof r === 'string' && /^\d+$/.test(r) ? Number(r) : r;
      if (typeof n !== 'number' || Number.isNaN(n) || n < 0) pods += 1;
      else pods += Math.floor(n);
    } else if (o.kind === 'DaemonSet') pods += Math.max(1, nodes);
    else if (o.kind === 'Pod') pods += 1;
  };
  for (const o of objects) add(o, 0);
  return pods;
}
