/**
 * The shape of a scenario document as a person writes it (DESIGN section 5), as valibot schemas.
 * Field-level checks and conversions live here (durations to ms, quantities to millicores/MiB,
 * profile names); checks that need the whole document (unique node names, exactly one control
 * plane, static pods on known nodes, manifests) live in parse.ts.
 *
 * Conventions: a duration is a string like `40s`, `5m`, `1h30m`, `250ms`; a bare number (or a
 * string of digits) counts as seconds, as parseDuration reads it.
 */
import * as v from 'valibot';
import { own } from '../core/dict';
import { MAX_SCENARIO_DURATION_MS, parseDuration } from '../core/duration';
import {
  commandLengthProblem,
  DOMAIN_LIMITS,
  describeDuration,
  describeNumber,
  groupDigits,
  settingProblem,
} from '../core/limits';
import { PROFILES, type Settings } from '../core/profiles';

/** A value as an error message quotes it: strings in double quotes, others as written. */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return describeNumber(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

export const PROFILE_NAMES = Object.keys(PROFILES) as (keyof typeof PROFILES)[];

/** DNS-1123 label: what a node name must be (kubeadm node names in practice). */
export const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** DNS-1123 subdomain: what most object names must be. */
export const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const NOT_DURATION = (x: unknown) => `${show(x)} is not a duration (examples: 40s, 5m, 1h30m)`;

/** A duration in integer milliseconds. */
export const durationMs = v.pipe(
  v.union([v.string(), v.number()], (i) => NOT_DURATION(i.input)),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const ms = parseDuration(String(dataset.value));
    if (ms === undefined) {
      addIssue({ message: NOT_DURATION(dataset.value) });
      return NEVER;
    }
    return ms;
  }),
);

/** A count of seconds, written as a number (300) or a duration (5m). */
const durationSeconds = v.pipe(
  durationMs,
  v.transform((ms) => Math.round(ms / 1000)),
);

const nonNegative = (what: string) =>
  v.pipe(
    v.number((i) => `${show(i.input)} is not a number`),
    v.check(
      (n) => Number.isFinite(n) && n >= 0,
      (i) => `${show(i.input)} must be ${what}`,
    ),
  );

const fraction = v.pipe(
  v.number((i) => `${show(i.input)} is not a number`),
  v.check(
    (n) => n >= 0 && n <= 1,
    (i) => `${show(i.input)} must be between 0 and 1`,
  ),
);

const integer = (min: number, max: number) =>
  v.pipe(
    v.number((i) => `${show(i.input)} is not a number`),
    v.check(
      (n) => Number.isInteger(n) && n >= min && n <= max,
      (i) => `${show(i.input)} must be a whole number from ${min} to ${max}`,
    ),
  );

const SETTINGS_ENTRIES = {
  nodeMonitorGracePeriod: durationMs,
  nodeStartupGracePeriod: durationMs,
  nodeMonitorPeriod: durationMs,
  nodeLeaseDurationSeconds: durationSeconds,
  nodeStatusUpdateFrequency: durationMs,
  nodeStatusReportFrequency: durationMs,
  defaultTolerationSeconds: durationSeconds,
  nodeEvictionRate: nonNegative('0 or more (nodes per second)'),
  secondaryNodeEvictionRate: nonNegative('0 or more (nodes per second)'),
  unhealthyZoneThreshold: fraction,
  largeClusterSizeThreshold: integer(0, 100_000),
  podGCPeriod: durationMs,
  podGCQuarantine: durationMs,
  maxWaitForContainerRuntime: durationMs,
  plegRelistThreshold: durationMs,
  shutdownGracePeriod: durationMs,
  shutdownGracePeriodCriticalPods: durationMs,
  watchLatency: durationMs,
  imagePullMin: durationMs,
  imagePullMax: durationMs,
  cloudNodeMonitorPeriod: durationMs,
  scanInterval: durationMs,
  maxNodeProvisionTime: durationMs,
  scaleDownUtilizationThreshold: fraction,
  scaleDownUnneededTime: durationMs,
  scaleDownUnreadyTime: durationMs,
  scaleDownDelayAfterAdd: durationMs,
  scaleDownDelayAfterDelete: durationMs,
  scaleDownDelayAfterFailure: durationMs,
  maxTotalUnreadyPercentage: nonNegative('0 or more (percent)'),
  okTotalUnreadyCount: integer(0, 100_000),
  maxGracefulTerminationSec: durationSeconds,
  nodeDeleteDelayAfterTaint: durationMs,
  unremovableNodeRecheckTimeout: durationMs,
  initialNodeGroupBackoffDuration: durationMs,
  maxNodeGroupBackoffDuration: durationMs,
} satisfies Record<keyof Settings, v.GenericSchema>;

export const SETTINGS_KEYS = Object.keys(SETTINGS_ENTRIES).sort() as (keyof Settings)[];

/** A setting's value within its range (core/limits.ts SETTING_LIMITS). */
const inRange = (key: keyof Settings) =>
  v.check(
    (n: number) => settingProblem(key, n) === undefined,
    (i) => settingProblem(key, i.input) ?? '',
  );

const settingsSchema = v.strictObject(
  Object.fromEntries(
    Object.entries(SETTINGS_ENTRIES).map(([k, s]) => [k, v.optional(v.pipe(s, inRange(k as keyof Settings)))]),
  ) as unknown as {
    [K in keyof typeof SETTINGS_ENTRIES]: v.OptionalSchema<(typeof SETTINGS_ENTRIES)[K], undefined>;
  },
  (i) =>
    i.expected === 'never'
      ? `unknown setting ${show(lastKey(i))} (known: ${SETTINGS_KEYS.join(', ')})`
      : objectMessage('')(i),
);

const str = (what = 'text') => v.string((i) => `expected ${what}, got ${show(i.input)}`);
const stringMap = v.record(
  str(),
  v.union([v.string(), v.number(), v.boolean()]),
  (i) => `expected a mapping, got ${show(i.input)}`,
);
const stringRecord = v.pipe(
  stringMap,
  v.transform((r) => Object.fromEntries(Object.entries(r).map(([k, x]) => [k, String(x)]))),
);

const nodeName = v.pipe(
  str('a node name'),
  v.check(
    (s) => DNS_LABEL.test(s) && s.length <= 63,
    (i) => `${show(i.input)} is not a valid node name (lowercase letters, digits and '-')`,
  ),
);

const roleName = v.pipe(
  str('a role name'),
  v.check(
    (s) => DNS_LABEL.test(s) && s.length <= 63,
    (i) => `${show(i.input)} is not a valid role (lowercase letters, digits and '-', e.g. control-plane)`,
  ),
);

/** Kubernetes quantity to an integer in `unit`s: cpu in millicores, memory in MiB. */
function quantity(kind: 'cpu' | 'memory') {
  const bad = (x: unknown) =>
    kind === 'cpu'
      ? `${show(x)} is not a CPU quantity (examples: 4, 500m)`
      : `${show(x)} is not a memory quantity (examples: 8Gi, 512Mi)`;
  return v.pipe(
    v.union([v.string(), v.number()], (i) => bad(i.input)),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const n = parseQuantity(String(dataset.value), kind);
      if (n === undefined || n <= 0) {
        addIssue({ message: bad(dataset.value) });
        return NEVER;
      }
      return n;
    }),
  );
}

/** MiB per unit; a bare number is bytes, as in Kubernetes (so `memory: 8192` is 8 KiB: an error). */
const MEMORY_UNITS: Record<string, number> = {
  '': 1 / 1048576,
  Ki: 1 / 1024,
  Mi: 1,
  Gi: 1024,
  Ti: 1024 * 1024,
  K: 1000 / 1048576,
  M: 1_000_000 / 1048576,
  G: 1_000_000_000 / 1048576,
  T: 1_000_000_000_000 / 1048576,
};

export function parseQuantity(text: string, kind: 'cpu' | 'memory'): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([a-zA-Z]*)$/.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2] ?? '';
  if (kind === 'cpu') {
    if (unit === '') return Math.round(n * 1000);
    if (unit === 'm') return Math.round(n);
    return undefined;
  }
  const f = own(MEMORY_UNITS, unit);
  return f === undefined ? undefined : Math.round(n * f);
}

const zoneName = v.pipe(
  str('a zone name'),
  v.check(
    (s) => /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/.test(s) && s.length <= 63,
    (i) => `${show(i.input)} is not a valid zone name`,
  ),
);

/**
 * A node group name: a DNS label short enough that `<group>-<5 characters>`, the name of a machine
 * the group launches, is still a valid node name.
 */
const groupName = v.pipe(
  str('a node group name'),
  v.check(
    (s) => DNS_LABEL.test(s) && s.length <= 40,
    (i) => `${show(i.input)} is not a valid node group name (lowercase letters, digits and '-', at most 40)`,
  ),
);

const nodeSchema = v.strictObject(
  {
    name: nodeName,
    roles: v.optional(
      v.array(roleName, (i) => `expected a list of roles, got ${show(i.input)}`),
      [],
    ),
    zone: v.optional(zoneName),
    labels: v.optional(stringRecord),
    cpu: v.optional(quantity('cpu')),
    memory: v.optional(quantity('memory')),
    group: v.optional(groupName),
    /** `count: N`: N nodes like this one, named `<name>1` … `<name>N` (validate.ts expands them). */
    count: v.optional(integer(1, DOMAIN_LIMITS.maxNodes)),
  },
  objectMessage('name, roles, zone, labels, cpu, memory, group, count'),
);

/** A machine type as clouds spell them (`m5.xlarge`, `e2-standard-4`, `custom-4-8192`). */
const machineType = v.pipe(
  str('a machine type'),
  v.check(
    (s) => /^[a-z0-9][a-z0-9._-]*$/.test(s) && s.length <= 63,
    (i) => `${show(i.input)} is not a valid machine type (lowercase letters, digits, '.', '_' and '-')`,
  ),
);

/** How long a machine boots: up to an hour (`0s` powers it on at launch). */
const bootTime = v.pipe(
  durationMs,
  v.check(
    (ms) => ms <= 3_600_000,
    (i) => `${describeDuration(i.input)} is more than the maximum of 1h`,
  ),
);

const nodeGroupSchema = v.strictObject(
  {
    name: groupName,
    min: integer(0, DOMAIN_LIMITS.maxNodes),
    max: integer(1, DOMAIN_LIMITS.maxNodes),
    zone: zoneName,
    cpu: v.optional(quantity('cpu'), '4'),
    memory: v.optional(quantity('memory'), '8Gi'),
    machineType: v.optional(machineType),
    bootTime: v.optional(bootTime, '90s'),
  },
  objectMessage('name, min, max, zone, cpu, memory, machineType, bootTime'),
);

const onOff = v.boolean((i) => `expected true or false, got ${show(i.input)}`);

/** `spec.cloud` (checks that need the nodes are in validate-cloud.ts). */
const cloudSchema = v.strictObject(
  {
    nodeGroups: v.pipe(
      v.array(nodeGroupSchema, (i) => `expected a list of node groups, got ${show(i.input)}`),
      v.check(
        (a) => a.length >= 1 && a.length <= 20,
        (i) => `${groupDigits(i.input.length)} node groups: give 1 to 20`,
      ),
    ),
    autoscaler: v.optional(onOff, true),
  },
  objectMessage('nodeGroups, autoscaler'),
);

const timelineEntry = v.strictObject(
  {
    at: v.pipe(
      durationMs,
      v.check(
        (ms) => ms <= DOMAIN_LIMITS.maxTime,
        (i) =>
          `${describeDuration(i.input)} is after ${describeDuration(DOMAIN_LIMITS.maxTime)}, the limit of a simulation`,
      ),
    ),
    run: v.pipe(
      str('a command'),
      v.check(
        (s) => s.trim() !== '',
        () => 'the command is empty',
      ),
      v.check(
        (s) => commandLengthProblem(s) === undefined,
        (i) => commandLengthProblem(i.input) ?? '',
      ),
    ),
    // Written by replays and exports of a run, for the learner's own commands (types.ts).
    by: v.optional(v.literal('you', (i) => `${show(i.input)} is not who ran it (only "you" may be written)`)),
    /** `each: [from, to]`: the command once for each whole i from..to, `{i}` in it replaced (validate.ts). */
    each: v.optional(
      v.tuple(
        [integer(0, DOMAIN_LIMITS.maxCommands), integer(0, DOMAIN_LIMITS.maxCommands)],
        (i) => `expected [from, to], got ${show(i.input)}`,
      ),
    ),
  },
  objectMessage('at, run, by, each'),
);

/** `spec.duration`: the scenario's end (the check against the timeline is in validate.ts). */
const scenarioDuration = v.pipe(
  durationMs,
  v.check(
    (ms) => Number.isFinite(ms) && ms > 0,
    () => 'must be longer than 0s',
  ),
  v.check(
    (ms) => ms <= MAX_SCENARIO_DURATION_MS,
    (i) =>
      // Exact to the millisecond: rounded to seconds, 24h1ms would read as "24h is longer than 24h".
      `${describeDuration(i.input)} is longer than ${describeDuration(MAX_SCENARIO_DURATION_MS)}, the longest a scenario may run`,
  ),
);

const predictSchema = v.strictObject(
  {
    question: str(),
    choices: v.pipe(
      v.array(str('a choice')),
      v.check(
        (a) => a.length >= 2,
        () => 'give at least two choices',
      ),
    ),
    answer: v.number((i) => `expected the index of the right choice, got ${show(i.input)}`),
    explanation: str(),
  },
  objectMessage('question, choices, answer, explanation'),
);

const lessonStep = v.strictObject(
  {
    id: v.pipe(
      str('a step id'),
      v.check(
        (s) => /^[A-Za-z0-9][-A-Za-z0-9_.]*$/.test(s),
        (i) => `${show(i.input)} is not a valid step id`,
      ),
    ),
    text: str(),
    run: v.optional(str('a command')),
    waitFor: v.optional(str('a condition')),
    predict: v.optional(predictSchema),
  },
  objectMessage('id, text, run, waitFor, predict'),
);

/** A manifest before kind-specific checks (parse.ts checks kind, apiVersion and name). */
export const manifestShape = v.looseObject(
  {
    apiVersion: str('an apiVersion'),
    kind: str('a kind'),
    metadata: v.looseObject(
      {
        name: v.optional(str('a name')),
        namespace: v.optional(str('a namespace')),
        labels: v.optional(stringRecord),
        annotations: v.optional(stringRecord),
      },
      objectMessage(''),
    ),
  },
  objectMessage(''),
);

const staticPodSchema = v.strictObject(
  {
    node: nodeName,
    file: v.optional(
      v.pipe(
        str('a file name'),
        v.check(
          (s) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(s),
          (i) => `${show(i.input)} is not a plain file name`,
        ),
      ),
    ),
    manifest: v.unknown(),
  },
  objectMessage('node, file, manifest'),
);

const list = <T extends v.GenericSchema>(item: T, what: string) =>
  v.optional(
    v.array(item, (i) => `expected a list of ${what}, got ${show(i.input)}`),
    [],
  );

/** `spec.addons`: kubeadm's kube-system add-ons, each on unless set to false (api/addons.ts). */
const addonsSchema = v.strictObject(
  { kubeProxy: v.optional(onOff), cni: v.optional(onOff), coreDNS: v.optional(onOff) },
  objectMessage('kubeProxy, cni, coreDNS'),
);

export const scenarioSchema = v.strictObject(
  {
    apiVersion: v.literal('notready/v1', (i) => `${show(i.input)} is not supported (use notready/v1)`),
    kind: v.literal('Scenario', (i) => `${show(i.input)} is not supported (use Scenario)`),
    metadata: v.strictObject(
      {
        name: v.pipe(
          str('a name'),
          v.check(
            (s) => DNS_SUBDOMAIN.test(s) && s.length <= 253,
            (i) => `${show(i.input)} is not a valid name (lowercase letters, digits, '-' and '.')`,
          ),
        ),
        title: str('a title'),
        description: v.optional(str('a description')),
      },
      objectMessage('name, title, description'),
    ),
    spec: v.strictObject(
      {
        profile: v.optional(
          v.picklist(PROFILE_NAMES, (i) => `${show(i.input)} is not a known profile (${PROFILE_NAMES.join(', ')})`),
          'v1.33',
        ),
        seed: v.optional(integer(0, DOMAIN_LIMITS.maxSeed), 1),
        settings: v.optional(settingsSchema, {}),
        nodes: v.pipe(
          v.array(nodeSchema, (i) => `expected a list of nodes, got ${show(i.input)}`),
          v.check(
            (a) => a.length >= 1 && a.length <= DOMAIN_LIMITS.maxNodes,
            (i) => `${groupDigits(i.input.length)} nodes: give 1 to ${groupDigits(DOMAIN_LIMITS.maxNodes)}`,
          ),
        ),
        objects: list(v.unknown(), 'Kubernetes manifests'),
        staticPods: list(staticPodSchema, 'static pods'),
        timeline: v.pipe(
          list(timelineEntry, 'timeline entries'),
          v.check(
            (a) => a.length <= DOMAIN_LIMITS.maxCommands,
            (i) =>
              `${groupDigits(i.input.length)} timeline entries is more than the limit of ${groupDigits(DOMAIN_LIMITS.maxCommands)}`,
          ),
        ),
        lesson: list(lessonStep, 'lesson steps'),
        duration: v.optional(scenarioDuration),
        addons: v.optional(addonsSchema),
        cloud: v.optional(cloudSchema),
      },
      objectMessage('profile, seed, settings, nodes, objects, staticPods, timeline, lesson, duration, addons, cloud'),
    ),
  },
  objectMessage('apiVersion, kind, metadata, spec'),
);

export type ScenarioDoc = v.InferOutput<typeof scenarioSchema>;

/**
 * One message function for everything an object schema reports: not a mapping, a missing
 * required field, an unknown field.
 */
function objectMessage(known: string): (i: v.BaseIssue<unknown>) => string {
  return (i) => {
    if (i.expected === 'never') return `unknown field ${show(lastKey(i))}${known ? ` (known: ${known})` : ''}`;
    if (i.received === 'undefined' && i.path?.length && i.expected?.startsWith('"')) return 'is required';
    return `expected a mapping, got ${show(i.input)}`;
  };
}

function lastKey(issue: v.BaseIssue<unknown>): unknown {
  const p = issue.path;
  const k = p?.[p.length - 1]?.key;
  return k ?? issue.input;
}

/**
 * One setting from text (`nodeMonitorGracePeriod`, `40s`), checked as a scenario's `settings`
 * entry is: its unit converted, its range enforced. Numbers may be written bare (`0.5`).
 */
export function parseSetting(
  key: string,
  text: string,
): { ok: true; key: keyof Settings; value: number } | { ok: false; message: string } {
  const raw: string | number = /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
  const r = v.safeParse(settingsSchema, { [key]: raw });
  if (!r.success) return { ok: false, message: r.issues[0]?.message ?? `${show(text)} is not a valid ${key}` };
  const value = (r.output as Record<string, number | undefined>)[key];
  if (value === undefined) return { ok: false, message: `unknown setting ${show(key)}` };
  return { ok: true, key: key as keyof Settings, value };
}
