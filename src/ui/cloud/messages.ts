import { useTranslated } from '../i18n/store';

/** The simulated cloud's strings: node cards' instance row, the Node groups panel; translations in i18n/LANG/cloud.ts. */
export const cloudMessages = {
  /** Accessible name of a card's instance button (the host's is `NAME machine`). */
  instanceButton: (node: string) => `${node} instance`,
  instanceTitle: (id: string, state: string, group: string | undefined) =>
    `Cloud instance ${id}: ${state}${group ? `, node group ${group}` : ''}`,
  states: {
    pending: 'pending',
    running: 'running',
    stopping: 'stopping',
    stopped: 'stopped',
    terminated: 'terminated',
  },
  nodeGroups: 'Node groups',
  /** The cloud's processes, static pods on the control plane (each a button with Stop/Start). */
  processes: 'Static pods on the control plane:',
  processButton: (name: string, running: boolean) => `${name} ${running ? '✔ running' : '✖ stopped'}`,
  groupBounds: (min: number, target: number, max: number) => `min ${min} · target ${target} · max ${max}`,
  groupMachines: (live: number, ready: number) =>
    `${live} ${live === 1 ? 'machine' : 'machines'}, ${ready} with a Ready Node`,
  groupSlots: (name: string, min: number, target: number, max: number, live: number, ready: number) =>
    `${name}: ${ready} Ready, ${live - ready} not Ready or without a Node, target ${target}, from ${min} to ${max}`,
  health: (h: string) => `health ${h}`,
  scaleUp: (s: string) => `scale-up ${s}`,
  backoff: (until: string) => `backing off until ${until}`,
  autoscaler: 'cluster-autoscaler',
  noAutoscaler: 'No cluster autoscaler in this cluster: nothing adds or removes machines.',
  autoscalerDown: 'Not running (its process on the control plane is stopped).',
  clusterHealth: (h: string) => `Cluster ${h}`,
  unneeded: 'Unneeded (scale-down candidates)',
  removableAt: (node: string, at: string) => `${node}, removable at ${at}`,
  unremovable: 'Unremovable',
  deleting: 'Being removed',
  deletingSince: (node: string, at: string, drain: boolean) =>
    `${node}, since ${at}${drain ? ', draining' : ', empty'}`,
  decisions: 'Latest decisions',
  noDecisions: 'None yet.',
  unregistered: (n: number) => `${n} ${n === 1 ? 'machine' : 'machines'} without a Node`,
} as const;

export function useCloudMessages() {
  return useTranslated('cloud', cloudMessages);
}
