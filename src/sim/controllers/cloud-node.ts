/**
 * cloud-node-controller (cloud-controller-manager; kubernetes/cloud-provider
 * controllers/node/node_controller.go), docs/reference/cloud.md §1.
 *
 * Event driven: every Node added or updated while it carries the
 * `node.cloudprovider.kubernetes.io/uninitialized` taint is initialized in one Update: the
 * instance's providerID (only if the Node has none), the instance-type and zone labels with their
 * beta twins, and the taint removed; then the event Normal `Synced` "Node synced successfully".
 * `syncNode` returns at once for a Node that is gone: this controller never creates, deletes or
 * re-registers a Node (the seed's zombie stays a zombie). Node addresses are left as the kubelet
 * wrote them: the simulated cloud reports the same private IP, so `updateNodeAddress` would change
 * nothing.
 *
 * Cause `what` prefix: `initialized by cloud-node-controller`.
 */
import { clone } from '../api/podutil';
import { activeCloudControllerManager } from '../cloud/processes';
import { instanceOfNode } from '../cloud/provider';
import { TAINT_EXTERNAL_CLOUD_PROVIDER } from '../cloud/taints';
import type { Node } from '../core/api-types';
import type { Engine, SimModule } from '../core/engine';

export const CLOUD_NODE_CONTROLLER = 'cloud-node-controller';

/** Labels the controller sets (cloud-provider node_controller.go getNodeModifiersFromCloudProvider). */
export const LABEL_INSTANCE_TYPE = 'node.kubernetes.io/instance-type';
export const LABEL_INSTANCE_TYPE_BETA = 'beta.kubernetes.io/instance-type';
export const LABEL_ZONE = 'topology.kubernetes.io/zone';
export const LABEL_ZONE_BETA = 'failure-domain.beta.kubernetes.io/zone';

function uninitialized(node: Node): boolean {
  return node.spec.taints.some((t) => t.key === TAINT_EXTERNAL_CLOUD_PROVIDER);
}

/** `syncNode` for one Node: initialize it if it still carries the uninitialized taint. */
function syncNode(e: Engine, name: string): void {
  const node = e.get('Node', name);
  // NotFound: nothing to do, and nothing is ever created.
  if (!node || !uninitialized(node)) return;
  const inst = instanceOfNode(e, node);
  if (!inst) {
    // getInstanceMetadata fails: the node stays tainted; the next update of the Node retries.
    e.trace(`${CLOUD_NODE_CONTROLLER}: failed to get instance metadata for node ${name}: instance not found`, false);
    return;
  }
  const cause = e.cause({
    actor: CLOUD_NODE_CONTROLLER,
    what: `initialized by ${CLOUD_NODE_CONTROLLER}: ${name} is ${inst.id} (${inst.machineType}, ${inst.zone})`,
    rule: `Node registered with ${TAINT_EXTERNAL_CLOUD_PROVIDER}: set providerID, instance type and zone, remove the taint`,
    parents: [e.lastCause(`Node/${name}`) ?? 0, inst.cause],
  });
  const next = clone(node);
  // The providerID is set only when empty, and never changed afterwards.
  if (!next.spec.providerID) next.spec.providerID = inst.providerID;
  const labels = next.metadata.labels;
  labels[LABEL_INSTANCE_TYPE] = inst.machineType;
  labels[LABEL_INSTANCE_TYPE_BETA] = inst.machineType;
  if (inst.zone) {
    labels[LABEL_ZONE] = inst.zone;
    labels[LABEL_ZONE_BETA] = inst.zone;
  }
  next.spec.taints = next.spec.taints.filter((t) => t.key !== TAINT_EXTERNAL_CLOUD_PROVIDER);
  e.trace(`${CLOUD_NODE_CONTROLLER}: "Initializing node with cloud provider" node="${name}"`);
  e.put(next, `initialized by ${CLOUD_NODE_CONTROLLER}`, cause);
  e.trace(`${CLOUD_NODE_CONTROLLER}: "Successfully initialized node with cloud provider" node="${name}"`);
  e.event(
    { kind: 'Node', name, uid: node.metadata.uid },
    'Normal',
    'Synced',
    'Node synced successfully',
    CLOUD_NODE_CONTROLLER,
    cause,
  );
}

/** The workqueue run: every Node marked since the last one (all of them after a restart). */
export function cloudNodeSync(e: Engine): void {
  const ccm = activeCloudControllerManager(e);
  if (!ccm) return;
  const dirty = ccm.dirty;
  const names = dirty['*'] ? e.list('Node').map((n) => n.metadata.name) : Object.keys(dirty);
  for (const k of Object.keys(dirty)) delete dirty[k];
  for (const name of names.sort()) syncNode(e, name);
}

export const cloudNodeModule: SimModule = {
  name: CLOUD_NODE_CONTROLLER,
  watch: {
    Node: (e, key, obj) => {
      const node = obj as Node | undefined;
      const cloud = e.state.cloud;
      if (!cloud || !node || !uninitialized(node)) return;
      // Kept in the memory of the running process; a process that starts later lists every node.
      if (cloud.ccm) cloud.ccm.dirty[key] = true;
      e.enqueue(CLOUD_NODE_CONTROLLER);
    },
  },
  sync: cloudNodeSync,
};
