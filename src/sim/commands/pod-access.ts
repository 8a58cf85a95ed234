/**
 * `kubectl logs | exec | port-forward`: the API server proxies these to the kubelet on the pod's
 * node (port 10250), so they fail when that kubelet cannot be reached even though the pod looks
 * `Running` in the API (seed 001: port-forward fails after the kubelet stops).
 * Error texts are the usual dial errors seen in practice [U: exact wording per kubectl version].
 */
import type { Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import { kubeletEndpointError } from '../kubelet/endpoint';
import { execInContainer } from '../runtime/app';
import { criAvailable, criError, runningContainersOf, writableContainer } from '../runtime/containers';
import type { Command } from './parse';

const UPGRADE_PREFIX = /^error: error upgrading connection: (error dialing backend: )?/;

/**
 * Why the API server cannot reach the kubelet of `node`, as a bare Go dial error
 * (`dial tcp 192.168.56.12:10250: connect: connection refused`), or undefined. Derived from the
 * kubelet module's kubeletEndpointError, which phrases it as port-forward prints it.
 */
export function kubeletDialError(e: Engine, node: string): string | undefined {
  return kubeletEndpointError(e, node)?.replace(UPGRADE_PREFIX, '');
}

function containerWaiting(pod: Pod): string | undefined {
  const c = pod.spec.containers[0];
  const cs = pod.status.containerStatuses.find((s) => s.name === c?.name);
  if (!c) return undefined;
  if (!cs) return `container "${c.name}" in pod "${pod.metadata.name}" is waiting to start: ContainerCreating`;
  if ('waiting' in cs.state)
    return `container "${c.name}" in pod "${pod.metadata.name}" is waiting to start: ${cs.state.waiting.reason}`;
  return undefined;
}

type AccessCommand = Extract<Command, { kind: 'kubectl-logs' | 'kubectl-exec' | 'kubectl-port-forward' }>;

/** Check and "run" a kubelet-proxied command; the playground models no application output. */
export function podEndpointCheck(e: Engine, c: AccessCommand): { ok: boolean; output: string } {
  const pod = e.get('Pod', `${c.namespace}/${c.pod}`);
  if (!pod) return { ok: false, output: `Error from server (NotFound): pods "${c.pod}" not found` };
  const node = pod.spec.nodeName;
  const container = pod.spec.containers[0]?.name ?? '';
  if (c.kind === 'kubectl-port-forward') {
    if (pod.status.phase !== 'Running') {
      return {
        ok: false,
        output: `error: unable to forward port because pod is not running. Current status=${pod.status.phase}`,
      };
    }
  } else if (!node) {
    return { ok: false, output: `Error from server (BadRequest): pod ${c.pod} does not have a host assigned` };
  } else {
    const waiting = containerWaiting(pod);
    if (waiting) return { ok: false, output: `Error from server (BadRequest): ${waiting}` };
  }
  const dial = node ? kubeletDialError(e, node) : undefined;
  if (dial) {
    switch (c.kind) {
      case 'kubectl-logs': {
        const ip = e.state.hosts[node ?? '']?.ip ?? node;
        return {
          ok: false,
          output: `Error from server: Get "https://${ip}:10250/containerLogs/${c.namespace}/${c.pod}/${container}": ${dial}`,
        };
      }
      case 'kubectl-exec':
        return { ok: false, output: `Error from server: error dialing backend: ${dial}` };
      case 'kubectl-port-forward':
        return { ok: false, output: kubeletEndpointError(e, node ?? '') ?? dial };
    }
  }
  if (c.kind === 'kubectl-port-forward') {
    const [local, remote] = c.ports.includes(':') ? c.ports.split(':') : [c.ports, c.ports];
    const l = local || remote;
    return { ok: true, output: `Forwarding from 127.0.0.1:${l} -> ${remote}\nForwarding from [::1]:${l} -> ${remote}` };
  }
  if (c.kind === 'kubectl-exec') return execInPod(e, pod, c.command);
  return { ok: true, output: '' };
}

/**
 * `kubectl exec POD -- CMD`: the kubelet runs CMD in the pod's first container through the
 * runtime (CRI Exec). Files it creates or removes change what probes see (runtime/app.ts); a
 * non-zero exit is reported the way kubectl does. [U] the wording when the runtime is down.
 */
function execInPod(e: Engine, pod: Pod, argv: readonly string[]): { ok: boolean; output: string } {
  const h = e.state.hosts[pod.spec.nodeName ?? ''];
  const name = pod.spec.containers[0]?.name ?? '';
  const uid = pod.metadata.annotations['kubernetes.io/config.mirror'] ?? pod.metadata.uid;
  const c = h ? runningContainersOf(h, uid).find((x) => x.name === name) : undefined;
  if (!h || !c)
    return { ok: false, output: `error: unable to upgrade connection: container not found (${JSON.stringify(name)})` };
  if (!criAvailable(e, h))
    return {
      ok: false,
      output: `error: Internal error occurred: error executing command in container: ${criError(e)}`,
    };
  const r = execInContainer(c, argv, e.now, (x) => writableContainer(e, h, x.id) ?? { ...x });
  e.trace(`host ${h.name} exec in ${c.namespace}/${c.podName}/${c.name}: ${argv.join(' ')} (exit ${r.exitCode})`);
  if (r.exitCode === 0) return { ok: true, output: r.output };
  const tail = `command terminated with exit code ${r.exitCode}`;
  return { ok: false, output: r.output ? `${r.output}\n${tail}` : tail };
}
