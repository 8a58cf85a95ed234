/**
 * cloud-node-lifecycle-controller (cloud-controller-manager; kubernetes/cloud-provider
 * controllers/nodelifecycle/node_lifecycle_controller.go `MonitorNodes`), docs/reference/cloud.md §2.
 *
 * Every cloudNodeMonitorPeriod (5s), over the Nodes in the API, in order:
 * - Ready True: remove `node.cloudprovider.kubernetes.io/shutdown:NoSchedule` if present;
 * - Ready False or Unknown (missing counts as Unknown), instance gone (terminated, or none): event
 *   Normal `DeletingNode` "Deleting node <n> because it does not exist in the cloud provider" and
 *   DELETE the Node (no grace, no drain);
 * - Ready not True, instance stopped: add the shutdown taint (NoSchedule only: it evicts nothing).
 * It only walks existing Nodes: a running machine whose Node was deleted is invisible to it, and
 * nothing recreates that Node (the seed's zombie).
 *
 * Cause `what` prefixes: `delete Node` (removal: history `deleted`), `taint <key>`, `untaint <key>`.
 */
import { clone } from '../api/podutil';
import { activeCloudControllerManager } from '../cloud/processes';
import { instanceExists, instanceOfNode, instanceShutdown } from '../cloud/provider';
import { TAINT_NODE_SHUTDOWN } from '../cloud/taints';
import type { Node } from '../core/api-types';
import type { Engine, SimModule } from '../core/engine';
import { formatDuration } from '../core/world';

export const CLOUD_NODE_LIFECYCLE_CONTROLLER = 'cloud-node-lifecycle-controller';

function readyStatus(node: Node): string {
  return node.status.conditions.find((c) => c.type === 'Ready')?.status ?? 'Unknown';
}

function hasShutdownTaint(node: Node): boolean {
  return node.spec.taints.some((t) => t.key === TAINT_NODE_SHUTDOWN);
}

/** The cause of the Node's latest Ready change (looked up only when the pass acts). */
function readyCause(e: Engine, name: string): number {
  return e.lastCause(`Node/${name}`, 'Ready') ?? e.lastCause(`Node/${name}`) ?? 0;
}

function setShutdownTaint(e: Engine, node: Node, on: boolean, parents: number[]): void {
  const name = node.metadata.name;
  const what = `${on ? 'taint' : 'untaint'} ${TAINT_NODE_SHUTDOWN}:NoSchedule`;
  const cause = e.cause({
    actor: CLOUD_NODE_LIFECYCLE_CONTROLLER,
    what: `${what} on ${name}`,
    rule: on ? 'Node not Ready and its instance is stopped' : 'Node Ready again',
    parents,
  });
  const next = clone(node);
  if (on) next.spec.taints = [...next.spec.taints, { key: TAINT_NODE_SHUTDOWN, effect: 'NoSchedule' }];
  else next.spec.taints = next.spec.taints.filter((t) => t.key !== TAINT_NODE_SHUTDOWN);
  e.put(next, what, cause);
}

function deleteNode(e: Engine, node: Node, why: string, parents: number[]): void {
  const name = node.metadata.name;
  const cause = e.cause({
    actor: CLOUD_NODE_LIFECYCLE_CONTROLLER,
    what: `delete Node ${name}: it does not exist in the cloud provider`,
    rule: `Node not Ready and ${why}`,
    constant: `cloudNodeMonitorPeriod=${formatDuration(e.state.settings.cloudNodeMonitorPeriod)}`,
    parents,
  });
  e.trace(
    `${CLOUD_NODE_LIFECYCLE_CONTROLLER}: "deleting node since it is no longer present in cloud provider: ${name}"`,
  );
  e.event(
    { kind: 'Node', name, uid: node.metadata.uid },
    'Normal',
    'DeletingNode',
    `Deleting node ${name} because it does not exist in the cloud provider`,
    CLOUD_NODE_LIFECYCLE_CONTROLLER,
    cause,
  );
  e.remove('Node', name, 'deleted', cause);
}

/** One `MonitorNodes` pass. */
export function monitorNodes(e: Engine): void {
  for (const node of e.list('Node').sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))) {
    const name = node.metadata.name;
    if (readyStatus(node) === 'True') {
      if (hasShutdownTaint(node)) setShutdownTaint(e, node, false, [readyCause(e, name)]);
      continue;
    }
    const inst = instanceOfNode(e, node);
    if (!instanceExists(inst)) {
      const why = inst ? `its instance ${inst.id} is terminated` : 'no instance is known for it';
      deleteNode(e, node, why, inst ? [inst.cause, readyCause(e, name)] : [readyCause(e, name)]);
    } else if (instanceShutdown(inst) && !hasShutdownTaint(node)) {
      setShutdownTaint(e, node, true, [inst?.cause ?? 0, readyCause(e, name)]);
    }
  }
}

export const cloudNodeLifecycleModule: SimModule = {
  name: CLOUD_NODE_LIFECYCLE_CONTROLLER,
  timers: {
    'cloud-node-lifecycle.monitor': (e) => {
      if (!e.state.cloud) return;
      e.schedule(e.state.settings.cloudNodeMonitorPeriod, 'cloud-node-lifecycle.monitor', '');
      const ccm = activeCloudControllerManager(e);
      if (!ccm) return;
      // A process that just started lists every Node for the cloud-node-controller too.
      if (ccm.dirty['*']) e.enqueue('cloud-node-controller');
      monitorNodes(e);
    },
  },
};
