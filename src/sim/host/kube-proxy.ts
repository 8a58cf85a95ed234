/**
 * kube-proxy as a host process (reference 9.5): it programs iptables rules; stopping it leaves
 * existing rules in place. Its start records a Node event Normal `Starting` with an empty message
 * (source kube-proxy) when the API answers.
 */
import type { Engine } from '../core/engine';
import type { Host } from '../core/state';
import { canReachApi } from '../core/world';

export function kubeProxyStarted(e: Engine, h: Host, cause: number): void {
  if (!canReachApi(e, h.name)) return;
  e.event({ kind: 'Node', name: h.name, uid: h.name }, 'Normal', 'Starting', '', 'kube-proxy', cause);
}
