/**
 * Containers as the host's runtime (containerd or dockerd) holds them: the host truth of a pod.
 * The kubelet asks for containers through these functions; failures injected by commands
 * (a process crash, dockerd stopping) come through `containerExited`.
 * Every write to `host.containers` goes through this file, which tells containers-cache.ts (the
 * index by pod and the change counts the kubelet's quiet passes compare).
 *
 * Cause `what` prefixes: `container started`, `container killed`, `container exited`.
 */

// Up the layers (src/sim/layers.test.ts): a control-plane container starting or stopping wakes the
// leader-election loop parked while its lease is quiet (upstream it retries every 2 s).
import { wakeLeaderElection } from '../controllers/control-plane-idle';
import type { Writable } from '../core/copy-on-write';
import type { Engine } from '../core/engine';
import type { Host, HostContainer } from '../core/state';
import { serviceActive } from '../core/world';
// Up the layers: a container's exit wakes the kubelet's pod sync, where upstream PLEG's relist
// would find it (a push instead of polling, for speed).
import { requestPodSync } from '../kubelet/pod-sync-queue';
import { containerScript } from './app-script';
import {
  containerAdded,
  containerChanged,
  containerRemoved,
  containerReplaced,
  containersByPod,
  containersChanged,
} from './containers-cache';

/** CRI answers container calls (ListContainers, CreateContainer...): the runtime daemon runs. */
export function criAvailable(e: Engine, h: Host): boolean {
  return serviceActive(h, e.state.profile.runtime);
}

/** The raw CRI error while the runtime daemon is down (ContainerGCFailed, PLEG logs). */
export function criError(e: Engine): string {
  if (e.state.profile.runtime === 'docker') {
    return 'rpc error: code = Unknown desc = Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?';
  }
  return 'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused"';
}

/**
 * Oldest first, as the runtime's CreatedAt orders them (kuberuntime sorts a pod's container
 * statuses by CreatedAt, newest first). The simulated clock counts whole ms, so a container that
 * exits at its start and is restarted at once shares its predecessor's ms: the attempt number
 * (the io.kubernetes.container.restartCount label, which only grows for one container name) then
 * says which came later. The id only keeps the order total.
 */
export function byCreated(a: HostContainer, b: HostContainer): number {
  return a.startedAt - b.startedAt || (a.restartCount ?? 0) - (b.restartCount ?? 0) || (a.id < b.id ? -1 : 1);
}

/**
 * `h.containers` as the live state's own record, copied once after a snapshot shared it
 * (core/copy-on-write.ts); its index and change counts then start afresh with the copy.
 */
function ownContainers(e: Engine, h: Host): Record<string, HostContainer> {
  const rec = e.cow.writable(h.containers);
  if (rec !== h.containers) e.cow.touch(h).containers = rec;
  return rec;
}

/**
 * The container `id` of `h`, writable: copied (with its record) when a snapshot shares it, the
 * copy put in its place in the record and in the record's index.
 */
export function writableContainer(e: Engine, h: Host, id: string): Writable<HostContainer> | undefined {
  const rec = ownContainers(e, h);
  const c = rec[id];
  if (!c) return undefined;
  const w = e.cow.writable(c);
  if (w !== c) {
    rec[id] = w;
    containerReplaced(rec, c, w);
  }
  return w;
}

/** Puts `c` in `h.containers` as it is: test kits building a host truth by hand (the runtime starts containers with startContainer). */
export function placeContainer(e: Engine, h: Host, c: HostContainer): void {
  ownContainers(e, h)[c.id] = e.cow.adopt(c);
  containersChanged(h);
}

/** Drops container `id` from `h.containers` without a trace: test kits (the runtime removes with removeContainer). */
export function dropContainer(e: Engine, h: Host, id: string): void {
  delete ownContainers(e, h)[id];
  containersChanged(h);
}

/** Running containers of a pod on this host, sorted by name. */
export function runningContainersOf(h: Host, podUid: string): HostContainer[] {
  return containersOf(h, podUid)
    .filter((c) => c.state === 'running')
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** All containers (running or exited) of a pod, newest last. Do not mutate the returned array. */
export function containersOf(h: Host, podUid: string): readonly HostContainer[] {
  return containersByPod(h, byCreated).get(podUid) ?? NONE;
}

const NONE: readonly HostContainer[] = [];

export interface ContainerRequest {
  podUid: string;
  podName: string;
  namespace: string;
  name: string;
  image: string;
  staticPod: boolean;
  /** The io.kubernetes.container.restartCount label the kubelet gives it. */
  restartCount: number;
  command?: string[];
  args?: string[];
}

/** Create and start a container (the runtime must be up: callers check `criAvailable`). */
export function startContainer(e: Engine, h: Host, req: ContainerRequest, cause: number): HostContainer {
  // One literal with every field, absent ones undefined: built through spreads, every container
  // took an extra property array (~60 bytes, ~1.9 MB at 1,000 nodes); a `delete` would make it a
  // dictionary (~850 bytes instead of ~150).
  const c: HostContainer = e.cow.adopt({
    id: e.hex(64),
    podUid: req.podUid,
    podName: req.podName,
    namespace: req.namespace,
    name: req.name,
    image: req.image,
    staticPod: req.staticPod,
    restartCount: req.restartCount,
    command: req.command,
    args: req.args,
    state: 'running' as const,
    startedAt: e.now,
  });
  const rec = ownContainers(e, h);
  rec[c.id] = c;
  containerAdded(h, c, byCreated);
  e.trace(`host ${h.name} container ${req.namespace}/${req.podName}/${req.name} started ${c.id.slice(0, 13)}`);
  observeHostPod(e, h, c);
  wakeLeaderElection(e, h.name);
  e.remember(`Host/${h.name}`, `container started ${req.podName}/${req.name}`, cause);
  // A command that ends (`sleep 600`, a script) ends the process (runtime/app-script.ts).
  const ends = containerScript(c).endsAfter;
  if (ends !== undefined) e.schedule(ends, 'runtime.app-exit', `${h.name}|${c.id}|${cause}`, 0);
  return c;
}

/** Timer: a container's command reached its end (ignored if the container is gone or already stopped). */
export function appExitTimer(e: Engine, target: string): void {
  const [host = '', id = '', cause = '0'] = target.split('|');
  const c = e.state.hosts[host]?.containers[id];
  if (c?.state !== 'running') return;
  const code = containerScript(c).exitCode;
  const parent = e.cause({
    actor: `container ${c.podName}/${c.name}`,
    what: `container exited: the command of ${c.podName}/${c.name} ended`,
    rule: 'a container runs as long as its command',
    constant: `exit code ${code}`,
    parents: [Number(cause)],
  });
  containerExited(e, host, id, code, code === 0 ? 'Completed' : 'Error', parent);
}

/** Stop and remove a container (pod deleted, static manifest removed...). */
export function removeContainer(e: Engine, h: Host, id: string, cause: number): void {
  const c = h.containers[id];
  if (!c) return;
  const rec = ownContainers(e, h);
  delete rec[id];
  containerRemoved(h, c);
  e.trace(`host ${h.name} container ${c.namespace}/${c.podName}/${c.name} killed ${c.id.slice(0, 13)}`);
  observeHostPod(e, h, c);
  wakeLeaderElection(e, h.name);
  e.remember(`Host/${h.name}`, `container killed ${c.podName}/${c.name}`, cause);
}

/**
 * A container died on its own (process crash, OOM, dockerd stopping it). It stays as an exited
 * container; the kubelet notices (PLEG) and restarts it with CrashLoopBackOff back-off, as for any
 * restartPolicy Always pod.
 */
export function containerExited(
  e: Engine,
  hostName: string,
  containerId: string,
  exitCode: number,
  reason: string,
  cause: number,
): void {
  const h = e.state.hosts[hostName];
  if (h?.containers[containerId]?.state !== 'running') return;
  const c = writableContainer(e, h, containerId) as Writable<HostContainer>;
  c.state = 'exited';
  containerChanged(h, c.podUid);
  c.exitCode = exitCode;
  c.reason = reason;
  c.finishedAt = e.now;
  e.trace(`host ${h.name} container ${c.namespace}/${c.podName}/${c.name} exited ${exitCode} ${reason}`);
  observeHostPod(e, h, c);
  wakeLeaderElection(e, h.name);
  e.remember(`Host/${h.name}`, `container exited ${c.podName}/${c.name} (${reason})`, cause);
  requestPodSync(e, h, 0);
}

/** Host truth for the observers (core/observe.ts): does a container of `c`'s pod still run here? */
function observeHostPod(e: Engine, h: Host, c: HostContainer): void {
  if (!e.observers.length) return;
  const running = Object.values(h.containers).some((x) => x.podUid === c.podUid && x.state === 'running');
  e.observe({
    type: 'host-pod',
    at: e.now,
    host: h.name,
    podUid: c.podUid,
    namespace: c.namespace,
    podName: c.podName,
    running,
  });
}

/** Remove a dead container's record (container GC, or the kubelet replacing an older instance). */
export function removeDeadContainer(e: Engine, h: Host, id: string): void {
  const c = h.containers[id];
  if (c?.state !== 'exited') return;
  const rec = ownContainers(e, h);
  delete rec[id];
  containerRemoved(h, c);
  e.trace(`host ${h.name} container ${c.namespace}/${c.podName}/${c.name} removed ${c.id.slice(0, 13)}`);
}

/**
 * Power loss: every running container stops at once, unobserved. The runtime keeps their records
 * on disk (/var/lib/containerd), so after the reboot they are dead containers whose exit the
 * runtime learns only when it starts again (exitLostContainers).
 */
export function loseAllContainers(e: Engine, h: Host, cause: number): void {
  let n = 0;
  for (const id of Object.keys(h.containers).sort()) {
    if (h.containers[id]?.state !== 'running') continue;
    const c = writableContainer(e, h, id) as Writable<HostContainer>;
    c.state = 'exited';
    c.lost = true;
    containerChanged(h, c.podUid);
    n++;
    observeHostPod(e, h, c);
  }
  wakeLeaderElection(e, h.name);
  if (n > 0) {
    e.trace(`host ${h.name} ${n} containers lost`);
    e.remember(`Host/${h.name}`, `container killed: ${n} containers lost with power`, cause);
  }
}

/**
 * The runtime starts after a power loss and reloads the containers that were running: their task
 * is gone, so containerd sets exit code 255, reason `Unknown`, finished now (containerd
 * internal/cri/server/restart.go loadContainer: unknownExitCode, unknownExitReason). dockerd marks
 * them exited 255 as well; dockershim reports any non-zero exit as reason `Error`
 * (docker_container.go ContainerStatus). [U] docker's 255.
 */
export function exitLostContainers(e: Engine, h: Host, cause: number): void {
  const docker = e.state.profile.runtime === 'docker';
  for (const id of Object.keys(h.containers).sort()) {
    if (!h.containers[id]?.lost) continue;
    const c = writableContainer(e, h, id) as Writable<HostContainer>;
    delete c.lost;
    c.exitCode = 255;
    c.reason = docker ? 'Error' : 'Unknown';
    c.finishedAt = e.now;
    containerChanged(h, c.podUid);
    e.trace(`host ${h.name} container ${c.namespace}/${c.podName}/${c.name} exited 255 ${c.reason} (after power loss)`);
    e.remember(`Host/${h.name}`, `container exited ${c.podName}/${c.name} (lost with power)`, cause);
  }
}
