/**
 * The `kube-system/cluster-autoscaler-status` ConfigMap (cluster-autoscaler 1.33
 * clusterstate/utils/status.go `WriteStatusConfigMap`, clusterstate/api/types.go,
 * clusterstate.go `GetStatus`), docs/reference/cloud.md §3.13: written at the end of every loop
 * (also when it stops early for an unhealthy cluster), `autoscalerStatus: Initializing` when the
 * process starts, annotation `cluster-autoscaler.kubernetes.io/last-updated`, key `status`, YAML
 * since CA 1.30.
 *
 * The YAML is what sigs.k8s.io/yaml writes: the struct as JSON (omitempty drops empty strings and
 * zero counts, never structs: a group without back-off prints `backoffInfo: {}`, a time never set
 * prints `null`), then go-yaml v2 with keys sorted at every level, block style, sequences at their
 * key's indentation, RFC 3339 times quoted (they would read back as timestamps). [U] The quoting is
 * derived from go-yaml's rules, not seen in a live 1.33 cluster.
 */

import { clone } from '../api/podutil';
import { nodeGroups } from '../cloud/provider';
import type { ConfigMap } from '../core/api-types';
import type { AutoscalerMemory } from '../core/cloud-types';
import { civil, rfc3339 } from '../core/dates';
import type { Engine } from '../core/engine';
import { boundedMemo, lastMemo } from '../core/text-memo';
import { activeBackoff } from './backoff';
import {
  type ClusterState,
  isClusterHealthy,
  isNodeGroupHealthy,
  type Readiness,
  upcomingInGroup,
} from './clusterstate';
import { STATUS_CONFIGMAP, STATUS_NAMESPACE } from './events';

export const LAST_UPDATED_ANNOTATION = 'cluster-autoscaler.kubernetes.io/last-updated';

type Yaml = string | number | null | { [k: string]: Yaml } | Yaml[];

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** ConfigMapLastUpdateFormat "2006-01-02 15:04:05.999999999 -0700 MST". */
export function lastUpdatedText(ms: number): string {
  const c = civil(ms);
  const frac = ((ms % 1000) + 1000) % 1000;
  const f = frac ? `.${pad(frac, 3).replace(/0+$/, '')}` : '';
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}${f} +0000 UTC`;
}

/** A string scalar as go-yaml v2 writes it: plain when it reads back as the same string, else double-quoted. */
function quoted(v: string): string {
  const plain =
    v !== '' &&
    /^[A-Za-z][A-Za-z0-9 ._/()'-]*$/.test(v) &&
    !/^(true|false|yes|no|on|off|null|y|n)$/i.test(v) &&
    !v.endsWith(' ');
  const timestamp = /^\d{4}-\d\d?-\d\d?([Tt ]|$)/.test(v) && !/ UTC$/.test(v);
  if (timestamp) return JSON.stringify(v);
  return plain || /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)? \+0000 UTC$/.test(v) ? v : JSON.stringify(v);
}

/**
 * A scalar as go-yaml v2 writes it. Most repeat from loop to loop (statuses, names, the times of
 * transitions), so each distinct string is quoted once (core/text-memo.ts).
 */
const quotedMemo = boundedMemo(quoted);
function scalar(v: string | number | null): string {
  if (v === null) return 'null';
  return typeof v === 'number' ? String(v) : quotedMemo(v);
}

/**
 * One document's emitter. It writes the text as it goes (every loop writes the status: no list of
 * lines joined at the end), and the keys of an object are sorted only when they are not in order
 * already (buildStatus builds them in order).
 */
class Emitter {
  text = '';

  /**
   * `v` at `indent`, under `key` if any; `lead` opens its first line in place of `indent` (go-yaml
   * v2 writes a sequence's `- ` at the key's own indentation, the item's first line after it).
   */
  emit(v: Yaml, indent: string, lead: string, key?: string): void {
    const head = key === undefined ? lead : `${lead}${key}:`;
    if (v === null || typeof v !== 'object') {
      this.text += key === undefined ? `${lead}${scalar(v)}\n` : `${head} ${scalar(v)}\n`;
      return;
    }
    if (Array.isArray(v)) {
      this.text += `${head}\n`;
      const inner = `${indent}  `;
      const dash = `${indent}- `;
      for (const item of v) this.emit(item, inner, dash);
      return;
    }
    const keys = sortedKeys(v);
    if (keys.length === 0) {
      this.text += `${head} {}\n`;
      return;
    }
    let inner = indent;
    let first = lead;
    if (key !== undefined) {
      this.text += `${head}\n`;
      inner = `${indent}  `;
      first = inner;
    }
    for (const k of keys) {
      this.emit(v[k] as Yaml, inner, first, k);
      first = inner;
    }
  }
}

/** An object's keys in go-yaml's order (sorted), sorting only when they are not in order. */
function sortedKeys(v: object): string[] {
  const keys = Object.keys(v);
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] as string) >= (keys[i] as string)) return keys.sort();
  return keys;
}

/** The document as sigs.k8s.io/yaml.Marshal writes it (ends with a newline). */
export function toYaml(v: { [k: string]: Yaml }): string {
  const em = new Emitter();
  em.emit(v, '', '');
  return em.text;
}

function nodeCount(r: Readiness): Yaml {
  const registered: { [k: string]: Yaml } = {
    notStarted: r.notStarted.length,
    ready: r.ready.length,
    total: r.registered.length,
    unready: { resourceUnready: 0, total: r.unready.length },
  };
  if (r.deleted.length > 0) registered.beingDeleted = r.deleted.length;
  return { longUnregistered: r.longUnregistered.length, registered, unregistered: r.unregistered.length };
}

/**
 * A condition's time. Most conditions carry the same times, and a transition's time comes back
 * every loop until the next: each is formatted once (core/text-memo.ts), the same string each
 * time (quoted once too).
 */
const time = boundedMemo(rfc3339);

/** A condition with lastProbeTime and a lastTransitionTime kept while the status stays the same. */
function condition(
  ca: AutoscalerMemory,
  id: string,
  status: string,
  probe: number | undefined,
  extra: { [k: string]: Yaml },
) {
  const prev = ca.conditions[id];
  const kept = prev !== undefined && prev.status === status;
  const since = kept ? prev.since : probe;
  // A status kept keeps its note as it is (the loop every 10 s mostly keeps them all).
  if (probe !== undefined && !kept) ca.conditions[id] = { status, since: probe };
  // `extra` is the caller's own object: the condition's fields go after its keys (sorted: they
  // sort before these three).
  const c = extra;
  c.lastProbeTime = probe === undefined ? null : time(probe);
  c.lastTransitionTime = since === undefined ? null : time(since);
  c.status = status;
  return c;
}

function scaleDownCondition(ca: AutoscalerMemory, id: string, candidates: number, probe: number | undefined) {
  const extra: { [k: string]: Yaml } = candidates > 0 ? { candidates } : {};
  return condition(ca, id, candidates > 0 ? 'CandidatesPresent' : 'NoCandidates', probe, extra);
}

/** GetStatus: the cluster-wide and per-group conditions at this loop. */
export function buildStatus(
  e: Engine,
  ca: AutoscalerMemory,
  cs: ClusterState,
  scaleDownProbe: number | undefined,
): { [k: string]: Yaml } {
  const now = e.now;
  const groups: Yaml[] = [];
  const unneeded = new Map<string, number>();
  for (const n of Object.keys(ca.unneeded)) {
    const g = cs.groupOf.get(n);
    if (g !== undefined) unneeded.set(g, (unneeded.get(g) ?? 0) + 1);
  }
  let scalingUp = false;
  let candidatesTotal = 0;
  for (const g of nodeGroups(e)) {
    const r = cs.perGroup.get(g.name) ?? emptyReadinessOf();
    const healthy = isNodeGroupHealthy(e, cs, g.name);
    const inProgress = ca.scaleUpRequests[g.name] !== undefined && upcomingInGroup(cs, g.name);
    const backoff = activeBackoff(ca, g.name, now);
    const upStatus = inProgress ? 'InProgress' : !healthy ? 'Unhealthy' : backoff ? 'Backoff' : 'NoActivity';
    if (inProgress) scalingUp = true;
    const backoffInfo: { [k: string]: Yaml } =
      upStatus === 'Backoff' && backoff ? { errorCode: backoff.errorCode, errorMessage: backoff.errorMessage } : {};
    const candidates = unneeded.get(g.name) ?? 0;
    candidatesTotal += candidates;
    groups.push({
      health: condition(ca, `${g.name}/health`, healthy ? 'Healthy' : 'Unhealthy', now, {
        cloudProviderTarget: cs.acceptable.get(g.name)?.target ?? g.target,
        maxSize: g.max,
        minSize: g.min,
        nodeCounts: nodeCount(r),
      }),
      name: g.name,
      scaleDown: scaleDownCondition(ca, `${g.name}/scaleDown`, candidates, scaleDownProbe),
      scaleUp: condition(ca, `${g.name}/scaleUp`, upStatus, now, { backoffInfo }),
    });
  }
  const status: { [k: string]: Yaml } = {
    autoscalerStatus: 'Running',
    clusterWide: {
      health: condition(ca, 'health', isClusterHealthy(e, cs) ? 'Healthy' : 'Unhealthy', now, {
        nodeCounts: nodeCount(cs.total),
      }),
      scaleDown: scaleDownCondition(ca, 'scaleDown', candidatesTotal, scaleDownProbe),
      scaleUp: condition(ca, 'scaleUp', scalingUp ? 'InProgress' : 'NoActivity', now, {}),
    },
    time: lastUpdatedText(now),
  };
  if (groups.length > 0) status.nodeGroups = groups;
  return status;
}

function emptyReadinessOf(): Readiness {
  return {
    ready: [],
    unready: [],
    notStarted: [],
    deleted: [],
    registered: [],
    longUnregistered: [],
    unregistered: [],
  };
}

/**
 * The status without the times every loop moves (lastProbeTime, time). Each loop compares the text
 * it writes with the one it wrote the loop before: that one's was the last computed (core/text-memo.ts).
 */
const timeless = lastMemo((text: string): string => text.replace(/^ *(lastProbeTime|time): .*$/gm, ''));

/** WriteStatusConfigMap: update the ConfigMap, or create it. */
export function writeStatusConfigMap(e: Engine, status: { [k: string]: Yaml }, cause: number): void {
  const key = `${STATUS_NAMESPACE}/${STATUS_CONFIGMAP}`;
  const old = e.get('ConfigMap', key);
  const text = toYaml(status);
  const updated = lastUpdatedText(e.now);
  if (old) {
    const next = clone(old);
    next.data = { ...next.data, status: text };
    next.metadata.annotations = { ...next.metadata.annotations, [LAST_UPDATED_ANNOTATION]: updated };
    // A loop that only moved the probe times is a heartbeat: "Step" and "skip quiet time" do not
    // stop at it.
    const routine = timeless(old.data.status ?? '') === timeless(text);
    e.put(next, 'status written', cause, routine);
    return;
  }
  const cm: ConfigMap = {
    kind: 'ConfigMap',
    metadata: {
      name: STATUS_CONFIGMAP,
      namespace: STATUS_NAMESPACE,
      uid: e.uid(),
      resourceVersion: 0,
      creationTimestamp: e.now,
      labels: {},
      annotations: { [LAST_UPDATED_ANNOTATION]: updated },
      ownerReferences: [],
    },
    data: { status: text },
  };
  e.put(cm, 'created', cause);
}

/** NewStatusMapRecorder: a starting process writes `autoscalerStatus: Initializing` (and `message` if any). */
export function initializingStatus(e: Engine, message?: string): { [k: string]: Yaml } {
  // Struct fields are never omitted: the empty conditions print with null times.
  const none = { lastProbeTime: null, lastTransitionTime: null };
  const counts = nodeCount(emptyReadinessOf());
  const status: { [k: string]: Yaml } = {
    autoscalerStatus: 'Initializing',
    clusterWide: { health: { ...none, nodeCounts: counts }, scaleDown: { ...none }, scaleUp: { ...none } },
    time: lastUpdatedText(e.now),
  };
  if (message) status.message = message;
  return status;
}
