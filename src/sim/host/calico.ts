/**
 * calico-node (reference 9.6): at start it writes NetworkUnavailable=False `CalicoIsUp` "Calico is
 * running on this node" into its Node's status (retrying until the API answers and the Node
 * exists); on a graceful stop NetworkUnavailable=True `CalicoIsDown` "Calico is shutting down on
 * this node". An abrupt stop (power loss) writes nothing.
 *
 * Cause `what` prefixes: `calico NetworkUnavailable`.
 */
import type { NodeCondition } from '../core/api-types';
import type { Engine, SimModule } from '../core/engine';
import type { Host } from '../core/state';
import { canReachApi, serviceActive } from '../core/world';

/** Retry period of calico-node's startup write. [U] calico retries with its own back-off. */
const CALICO_RETRY = 5000;

function setNetworkUnavailable(e: Engine, h: Host, up: boolean, cause: number): boolean {
  if (!canReachApi(e, h.name)) return false;
  const node = e.get('Node', h.name);
  if (!node) return false;
  const now = e.now;
  const next: NodeCondition = up
    ? {
        type: 'NetworkUnavailable',
        status: 'False',
        reason: 'CalicoIsUp',
        message: 'Calico is running on this node',
        lastHeartbeatTime: now,
        lastTransitionTime: now,
      }
    : {
        type: 'NetworkUnavailable',
        status: 'True',
        reason: 'CalicoIsDown',
        message: 'Calico is shutting down on this node',
        lastHeartbeatTime: now,
        lastTransitionTime: now,
      };
  const conds = node.status.conditions.filter((c) => c.type !== 'NetworkUnavailable');
  const old = node.status.conditions.find((c) => c.type === 'NetworkUnavailable');
  if (old && old.status === next.status) next.lastTransitionTime = old.lastTransitionTime;
  const c = e.cause({
    actor: `calico-node on ${h.name}`,
    what: `calico NetworkUnavailable=${next.status} on ${h.name}`,
    rule: up ? 'calico-node startup sets CalicoIsUp' : 'calico-node graceful shutdown sets CalicoIsDown',
    parents: [cause],
  });
  e.put(
    { ...node, status: { ...node.status, conditions: [next, ...conds] } },
    `NetworkUnavailable=${next.status} ${next.reason}`,
    c,
  );
  return true;
}

export function calicoStarted(e: Engine, h: Host, cause: number): void {
  if (!setNetworkUnavailable(e, h, true, cause))
    e.schedule(CALICO_RETRY, 'calico.retry', h.name, h.services['calico-node']?.gen ?? 0);
}

export function calicoStopped(e: Engine, h: Host, cause: number): void {
  setNetworkUnavailable(e, h, false, cause);
}

export const calicoModule: SimModule = {
  name: 'calico-node',
  timers: {
    'calico.retry': (e, t) => {
      const h = e.state.hosts[t.target];
      const svc = h?.services['calico-node'];
      if (!h || !svc || !serviceActive(h, 'calico-node') || svc.gen !== t.gen) return;
      calicoStarted(e, h, svc.cause);
    },
  },
};
