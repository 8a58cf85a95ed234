/**
 * Dialing the kubelet's server (port 10250), as the API server does for logs, exec and
 * port-forward. Returns the client-side error, or undefined when the kubelet answers.
 */
import type { Engine } from '../core/engine';
import { controlPlaneHost, serviceActive } from '../core/world';

export function kubeletEndpointError(e: Engine, node: string): string | undefined {
  const h = e.state.hosts[node];
  if (!h) return `error: error upgrading connection: nodes "${node}" not found`;
  const cp = controlPlaneHost(e);
  const cut = cp && cp.name !== h.name && (h.networkCut || cp.networkCut);
  if (h.power !== 'on' || cut) {
    return `error: error upgrading connection: error dialing backend: dial tcp ${h.ip}:10250: i/o timeout`;
  }
  if (!serviceActive(h, 'kubelet')) {
    return `error: error upgrading connection: error dialing backend: dial tcp ${h.ip}:10250: connect: connection refused`;
  }
  return undefined;
}
