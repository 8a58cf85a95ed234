/**
 * `--export chaos-mesh DIR`: the faults with a Chaos Mesh equivalent as Chaos Mesh resources
 * (chaos-mesh.org/v1alpha1, checked against the CRDs of Chaos Mesh v2.8.3 in the tests):
 * - a kubelet or runtime stopped, a service restarted, a reboot: PhysicalMachineChaos
 *   `user_defined` (chaosd runs the systemctl commands on the machine, and the recovery);
 * - a network cut: NetworkChaos `partition` of the node's pods, and PhysicalMachineChaos
 *   `network-down` for the machine itself (the kubelet's connection too);
 * - a pod deleted: PodChaos `pod-kill`.
 * StressChaos has no counterpart: no NotReady command loads a node. The rest is named in the README.
 */
import { formatDurationExact, type Scenario } from '../sim/index';
import { faultMetadata, podTarget, yamlFile } from './chaos-common';
import type { Fault } from './faults';
import { oneLine } from './text';

const API = 'chaos-mesh.org/v1alpha1';

const machines = (node: string) => ({ physicalMachines: { default: [node] } });

function userDefined(scenario: Scenario, name: string, f: Fault, attackCmd: string, recoverCmd: string) {
  return {
    apiVersion: API,
    kind: 'PhysicalMachineChaos',
    metadata: faultMetadata(scenario, name, f),
    spec: {
      action: 'user_defined',
      mode: 'all',
      selector: machines(f.node ?? ''),
      user_defined: { attackCmd, recoverCmd },
      duration: formatDurationExact(Math.max(1000, f.duration)),
    },
  };
}

/** The Chaos Mesh resources of a fault, or why there are none. */
export function chaosMeshResources(scenario: Scenario, name: string, f: Fault): unknown[] | { none: string } {
  const c = f.command;
  const duration = formatDurationExact(Math.max(1000, f.duration));
  switch (f.kind) {
    case 'kubelet-stop':
    case 'runtime-stop': {
      if (c.kind !== 'ssh-systemctl') return { none: 'not a systemctl command' };
      return [userDefined(scenario, name, f, `systemctl stop ${c.unit}`, `systemctl start ${c.unit}`)];
    }
    case 'service-restart':
      if (c.kind !== 'ssh-systemctl') return { none: 'not a systemctl command' };
      // A restart has nothing to undo: the recovery is a no-op.
      return [userDefined(scenario, name, f, `systemctl restart ${c.unit}`, 'true')];
    case 'reboot':
      return [userDefined(scenario, name, f, 'systemctl reboot', 'true')];
    case 'network-cut': {
      const namespaces = [
        ...new Set(['default', 'kube-system', ...scenario.spec.objects.map((o) => o.metadata.namespace ?? 'default')]),
      ];
      const pods = {
        apiVersion: API,
        kind: 'NetworkChaos',
        metadata: faultMetadata(scenario, `${name}-pods`.slice(0, 63), f),
        spec: {
          action: 'partition',
          mode: 'all',
          selector: { namespaces, nodes: [f.node ?? ''] },
          direction: 'both',
          target: { mode: 'all', selector: { namespaces } },
          duration,
        },
      };
      const machine = {
        apiVersion: API,
        kind: 'PhysicalMachineChaos',
        metadata: faultMetadata(scenario, `${name}-machine`.slice(0, 63), f),
        spec: {
          action: 'network-down',
          mode: 'all',
          selector: machines(f.node ?? ''),
          'network-down': { device: 'eth0', duration },
          duration,
        },
      };
      return [pods, machine];
    }
    case 'pod-delete': {
      if (c.kind !== 'kubectl-delete-pod') return { none: 'not a pod deletion' };
      const target = podTarget(scenario, c.namespace, c.name);
      const selector =
        'names' in target
          ? { pods: { [c.namespace]: target.names } }
          : { namespaces: [c.namespace], labelSelectors: target.workload.labels };
      return [
        {
          apiVersion: API,
          kind: 'PodChaos',
          metadata: faultMetadata(scenario, name, f),
          spec: {
            action: 'pod-kill',
            mode: 'one',
            selector,
            ...(c.force
              ? { gracePeriod: 0 }
              : c.gracePeriod !== undefined && c.gracePeriod >= 0
                ? { gracePeriod: c.gracePeriod }
                : {}),
          },
        },
      ];
    }
    case 'poweroff':
      return {
        none: 'Chaos Mesh cannot power a machine off and on again outside a cloud (AWSChaos ec2-stop, GCPChaos node-stop, AzureChaos vm-stop do it for cloud VMs)',
      };
    case 'drain':
    case 'cordon':
    case 'taint':
      return {
        none: 'Chaos Mesh has no kubectl-side node faults (no drain, cordon or taint); run the command itself, or use the Litmus export',
      };
    case 'node-delete':
      return { none: 'deleting a Node object is not a Chaos Mesh fault; run the kubectl command itself' };
    case 'static-pod-stop':
      return {
        none: 'a static pod stopped by moving its manifest has no Chaos Mesh equivalent (pod-kill: the kubelet restarts it at once)',
      };
    case 'registry-down':
      return { none: 'no Chaos Mesh fault makes an image registry unreachable for the container runtime' };
    case 'instance-stop':
      return {
        none: "a simulated cloud instance: on a real cloud AWSChaos ec2-stop or GCPChaos node-stop stops the node's machine, given its instance id and cloud credentials",
      };
    case 'instance-terminate':
      return { none: "no Chaos Mesh fault terminates a cloud machine; use the cloud's own CLI" };
    default:
      return { none: 'no Chaos Mesh equivalent' };
  }
}

export function chaosMeshFile(f: Fault, docs: unknown[]): string {
  const notes = [
    `Chaos Mesh: ${oneLine(f.line)} (timeline step ${f.step + 1})`,
    ...(f.healedBy
      ? [`healed by: ${oneLine(f.healedBy.line)} (step ${f.healedBy.step + 1}): the chaos lasts until then`]
      : []),
  ];
  if (docs.some((d) => (d as { kind?: string }).kind === 'PhysicalMachineChaos'))
    notes.push(
      'PhysicalMachineChaos runs through chaosd on the machine: register each node as a PhysicalMachine',
      `named as the node (here ${f.node}) in the namespace default (see README.md).`,
    );
  return yamlFile(notes, docs);
}
