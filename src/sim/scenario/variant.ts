/**
 * Variants of a scenario for A/B comparisons: the same scenario, seed and commands with one or
 * more settings changed, written `KEY=VALUE`:
 * - any setting of `spec.settings` (`nodeMonitorGracePeriod=40s`, `nodeEvictionRate=0.5`),
 *   checked and converted as in a scenario file;
 * - `profile=v1.23-docker` (the version profile; explicit settings stay as written);
 * - `tolerationSeconds=30`: how long every pod tolerates an unreachable or not-ready node, i.e.
 *   the DefaultTolerationSeconds admission default and every explicit toleration of those taints
 *   with a time in the scenario's manifests.
 */
import { PROFILES, type ProfileName, type Settings } from './profiles';
import { PROFILE_NAMES, parseSetting, SETTINGS_KEYS, show } from './schema';
import { settingText } from './setting-text';
import type { Manifest, Scenario } from './types';

export interface ScenarioChange {
  key: string;
  value: string;
}

export type VariantResult = { ok: true; scenario: Scenario; label: string } | { ok: false; message: string };

/** `KEY=VALUE` to a change; the key is checked by `applyChanges`. */
export function parseChange(text: string): ScenarioChange | { error: string } {
  const i = text.indexOf('=');
  if (i <= 0 || i === text.length - 1)
    return { error: `${show(text)}: write a change as KEY=VALUE (e.g. nodeMonitorGracePeriod=40s)` };
  return { key: text.slice(0, i).trim(), value: text.slice(i + 1).trim() };
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

/** The value of `key` in force in `s`, as the comparison names it (`nodeMonitorGracePeriod 50s`). */
export function describeKey(s: Scenario, key: string): string {
  if (key === 'profile') return `profile ${s.spec.profile}`;
  const settings: Settings = { ...PROFILES[s.spec.profile].defaults, ...s.spec.settings };
  if (key === 'tolerationSeconds') return `tolerationSeconds ${settings.defaultTolerationSeconds}`;
  const k = key as keyof Settings;
  return `${key} ${settingText(k, settings[k])}`;
}

/** The scenario with `changes` applied, and a label naming them; or what is wrong with one. */
export function applyChanges(s: Scenario, changes: readonly ScenarioChange[]): VariantResult {
  if (!changes.length) return { ok: false, message: 'nothing to compare: give at least one KEY=VALUE change' };
  let spec = { ...s.spec, settings: { ...s.spec.settings } };
  for (const c of changes) {
    if (c.key === 'profile') {
      if (!PROFILE_NAMES.includes(c.value as ProfileName))
        return { ok: false, message: `profile ${show(c.value)} is not a profile (known: ${PROFILE_NAMES.join(', ')})` };
      spec = { ...spec, profile: c.value as ProfileName };
      continue;
    }
    if (c.key === 'tolerationSeconds') {
      const r = parseSetting('defaultTolerationSeconds', c.value);
      if (!r.ok) return { ok: false, message: `tolerationSeconds: ${r.message}` };
      spec = {
        ...spec,
        settings: { ...spec.settings, defaultTolerationSeconds: r.value },
        objects: spec.objects.map((m) => withTolerationSeconds(m, r.value)),
      };
      continue;
    }
    if (!(SETTINGS_KEYS as string[]).includes(c.key))
      return {
        ok: false,
        message: `${show(c.key)} is not something to compare (known: profile, tolerationSeconds, ${SETTINGS_KEYS.join(', ')})`,
      };
    const r = parseSetting(c.key, c.value);
    if (!r.ok) return { ok: false, message: `${c.key}: ${r.message}` };
    spec.settings = { ...spec.settings, [r.key]: r.value };
  }
  const scenario: Scenario = { ...s, spec };
  return { ok: true, scenario, label: changes.map((c) => describeKey(scenario, c.key)).join(', ') };
}
