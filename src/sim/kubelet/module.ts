/**
 * The kubelet module: timer handlers of every kubelet loop and the pod watch. Each timer carries
 * the kubelet unit's generation; a timer from a previous process (stopped, restarted, host
 * rebooted) is ignored.
 */
import type { Pod } from '../core/api-types';
import type { Engine, SimModule } from '../core/engine';
import type { Timer } from '../core/heap';
import type { Host, KubeletMemory } from '../core/state';
import { canReachApi } from '../core/world';
import { pullFinished } from './container-start';
import { kubeletEvent } from './events';
import { containerGC, imageGC } from './gc';
import { housekeepingTick, orphanKilled } from './housekeeping';
import { leaseTick } from './lease';
import { kgen, kubeletRunning, nodeRef } from './memory';
import { nodeStatusTick, tryUpdateNodeStatus } from './node-status';
import { killFinished, SYNC_FREQUENCY, syncPods } from './pod-sync';
import { requestPodSync } from './pod-sync-queue';
import { killContainerFinished } from './pod-workers';
import { probeTimer } from './prober';
import { notePass, passIsNoop, probePass } from './quiet-sync';
import { tryRegister } from './registration';
import { continueRuntimeUpLoop, runtimeErrors, updateRuntimeUp } from './runtime-health';
import { shutdownTimer } from './shutdown-manager';

export { kubeletEndpointError } from './endpoint';

type RunningHost = Host & { kubelet: KubeletMemory };

/** The running kubelet a timer belongs to, or undefined if the timer is stale. */
function owner(e: Engine, t: Timer): RunningHost | undefined {
  // The host name leads the target (probe ticks are frequent: no array of parts).
  const bar = t.target.indexOf('|');
  const name = bar < 0 ? t.target : t.target.slice(0, bar);
  const h = e.state.hosts[name];
  if (!h || !kubeletRunning(h) || kgen(h) !== t.gen) return undefined;
  return h;
}

function statusLoop(e: Engine, h: RunningHost): void {
  nodeStatusTick(e, h, () => tryRegister(e, h));
}

export const kubeletModule: SimModule = {
  name: 'kubelet',
  // Sync-loop wake-ups at the same ms are coalesced (kubelet/pod-sync-queue.ts).
  pendingTimers: ['kubelet.sync'],
  timers: {
    'kubelet.status': (e, t) => {
      const h = owner(e, t);
      if (h) statusLoop(e, h);
    },
    'kubelet.register': (e, t) => {
      const h = owner(e, t);
      if (!h) return;
      tryRegister(e, h);
      // Registration done: the blocked status loop continues with its first update.
      if (h.kubelet.registrationCompleted) statusLoop(e, h);
    },
    'kubelet.fast-status': (e, t) => {
      const h = owner(e, t);
      if (!h) return;
      // fastStatusUpdateOnce: every 100ms until the node is ready locally (or 120s).
      if (h.kubelet.registrationCompleted && runtimeErrors(e, h).length === 0) {
        tryUpdateNodeStatus(e, h, 1);
        return;
      }
      if (e.now < h.kubelet.fastStatusUntil) e.schedule(100, 'kubelet.fast-status', h.name, t.gen);
    },
    'kubelet.cm-start': (e, t) => {
      const h = owner(e, t);
      if (!h || h.kubelet.nodeAllocatableEnforced) return;
      e.cow.touch(h.kubelet).nodeAllocatableEnforced = true;
      kubeletEvent(
        e,
        h,
        nodeRef(h),
        'Normal',
        'NodeAllocatableEnforced',
        'Updated Node Allocatable limit across pods',
        h.services.kubelet?.cause ?? 0,
      );
    },
    'kubelet.lease': (e, t) => {
      const h = owner(e, t);
      if (h) leaseTick(e, h);
    },
    'kubelet.runtime-up': (e, t) => {
      const h = owner(e, t);
      if (!h) return;
      const before = runtimeErrors(e, h).length;
      updateRuntimeUp(e, h);
      // Runtime healthy again: the skipped sync loop resumes promptly.
      if (before > 0 && runtimeErrors(e, h).length === 0) requestPodSync(e, h, 0);
      continueRuntimeUpLoop(e, h, t.gen);
    },
    'kubelet.sync': (e, t) => {
      const o = owner(e, t);
      if (!o || passIsNoop(e, o)) return;
      const probe = probePass(e, o);
      syncPods(e, o);
      notePass(e, o, probe);
    },
    'kubelet.resync': (e, t) => {
      const h = owner(e, t);
      if (!h) return;
      requestPodSync(e, h, 0, true);
      e.schedule(SYNC_FREQUENCY, 'kubelet.resync', h.name, t.gen);
    },
    'kubelet.pull': (e, t) => {
      const h = owner(e, t);
      if (!h) return;
      const [, uid = '', name = '', started = '0'] = t.target.split('|');
      pullFinished(e, h, uid, name, Number(started));
    },
    'kubelet.kill': (e, t) => {
      const h = owner(e, t);
      if (!h) return;
      killFinished(e, h, t.target);
    },
    'kubelet.probe': (e, t) => {
      const h = owner(e, t);
      if (h) probeTimer(e, h, t);
    },
    'kubelet.kill-container': (e, t) => {
      const h = owner(e, t);
      if (h) killContainerFinished(e, h, t.target);
    },
    // Not through owner(): a dead kubelet's lock is gone and the power-off goes on (shutdown-manager.ts).
    'kubelet.shutdown': (e, t) => shutdownTimer(e, t),
    'kubelet.housekeeping': (e, t) => {
      const h = owner(e, t);
      if (h) housekeepingTick(e, h);
    },
    'kubelet.orphan-kill': (e, t) => {
      const h = owner(e, t);
      if (h) orphanKilled(e, h, t.target.split('|')[1] ?? '');
    },
    'kubelet.container-gc': (e, t) => {
      const h = owner(e, t);
      if (h) containerGC(e, h);
    },
    'kubelet.image-gc': (e, t) => {
      const h = owner(e, t);
      if (h) imageGC(e, h);
    },
  },
  watch: {
    Pod: (e, _key, obj, old) => {
      const pod = (obj ?? old) as Pod | undefined;
      if (!pod) return;
      // Status-only writes (ours, or the node controller's) need no sync pass.
      if (
        obj &&
        old &&
        (obj as Pod).spec === (old as Pod).spec &&
        obj.metadata.deletionTimestamp === old.metadata.deletionTimestamp &&
        obj.metadata.uid === old.metadata.uid
      )
        return;
      const nodes = new Set<string>();
      if ((obj as Pod | undefined)?.spec.nodeName) nodes.add((obj as Pod).spec.nodeName as string);
      if ((old as Pod | undefined)?.spec.nodeName) nodes.add((old as Pod).spec.nodeName as string);
      for (const n of nodes) {
        const h = e.state.hosts[n];
        if (h && kubeletRunning(h) && canReachApi(e, n)) requestPodSync(e, h, e.state.settings.watchLatency);
      }
    },
  },
};
