/**
 * The cloud provider's answers, as the cloud-controller-manager and the cluster-autoscaler ask
 * them (k8s.io/cloud-provider `InstancesV2`, cluster-autoscaler `cloudprovider.NodeGroup`). Pure
 * questions over SimState.cloud; changes live in lifecycle.ts.
 *
 * Semantics follow the AWS provider (kk staging/src/k8s.io/legacy-cloud-providers/aws/aws.go,
 * `InstanceExistsByProviderID`, `InstanceShutdownByProviderID`): an instance exists unless it is
 * terminated; it is shut down when it is stopped.
 */
import type { Node } from '../core/api-types';
import type { CloudInstance, CloudNodeGroup, CloudState } from '../core/cloud-types';
import type { Engine } from '../core/engine';
import { sortedValues } from '../core/record-values';

/** The provider name of providerIDs (`notready:///<zone>/<id>`). */
export const PROVIDER_NAME = 'notready';

export function cloudOf(e: Engine): CloudState | undefined {
  return e.state.cloud;
}

/** `notready:///zone-a/i-0123456789abcdef0`, the shape of the AWS provider's IDs. */
export function providerIdOf(zone: string, id: string): string {
  return `${PROVIDER_NAME}:///${zone}/${id}`;
}

/** The instance a host runs on. */
export function instanceOfHost(e: Engine, host: string): CloudInstance | undefined {
  const id = e.state.hosts[host]?.instance;
  return id === undefined ? undefined : e.state.cloud?.instances[id];
}

/** An instance by id, or by the name of its host (`cloud stop node2` and `cloud stop i-…` both work). */
export function findInstance(e: Engine, nameOrId: string): CloudInstance | undefined {
  const cloud = e.state.cloud;
  if (!cloud) return undefined;
  return cloud.instances[nameOrId] ?? instanceOfHost(e, nameOrId);
}

/**
 * The instance behind a Node: by `spec.providerID` when set, else by the node's name (the
 * provider's `InstanceID(nodeName)` lookup, which the cloud-node-controller uses before the
 * providerID is set).
 */
export function instanceOfNode(e: Engine, node: Node): CloudInstance | undefined {
  const pid = node.spec.providerID;
  if (pid) return instanceByProviderId(e, pid);
  return instanceOfHost(e, node.metadata.name);
}

export function instanceByProviderId(e: Engine, providerID: string): CloudInstance | undefined {
  const slash = providerID.lastIndexOf('/');
  const inst = e.state.cloud?.instances[providerID.slice(slash + 1)];
  return inst?.providerID === providerID ? inst : undefined;
}

/** InstanceExists: any state but terminated (AWS provider). */
export function instanceExists(inst: CloudInstance | undefined): boolean {
  return inst !== undefined && inst.state !== 'terminated';
}

/** InstanceShutdown: the instance is stopped (AWS provider: "valid state for detaching volumes"). */
export function instanceShutdown(inst: CloudInstance | undefined): boolean {
  return inst?.state === 'stopped';
}

/** A group's live instances (NodeGroup.Nodes()): every one not terminated, in launch order. */
export function groupInstances(e: Engine, group: string): CloudInstance[] {
  const out: CloudInstance[] = [];
  for (const inst of Object.values(e.state.cloud?.instances ?? {}))
    if (inst.group === group && inst.state !== 'terminated') out.push(inst);
  return out;
}

/** Node groups in name order. */
export function nodeGroups(e: Engine): readonly CloudNodeGroup[] {
  const groups = e.state.cloud?.groups;
  return groups ? sortedValues(groups, byName) : [];
}

function byName(a: CloudNodeGroup, b: CloudNodeGroup): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The group of a Node (NodeGroupForNode): through its providerID's instance; none without one. */
export function groupOfNode(e: Engine, node: Node): CloudNodeGroup | undefined {
  const pid = node.spec.providerID;
  if (!pid) return undefined;
  const g = instanceByProviderId(e, pid)?.group;
  return g === undefined ? undefined : e.state.cloud?.groups[g];
}

/** GCE's custom machine type name (`custom-<vCPUs>-<MiB>`), when the scenario names none. */
export function defaultMachineType(cpu: number, memory: number): string {
  return `custom-${cpu / 1000}-${memory}`;
}
