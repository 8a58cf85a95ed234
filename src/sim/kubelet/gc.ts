/**
 * Garbage collection loops (reference 4.3): container GC every 1m, image GC every 5m. While the
 * runtime is down they fail: Warning `ContainerGCFailed` with the raw CRI error at every pass,
 * Warning `ImageGCFailed` only after two consecutive failures (the first is only logged).
 *
 * Cause `what` prefixes: `gc failed`.
 */
import type { Engine } from '../core/engine';
import type { Host, KubeletMemory } from '../core/state';
import { logLine, q } from '../host/journal';
import { criAvailable, criError } from '../runtime/containers';
import { kubeletEvent } from './events';
import { actor, kgen, nodeRef } from './memory';

type RunningHost = Host & { kubelet: KubeletMemory };

/** ContainerGCPeriod and ImageGCPeriod. */
export const CONTAINER_GC_PERIOD = 60_000;
export const IMAGE_GC_PERIOD = 300_000;

export function containerGC(e: Engine, h: RunningHost): void {
  const mem = h.kubelet;
  if (criAvailable(e, h)) {
    mem.containerGCFailing = false;
  } else {
    mem.containerGCFailing = true;
    const err = criError(e);
    const c = e.cause({
      actor: actor(h),
      what: `gc failed: container GC on ${h.name}`,
      rule: 'container GC runs every 1m and needs the runtime',
      constant: 'ContainerGCPeriod=1m',
      parents: [h.services[e.state.profile.runtime]?.cause ?? 0],
    });
    logLine(e, h.name, 'kubelet', 'E', 'kubelet.go:1634', `"Container garbage collection failed" err=${q(err)}`);
    kubeletEvent(e, h, nodeRef(h), 'Warning', 'ContainerGCFailed', err, c);
  }
  e.schedule(CONTAINER_GC_PERIOD, 'kubelet.container-gc', h.name, kgen(h));
}

export function imageGC(e: Engine, h: RunningHost): void {
  const mem = h.kubelet;
  if (criAvailable(e, h)) {
    mem.imageGCFailures = 0;
  } else {
    mem.imageGCFailures++;
    // [U] the reference gives no exact image GC error; the raw CRI error is the most plausible.
    const err = criError(e);
    if (mem.imageGCFailures < 2) {
      logLine(
        e,
        h.name,
        'kubelet',
        'E',
        'kubelet.go:1654',
        `"Image garbage collection failed once. Stats initialization may not have completed yet" err=${q(err)}`,
      );
    } else {
      const c = e.cause({
        actor: actor(h),
        what: `gc failed: image GC on ${h.name}`,
        rule: 'image GC failed twice in a row',
        constant: 'ImageGCPeriod=5m',
        parents: [h.services[e.state.profile.runtime]?.cause ?? 0],
      });
      logLine(
        e,
        h.name,
        'kubelet',
        'E',
        'kubelet.go:1650',
        `"Image garbage collection failed multiple times in a row" err=${q(err)}`,
      );
      kubeletEvent(e, h, nodeRef(h), 'Warning', 'ImageGCFailed', err, c);
    }
  }
  e.schedule(IMAGE_GC_PERIOD, 'kubelet.image-gc', h.name, kgen(h));
}
