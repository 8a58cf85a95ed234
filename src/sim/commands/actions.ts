/**
 * Action menus for clicked components (DESIGN section 7): exact labels, the one command each option
 * issues, and why it is greyed out when it cannot apply now.
 */

import type { CA_NAME, CCM_NAME } from '../cloud/bootstrap';
import { findInstance } from '../cloud/provider';
import type { Engine } from '../core/engine';
import { type ControlPlaneComponent, controlPlaneHost } from '../core/world';
import { instanceActionProblem } from './cloud-cli';
import { apiUnreachable, sshError } from './run';

/** A control-plane card's component: a static pod's, or a cloud process (the CCM, the cluster autoscaler). */
export type ControlPlaneCardComponent = ControlPlaneComponent | typeof CCM_NAME | typeof CA_NAME;

/** What a click targets in the graph. */
export type ActionTarget =
  | { kind: 'node'; node: string }
  | { kind: 'service'; node: string; service: 'kubelet' | 'containerd' | 'docker' | 'kube-proxy' }
  | { kind: 'pod'; namespace: string; name: string }
  | { kind: 'control-plane'; component: ControlPlaneCardComponent }
  /** A machine's cloud instance (scenarios with spec.cloud): by its node (host) name. */
  | { kind: 'instance'; node: string };

/** One entry of a component's action menu. */
export interface ActionOption {
  label: string; // e.g. "Stop kubelet"
  command: string; // the one command it issues
  disabledReason?: string; // set when the action cannot apply now
}

function option(label: string, command: string, disabledReason: string | undefined): ActionOption {
  return disabledReason === undefined ? { label, command } : { label, command, disabledReason };
}

function serviceActions(e: Engine, node: string, service: string): ActionOption[] {
  const h = e.state.hosts[node];
  const unreachable = sshError(e, node);
  const svc = h?.services[service as keyof typeof h.services];
  const missing = svc ? undefined : `${service} is not installed on ${node}`;
  const off = h && h.power !== 'on' ? `${node} is powered off` : undefined;
  const cut = h?.networkCut ? `${node} is unreachable (network cut)` : undefined;
  const base = off ?? cut ?? unreachable ?? missing;
  const cmd = (a: string) => `ssh ${node} systemctl ${a} ${service}`;
  return [
    option(`Stop ${service}`, cmd('stop'), base ?? (svc?.active ? undefined : `${service} is already stopped`)),
    option(`Start ${service}`, cmd('start'), base ?? (svc?.active ? `${service} is already running` : undefined)),
    option(`Restart ${service}`, cmd('restart'), base),
  ];
}

function nodeActions(e: Engine, node: string): ActionOption[] {
  const h = e.state.hosts[node];
  const obj = e.get('Node', node);
  const api = apiUnreachable(e) ? 'the API server is unavailable' : undefined;
  const noObj = obj ? undefined : `Node object ${node} does not exist`;
  const off = h?.power !== 'on' ? `${node} is powered off` : undefined;
  const cut = h?.networkCut ? `${node} is unreachable (network cut)` : undefined;
  const kubectlReason = api ?? noObj;
  return [
    option('Power off', `ssh ${node} poweroff`, off ? `${node} is already powered off` : cut),
    option(
      'Power on',
      `power-on ${node}`,
      h?.power === 'on'
        ? `${node} is already powered on`
        : h?.instance !== undefined
          ? `${node} is a cloud instance: start it from its instance`
          : undefined,
    ),
    option('Reboot', `ssh ${node} reboot`, off ?? cut),
    option('Cut network', `network cut ${node}`, h?.networkCut ? `${node}'s network is already cut` : undefined),
    option('Heal network', `network heal ${node}`, h?.networkCut ? undefined : `${node}'s network is not cut`),
    option('Delete Node object', `kubectl delete node ${node}`, kubectlReason),
    option(
      'Cordon',
      `kubectl cordon ${node}`,
      kubectlReason ?? (obj?.spec.unschedulable ? `${node} is already cordoned` : undefined),
    ),
    option(
      'Uncordon',
      `kubectl uncordon ${node}`,
      kubectlReason ?? (obj?.spec.unschedulable ? undefined : `${node} is not cordoned`),
    ),
    option('Drain', `kubectl drain ${node} --ignore-daemonsets --force`, kubectlReason),
  ];
}

function podActions(e: Engine, namespace: string, name: string): ActionOption[] {
  const api = apiUnreachable(e) ? 'the API server is unavailable' : undefined;
  const pod = e.get('Pod', `${namespace}/${name}`);
  const reason = api ?? (pod ? undefined : `pod ${name} no longer exists`);
  const ns = namespace === 'default' ? '' : ` -n ${namespace}`;
  return [
    option('Delete pod', `kubectl delete pod ${name}${ns}`, reason),
    option('Force delete pod', `kubectl delete pod ${name}${ns} --force --grace-period=0`, reason),
  ];
}

function controlPlaneActions(e: Engine, component: ControlPlaneCardComponent): ActionOption[] {
  const cp = controlPlaneHost(e);
  if (!cp) {
    const none = 'there is no control-plane node';
    return [option(`Stop ${component}`, '', none), option(`Start ${component}`, '', none)];
  }
  const file = `${component}.yaml`;
  const live = `/etc/kubernetes/manifests/${file}`;
  const stashed = `/tmp/${file}`;
  const unreachable = sshError(e, cp.name);
  const running = cp.manifests[file] !== undefined;
  const inStash = cp.stash[stashed] !== undefined;
  return [
    option(
      `Stop ${component}`,
      `ssh ${cp.name} mv ${live} ${stashed}`,
      unreachable ?? (running ? undefined : `${component} is already stopped`),
    ),
    option(
      `Start ${component}`,
      `ssh ${cp.name} mv ${stashed} ${live}`,
      unreachable ?? (running ? `${component} is already running` : inStash ? undefined : `${stashed} does not exist`),
    ),
  ];
}

/** A cloud instance's menu: the cloud CLI's stop, start and terminate, greyed out by its state. */
function instanceActions(e: Engine, node: string): ActionOption[] {
  const inst = findInstance(e, node);
  const why = (action: 'stop' | 'start' | 'terminate') =>
    inst ? instanceActionProblem(inst, action)?.replace(/^cloud: /, '') : `${node} is not a cloud instance`;
  return [
    option('Stop instance', `cloud stop ${node}`, why('stop')),
    option('Start instance', `cloud start ${node}`, why('start')),
    option('Terminate instance', `cloud terminate ${node}`, why('terminate')),
  ];
}

/** The menu for a clicked component. */
export function actionsFor(e: Engine, t: ActionTarget): ActionOption[] {
  switch (t.kind) {
    case 'service':
      return serviceActions(e, t.node, t.service);
    case 'node':
      return nodeActions(e, t.node);
    case 'pod':
      return podActions(e, t.namespace, t.name);
    case 'control-plane':
      return controlPlaneActions(e, t.component);
    case 'instance':
      return instanceActions(e, t.node);
  }
}
