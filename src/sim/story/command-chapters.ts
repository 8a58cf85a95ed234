/**
 * Chapters for commands that break or heal something, in plain words: `kubelet stopped on node2`,
 * `knode powered off`, `network cut to node2`, `Node node2 deleted`, `kube-apiserver stopped`,
 * `node1 cordoned`, `db-1 force-deleted`, `deploy/web scaled to 5`... Read-only commands (kubectl
 * get/describe/logs, journalctl, systemctl status) are not chapters, nor is a refused command or
 * one that changed nothing (commands/run.ts checks both).
 *
 * Planned before the command runs (a force-deleted pod's node is only known then), completed with
 * the command's output after it ran.
 */
import type { Command } from '../commands/parse';
import type { Chapter } from '../core/chapters';
import type { Engine } from '../core/engine';
import type { CommandBy } from '../core/state';
import { CONTROL_PLANE_COMPONENTS } from '../core/world';
import { commandActor } from './credit';

/** A chapter without its time (the command's own). */
export type CommandChapter = Omit<Chapter, 'at'>;

const MANIFESTS = '/etc/kubernetes/manifests';

const inManifests = (path: string) => path === MANIFESTS || path.startsWith(`${MANIFESTS}/`);

/** `mv SRC DST` of a static manifest: which pod, and in or out of the folder the kubelet watches. */
function manifestMove(c: { node: string; src: string; dst: string }): Pick<CommandChapter, 'label' | 'kind'> {
  const file = c.src.slice(c.src.lastIndexOf('/') + 1);
  const name = file.replace(/\.(yaml|yml|json)$/, '');
  const from = inManifests(c.src);
  const to = inManifests(c.dst.endsWith('/') ? c.dst.slice(0, -1) : c.dst);
  if (from === to) return { label: `${file} moved on ${c.node}`, kind: 'other' };
  // kubeadm's control-plane components are static pods: moving the file stops or starts them.
  const component = (CONTROL_PLANE_COMPONENTS as readonly string[]).includes(name);
  const what = to ? 'started' : 'stopped';
  return {
    label: component ? `${name} ${what}` : `static pod ${name} ${what} on ${c.node}`,
    kind: to ? 'heal' : 'fault',
  };
}

const SHORT_RESOURCE = { deployment: 'deploy', statefulset: 'sts' } as const;

/** Label, kind, object and node of a command's chapter; undefined for commands that are not chapters. */
function describeCommand(
  e: Engine,
  c: Command,
): (Pick<CommandChapter, 'label' | 'kind' | 'ref' | 'node'> & { fromOutput?: boolean }) | undefined {
  switch (c.kind) {
    case 'ssh-systemctl': {
      if (c.action === 'status') return undefined;
      const done = { stop: 'stopped', start: 'started', restart: 'restarted' }[c.action];
      const kind = c.action === 'stop' ? 'fault' : 'heal';
      return { label: `${c.unit} ${done} on ${c.node}`, kind, ref: `Host/${c.node}`, node: c.node };
    }
    case 'ssh-poweroff':
      return { label: `${c.node} powered off`, kind: 'fault', ref: `Host/${c.node}`, node: c.node };
    case 'ssh-reboot':
      return { label: `${c.node} rebooted`, kind: 'fault', ref: `Host/${c.node}`, node: c.node };
    case 'power-on':
      return { label: `${c.node} powered on`, kind: 'heal', ref: `Host/${c.node}`, node: c.node };
    case 'network': {
      const label = c.action === 'cut' ? `network cut to ${c.node}` : `network healed to ${c.node}`;
      return { label, kind: c.action === 'cut' ? 'fault' : 'heal', ref: `Host/${c.node}`, node: c.node };
    }
    case 'registry':
      return { label: `registry ${c.action}`, kind: c.action === 'down' ? 'fault' : 'heal', ref: 'Registry/registry' };
    case 'ssh-mv':
      return { ...manifestMove(c), ref: `Host/${c.node}`, node: c.node };
    case 'ssh-sed':
      return {
        label: `${c.file.slice(c.file.lastIndexOf('/') + 1)} edited on ${c.node}`,
        kind: 'other',
        ref: `Host/${c.node}`,
        node: c.node,
      };
    case 'kubectl-delete-node':
      return { label: `Node ${c.name} deleted`, kind: 'delete', ref: `Node/${c.name}`, node: c.name };
    case 'kubectl-delete-pod': {
      const key = `${c.namespace}/${c.name}`;
      const node = e.get('Pod', key)?.spec.nodeName;
      const label = `${c.name} ${c.force ? 'force-deleted' : 'deleted'}`;
      return { label, kind: 'delete', ref: `Pod/${key}`, ...(node ? { node } : {}) };
    }
    case 'kubectl-cordon':
      return { label: `${c.node} cordoned`, kind: 'other', ref: `Node/${c.node}`, node: c.node };
    case 'kubectl-uncordon':
      return { label: `${c.node} uncordoned`, kind: 'other', ref: `Node/${c.node}`, node: c.node };
    case 'kubectl-taint': {
      // Short, like the node-lifecycle taint chapters: `node2 tainted out-of-service:NoExecute`.
      const t = c.add[0] ?? c.remove[0];
      const key = (t?.key ?? '').replace('node.kubernetes.io/', '');
      const more = c.specs.length > 1 ? ` (+${c.specs.length - 1})` : '';
      const what = c.add[0] ? 'tainted' : 'untainted';
      const label = `${c.node} ${what} ${key}${t?.effect ? `:${t.effect}` : ''}${more}`;
      return { label, kind: 'other', ref: `Node/${c.node}`, node: c.node };
    }
    case 'kubectl-drain':
      // kubectl drain goes on running until the pods are gone: the moment is its start.
      return { label: `${c.node} draining`, kind: 'evict', ref: `Node/${c.node}`, node: c.node };
    case 'kubectl-scale': {
      const kind = c.resource === 'deployment' ? 'Deployment' : 'StatefulSet';
      const label = `${SHORT_RESOURCE[c.resource]}/${c.name} scaled to ${c.replicas}`;
      return { label, kind: 'other', ref: `${kind}/${c.namespace}/${c.name}` };
    }
    case 'kubectl-run':
      return { label: `pod ${c.name} created`, kind: 'other', ref: `Pod/${c.namespace}/${c.name}` };
    case 'kubectl-create-deployment':
      return { label: `deploy/${c.name} created`, kind: 'other', ref: `Deployment/${c.namespace}/${c.name}` };
    case 'kubectl-apply':
      return { label: 'kubectl apply', kind: 'other', fromOutput: true };
    case 'cloud-instance': {
      // By node name or instance id: the chapter names the machine.
      const host = e.state.cloud?.instances[c.target]?.host ?? c.target;
      const done = { stop: 'stopped', start: 'started', terminate: 'terminated' }[c.action];
      const kind = c.action === 'start' ? 'heal' : 'fault';
      return { label: `instance ${host} ${done}`, kind, ref: `Host/${host}`, node: host };
    }
    case 'cloud-scale':
      return { label: `node group ${c.group} scaled to ${c.size}`, kind: 'other', ref: `NodeGroup/${c.group}` };
    default:
      return undefined;
  }
}

/**
 * Plan the chapter of a command about to run: undefined for read-only commands, else a function
 * giving the chapter from the command's output (call it only when the command changed something).
 */
export function planCommandChapter(
  e: Engine,
  c: Command,
  by: CommandBy,
): ((output: string) => CommandChapter) | undefined {
  const d = describeCommand(e, c);
  if (!d) return undefined;
  const { fromOutput, ...rest } = d;
  return (output) => {
    const chapter: CommandChapter = { ...rest, by, actor: commandActor(by) };
    if (fromOutput) {
      // `deployment.apps/web created` for one object, a count for several.
      const lines = output.split('\n').filter((l) => l.trim() !== '');
      chapter.label = lines.length === 1 ? (lines[0] as string) : `${lines.length} objects applied`;
    }
    return chapter;
  };
}
