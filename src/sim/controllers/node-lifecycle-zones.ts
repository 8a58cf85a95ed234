/**
 * Zones and rate limiting of the node-lifecycle-controller (reference §2.1, §2.3): the zone key of a
 * node, `ComputeZoneState`, the per-zone QPS for each state, and the token bucket that paces the
 * NoExecute tainting queue (`flowcontrol.NewTokenBucketRateLimiter(qps, 1)`).
 *
 * Pure functions over plain data, so they can be tested alone. Tokens are integers in millionths of
 * a token and time in ms, so no floating point drift enters the simulation.
 */
import type { Node } from '../core/api-types';
import { zoneKeyFor } from './node-lifecycle-zones-cache';

export type ZoneState = 'Initial' | 'Normal' | 'PartialDisruption' | 'FullDisruption';

/** Burst of every zone's limiter (`EvictionRateLimiterBurst`). RLQ [C] */
export const EVICTION_RATE_LIMITER_BURST = 1;
/** Period of `doNoExecuteTaintingPass` (`NodeEvictionPeriod`). RLQ [C] */
export const NODE_EVICTION_PERIOD_MS = 100;
/** Nodes with this label are ignored for zone state. NLC [C] */
export const LABEL_EXCLUDE_DISRUPTION = 'node.kubernetes.io/exclude-disruption';

const MICRO = 1_000_000;

/**
 * `nodetopology.GetZoneKey`: region and zone labels (`topology.kubernetes.io/...`, falling back to
 * the deprecated `failure-domain.beta.kubernetes.io/...`); no labels → "" (the whole cluster is one zone).
 */
export function zoneKey(node: Pick<Node, 'metadata'>): string {
  return zoneKeyFor(node.metadata.name, node.metadata.labels, zoneKeyOf);
}

function zoneKeyOf(l: Node['metadata']['labels']): string {
  const region = l['topology.kubernetes.io/region'] ?? l['failure-domain.beta.kubernetes.io/region'] ?? '';
  const zone = l['topology.kubernetes.io/zone'] ?? l['failure-domain.beta.kubernetes.io/zone'] ?? '';
  if (region === '' && zone === '') return '';
  return `${region}:\u0000:${zone}`;
}

/** Human form of a zone key for traces ("" → "default"). */
export function zoneLabel(key: string): string {
  if (key === '') return 'default';
  return key.replace(':\u0000:', '/');
}

/**
 * `ComputeZoneState` over the Ready statuses of a zone's nodes (undefined = no Ready condition,
 * counted as not ready): FullDisruption if none is Ready; PartialDisruption if more than 2 are not
 * Ready and they are at least `unhealthyZoneThreshold` of the zone; else Normal. Returns the number
 * of not-ready nodes too.
 */
export function computeZoneState(
  readyStatuses: readonly (string | undefined)[],
  unhealthyZoneThreshold: number,
): { notReady: number; state: ZoneState } {
  let ready = 0;
  let notReady = 0;
  for (const s of readyStatuses) {
    if (s === 'True') ready++;
    else notReady++;
  }
  if (ready === 0 && notReady > 0) return { notReady, state: 'FullDisruption' };
  // notReady / total >= threshold, compared without division.
  if (notReady > 2 && notReady >= unhealthyZoneThreshold * (notReady + ready))
    return { notReady, state: 'PartialDisruption' };
  return { notReady, state: 'Normal' };
}

export interface ZoneRateSettings {
  nodeEvictionRate: number;
  secondaryNodeEvictionRate: number;
  largeClusterSizeThreshold: number;
}

/**
 * `setLimiterInZone`: Normal → node-eviction-rate; PartialDisruption → secondary rate if the zone
 * has more than largeClusterSizeThreshold nodes, else 0 (`ReducedQPSFunc`); FullDisruption of some
 * zones → the normal rate (`HealthyQPSFunc`).
 */
export function zoneQps(state: ZoneState, zoneSize: number, s: ZoneRateSettings): number {
  switch (state) {
    case 'PartialDisruption':
      return zoneSize > s.largeClusterSizeThreshold ? s.secondaryNodeEvictionRate : 0;
    default:
      return s.nodeEvictionRate;
  }
}

/** A token bucket as plain data: tokens in millionths, refilled from `last`. */
export interface TokenBucket {
  tokens: number;
  last: number;
}

/** A new, full bucket (client-go's token bucket starts with `burst` tokens). */
export function newTokenBucket(now: number): TokenBucket {
  return { tokens: EVICTION_RATE_LIMITER_BURST * MICRO, last: now };
}

/** Refill rate in millionths of a token per ms for a QPS (0.1 → 100). */
function ratePerMs(qps: number): number {
  return Math.round(qps * 1000);
}

function refill(b: TokenBucket, qps: number, now: number): void {
  const rate = ratePerMs(qps);
  if (now > b.last && rate > 0) {
    b.tokens = Math.min(EVICTION_RATE_LIMITER_BURST * MICRO, b.tokens + (now - b.last) * rate);
  }
  b.last = Math.max(b.last, now);
}

/** `TryAccept`: take one token if available. A QPS of 0 is the "never" limiter. Mutates `b`. */
export function tryAccept(b: TokenBucket, qps: number, now: number): boolean {
  if (ratePerMs(qps) <= 0) return false;
  refill(b, qps, now);
  if (b.tokens >= MICRO) {
    b.tokens -= MICRO;
    return true;
  }
  return false;
}

/** When the bucket will next hold a whole token (undefined for the never limiter). */
export function nextTokenAt(b: TokenBucket, qps: number, now: number): number | undefined {
  const rate = ratePerMs(qps);
  if (rate <= 0) return undefined;
  refill(b, qps, now);
  if (b.tokens >= MICRO) return now;
  return now + Math.ceil((MICRO - b.tokens) / rate);
}

/**
 * `SwapLimiter(newQPS)`: same QPS → keep the bucket; otherwise a fresh full bucket, drained at once
 * if the old one had no token left ("if we're currently waiting on limiter, we drain the new one").
 * Returns the bucket to use.
 */
export function swapLimiter(b: TokenBucket, oldQps: number, newQps: number, now: number): TokenBucket {
  if (oldQps === newQps) return b;
  if (newQps <= 0) return { tokens: 0, last: now };
  const fresh = newTokenBucket(now);
  if (!tryAccept(b, oldQps, now)) fresh.tokens -= MICRO;
  return fresh;
}
