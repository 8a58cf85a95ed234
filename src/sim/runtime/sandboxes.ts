/**
 * Pod sandboxes (CRI RunPodSandbox / StopPodSandbox / RemovePodSandbox): the pause container and
 * the pod's network namespace, which holds the pod IP. A sandbox outlives the kubelet process
 * (a kubelet restart keeps pod IPs, reference §13); it stops with the machine or, on the docker
 * profile, with dockerd (the pause container is a container like the others). A stopped sandbox
 * is NotReady and the kubelet replaces it (kuberuntime_manager.go computePodActions:
 * PodSandboxChanged), with a new IP from the CNI plugin.
 *
 * A sandbox is named by the pod uid and its attempt (no id is drawn at random: runs without
 * reboots keep their random sequence). Sandboxes are never changed: a change is a new one. The
 * record is written only here, through `ownSandboxes` (core/copy-on-write.ts: a snapshot shares it).
 */
import type { Engine } from '../core/engine';
import type { Host, HostSandbox } from '../core/state';

/** `h.sandboxes` as the live state's own record (copied once after a snapshot shared it). */
function ownSandboxes(e: Engine, h: Host): Record<string, HostSandbox> {
  const rec = e.cow.writable(h.sandboxes ?? e.cow.adopt({}));
  if (rec !== h.sandboxes) e.cow.touch(h).sandboxes = rec;
  return rec;
}

/** The sandbox of a pod on this host, if the runtime has one. */
export function sandboxOf(h: Host, podUid: string): HostSandbox | undefined {
  return h.sandboxes?.[podUid];
}

export interface SandboxRequest {
  podUid: string;
  podName: string;
  namespace: string;
  hostNetwork: boolean;
}

/**
 * RunPodSandbox: a new sandbox, replacing a NotReady one of the same pod. The CNI plugin gives
 * it the next address of the node's pod CIDR (host network pods use the host's address).
 */
export function runPodSandbox(e: Engine, h: Host, req: SandboxRequest): HostSandbox {
  const sandboxes = ownSandboxes(e, h);
  const old = sandboxes[req.podUid];
  const attempt = old ? old.attempt + 1 : 0;
  const ip = req.hostNetwork ? h.ip : `10.244.${h.podCidrIndex}.${e.cow.touch(h).nextPodIp++}`;
  const sb: HostSandbox = {
    podUid: req.podUid,
    podName: req.podName,
    namespace: req.namespace,
    ip,
    state: 'ready',
    attempt,
  };
  sandboxes[req.podUid] = sb;
  e.trace(`host ${h.name} sandbox ${req.namespace}/${req.podName} ready ${ip}`);
  return sb;
}

/** StopPodSandbox + RemovePodSandbox: the pod is gone from this node. */
export function removePodSandbox(e: Engine, h: Host, podUid: string): void {
  const sb = h.sandboxes?.[podUid];
  if (!sb) return;
  delete ownSandboxes(e, h)[podUid];
  e.trace(`host ${h.name} sandbox ${sb.namespace}/${sb.podName} removed`);
}

/** Every sandbox stops (power loss, dockerd stopping its containers): NotReady until replaced. */
export function stopAllSandboxes(e: Engine, h: Host): void {
  if (!h.sandboxes) return;
  let n = 0;
  for (const uid of Object.keys(h.sandboxes).sort()) {
    const sb = h.sandboxes[uid] as HostSandbox;
    if (sb.state === 'ready') {
      ownSandboxes(e, h)[uid] = { ...sb, state: 'notready' };
      n++;
    }
  }
  if (n > 0) e.trace(`host ${h.name} ${n} sandboxes NotReady`);
}
