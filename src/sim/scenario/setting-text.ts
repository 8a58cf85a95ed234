/**
 * Settings as a scenario file writes them: durations in ms become duration text (`40s`), whole
 * seconds stay numbers, rates stay numbers. Shared by the export and by comparisons' labels.
 */
import type { Settings } from '../core/profiles';

/** How each setting is written: ms durations, whole seconds, or plain numbers. */
export const SETTING_FORMS = {
  nodeMonitorGracePeriod: 'ms',
  nodeStartupGracePeriod: 'ms',
  nodeMonitorPeriod: 'ms',
  nodeLeaseDurationSeconds: 'seconds',
  nodeStatusUpdateFrequency: 'ms',
  nodeStatusReportFrequency: 'ms',
  defaultTolerationSeconds: 'seconds',
  nodeEvictionRate: 'number',
  secondaryNodeEvictionRate: 'number',
  unhealthyZoneThreshold: 'number',
  largeClusterSizeThreshold: 'number',
  podGCPeriod: 'ms',
  podGCQuarantine: 'ms',
  maxWaitForContainerRuntime: 'ms',
  plegRelistThreshold: 'ms',
  shutdownGracePeriod: 'ms',
  shutdownGracePeriodCriticalPods: 'ms',
  watchLatency: 'ms',
  imagePullMin: 'ms',
  imagePullMax: 'ms',
  cloudNodeMonitorPeriod: 'ms',
  scanInterval: 'ms',
  maxNodeProvisionTime: 'ms',
  scaleDownUtilizationThreshold: 'number',
  scaleDownUnneededTime: 'ms',
  scaleDownUnreadyTime: 'ms',
  scaleDownDelayAfterAdd: 'ms',
  scaleDownDelayAfterDelete: 'ms',
  scaleDownDelayAfterFailure: 'ms',
  maxTotalUnreadyPercentage: 'number',
  okTotalUnreadyCount: 'number',
  maxGracefulTerminationSec: 'seconds',
  nodeDeleteDelayAfterTaint: 'ms',
  unremovableNodeRecheckTimeout: 'ms',
  initialNodeGroupBackoffDuration: 'ms',
  maxNodeGroupBackoffDuration: 'ms',
} as const satisfies Record<keyof Settings, 'ms' | 'seconds' | 'number'>;

/** Exact duration text for integer ms, as parseDuration reads it: `1h500ms`, `2m10s`, `0s`. */
export function formatDurationExact(ms: number): string {
  let rest = Math.max(0, Math.round(ms));
  const parts: [number, string][] = [];
  for (const [size, unit] of [
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1000, 's'],
  ] as const) {
    parts.push([Math.floor(rest / size), unit]);
    rest %= size;
  }
  parts.push([rest, 'ms']);
  const text = parts
    .filter(([n]) => n > 0)
    .map(([n, u]) => `${n}${u}`)
    .join('');
  return text || '0s';
}

/** A setting's value as written in a scenario: `40s`, `300`, `0.1`. */
export function settingText(key: keyof Settings, value: number): string {
  return SETTING_FORMS[key] === 'ms' ? formatDurationExact(value) : String(value);
}
