/**
 * `--export litmus DIR`: the faults with a Litmus experiment as ChaosEngines (litmuschaos.io/
 * v1alpha1, checked against the ChaosEngine CRD of Litmus 3.31.0 in the tests, their env names
 * against the experiments of litmuschaos/chaos-charts): kubelet-service-kill, docker-service-kill,
 * node-poweroff, node-restart, node-drain, node-taint and pod-delete. The rest is named in the
 * README.
 */
import type { Scenario } from '../sim/index';
import { chaosSeconds, faultMetadata, podTarget, yamlFile } from './chaos-common';
import type { Fault } from './faults';
import { oneLine } from './text';

function engine(
  scenario: Scenario,
  name: string,
  f: Fault,
  experiment: string,
  env: Record<string, string>,
  extra: Record<string, unknown> = {},
) {
  return {
    apiVersion: 'litmuschaos.io/v1alpha1',
    kind: 'ChaosEngine',
    metadata: faultMetadata(scenario, name, f),
    spec: {
      engineState: 'active',
      ...extra,
      chaosServiceAccount: `${experiment}-sa`,
      experiments: [
        {
          name: experiment,
          spec: { components: { env: Object.entries(env).map(([n, value]) => ({ name: n, value })) } },
        },
      ],
    },
  };
}

/** The ChaosEngine of a fault, or why there is none. */
export function litmusEngine(scenario: Scenario, name: string, f: Fault): unknown | { none: string } {
  const c = f.command;
  const node = f.node ?? '';
  const seconds = String(chaosSeconds(f.duration));
  switch (f.kind) {
    case 'kubelet-stop':
      return engine(scenario, name, f, 'kubelet-service-kill', { TARGET_NODE: node, TOTAL_CHAOS_DURATION: seconds });
    case 'runtime-stop':
      if (c.kind === 'ssh-systemctl' && c.unit === 'docker')
        return engine(scenario, name, f, 'docker-service-kill', { TARGET_NODE: node, TOTAL_CHAOS_DURATION: seconds });
      return { none: 'Litmus stops docker (docker-service-kill) but has no containerd-service-kill' };
    case 'service-restart':
      if (c.kind === 'ssh-systemctl' && c.unit === 'kubelet')
        // A restart is a stop that ends at once: the shortest chaos.
        return engine(scenario, name, f, 'kubelet-service-kill', { TARGET_NODE: node, TOTAL_CHAOS_DURATION: '1' });
      return { none: `no Litmus experiment restarts ${c.kind === 'ssh-systemctl' ? c.unit : 'this service'}` };
    case 'poweroff':
      // TARGET_NODE_IP and the SSH key (secret id-rsa) are the cluster's: see README.md.
      return engine(scenario, name, f, 'node-poweroff', {
        TARGET_NODE: node,
        TARGET_NODE_IP: '',
        TOTAL_CHAOS_DURATION: seconds,
      });
    case 'reboot':
      return engine(scenario, name, f, 'node-restart', {
        TARGET_NODE: node,
        TARGET_NODE_IP: '',
        TOTAL_CHAOS_DURATION: '60',
      });
    case 'drain':
      return engine(scenario, name, f, 'node-drain', { TARGET_NODE: node, TOTAL_CHAOS_DURATION: seconds });
    case 'taint': {
      if (c.kind !== 'kubectl-taint') return { none: 'not a kubectl taint' };
      return engine(scenario, name, f, 'node-taint', {
        TARGET_NODE: node,
        TAINTS: c.specs.join(','),
        TOTAL_CHAOS_DURATION: seconds,
      });
    }
    case 'pod-delete': {
      if (c.kind !== 'kubectl-delete-pod') return { none: 'not a pod deletion' };
      const target = podTarget(scenario, c.namespace, c.name);
      const env = { TOTAL_CHAOS_DURATION: '1', CHAOS_INTERVAL: '1', FORCE: String(c.force) };
      if ('names' in target)
        return engine(
          scenario,
          name,
          f,
          'pod-delete',
          { ...env, TARGET_PODS: target.names.join(',') },
          {
            appinfo: { appns: c.namespace, applabel: '', appkind: '' },
          },
        );
      const w = target.workload;
      return engine(
        scenario,
        name,
        f,
        'pod-delete',
        { ...env, PODS_AFFECTED_PERC: '' },
        {
          appinfo: { appns: w.namespace, applabel: w.selector, appkind: w.kind.toLowerCase() },
        },
      );
    }
    case 'network-cut':
      return {
        none: "Litmus has no node network fault (pod-network-partition cuts an application's pods with a NetworkPolicy, not the node)",
      };
    case 'cordon':
      return { none: 'a cordon alone is not a Litmus experiment (node-drain cordons and evicts)' };
    case 'node-delete':
      return { none: 'deleting a Node object is not a Litmus experiment; run the kubectl command itself' };
    case 'static-pod-stop':
      return { none: 'no Litmus experiment stops a static pod (pod-delete: the kubelet restarts it at once)' };
    case 'registry-down':
      return { none: 'no Litmus experiment makes an image registry unreachable' };
    case 'instance-stop':
      return {
        none: "a simulated cloud instance: on a real cloud ec2-stop-by-id or gcp-vm-instance-stop stops the node's machine, given its instance id and cloud credentials",
      };
    case 'instance-terminate':
      return { none: "no Litmus experiment here terminates a cloud machine; use the cloud's own CLI" };
    default:
      return { none: 'no Litmus equivalent' };
  }
}

export function litmusFile(f: Fault, doc: unknown): string {
  const experiment = (doc as { spec: { experiments: { name: string }[] } }).spec.experiments[0]?.name ?? '';
  return yamlFile(
    [
      `Litmus: ${oneLine(f.line)} (timeline step ${f.step + 1})`,
      ...(f.healedBy
        ? [
            `healed by: ${oneLine(f.healedBy.line)} (step ${f.healedBy.step + 1}): TOTAL_CHAOS_DURATION lasts until then`,
          ]
        : []),
      `Needs the ChaosExperiment ${experiment} and its service account ${experiment}-sa (README.md).`,
    ],
    [doc],
  );
}
