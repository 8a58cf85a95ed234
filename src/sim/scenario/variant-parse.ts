/**
 * Reads comparison changes written `KEY=VALUE` (the CLI's `--compare`, the app's Compare dialog,
 * a share link) into a checked Variant (scenario/variant.ts): settings are converted and
 * range-checked as in a scenario file, so a wrong value is named the same way.
 */
import { DOMAIN_LIMITS, groupDigits } from '../core/limits';
import { PROFILES, type ProfileName } from '../core/profiles';
import type { Scenario } from '../core/scenario-types';
import { PROFILE_NAMES, parseSetting, SETTINGS_KEYS, show } from './schema';
import { shutdownSettingErrors } from './validate';
import { applyVariant, type Variant, variantLabels } from './variant';

export interface ScenarioChange {
  key: string;
  value: string;
}

/** `KEY=VALUE` to a change; the key is checked by `parseChanges`. */
export function parseChange(text: string): ScenarioChange | { error: string } {
  // Before anything else: a change too long for a link is refused as too long, not as malformed.
  const max = DOMAIN_LIMITS.maxCompareChars;
  if (text.length > max) {
    const head = JSON.stringify(text.slice(0, 30)).slice(0, -1);
    return { error: `${head}…" is too long (${groupDigits(text.length)} characters; the limit is ${max})` };
  }
  const i = text.indexOf('=');
  if (i <= 0 || i === text.length - 1)
    return { error: `${show(text)}: write a change as KEY=VALUE (e.g. nodeMonitorGracePeriod=40s)` };
  return { key: text.slice(0, i).trim(), value: text.slice(i + 1).trim() };
}

/** The keys a comparison may change. */
export const COMPARE_KEYS: readonly string[] = ['profile', 'tolerationSeconds', ...SETTINGS_KEYS];

/** Checked changes, or what is wrong with the first bad one. */
export function parseChanges(
  changes: readonly ScenarioChange[],
): { ok: true; variant: Variant } | { ok: false; message: string } {
  if (!changes.length) return { ok: false, message: 'nothing to compare: give at least one KEY=VALUE change' };
  if (changes.length > DOMAIN_LIMITS.maxCompareChanges)
    return {
      ok: false,
      message: `${changes.length} changes are more than the limit of ${DOMAIN_LIMITS.maxCompareChanges} in one comparison`,
    };
  const variant: Variant = { settings: {}, keys: [] };
  for (const c of changes) {
    if (!variant.keys.includes(c.key)) variant.keys.push(c.key);
    if (c.key === 'profile') {
      if (!(c.value in PROFILES) || !PROFILE_NAMES.includes(c.value as ProfileName))
        return { ok: false, message: `profile ${show(c.value)} is not a profile (known: ${PROFILE_NAMES.join(', ')})` };
      variant.profile = c.value as ProfileName;
      continue;
    }
    if (c.key === 'tolerationSeconds') {
      const r = parseSetting('defaultTolerationSeconds', c.value);
      if (!r.ok) return { ok: false, message: `tolerationSeconds: ${r.message}` };
      variant.tolerationSeconds = r.value;
      continue;
    }
    if (!(SETTINGS_KEYS as string[]).includes(c.key))
      return { ok: false, message: `${show(c.key)} is not something to compare (known: ${COMPARE_KEYS.join(', ')})` };
    const r = parseSetting(c.key, c.value);
    if (!r.ok) return { ok: false, message: `${c.key}: ${r.message}` };
    variant.settings[r.key] = r.value;
  }
  return { ok: true, variant };
}

export type VariantResult =
  | { ok: true; scenario: Scenario; labels: { a: string; b: string }; variant: Variant }
  | { ok: false; message: string };

/** The scenario with `changes` applied and both sides' labels; or what is wrong with a change. */
export function applyChanges(s: Scenario, changes: readonly ScenarioChange[]): VariantResult {
  const parsed = parseChanges(changes);
  if (!parsed.ok) return parsed;
  const scenario = applyVariant(s, parsed.variant);
  // The kubelet refuses a critical pods' period above the whole one (as a scenario file would be).
  const eff = { ...PROFILES[scenario.spec.profile].defaults, ...scenario.spec.settings };
  const bad = shutdownSettingErrors(eff.shutdownGracePeriod, eff.shutdownGracePeriodCriticalPods)[0];
  if (bad) return { ok: false, message: `${bad.key}: ${bad.message}` };
  return { ok: true, scenario, labels: variantLabels(s, scenario, parsed.variant.keys), variant: parsed.variant };
}
