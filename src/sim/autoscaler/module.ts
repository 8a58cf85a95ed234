/**
 * The cluster-autoscaler module: a process watch (is its static pod's container running, is it a
 * new process), the loop every --scan-interval of the running process (10s after its start, then
 * 10s after each loop: CA ≤1.34 sleeps between loops), and the steps of node deletions.
 * A new process writes `autoscalerStatus: Initializing` at once (NewStatusMapRecorder).
 */
import { autoscalerMemory } from '../cloud/processes';
import type { SimModule } from '../core/engine';
import { apiAvailable } from '../core/world';
import { deletionStep } from './actuator';
import { runOnce } from './static-autoscaler';
import { initializingStatus, writeStatusConfigMap } from './status';

/** How often the module looks for a (new) autoscaler process. */
const WATCH_MS = 2000;

export const autoscalerModule: SimModule = {
  name: 'cluster-autoscaler',
  timers: {
    'autoscaler.watch': (e) => {
      if (!e.state.cloud?.autoscaler) return;
      e.schedule(WATCH_MS, 'autoscaler.watch', '');
      const known = e.state.cloud.ca?.containerId;
      const ca = autoscalerMemory(e);
      if (!ca || ca.containerId === known) return;
      if (apiAvailable(e)) writeStatusConfigMap(e, initializingStatus(e), 0);
      e.schedule(Math.max(0, ca.startedAt + e.state.settings.scanInterval - e.now), 'autoscaler.loop', '', ca.gen);
    },
    'autoscaler.loop': (e, t) => {
      const ca = autoscalerMemory(e);
      // A stopped or replaced process ends its loop; the watch starts the next one.
      if (!ca || ca.gen !== t.gen) return;
      if (apiAvailable(e)) runOnce(e, ca);
      e.schedule(e.state.settings.scanInterval, 'autoscaler.loop', '', ca.gen);
    },
    'autoscaler.deletion': (e, t) => {
      const ca = autoscalerMemory(e);
      if (!ca) return;
      const [node = '', gen = '0'] = t.target.split('|');
      deletionStep(e, ca, node, Number(gen));
    },
  },
};
