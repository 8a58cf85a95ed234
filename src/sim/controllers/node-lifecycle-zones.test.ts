import { describe, expect, it } from 'vitest';
import type { Node } from '../core/api-types';
import {
  computeZoneState,
  newTokenBucket,
  nextTokenAt,
  swapLimiter,
  tryAccept,
  zoneKey,
  zoneQps,
} from './node-lifecycle-zones';

const settings = { nodeEvictionRate: 0.1, secondaryNodeEvictionRate: 0.01, largeClusterSizeThreshold: 50 };

function withLabels(labels: Record<string, string>): Pick<Node, 'metadata'> {
  return {
    metadata: {
      name: 'n',
      uid: 'u',
      resourceVersion: 1,
      creationTimestamp: 0,
      labels,
      annotations: {},
      ownerReferences: [],
    },
  };
}

describe('zoneKey', () => {
  it('is empty without topology labels (whole cluster is one zone)', () => {
    expect(zoneKey(withLabels({}))).toBe('');
  });
  it('combines region and zone, with the beta labels as fallback', () => {
    expect(zoneKey(withLabels({ 'topology.kubernetes.io/region': 'r1', 'topology.kubernetes.io/zone': 'a' }))).toBe(
      'r1:\u0000:a',
    );
    expect(zoneKey(withLabels({ 'failure-domain.beta.kubernetes.io/zone': 'b' }))).toBe(':\u0000:b');
  });
});

describe('computeZoneState', () => {
  it('FullDisruption when no node is Ready', () => {
    expect(computeZoneState(['Unknown', 'False'], 0.55).state).toBe('FullDisruption');
  });
  it('PartialDisruption needs more than 2 not-ready nodes and ≥ 55%', () => {
    expect(computeZoneState(['True', 'True', 'Unknown', 'Unknown', 'Unknown'], 0.55)).toEqual({
      notReady: 3,
      state: 'PartialDisruption',
    });
    // 2 of 3 not ready: 67% but only 2 → Normal
    expect(computeZoneState(['True', 'Unknown', 'Unknown'], 0.55).state).toBe('Normal');
    // 3 of 6 = 50% → Normal
    expect(computeZoneState(['True', 'True', 'True', 'Unknown', 'Unknown', 'False'], 0.55).state).toBe('Normal');
  });
  it('counts a missing Ready condition as not ready', () => {
    expect(computeZoneState([undefined], 0.55).state).toBe('FullDisruption');
    expect(computeZoneState(['True', undefined], 0.55)).toEqual({ notReady: 1, state: 'Normal' });
  });
});

describe('zoneQps', () => {
  it('stops tainting in a partially disrupted small zone, slows it in a large one', () => {
    expect(zoneQps('Normal', 3, settings)).toBe(0.1);
    expect(zoneQps('PartialDisruption', 50, settings)).toBe(0);
    expect(zoneQps('PartialDisruption', 51, settings)).toBe(0.01);
    expect(zoneQps('FullDisruption', 3, settings)).toBe(0.1);
  });
});

describe('token bucket (burst 1)', () => {
  it('gives the first token at once and the next ones 1/qps apart', () => {
    const b = newTokenBucket(0);
    expect(tryAccept(b, 0.1, 0)).toBe(true);
    expect(tryAccept(b, 0.1, 100)).toBe(false);
    expect(nextTokenAt(b, 0.1, 100)).toBe(10_000);
    expect(tryAccept(b, 0.1, 9_999)).toBe(false);
    expect(tryAccept(b, 0.1, 10_000)).toBe(true);
  });
  it('never accepts at qps 0', () => {
    const b = newTokenBucket(0);
    expect(tryAccept(b, 0, 0)).toBe(false);
    expect(nextTokenAt(b, 0, 0)).toBeUndefined();
  });
  it('does not accumulate more than one token', () => {
    const b = newTokenBucket(0);
    expect(tryAccept(b, 0.1, 100_000)).toBe(true);
    expect(tryAccept(b, 0.1, 100_000)).toBe(false);
  });
  it('SwapLimiter keeps the bucket for the same qps and drains a new one if the old was empty', () => {
    const b = newTokenBucket(0);
    expect(swapLimiter(b, 0.1, 0.1, 0)).toBe(b);
    tryAccept(b, 0.1, 0);
    const drained = swapLimiter(b, 0.1, 0.01, 1000);
    expect(tryAccept(drained, 0.01, 1000)).toBe(false);
    const full = swapLimiter(newTokenBucket(0), 0.1, 0.01, 1000);
    expect(tryAccept(full, 0.01, 1000)).toBe(true);
  });
});
