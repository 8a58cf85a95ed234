/**
 * Questions about the world that many modules ask: where the control plane runs, whether the API
 * answers, whether a host can reach it. Answers come from the host truth (processes and links).
 */
import type { Engine } from './engine';
import type { Host, HostContainer } from './state';

export const CONTROL_PLANE_COMPONENTS = [
  'etcd',
  'kube-apiserver',
  'kube-controller-manager',
  'kube-scheduler',
] as const;
export type ControlPlaneComponent = (typeof CONTROL_PLANE_COMPONENTS)[number];

export function host(e: Engine, name: string): Host | undefined {
  return e.state.hosts[name];
}

/** The control-plane host (the first host with the control-plane role). */
export function controlPlaneHost(e: Engine): Host | undefined {
  // Asked on every API call, so the name is kept in the state instead of scanning every host.
  const name = e.state.controlPlaneName;
  if (name !== undefined) return e.state.hosts[name];
  for (const h of Object.values(e.state.hosts)) if (h.role === 'control-plane') return h;
  return undefined;
}

/**
 * Last container found per engine and component. Every API call asks whether the API is up, so a
 * scan of the control-plane host per call dominated profiles; a cached container is still valid
 * while it is the same object in the current state and still running (a restore clones the
 * state, which invalidates it).
 */
const containerCache = new WeakMap<Engine, Map<string, HostContainer>>();

/** The running container of a static control-plane pod (`kube-apiserver-<cp>`), if any. */
export function controlPlaneContainer(e: Engine, component: ControlPlaneComponent): HostContainer | undefined {
  return staticPodContainer(e, component);
}

/**
 * The running container of the static pod `<name>-<cp>` on the control-plane host (the control
 * plane's components, and the cloud's processes of cloud/bootstrap.ts), if any.
 */
export function staticPodContainer(e: Engine, name: string): HostContainer | undefined {
  const cp = controlPlaneHost(e);
  if (cp?.power !== 'on') return undefined;
  let cache = containerCache.get(e);
  const hit = cache?.get(name);
  if (hit && hit.state === 'running' && cp.containers[hit.id] === hit) return hit;
  const podName = `${name}-${cp.name}`;
  for (const c of Object.values(cp.containers)) {
    if (c.podName === podName && c.state === 'running') {
      if (!cache) {
        cache = new Map();
        containerCache.set(e, cache);
      }
      cache.set(name, c);
      return c;
    }
  }
  return undefined;
}

/** kube-apiserver answers only while it and etcd run on a powered control-plane host. */
export function apiAvailable(e: Engine): boolean {
  return controlPlaneContainer(e, 'kube-apiserver') !== undefined && controlPlaneContainer(e, 'etcd') !== undefined;
}

/** A component on `hostName` can talk to the API: host up, link to the control plane intact, API up. */
export function canReachApi(e: Engine, hostName: string): boolean {
  const h = e.state.hosts[hostName];
  if (h?.power !== 'on') return false;
  const cp = controlPlaneHost(e);
  if (h.networkCut && cp && cp.name !== h.name) return false;
  if (cp?.networkCut && cp.name !== h.name) return false;
  return apiAvailable(e);
}

export function serviceActive(h: Host, svc: keyof Host['services']): boolean {
  return h.power === 'on' && h.services[svc]?.active === true;
}

/** Name of the container runtime service on this profile. */
export function runtimeService(e: Engine): 'containerd' | 'docker' {
  return e.state.profile.runtime;
}

export function formatDuration(ms: number): string {
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
