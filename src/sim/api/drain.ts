/**
 * `kubectl drain NODE` as kubectl runs it (kubernetes/kubectl pkg/cmd/drain/drain.go `RunDrain`,
 * `deleteOrEvictPodsSimple`; pkg/drain/drain.go `GetPodsForDeletion`, `evictPods`,
 * `waitForDelete`; pkg/drain/filters.go): cordon, pick the pods (mirror pods skipped; DaemonSet
 * pods, pods with an emptyDir and pods without a controller refused unless --ignore-daemonsets /
 * --delete-emptydir-data / --force), print
 * `evicting pod NS/NAME` and evict each, then wait: every second kubectl GETs each evicted pod and
 * prints `pod/NAME evicted` once the object is gone (or replaced by one with another UID), then
 * `node/NAME drained`. The default `--timeout=0` waits forever; a timeout ends it with kubectl's
 * own error lines. The waiting is driven by commands/running.ts (a command that runs over time).
 *
 * Texts differ by kubectl version: the v1.33 profile prints kubectl 1.33's, the v1.23 profile 1.23's.
 */

import type { Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import { pushAll } from '../core/lists';
import type { DrainPending, DrainWait } from '../core/state';
import { apiAvailable, controlPlaneHost } from '../core/world';
import { cordon } from './delete';
import { evictPod } from './eviction';
import { byNamespacedName, controllerRef, isMirrorPod } from './podutil';

export interface DrainOptions {
  ignoreDaemonSets?: boolean;
  /** --force: also delete pods that declare no controller. */
  force?: boolean;
  /** --delete-emptydir-data: also delete pods with an emptyDir volume (its data goes with them). */
  deleteEmptyDirData?: boolean;
  /** --grace-period; undefined or negative: each pod's own terminationGracePeriodSeconds. */
  gracePeriodSeconds?: number;
  /** --timeout in ms: 0 waits forever (kubectl's default), a negative one is already over. */
  timeoutMs?: number;
}

export interface DrainStep {
  ok: boolean;
  /** Lines printed by this step (stdout and stderr as a terminal interleaves them). */
  lines: string[];
  /** Still waiting: poll again at `next`. */
  wait?: DrainWait;
  next?: number;
}

const OLD = (e: Engine) => e.state.profile.name === 'v1.23-docker';

/**
 * filters.go unmanagedFatal/unmanagedWarning by kubectl version: 1.23 names the controllers;
 * 1.30 to 1.35 (v1.33 profile) say "cannot delete Pods that declare no controller", which
 * `errors()` prefixes with another "cannot delete" (the doubled text kubectl 1.36 removed).
 */
function unmanagedTexts(e: Engine): { fatal: string; warning: string } {
  return OLD(e)
    ? {
        fatal:
          'Pods not managed by ReplicationController, ReplicaSet, Job, DaemonSet or StatefulSet (use --force to override)',
        warning: 'deleting Pods not managed by ReplicationController, ReplicaSet, Job, DaemonSet or StatefulSet',
      }
    : {
        fatal: 'cannot delete Pods that declare no controller (use --force to override)',
        warning: 'deleting Pods that declare no controller',
      };
}

/** GetPodsForDeletion with its filters: the pods to evict, the warnings, the errors (`cannot delete ...`). */
export function podsForDeletion(
  e: Engine,
  nodeName: string,
  opts: DrainOptions,
): { pods: Pod[]; warnings: string[]; errors: string[] } {
  const text = unmanagedTexts(e);
  const warn = new Map<string, string[]>();
  const fail = new Map<string, string[]>();
  const add = (m: Map<string, string[]>, msg: string, id: string) => m.set(msg, [...(m.get(msg) ?? []), id]);
  const pods: Pod[] = [];
  for (const p of e.podsOnNode(nodeName).slice().sort(byNamespacedName)) {
    const id = `${p.metadata.namespace}/${p.metadata.name}`;
    const finished = p.status.phase === 'Succeeded' || p.status.phase === 'Failed';
    const ref = controllerRef(p);
    // daemonSetFilter: a finished pod may go; an orphan (its DaemonSet gone) only with --force.
    if (ref?.kind === 'DaemonSet' && !finished) {
      if (!e.get('DaemonSet', `${p.metadata.namespace}/${ref.name}`)) {
        const nf = `daemonsets.apps "${ref.name}" not found`;
        if (opts.force) {
          add(warn, nf, id);
          pods.push(p);
        } else add(fail, nf, id);
      } else if (opts.ignoreDaemonSets) add(warn, 'ignoring DaemonSet-managed Pods', id);
      else add(fail, 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)', id);
      continue;
    }
    // mirrorPodFilter: static pods are skipped without a word.
    if (isMirrorPod(p)) continue;
    // localStorageFilter: an emptyDir is lost with the pod. With the flag its warning ("deleting
    // Pods with local storage") is dropped: only the last filter's status is kept, and
    // unreplicatedFilter comes next (filters.go's own TODO), so kubectl never prints it.
    if (!finished && p.spec.volumes?.some((v) => v.emptyDir) && !opts.deleteEmptyDirData) {
      add(fail, 'Pods with local storage (use --delete-emptydir-data to override)', id);
      continue;
    }
    // unreplicatedFilter.
    if (!finished && !ref) {
      if (opts.force) add(warn, text.warning, id);
      else {
        add(fail, text.fatal, id);
        continue;
      }
    }
    pods.push(p);
  }
  // Go ranges over a map here: the order of several messages is not fixed; ours is first seen.
  const warnings = [...warn].map(([msg, ids]) => `${msg}: ${ids.join(', ')}`);
  const errors = [...fail].map(([msg, ids]) => `cannot delete ${msg}: ${ids.join(', ')}`);
  return { pods, warnings, errors };
}

/** utilerrors.Aggregate.Error(): one message as it is, several as `[a, b]`. */
function aggregate(errors: readonly string[]): string {
  return errors.length === 1 ? (errors[0] as string) : `[${errors.join(', ')}]`;
}

/** RunDrain's lines for a node that could not be drained, ending with what checkErr prints. */
function unableToDrain(e: Engine, node: string, errors: readonly string[]): string[] {
  const sep = OLD(e) ? 'error:' : 'error: ';
  return [
    `error: unable to drain node "${node}" due to ${sep}${aggregate(errors)}, continuing command...`,
    'There are pending nodes to be drained:',
    ` ${node}`,
    ...errors,
  ];
}

/** Go's time.Duration.String for whole milliseconds: `30s`, `1m30s`, `1h0m0s`, `1.5s`, `100ms`. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  const neg = ms < 0;
  let rest = Math.abs(ms);
  let out: string;
  if (rest < 1000) out = `${rest}ms`;
  else {
    const h = Math.floor(rest / 3_600_000);
    rest -= h * 3_600_000;
    const m = Math.floor(rest / 60_000);
    rest -= m * 60_000;
    const s = `${Math.floor(rest / 1000)}${
      rest % 1000
        ? `.${String(rest % 1000)
            .padStart(3, '0')
            .replace(/0+$/, '')}`
        : ''
    }s`;
    out = h ? `${h}h${m}m${s}` : m ? `${m}m${s}` : s;
  }
  return neg ? `-${out}` : out;
}

/** drain.go EvictErrorRetryDelay: kubectl's pause after a 429 before it asks again. */
export const EVICT_RETRY_MS = 5000;

/**
 * One try of evictPods' loop for `p` (the "evicting pod" line is the caller's): evicted, it joins
 * the pods waitForDelete watches; a 429 (a PodDisruptionBudget) prints kubectl's retry line and
 * tries again in 5 s; any other refusal ends that pod with `error when evicting pods/...`.
 */
function tryEviction(
  e: Engine,
  wait: DrainWait,
  p: Pod,
  grace: number | undefined,
  lines: string[],
  cause: number,
  uid = p.metadata.uid,
): void {
  // waitForDelete watches the pod kubectl listed (its UID), whichever pod of that name was evicted.
  const id = { namespace: p.metadata.namespace ?? 'default', name: p.metadata.name, uid };
  // The eviction API deletes with the grace period kubectl asks for (drain's -1: the pod's own).
  const r = evictPod(e, p, grace ?? p.spec.terminationGracePeriodSeconds, cause);
  if (r.ok) wait.pending.push(id);
  else if (r.code === 429) {
    lines.push(
      `error when evicting pods/"${id.name}" -n "${id.namespace}" (will retry after ${goDuration(EVICT_RETRY_MS)}): ${r.message}`,
    );
    const retry = { ...id, retryAt: e.now + EVICT_RETRY_MS, ...(grace !== undefined ? { grace } : {}) };
    wait.blocked = [...(wait.blocked ?? []), retry];
  } else
    wait.errors = [...(wait.errors ?? []), `error when evicting pods/"${id.name}" -n "${id.namespace}": ${r.message}`];
}

/**
 * Start a drain: cordon, filter, evict, and the immediate first check of waitForDelete. Returns
 * the lines so far and, while evicted pods remain, what to wait for and when to look again.
 */
export function startDrain(e: Engine, nodeName: string, opts: DrainOptions, cause: number): DrainStep {
  const lines = [cordon(e, nodeName, cause)];
  const { pods, warnings, errors } = podsForDeletion(e, nodeName, opts);
  if (errors.length) return { ok: false, lines: [...lines, ...unableToDrain(e, nodeName, errors)] };
  if (warnings.length) lines.push(`${OLD(e) ? 'WARNING' : 'Warning'}: ${warnings.join('; ')}`);
  if (pods.length === 0) return { ok: true, lines: [...lines, `node/${nodeName} drained`] };
  for (const p of pods) lines.push(`evicting pod ${p.metadata.namespace}/${p.metadata.name}`);
  const timeout = opts.timeoutMs ?? 0;
  if (timeout < 0) {
    // The global context is over before the first eviction: evictPods gives up on every pod.
    const text = goDuration(timeout);
    const errs = pods.map(
      (p) =>
        `error when evicting pods/"${p.metadata.name}" -n "${p.metadata.namespace}": global timeout reached: ${text}`,
    );
    const flags = {
      ignoreDaemonSets: opts.ignoreDaemonSets === true,
      force: opts.force === true,
      ...(opts.deleteEmptyDirData ? { deleteEmptyDirData: true } : {}),
    };
    return { ok: false, lines: [...lines, ...failLines(e, { node: nodeName, ...flags }, errs)] };
  }
  const wait: DrainWait = {
    node: nodeName,
    ignoreDaemonSets: opts.ignoreDaemonSets === true,
    force: opts.force === true,
    ...(opts.deleteEmptyDirData ? { deleteEmptyDirData: true } : {}),
    pending: [],
  };
  if (timeout > 0) {
    wait.deadline = e.now + timeout;
    wait.timeoutText = goDuration(timeout);
  }
  const g = opts.gracePeriodSeconds;
  for (const p of pods) tryEviction(e, wait, p, g !== undefined && g >= 0 ? g : undefined, lines, cause);
  // PollUntilContextTimeout(immediate=true): the first GET right after the evictions.
  const first = pollDrain(e, wait);
  return {
    ok: first.ok,
    lines: [...lines, ...first.lines],
    ...(first.wait ? { wait: first.wait, next: first.next } : {}),
  };
}

/**
 * deleteOrEvictPodsSimple after DeleteOrEvictPods failed, then RunDrain: the pods still to delete
 * (a second GetPodsForDeletion), that list's own errors (printed without a final newline, so the
 * next line is glued to them), `error: unable to drain node ...`, and what checkErr prints.
 */
function failLines(
  e: Engine,
  w: Pick<DrainWait, 'node' | 'ignoreDaemonSets' | 'force' | 'deleteEmptyDirData'>,
  errs: readonly string[],
): string[] {
  const out: string[] = [];
  let glue = '';
  const following = 'Following errors occurred while getting the list of pods to delete:\n';
  if (!apiAvailable(e))
    glue = following + getError(e, `/api/v1/pods?fieldSelector=spec.nodeName%3D${w.node}&limit=500`);
  else {
    const again = podsForDeletion(e, w.node, w);
    if (again.pods.length) {
      out.push(`There are pending pods in node "${w.node}" when an error occurred: ${aggregate(errs)}`);
      for (const p of again.pods) out.push(`pod/${p.metadata.name}`);
    }
    if (again.errors.length) glue = following + aggregate(again.errors);
  }
  const [first = '', ...rest] = unableToDrain(e, w.node, errs);
  out.push(glue + first);
  pushAll(out, rest);
  return out;
}

/** kubectl (outside the control plane) reaches the apiserver: it runs and its host's link is up. */
function clientReaches(e: Engine): boolean {
  return apiAvailable(e) && controlPlaneHost(e)?.networkCut !== true;
}

/** client-go's error for a GET the apiserver does not answer. */
function getError(e: Engine, path: string, verb = 'Get'): string {
  const cp = controlPlaneHost(e);
  const ip = cp?.ip ?? '127.0.0.1';
  const why = cp?.networkCut ? 'i/o timeout' : 'connect: connection refused';
  return `${verb} "https://${ip}:6443${path}": dial tcp ${ip}:6443: ${why}`;
}

/**
 * One check of waitForDelete (every second): pods gone print `pod/NAME evicted`; all gone prints
 * `node/NAME drained`. Past the deadline, or with the API unreachable, the drain fails with
 * kubectl's lines. Returns the new wait (same object shape, pending trimmed) while it goes on.
 */
export function pollDrain(e: Engine, wait: DrainWait): DrainStep {
  const node = wait.node;
  const waitErr = (p: DrainPending, why: string) =>
    OLD(e)
      ? `error when waiting for pod "${p.name}" terminating: ${why}`
      : `error when waiting for pod "${p.name}" in namespace "${p.namespace}" to terminate: ${why}`;
  const blocked = wait.blocked ?? [];
  const errors = wait.errors ?? [];
  if (wait.deadline !== undefined && e.now >= wait.deadline) {
    // The global context ends before this tick's GETs (loopConditionUntilContext checks it first).
    const why = OLD(e) ? `global timeout reached: ${wait.timeoutText}` : 'context deadline exceeded';
    const errs = [...errors, ...wait.pending.map((p) => waitErr(p, why))];
    // A pod a budget refused sleeps until its retry, then prints its line again and gives up.
    const lines: string[] = [];
    const later = blocked.filter((b) => b.retryAt > e.now);
    for (const b of blocked) {
      if (b.retryAt > e.now) continue;
      lines.push(`evicting pod ${b.namespace}/${b.name}`);
      errs.push(
        `error when evicting pods/"${b.name}" -n "${b.namespace}": global timeout reached: ${wait.timeoutText}`,
      );
    }
    if (later.length) {
      const next = minRetry(later);
      return { ok: true, lines, wait: { ...wait, pending: [], blocked: later, errors: errs }, next };
    }
    return { ok: false, lines: [...lines, ...failLines(e, wait, errs)] };
  }
  if (!clientReaches(e)) {
    const errs = [
      ...errors,
      ...wait.pending.map((p) => waitErr(p, getError(e, `/api/v1/namespaces/${p.namespace}/pods/${p.name}`))),
      ...blocked.map(
        (b) =>
          `error when evicting pods/"${b.name}" -n "${b.namespace}": ${getError(e, `/api/v1/namespaces/${b.namespace}/pods/${b.name}/eviction`, 'Post')}`,
      ),
    ];
    // 1.33's waitForDelete reports the failed GET through onFinishFn: `pod/NAME eviction failed`.
    const failed = OLD(e) ? [] : wait.pending.map((p) => `pod/${p.name} eviction failed`);
    return { ok: false, lines: [...failed, ...failLines(e, wait, errs)] };
  }
  const lines: string[] = [];
  // Pods a budget refused: their retry is due (evictPods' loop, a fresh GET of the pod first).
  const next: DrainWait = { ...wait, pending: [...wait.pending] };
  if (blocked.length) {
    next.blocked = [];
    for (const b of blocked) {
      if (b.retryAt > e.now) {
        next.blocked.push(b);
        continue;
      }
      lines.push(`evicting pod ${b.namespace}/${b.name}`);
      const cur = e.get('Pod', `${b.namespace}/${b.name}`);
      // NotFound: that goroutine is done, printing nothing more.
      if (!cur) continue;
      const cause = e.cause({
        actor: 'kubectl',
        what: `kubectl drain ${node}: evict pod ${b.namespace}/${b.name} again`,
        rule: 'drain.go evictPods: a 429 is tried again after EvictErrorRetryDelay (5s)',
        // The drain's cordon (its command), not whatever the kubelet wrote on the Node since.
        parents: [e.lastCause(`Node/${node}`, 'cordoned') ?? e.lastCause(`Node/${node}`) ?? 0],
      });
      tryEviction(e, next, cur, b.grace, lines, cause, b.uid);
    }
    if (next.blocked.length === 0) next.blocked = undefined;
  }
  const pending: DrainPending[] = [];
  for (const p of next.pending) {
    const cur = e.get('Pod', `${p.namespace}/${p.name}`);
    if (!cur || cur.metadata.uid !== p.uid) lines.push(`pod/${p.name} evicted`);
    else pending.push(p);
  }
  const still = next.blocked ?? [];
  if (pending.length === 0 && still.length === 0) {
    const errs = next.errors ?? [];
    if (errs.length) return { ok: false, lines: [...lines, ...failLines(e, wait, errs)] };
    return { ok: true, lines: [...lines, `node/${node} drained`] };
  }
  const at = Math.min(pending.length ? e.now + 1000 : minRetry(still), wait.deadline ?? Number.POSITIVE_INFINITY);
  const out: DrainWait = { ...next, pending };
  if (!out.blocked) delete out.blocked;
  if (!out.errors) delete out.errors;
  return { ok: true, lines, wait: out, next: at };
}

function minRetry(bs: readonly { retryAt: number }[]): number {
  let m = Number.POSITIVE_INFINITY;
  for (const b of bs) m = Math.min(m, b.retryAt);
  return m;
}
