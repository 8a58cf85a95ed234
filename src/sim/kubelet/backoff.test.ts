/**
 * The kubelet's container back-off: client-go util/flowcontrol/backoff.go (Next, IsInBackOffSince,
 * hasExpired) with pkg/kubelet/kubelet.go's backOffPeriod 10s and MaxContainerBackOff 5m, as
 * pkg/kubelet/kuberuntime/kuberuntime_manager.go doBackOff uses it.
 */
import { describe, expect, it } from 'vitest';
import type { KubeletContainerState } from '../core/state';
import { BACKOFF_INITIAL, BACKOFF_MAX, isInBackOffSince, nextBackOff } from './backoff';

const fresh = (): KubeletContainerState => ({
  name: 'c',
  image: 'i',
  restartCount: 0,
  pulling: false,
  pullFailures: 0,
});

describe('flowcontrol.Backoff as the kubelet configures it', () => {
  it('pins the constants: 10s, doubling, at most 5m', () => {
    expect(BACKOFF_INITIAL).toBe(10_000);
    expect(BACKOFF_MAX).toBe(300_000);
  });

  it('a first exit restarts at once; each later exit within the window waits 10s, 20s, 40s ... 5m', () => {
    const st = fresh();
    let now = 0;
    const delays: number[] = [];
    // The container crashes 1s after every start.
    for (let i = 0; i < 9; i++) {
      const finished = now;
      if (isInBackOffSince(st, finished, now)) {
        now = finished + (st.backoff?.delay ?? 0);
        expect(isInBackOffSince(st, finished, now)).toBe(false);
      }
      delays.push(now - finished);
      nextBackOff(st, finished, now);
      now += 1000;
    }
    expect(delays).toEqual([0, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
  });

  it('starts over at 10s once a container ran for more than 10 minutes (hasExpired: 2 x 5m)', () => {
    const st = fresh();
    nextBackOff(st, 0, 0);
    nextBackOff(st, 1000, 11_000);
    nextBackOff(st, 12_000, 32_000);
    expect(st.backoff?.delay).toBe(40_000);
    // Exits 10 minutes and 1 ms after the last restart: the entry expired, no wait, 10s next.
    const finished = 32_000 + 600_001;
    expect(isInBackOffSince(st, finished, finished)).toBe(false);
    nextBackOff(st, finished, finished);
    expect(st.backoff?.delay).toBe(10_000);
  });
});
