// STUB: owned by the commands/kubectl engineer.
import type { Engine } from '../core/engine';
/** What a click targets in the graph. */
export type ActionTarget =
  | { kind: 'node'; node: string }
  | { kind: 'service'; node: string; service: 'kubelet' | 'containerd' | 'docker' | 'kube-proxy' }
  | { kind: 'pod'; namespace: string; name: string }
  | { kind: 'control-plane'; component: 'etcd' | 'kube-apiserver' | 'kube-scheduler' | 'kube-controller-manager' };
/** One entry of a component's action menu. */
export interface ActionOption {
  label: string; // e.g. "Stop kubelet"
  command: string; // the one command it issues
  disabledReason?: string; // set when the action cannot apply now
}
export function actionsFor(_e: Engine, _t: ActionTarget): ActionOption[] {
  return [];
}
