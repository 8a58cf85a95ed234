import { describe, expect, it } from 'vitest';
import type { Taint, Toleration } from '../core/api-types';
import {
  getMatchingTolerations,
  getMinTolerationTime,
  taintSignature,
  toleratesTaint,
} from './taint-eviction-tolerations';

const unreachable: Taint = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: 5 };
const notReady: Taint = { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: 5 };
const defaults: Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];

describe('toleratesTaint', () => {
  it('matches key and effect with Exists', () => {
    expect(toleratesTaint(defaults[1] as Toleration, unreachable)).toBe(true);
    expect(toleratesTaint(defaults[0] as Toleration, unreachable)).toBe(false);
  });
  it('an empty key with Exists tolerates every taint of that effect (static pods)', () => {
    expect(toleratesTaint({ operator: 'Exists', effect: 'NoExecute' }, unreachable)).toBe(true);
    expect(toleratesTaint({ operator: 'Exists', effect: 'NoSchedule' }, unreachable)).toBe(false);
  });
  it('Equal (or no operator) compares values', () => {
    const t: Taint = { key: 'k', value: 'v', effect: 'NoExecute' };
    expect(toleratesTaint({ key: 'k', value: 'v' }, t)).toBe(true);
    expect(toleratesTaint({ key: 'k', operator: 'Equal', value: 'w' }, t)).toBe(false);
  });
});

describe('getMatchingTolerations / getMinTolerationTime', () => {
  it('default tolerations: evict after 300s', () => {
    const r = getMatchingTolerations([unreachable], defaults);
    expect(r.allTolerated).toBe(true);
    expect(getMinTolerationTime(r.used)).toBe(300_000);
  });
  it('a pod without tolerations is not tolerated', () => {
    expect(getMatchingTolerations([unreachable], []).allTolerated).toBe(false);
  });
  it('tolerations without seconds tolerate forever (DaemonSet pods)', () => {
    const r = getMatchingTolerations(
      [unreachable, notReady],
      [
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
      ],
    );
    expect(getMinTolerationTime(r.used)).toBe(-1);
  });
  it('the smallest tolerationSeconds wins; zero or negative means now', () => {
    expect(getMinTolerationTime([{ tolerationSeconds: 300 }, { tolerationSeconds: 60 }, {}])).toBe(60_000);
    expect(getMinTolerationTime([{ tolerationSeconds: 0 }])).toBe(0);
  });
});

describe('taintSignature', () => {
  it('only looks at NoExecute taints and sees timeAdded changes', () => {
    const a = taintSignature([unreachable, { key: 'x', effect: 'NoSchedule' }]);
    expect(a).toBe(taintSignature([unreachable]));
    expect(a).not.toBe(taintSignature([{ ...unreachable, timeAdded: 6 }]));
  });
});
