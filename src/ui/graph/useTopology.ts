/**
 * What the layout needs to know about the cluster, and nothing that changes every frame: node
 * names and roles, how many buttons each card draws, and how many pod chips to make room for.
 * Cards never shrink during a run: the room reserved for chips is the most a card has shown since
 * the scenario was loaded, plus one (a replacement pod can land without moving anything).
 */
import { useMemo, useRef } from 'react';
import { useSim } from '../../state/hooks';
import { lensStore } from '../../state/lens';
import type { SimState } from '../../state/store';
import type { LayoutInput } from './layout';

/** Static control-plane pods, drawn as component buttons on the control-plane card (not as chips). */
export const CP_POD =
  /^kube-system\/(etcd|kube-apiserver|kube-controller-manager|kube-scheduler|cloud-controller-manager|cluster-autoscaler)-/;
/** Room for one more pod than the card has shown. */
const POD_SLACK = 1;

function podCount(s: SimState, name: string): number {
  const keys = s.podsByNode[name] ?? [];
  return s.nodes[name]?.role === 'control-plane' ? keys.filter((k) => !CP_POD.test(k)).length : keys.length;
}

/** `name|role|pods|services|components` per node: changes only when the topology does. */
function topologyKey(s: SimState): string {
  // Under the kubectl lens (a challenge) a machine without a Node object is not drawn: kubectl does not know it.
  const apiOnly = lensStore.getState().apiOnly;
  return s.nodeNames
    .filter((name) => !apiOnly || s.nodes[name]?.apiExists !== false)
    .map((name) => {
      const n = s.nodes[name];
      const comps = n?.role === 'control-plane' ? (s.rest.controlPlane?.components.length ?? 4) : 0;
      return `${name}|${n?.role ?? 'worker'}|${podCount(s, name)}|${n?.services.length ?? 4}|${comps}`;
    })
    .join(',');
}

export function useTopology(): LayoutInput[] {
  const key = useSim(topologyKey);
  // The run the counts belong to: a new scenario (or a reload of it) starts from zero.
  const run = useSim((s) => `${s.title}|${s.phase === 'loading' ? 'loading' : 'run'}`);
  const seen = useRef({ run: '', most: new Map<string, number>() });
  return useMemo(() => {
    if (seen.current.run !== run) seen.current = { run, most: new Map() };
    const most = seen.current.most;
    if (!key) return [];
    return key.split(',').map((x) => {
      const [name = '', role, pods, services, components] = x.split('|');
      const shown = Math.max(most.get(name) ?? 0, Number(pods));
      most.set(name, shown);
      return {
        name,
        role: role === 'control-plane' ? ('control-plane' as const) : ('worker' as const),
        // The control plane is tainted NoSchedule: its pods do not come and go like a worker's.
        pods: role === 'control-plane' ? shown : shown + POD_SLACK,
        podsNow: Number(pods),
        services: Number(services),
        components: Number(components),
      };
    });
  }, [key, run]);
}
