/**
 * Variants of a scenario for A/B comparisons: the same scenario, seed and commands with one or
 * more settings changed. A `Variant` is already checked (scenario/variant-parse.ts reads it from
 * `KEY=VALUE` text); applying it needs no validator, so the worker does it on the scenario it runs.
 * - `settings`: any of `spec.settings`, in the scenario's units (ms, seconds, numbers);
 * - `profile`: the version profile (explicit settings stay as written);
 * - `tolerationSeconds`: how long every pod tolerates an unreachable or not-ready node, i.e. the
 *   DefaultTolerationSeconds admission default and every explicit toleration of those taints with
 *   a time in the scenario's manifests.
 */
import { PROFILES, type ProfileName, type Settings } from '../core/profiles';
import type { Manifest, Scenario } from '../core/scenario-types';
import { settingText } from './setting-text';

export interface Variant {
  profile?: ProfileName;
  settings: Partial<Settings>;
  tolerationSeconds?: number;
  /** The keys changed, in the order written (`profile`, `tolerationSeconds` or a setting). */
  keys: string[];
}

const TOLERATED = ['node.kubernetes.io/unreachable', 'node.kubernetes.io/not-ready'];

/** Every explicit unreachable/not-ready NoExecute toleration with a time gets `seconds`. */
function withTolerationSeconds(m: Manifest, seconds: number): Manifest {
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x === null || typeof x !== 'object') return x;
    const o = x as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(o)) out[k] = walk(val);
    if (
      typeof o.tolerationSeconds === 'number' &&
      (o.effect === 'NoExecute' || o.effect === undefined) &&
      (o.key === undefined || TOLERATED.includes(String(o.key)))
    )
      out.tolerationSeconds = seconds;
    return out;
  };
  return walk(m) as Manifest;
}

/** The value of `key` in force in `s`, as a comparison names it (`nodeMonitorGracePeriod 50s`). */
export function describeKey(s: Scenario, key: string): string {
  if (key === 'profile') return `profile ${s.spec.profile}`;
  const settings: Settings = { ...PROFILES[s.spec.profile].defaults, ...s.spec.settings };
  if (key === 'tolerationSeconds') return `tolerationSeconds ${settings.defaultTolerationSeconds}`;
  const k = key as keyof Settings;
  return `${key} ${settingText(k, settings[k])}`;
}

/** Both sides' labels: the changed keys as in force in `a` and in `b`. */
export function variantLabels(a: Scenario, b: Scenario, keys: readonly string[]): { a: string; b: string } {
  return { a: keys.map((k) => describeKey(a, k)).join(', '), b: keys.map((k) => describeKey(b, k)).join(', ') };
}

/** The scenario with the variant applied (a new object; `s` is untouched). */
export function applyVariant(s: Scenario, v: Variant): Scenario {
  const spec = { ...s.spec, settings: { ...s.spec.settings, ...v.settings } };
  if (v.profile) spec.profile = v.profile;
  if (v.tolerationSeconds !== undefined) {
    spec.settings.defaultTolerationSeconds = v.tolerationSeconds;
    const seconds = v.tolerationSeconds;
    spec.objects = spec.objects.map((m) => withTolerationSeconds(m, seconds));
  }
  return { ...s, spec };
}
