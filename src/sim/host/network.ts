/**
 * The link between a host and the control plane. Cutting it only sets `host.networkCut` and its
 * cause: who can reach the API is decided in core/world.ts (canReachApi), and the kubelet's
 * requests then time out (`context deadline exceeded`).
 *
 * Cause `what` prefixes: `network cut`, `network healed`.
 */
import type { Engine } from '../core/engine';
// Up the layers (src/sim/layers.test.ts): a healed link makes every kubelet re-list and sync its
// pods, as its reflectors reconnecting do upstream (a push instead of polling, for speed).
import { requestPodSync } from '../kubelet/pod-sync-queue';
import type { HostCommandResult } from './power';

export function cutNetwork(e: Engine, name: string, cause: number): HostCommandResult {
  const h = e.state.hosts[name];
  if (!h) return { ok: false, output: `no such node: ${name}` };
  if (h.networkCut) return { ok: false, output: `the network of ${name} is already cut` };
  const c = e.cause({
    actor: `network`,
    what: `network cut ${name}`,
    rule: 'packets between the node and the control plane are dropped',
    parents: [cause],
  });
  const w = e.cow.touch(h);
  w.networkCut = true;
  w.networkCause = c;
  e.trace(`host ${name} network cut`);
  e.remember(`Host/${name}`, 'network cut', c);
  return { ok: true, output: '' };
}

export function healNetwork(e: Engine, name: string, cause: number): HostCommandResult {
  const h = e.state.hosts[name];
  if (!h) return { ok: false, output: `no such node: ${name}` };
  if (!h.networkCut) return { ok: false, output: `the network of ${name} is not cut` };
  const c = e.cause({
    actor: `network`,
    what: `network healed ${name}`,
    rule: 'the link works again',
    parents: [cause],
  });
  const w = e.cow.touch(h);
  w.networkCut = false;
  w.networkCause = c;
  e.trace(`host ${name} network healed`);
  e.remember(`Host/${name}`, 'network healed', c);
  // Watches re-list once the API answers: every kubelet resyncs.
  for (const n of Object.keys(e.state.hosts).sort()) {
    const x = e.state.hosts[n];
    if (x) requestPodSync(e, x, e.state.settings.watchLatency);
  }
  return { ok: true, output: '' };
}
