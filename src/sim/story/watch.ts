/**
 * The story's watches: chapters from Node and Pod writes, as they happen. Each handler looks at
 * one write (the object before and after) and the cause the write was recorded with, so its cost
 * is O(change): no scans, whatever the cluster's size. Nothing here writes or traces.
 *
 * Node: kubectl STATUS to NotReady and back to Ready, the Node object gone (unless a command
 * deleted it: the command is the chapter) and registered again, NoExecute taints added and
 * removed (the NoSchedule twins are left out to keep the list short).
 * Pod: taint-based evictions, PodGC deletions and pods ended by the kubelet's node shutdown
 * manager, one chapter per node and instant; a replacement
 * pod (REPLACES_ANNOTATION) becoming Ready for the first time, one chapter per instant.
 */
import { isPodReady } from '../api/podutil';
import { REPLACES_ANNOTATION } from '../api/workload-memory';
import type { Node, Pod, Taint } from '../core/api-types';
import { causeAt } from '../core/cause-log';
import {
  addChapter,
  addNodeMoment,
  addToGroup,
  fromCause,
  shortTaintKey,
  storyState,
  writableReplacementsSeen,
  writeCause,
} from '../core/chapters';
import type { Engine, SimModule } from '../core/engine';
import type { Cause } from '../core/state';
import { NODE_SHUTDOWN_REASON } from '../kubelet/pod-status';

/** kubectl's STATUS without SchedulingDisabled (a cordon is its own chapter): Ready, NotReady or Unknown. */
function readyWord(node: Node): 'Ready' | 'NotReady' | 'Unknown' {
  const c = node.status.conditions.find((x) => x.type === 'Ready');
  return !c ? 'Unknown' : c.status === 'True' ? 'Ready' : 'NotReady';
}

/** The kubelet's own words for a Ready it posts: `container runtime is down` from `[container runtime is down, ...]`. */
function kubeletReadyRule(node: Node): string | undefined {
  const c = node.status.conditions.find((x) => x.type === 'Ready');
  if (!c) return undefined;
  // The first of the kubelet's reasons, up to its details: `Container runtime not ready: RuntimeReady=false ...`.
  const first = c.message
    .replace(/^\[/, '')
    .split(/, |\]|: /)[0]
    ?.trim();
  return `kubelet posts Ready=${c.status} (${c.reason})${first ? `: ${first}` : ''}`;
}

function onNode(e: Engine, key: string, obj: Node | undefined, old: Node | undefined): void {
  if (e.now < 0) return;
  const ref = `Node/${key}`;
  if (!obj) {
    if (!old) return;
    const cause = writeCause(e, ref);
    // `kubectl delete node` is a chapter of its own (commands/run.ts).
    if (cause?.command !== undefined) return;
    addChapter(e, { label: `${key} Node object gone`, kind: 'delete', ref, node: key, ...fromCause(cause) });
    return;
  }
  if (!old) {
    const cause = writeCause(e, ref);
    addChapter(e, { label: `${key} registered`, kind: 'recover', ref, node: key, ...fromCause(cause) });
    return;
  }
  if (old.status.conditions !== obj.status.conditions) {
    const before = readyWord(old);
    const after = readyWord(obj);
    if (before !== after && after !== 'Unknown') {
      const c = fromCause(writeCause(e, ref));
      // A status the kubelet posts says why in its condition; the controller's causes say it themselves.
      if (c.actor === 'kubelet') {
        const rule = kubeletReadyRule(obj);
        if (rule) c.rule = rule;
      }
      addNodeMoment(e, after, {
        label: `${key} ${after}`,
        kind: after === 'Ready' ? 'recover' : 'detect',
        ref,
        node: key,
        ...c,
      });
    }
  }
  if (old.spec.taints !== obj.spec.taints) noExecuteChanges(e, key, obj.spec.taints, old.spec.taints);
}

function sameTaint(a: Taint, b: Taint): boolean {
  return a.key === b.key && a.effect === b.effect && (a.value ?? '') === (b.value ?? '');
}

/** Chapters for NoExecute taints added (one each) or removed (one for all, unless one was added). */
function noExecuteChanges(e: Engine, node: string, now: readonly Taint[], before: readonly Taint[]): void {
  const ref = `Node/${node}`;
  let added = false;
  for (const t of now) {
    if (t.effect !== 'NoExecute' || before.some((b) => sameTaint(b, t))) continue;
    added = true;
    const label = `${node} tainted ${shortTaintKey(t.key)}${t.value ? `=${t.value}` : ''}:NoExecute`;
    addNodeMoment(e, 'taint', { label, kind: 'taint', ref, node, ...fromCause(writeCause(e, ref)) });
  }
  // A swap (unreachable -> not-ready) is one new taint, not an untainting.
  if (added) return;
  if (before.some((b) => b.effect === 'NoExecute' && !now.some((t) => sameTaint(b, t)))) {
    addNodeMoment(e, 'untaint', {
      label: `${node} untainted`,
      kind: 'recover',
      ref,
      node,
      ...fromCause(writeCause(e, ref)),
    });
  }
}

function onPod(e: Engine, key: string, obj: Pod | undefined, old: Pod | undefined): void {
  if (e.now < 0) return;
  if (old && (!obj || (obj.metadata.deletionTimestamp !== undefined && old.metadata.deletionTimestamp === undefined)))
    podLeaving(e, key, old, obj === undefined);
  if (obj) {
    if (
      old &&
      obj.status.reason === NODE_SHUTDOWN_REASON &&
      obj.status.phase === 'Failed' &&
      old.status.phase !== 'Failed'
    )
      endedByShutdown(e, key, obj);
    if (obj.metadata.annotations[REPLACES_ANNOTATION] !== undefined) replacementProgress(e, key, obj, old);
  } else if (old) {
    if (e.state.story?.replacementsSeen[old.metadata.uid]) delete writableReplacementsSeen(e)[old.metadata.uid];
  }
}

const podName = (key: string) => key.slice(key.indexOf('/') + 1);

/** A pod marked for deletion (or removed): a chapter when the taint-eviction controller or PodGC did it. */
function podLeaving(e: Engine, key: string, old: Pod, removed: boolean): void {
  const node = old.spec.nodeName;
  if (!node) return;
  const cause = writeCause(e, `Pod/${key}`);
  if (!cause) return;
  if (cause.what.startsWith('evict pod ')) {
    addToGroup(e, `evict|${node}`, moment(key, node, 'evict', `${podName(key)} evicted`, cause), (n) =>
      n === 1 ? `${podName(key)} evicted` : `${n} pods evicted from ${node}`,
    );
  } else if (removed && cause.what.startsWith('podgc: ')) {
    addToGroup(e, `podgc|${node}`, moment(key, node, 'delete', `${podName(key)} deleted by PodGC`, cause), (n, c) =>
      n === 1 ? c.label : `${n} pods of ${node} deleted by PodGC`,
    );
  }
}

/**
 * A pod the kubelet's node shutdown manager ended (Failed, reason Terminated), one chapter per node
 * and instant, as an eviction's: it names the shutdown manager, its rule and its periods.
 */
function endedByShutdown(e: Engine, key: string, obj: Pod): void {
  const node = obj.spec.nodeName;
  if (!node) return;
  const id = e.state.hosts[node]?.kubelet?.shutdown?.cause;
  const cause = id === undefined ? writeCause(e, `Pod/${key}`) : causeAt(e.state.causes, id);
  if (!cause) return;
  const label = `${podName(key)} terminated by node shutdown`;
  addToGroup(e, `shutdown|${node}`, moment(key, node, 'evict', label, cause), (n, c) =>
    n === 1 ? c.label : `${n} pods of ${node} terminated by node shutdown`,
  );
}

function moment(key: string, node: string, kind: 'evict' | 'delete', label: string, cause: Cause) {
  return { label, kind, ref: `Pod/${key}`, node, ...fromCause(cause) };
}

/** The cause that created a replacement pod (its controller's `replacement for ...`), from its history. */
function creation(e: Engine, key: string): Cause | undefined {
  const list = e.history(`Pod/${key}`) ?? [];
  for (let i = list.length - 1; i >= 0; i--) {
    const c = causeAt(e.state.causes, (list[i] as { cause: number }).cause);
    if (c?.what.startsWith('replacement for ')) return c;
  }
  return undefined;
}

/**
 * A replacement pod's first Ready: one chapter per instant (the first pod names it; the label
 * names the node when they all run on one).
 */
function replacementProgress(e: Engine, key: string, obj: Pod, old: Pod | undefined): void {
  if (!isPodReady(obj) || (old && isPodReady(old))) return;
  if (storyState(e).replacementsSeen[obj.metadata.uid]) return;
  writableReplacementsSeen(e)[obj.metadata.uid] = true;
  const node = obj.spec.nodeName ?? '';
  const first = {
    label: `replacement ${podName(key)} Running on ${node}`,
    kind: 'replace' as const,
    ref: `Pod/${key}`,
    node,
    ...fromCause(creation(e, key)),
  };
  addToGroup(e, 'replace', first, (n, c) =>
    c.spread ? `${n} replacements Running` : `${n} replacements Running on ${c.node}`,
  );
}

/** Registered first (modules.ts): it sees each write before the writes other watchers make in response. */
export const storyModule: SimModule = {
  name: 'story',
  watch: {
    Node: (e, key, obj, old) => onNode(e, key, obj as Node | undefined, old as Node | undefined),
    Pod: (e, key, obj, old) => onPod(e, key, obj as Pod | undefined, old as Pod | undefined),
  },
};
