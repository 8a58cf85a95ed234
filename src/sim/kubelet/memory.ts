/**
 * Small shared helpers of the kubelet: is it running, its in-memory state, how it talks to the
 * API server and the errors it gets when it cannot.
 */
import type { ObjectReference } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { Host, KubeletMemory } from '../core/state';
import { apiAvailable, canReachApi, controlPlaneHost, serviceActive } from '../core/world';

/** Actor name used in causes. */
export function actor(h: Host): string {
  return `kubelet on ${h.name}`;
}

/** The kubelet process runs (host powered, unit active, memory initialised). */
export function kubeletRunning(h: Host): h is Host & { kubelet: KubeletMemory } {
  return serviceActive(h, 'kubelet') && h.kubelet !== null;
}

/** Generation of the running kubelet process: timers scheduled by an older process are ignored. */
export function kgen(h: Host): number {
  return h.services.kubelet?.gen ?? 0;
}

/** The kubelet's reference to its Node in events (the kubelet uses the node name as UID). */
export function nodeRef(h: Host): ObjectReference {
  return { kind: 'Node', name: h.name, uid: h.name };
}

/** https://<control-plane ip>:6443 */
export function apiServerUrl(e: Engine): string {
  return `https://${controlPlaneHost(e)?.ip ?? '127.0.0.1'}:6443`;
}

/**
 * The Go client error a component on `h` gets for a request to `path` (e.g.
 * `/api/v1/nodes/node2?resourceVersion=0&timeout=10s`), or undefined when the API answers.
 * - link cut or control-plane host off: the request times out (`context deadline exceeded`);
 * - control-plane host up but kube-apiserver not listening: `connection refused`;
 * - kube-apiserver up but etcd down: the request times out server side. [U] exact text.
 */
export function apiError(
  e: Engine,
  h: Host,
  method: string,
  pathOf: string | ((h: Host) => string),
): string | undefined {
  if (canReachApi(e, h.name)) return undefined;
  // The path is written out only for the error (leases and node status ask 100 times a second at 1,000 nodes).
  const path = typeof pathOf === 'string' ? pathOf : pathOf(h);
  const cp = controlPlaneHost(e);
  const url = `${apiServerUrl(e)}${path}`;
  const timeout = `${method} "${url}": context deadline exceeded`;
  if (cp?.power !== 'on') return timeout;
  if (cp.name !== h.name && (h.networkCut || cp.networkCut)) return timeout;
  if (!apiAvailable(e)) {
    const apiRunning = Object.values(cp.containers).some(
      (c) => c.podName === `kube-apiserver-${cp.name}` && c.state === 'running',
    );
    if (!apiRunning) return `${method} "${url}": dial tcp ${cp.ip}:6443: connect: connection refused`;
    return timeout;
  }
  return timeout;
}

/** True when a failed request takes the whole client timeout (10s) instead of failing at once. */
export function isTimeout(err: string): boolean {
  return err.endsWith('context deadline exceeded');
}

/** Upward jitter of wait.JitterUntil: period + rand * 0.04 * period (the reference's "±4%"). */
export function jittered(e: Engine, period: number): number {
  return period + e.randInt(0, Math.floor(period * 0.04));
}

/** Structural equality of plain data (API status objects); cheaper than comparing JSON text. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // for-in, not Object.keys: no key arrays (the node status compare runs every 10 s per node).
  let n = 0;
  for (const k in a) {
    if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
    n++;
  }
  for (const _ in b) n--;
  return n === 0;
}
