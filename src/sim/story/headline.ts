/**
 * Why?'s first sentence, in plain words: the object's state now, the command at the root of it
 * (who ran it, and when), and the rule and constant that decided it. For example:
 *
 *   node2 is NotReady: the scenario stopped kubelet on node2 at 30s and no heartbeat arrived for
 *   50s (nodeMonitorGracePeriod).
 *   web-7d89dcd798-7mjh2 was evicted at 6m24s: the scenario stopped kubelet on node2 at 30s,
 *   node2 was tainted unreachable:NoExecute at 1m24s and the pod's toleration of 300s ran out
 *   (tolerationSeconds).
 *
 * Times before t=0 read "while the cluster started" (formatStoryTime), never a negative time.
 */

import { EVICTION_REFUSED } from '../api/eviction';
import { type Command, parseCommand } from '../commands/parse';
import { forceDetachAt } from '../controllers/attach-detach';
import type { Pod } from '../core/api-types';
import { causeAt } from '../core/cause-log';
import { shortActor as shortActorName, shortTaintKey } from '../core/chapters';
import { formatStoryTime } from '../core/duration';
import type { Engine } from '../core/engine';
import type { CommandBy } from '../core/state';
import { nodeStatus, podColumns } from '../kubectl/status';
import { NODE_SHUTDOWN_REASON } from '../kubelet/pod-status';
import { BOOT_APPLY_COMMAND, BOOT_COMMAND } from '../scenario/bootstrap';
import { commandActor } from './credit';

/** One link of a causal chain, as explain.ts builds them (effect first). */
export interface StoryLink {
  at: number;
  actor: string;
  what: string;
  rule?: string;
  constant?: string;
  command?: string;
  by?: CommandBy;
}

/** `at 30s`, or `while the cluster started` before t=0. */
export function atTime(ms: number): string {
  const t = formatStoryTime(ms);
  return ms < 0 ? t : `at ${t}`;
}

/** What a command did, as a verb phrase: `stopped kubelet on node2`, `cut the network to node2`. */
function deed(c: Command): string {
  switch (c.kind) {
    case 'ssh-systemctl':
      return `${{ stop: 'stopped', start: 'started', restart: 'restarted', status: 'checked' }[c.action]} ${c.unit} on ${c.node}`;
    case 'ssh-poweroff':
      return `powered off ${c.node}`;
    case 'ssh-reboot':
      return `rebooted ${c.node}`;
    case 'power-on':
      return `powered on ${c.node}`;
    case 'network':
      return c.action === 'cut' ? `cut the network to ${c.node}` : `healed the network to ${c.node}`;
    case 'registry':
      return c.action === 'down' ? 'took the registry down' : 'brought the registry back';
    case 'ssh-mv': {
      // Static pods (kubeadm's control plane too) start and stop with their manifest's place.
      const dir = '/etc/kubernetes/manifests';
      const file = c.src.slice(c.src.lastIndexOf('/') + 1);
      const from = c.src.startsWith(`${dir}/`);
      const to = c.dst === dir || c.dst.startsWith(`${dir}/`);
      if (from && !to) return `moved ${file} out of ${dir} on ${c.node}`;
      if (to && !from) return `moved ${file} into ${dir} on ${c.node}`;
      return `moved ${c.src} to ${c.dst} on ${c.node}`;
    }
    case 'ssh-sed':
      return `edited ${c.file} on ${c.node}`;
    case 'kubectl-delete-node':
      return `deleted Node ${c.name}`;
    case 'kubectl-delete-pod':
      return `${c.force ? 'force-deleted' : 'deleted'} pod ${c.name}`;
    case 'kubectl-cordon':
      return `cordoned ${c.node}`;
    case 'kubectl-uncordon':
      return `uncordoned ${c.node}`;
    case 'kubectl-drain':
      return `drained ${c.node}`;
    case 'kubectl-scale':
      return `scaled ${c.resource === 'deployment' ? 'deploy' : 'sts'}/${c.name} to ${c.replicas}`;
    case 'kubectl-run':
      return `created pod ${c.name}`;
    case 'kubectl-create-deployment':
      return `created deploy/${c.name}`;
    case 'kubectl-apply':
      return 'applied a manifest';
    case 'cloud-instance':
      return `${{ stop: 'stopped', start: 'started', terminate: 'terminated' }[c.action]} the instance of ${c.target}`;
    case 'cloud-scale':
      return `scaled node group ${c.group} to ${c.size}`;
    default:
      return '';
  }
}

/** What the boot explains: nothing has changed since. */
const SINCE_BOOT = 'so it has been since the cluster started';

/** `the scenario stopped kubelet on node2 at 30s`: who did what, when. */
export function commandPhrase(l: StoryLink): string {
  const cmd = l.command ?? '';
  if (cmd === BOOT_COMMAND) return SINCE_BOOT;
  const who = l.actor;
  if (cmd === BOOT_APPLY_COMMAND) return `${who} created its objects ${atTime(l.at)}`;
  const parsed = parseCommand(cmd);
  const what = parsed.ok ? deed(parsed.command) : '';
  return `${who} ${what || `ran "${cmd.split('\n')[0]}"`} ${atTime(l.at)}`;
}

/** The latest command of the chain: the person's (or the scenario's) action behind the state. */
function rootCommand(chain: readonly StoryLink[]): StoryLink | undefined {
  let root: StoryLink | undefined;
  for (const l of chain) if (l.command !== undefined && (!root || l.at > root.at)) root = l;
  return root;
}

/** `nodeMonitorGracePeriod=50s` -> [`nodeMonitorGracePeriod`, `50s`]. */
function splitConstant(c: string): [string, string] {
  const i = c.indexOf('=');
  return i < 0 ? [c, ''] : [c.slice(0, i), c.slice(i + 1)];
}

/** A rule in a sentence: the engine's `no heartbeat for 50s` reads `no heartbeat arrived for 50s`. */
function ruleWords(rule: string): string {
  const m = /^no heartbeat for (\S+)/.exec(rule);
  return m ? `no heartbeat arrived for ${m[1]}` : rule;
}

/** `RULE (CONSTANT)` for the first link (nearest the effect) with a rule and a constant, or ''. */
function decider(chain: readonly StoryLink[]): string {
  const l = chain.find((x) => x.constant !== undefined && x.rule !== undefined);
  if (!l?.rule || !l.constant) return '';
  return `${ruleWords(l.rule)} (${splitConstant(l.constant)[0]})`;
}

/** `A, B and C`. */
function sentence(subject: string, parts: string[]): string {
  const p = parts.filter((x) => x !== '');
  if (p.length === 0) return `${subject}.`;
  const last = p.pop() as string;
  return `${subject}: ${p.length ? `${p.join(', ')} and ${last}` : last}.`;
}

/** `the scenario cordoned node1 at 5s`, from the node's history. */
function cordonedBy(e: Engine, name: string): string | undefined {
  const h = e.history(`Node/${name}`)?.findLast((x) => x.what.startsWith('cordoned'));
  const c = h ? causeAt(e.state.causes, h.cause) : undefined;
  if (!c || c.command === undefined) return undefined;
  const by = c.by ?? 'you';
  return commandPhrase({ at: c.at, actor: commandActor(by), what: c.what, command: c.command, by });
}

function nodeHeadline(e: Engine, name: string, chain: readonly StoryLink[], root: string): string {
  const node = e.get('Node', name);
  if (!node) return sentence(`${name} has no Node object`, [root, machinePhrase(e, name), autoscalerPhrase(chain)]);
  const status = nodeStatus(node);
  const ready = node.status.conditions.find((c) => c.type === 'Ready');
  const subject = `${name} is ${status}`;
  // SchedulingDisabled comes from a cordon, whatever the kubelet wrote since.
  let waits = '';
  if (node.spec.unschedulable) {
    const cordon = cordonedBy(e, name);
    if (cordon && cordon !== root) root = root && root !== SINCE_BOOT ? `${cordon}, ${root}` : cordon;
    waits = drainWaits(e, name);
  }
  if (ready?.status === 'Unknown') {
    const grace = chain.find(
      (l) => l.constant?.startsWith('nodeMonitorGracePeriod=') || l.constant?.startsWith('nodeStartupGracePeriod='),
    );
    if (grace?.constant) {
      const [constName, value] = splitConstant(grace.constant);
      return sentence(subject, [root, `no heartbeat arrived for ${value} (${constName})`]);
    }
    return sentence(subject, [root, `the kubelet stopped posting its status (${ready.reason})`]);
  }
  if (ready?.status === 'False') {
    const first = ready.message
      .replace(/^\[/, '')
      .split(/, |\]|: /)[0]
      ?.trim();
    return sentence(subject, [root, `the kubelet reports ${first || ready.reason} (${ready.reason})`]);
  }
  return sentence(subject, [root, waits, autoscalerPhrase(chain)]);
}

function podState(p: Pod, now: number): string {
  const status = podColumns(p, now).status;
  const notReady = status === 'Running' && p.status.conditions.some((c) => c.type === 'Ready' && c.status === 'False');
  return `${status}${notReady ? ', not ready,' : ''}${p.spec.nodeName ? ` on ${p.spec.nodeName}` : ''}`;
}

/** How a replaced pod left, from the cause of its departure. */
function departure(l: StoryLink | undefined): string {
  if (!l) return 'gone';
  if (l.what.startsWith('evict pod ')) return 'evicted';
  if (l.what.startsWith('podgc: ')) return 'deleted by PodGC';
  if (l.what.startsWith('node shutdown ')) return "ended by the kubelet's shutdown manager";
  if (l.command !== undefined) return `deleted by ${l.actor}`;
  return 'gone';
}

function podHeadline(e: Engine, key: string, chain: readonly StoryLink[], root: string): string {
  const name = key.slice(key.indexOf('/') + 1);
  const pod = e.get('Pod', key);
  const evict = chain.find((l) => l.what.startsWith('evict pod '));
  if (evict && (!pod || pod.metadata.deletionTimestamp !== undefined)) {
    const taint = chain.find((l) => /^taint \S+ on \S+$/.test(l.what));
    const parts = [root];
    if (taint) {
      const [, label, node] = /^taint (\S+) on (\S+)$/.exec(taint.what) as RegExpExecArray;
      parts.push(`${node} was tainted ${shortTaintKey(label as string)} ${atTime(taint.at)}`);
    }
    const secs = evict.constant ? splitConstant(evict.constant) : undefined;
    parts.push(
      secs
        ? `the pod's toleration of ${secs[1]}s ran out (${secs[0]})`
        : `it does not tolerate the taint${evict.rule ? ` (${evict.rule})` : ''}`,
    );
    return sentence(`${name} was evicted ${atTime(evict.at)}`, parts);
  }
  const gc = chain.find((l) => l.what.startsWith('podgc: '));
  if (gc && !pod) {
    const rule = gc.rule ? `${gc.rule}${gc.constant ? ` (${splitConstant(gc.constant)[0]})` : ''}` : '';
    return sentence(`${name} was deleted by PodGC ${atTime(gc.at)}`, [root, rule]);
  }
  if (!pod) return sentence(`${name} is gone`, [root]);
  const shutdown = chain.find((l) => l.what.startsWith('node shutdown '));
  if (shutdown && pod.status.phase === 'Failed' && pod.status.reason === NODE_SHUTDOWN_REASON)
    return sentence(`${name} is ${podState(pod, e.now)}`, [root, shutdownPhrase(shutdown, chain)]);
  const volume = multiAttachPhrase(e, pod, chain);
  const replaced = chain.find((l) => l.what.startsWith('replacement for '));
  if (replaced) {
    const m = /^replacement for \S+?\/(\S+) \((.*)\)$/.exec(replaced.what);
    const parts: string[] = [];
    if (m) {
      // The departure the controller paired it with: its cause, or the first eviction, PodGC
      // deletion or command behind the replacement.
      const after = chain.slice(chain.indexOf(replaced) + 1);
      const gone =
        after.find((l) => l.what === m[2]) ??
        after.find(
          (l) =>
            l.what.startsWith('evict pod ') ||
            l.what.startsWith('podgc: ') ||
            l.what.startsWith('node shutdown ') ||
            l.command !== undefined,
        );
      const how = departure(gone);
      const old = m[1] === name ? `the earlier ${name}` : m[1];
      parts.push(`it replaces ${old}${gone ? `, ${how} ${atTime(gone.at)}` : ''}`);
    }
    if (root) parts.push(`after ${root}`);
    if (volume) parts.push(volume);
    return `${name} is ${podState(pod, e.now)}: ${parts.join(', ')}.`;
  }
  if (volume) return sentence(`${name} is ${podState(pod, e.now)}`, [root, volume]);
  const budget = refusedPhrase(e, pod, chain);
  if (budget) return sentence(`${name} is ${podState(pod, e.now)}`, [root, budget]);
  // The autoscaler's decision, when there is one, says why the pod still waits; the rule deciding
  // the rest of the chain (a status report of some node) would not.
  const ca = autoscalerPhrase(chain);
  return sentence(`${name} is ${podState(pod, e.now)}`, [root, ca || decider(chain)]);
}

/**
 * A pod whose eviction a PodDisruptionBudget refuses (the chain's first link: api/eviction.ts),
 * with the budget's status now, as the disruption controller wrote it (kubernetes
 * pkg/controller/disruption updatePdbStatus; the eviction API's checkAndDecrement reads it):
 * `the eviction API refuses to evict it (429): PodDisruptionBudget web allows 0 disruptions
 * (currentHealthy 3, desiredHealthy 3, as counted by the disruption controller)`.
 */
function refusedPhrase(e: Engine, pod: Pod, chain: readonly StoryLink[]): string {
  const m = /^eviction of Pod\/\S+ refused by PodDisruptionBudget\/(\S+)$/.exec(chain[0]?.what ?? '');
  if (!m || pod.metadata.deletionTimestamp !== undefined) return '';
  return budgetWords(e, m[1] as string);
}

/** `the eviction API refuses to evict it (429): PodDisruptionBudget web allows 0 disruptions (…)`. */
function budgetWords(e: Engine, key: string): string {
  const pdb = e.get('PodDisruptionBudget', key);
  const name = key.slice(key.indexOf('/') + 1);
  if (!pdb) return `the eviction API refused to evict it (429): PodDisruptionBudget ${name} allowed no disruption`;
  const st = pdb.status;
  const n = st.disruptionsAllowed;
  return `the eviction API refuses to evict it (429): PodDisruptionBudget ${name} allows ${n} disruption${n === 1 ? '' : 's'} (currentHealthy ${st.currentHealthy}, desiredHealthy ${st.desiredHealthy}, as counted by the disruption controller)`;
}

/**
 * The pods of a cordoned node whose eviction a budget refused last (a drain that waits):
 * `the drain waits: the eviction API refuses to evict web-… (429): PodDisruptionBudget web …`.
 */
function drainWaits(e: Engine, name: string): string {
  for (const p of e.podsOnNode(name)) {
    if (p.metadata.deletionTimestamp !== undefined) continue;
    const h = e.history(`Pod/${p.metadata.namespace ?? 'default'}/${p.metadata.name}`);
    const last = h?.[h.length - 1];
    if (!last?.what.startsWith(EVICTION_REFUSED)) continue;
    const key = `${p.metadata.namespace ?? 'default'}/${last.what.slice(EVICTION_REFUSED.length)}`;
    return `the drain waits: ${budgetWords(e, key).replace('to evict it', `to evict ${p.metadata.name}`)}`;
  }
  return '';
}

/**
 * A pod whose ReadWriteOnce volume is still attached to another node (the attach/detach
 * controller's Multi-Attach error; kubernetes pkg/controller/volume/attachdetach/reconciler
 * reportMultiAttachError): `its volume pvc-… is still attached to node2 (VolumeAttachment csi-…),
 * so the attach/detach controller does not attach it here (Multi-Attach); it force-detaches it at
 * 12m24s if node2 stays not Ready (maxWaitForUnmountDuration)`. Empty once the volume is free.
 */
function multiAttachPhrase(e: Engine, pod: Pod, chain: readonly StoryLink[]): string {
  if (pod.status.phase !== 'Pending' || !pod.spec.nodeName) return '';
  const refused = chain.find(
    (l) => l.actor === 'attachdetach-controller' && l.what.endsWith(' refused (Multi-Attach)'),
  );
  const m = refused ? /^attach (\S+) to \S+ refused/.exec(refused.what) : null;
  const pv = m?.[1];
  if (!pv) return '';
  const va = e
    .list('VolumeAttachment')
    .find((v) => v.spec.source.persistentVolumeName === pv && v.spec.nodeName !== pod.spec.nodeName);
  if (!va) return '';
  const other = va.spec.nodeName;
  const held = `its volume ${pv} is still attached to ${other} (VolumeAttachment ${va.metadata.name}), so the attach/detach controller does not attach it to ${pod.spec.nodeName} (Multi-Attach)`;
  const force = forceDetachAt(e, pv, other);
  return force === undefined
    ? held
    : `${held}; it force-detaches it ${atTime(force)} if ${other} stays not Ready (maxWaitForUnmountDuration)`;
}

/**
 * A pod the kubelet's node shutdown manager ended (kubernetes pkg/kubelet/nodeshutdown killPods:
 * regular pods within shutdownGracePeriod - shutdownGracePeriodCriticalPods, critical ones within
 * shutdownGracePeriodCriticalPods): `the kubelet's shutdown manager on node2 terminated it before
 * the power went (regular pods get 20s: shutdownGracePeriod - shutdownGracePeriodCriticalPods)`.
 */
function shutdownPhrase(shutdown: StoryLink, chain: readonly StoryLink[]): string {
  const node = shutdown.what.slice('node shutdown '.length);
  const kill = chain.find((l) => l.rule?.startsWith('node shutdown: '));
  const m = kill?.rule ? /^node shutdown: (regular|critical) pods get (\d+)s/.exec(kill.rule) : null;
  const share = !m
    ? ''
    : m[1] === 'critical'
      ? ` (critical pods get ${m[2]}s: shutdownGracePeriodCriticalPods)`
      : ` (regular pods get ${m[2]}s: shutdownGracePeriod - shutdownGracePeriodCriticalPods)`;
  return `the kubelet's shutdown manager on ${node} terminated it before the power went${share}`;
}

/**
 * The autoscaler's decision in a chain, as it wrote it: `cluster-autoscaler: pod web-… unschedulable,
 * group workers 2→3 (max 5) at 40s`.
 */
function autoscalerPhrase(chain: readonly StoryLink[]): string {
  const l = chain.find((x) => x.actor === 'cluster-autoscaler' && x.what.startsWith('cluster-autoscaler: '));
  return l ? `${l.what} ${atTime(l.at)}` : '';
}

/** A machine that runs with no Node object: the seed's zombie, as the cloud and the autoscaler see it. */
function machinePhrase(e: Engine, name: string): string {
  const id = e.state.hosts[name]?.instance;
  const inst = id === undefined ? undefined : e.state.cloud?.instances[id];
  if (!inst || inst.state === 'terminated') return '';
  const since = e.state.cloud?.ca?.unregistered[inst.id];
  const ca = since === undefined ? '' : ` (unregistered for cluster-autoscaler since ${formatStoryTime(since)})`;
  return `its machine ${inst.id} is still ${inst.state}${ca}`;
}

function hostHeadline(e: Engine, name: string, root: string, chain: readonly StoryLink[]): string {
  const h = e.state.hosts[name];
  if (!h) return sentence(name, [root]);
  let state = `${name} is running`;
  const inst = h.instance === undefined ? undefined : e.state.cloud?.instances[h.instance];
  if (inst && inst.state !== 'running') state = `${name}'s instance ${inst.id} is ${inst.state}`;
  else if (h.power !== 'on') state = `${name} is powered off`;
  else if (h.networkCut) state = `${name}'s network is cut`;
  else {
    const stopped = (['kubelet', 'containerd', 'docker', 'kube-proxy'] as const).find(
      (u) => h.services[u] !== undefined && !h.services[u]?.active,
    );
    if (stopped) state = `${stopped} on ${name} is stopped`;
  }
  return sentence(state, [root, autoscalerPhrase(chain)]);
}

/** The headline for `ref` from its causal chain (explain.ts); one sentence, ending with a period. */
export function headline(e: Engine, ref: string, chain: readonly StoryLink[]): string {
  const root = rootCommand(chain);
  const rootText = root ? commandPhrase(root) : '';
  const [kind, ...rest] = ref.split('/');
  const key = rest.join('/');
  switch (kind) {
    case 'Node':
      return nodeHeadline(e, key, chain, rootText);
    case 'Pod':
      return podHeadline(e, key, chain, rootText);
    case 'Host':
      return hostHeadline(e, key, rootText, chain);
    case 'Instance': {
      const inst = e.state.cloud?.instances[key];
      const subject = inst ? `${inst.id} (${inst.host}) is ${inst.state}` : `instance ${key}`;
      return sentence(subject, [rootText, autoscalerPhrase(chain)]);
    }
    case 'NodeGroup': {
      const g = e.state.cloud?.groups[key];
      const subject = g
        ? `node group ${g.name} has a target of ${g.target} (min ${g.min}, max ${g.max})`
        : `node group ${key}`;
      return sentence(subject, [rootText, autoscalerPhrase(chain)]);
    }
    default: {
      const name = rest[rest.length - 1] ?? key;
      const latest = chain[0];
      const parts: string[] = [];
      if (latest && latest.command === undefined)
        parts.push(`last changed by ${shortActorName(latest.actor)} ${atTime(latest.at)}`);
      if (rootText) parts.push(`after ${rootText}`);
      return parts.length ? `${kind} ${name}: ${parts.join(', ')}.` : `${kind} ${name}.`;
    }
  }
}
