/**
 * The cloud module: the timers of the simulated cloud (an instance finishing its boot or its
 * shutdown, a node group replacing a terminated member). The cloud acts whatever the cluster's
 * state: it is not a Kubernetes component and needs no API.
 */
import type { SimModule } from '../core/engine';
import { instanceTimer, syncGroup } from './lifecycle';

export const cloudModule: SimModule = {
  name: 'cloud',
  timers: {
    'cloud.instance': (e, t) => instanceTimer(e, t.target),
    'cloud.group-sync': (e, t) => {
      const g = e.state.cloud?.groups[t.target];
      if (g) syncGroup(e, g);
    },
  },
};
