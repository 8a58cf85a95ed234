/**
 * The run's history for the space-time chart and the recovery scoreboard: every change of a node's
 * Ready condition and taints, Lease renewals, every pod's kubectl STATUS, its deletion and its
 * host truth (a container runs on its node or not), and workloads' ready replicas, each with its
 * time. Fed by the engine's observers (core/observe.ts), so it is not part of the state and a
 * snapshot does not carry it: the app keeps one history per run, as of the furthest time reached.
 *
 * Replays: after a seek back the engine replays moments already recorded; `freezeUntil(t)` makes
 * the history ignore what happens at or before `t` (it has it). A fork drops what came after its
 * time (`truncate`).
 */

import { REPLACES_ANNOTATION } from '../api/workload-memory';
import type { ApiObject, Lease, Node, Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { Observation } from '../core/observe';
import type { Scenario } from '../core/scenario-types';
import { podColumns } from '../kubectl/status';
import { NODE_SHUTDOWN_REASON } from '../kubelet/pod-status';
import { podStateCode } from './overview';

export interface NodeRecord {
  name: string;
  zone: string;
  role: 'control-plane' | 'worker';
  /** The Ready condition: True -> Ready, False -> NotReady, Unknown -> Unknown; gone when deleted. */
  ready: { at: number; status: 'Ready' | 'NotReady' | 'Unknown' | 'gone' }[];
  /** The node's taints (`key:Effect`) from each time they changed. */
  taints: { at: number; taints: string[] }[];
  /** spec.unschedulable (cordoned) from each time it changed. */
  unschedulable: { at: number; unschedulable: boolean }[];
  /** Lease renewals (renewTime), for the heartbeat ticks. */
  leases: number[];
}

export interface PodRecord {
  uid: string;
  namespace: string;
  name: string;
  node?: string;
  owner?: string;
  /** The pod this one replaces (`<ns>/<pod>@<node>`), if any. */
  replaces?: { pod: string; node: string };
  created: number;
  /** When it was bound to its node (the scheduler's choice). */
  boundAt?: number;
  /** How long it tolerates node.kubernetes.io/unreachable:NoExecute (s), if it does for a time. */
  tolerationSeconds?: number;
  /** kubectl's STATUS column from each time it changed. */
  status: { at: number; status: string }[];
  /** When the deletion was requested (Terminating), and when the object was gone. */
  deleting?: number;
  /**
   * When the kubelet's node shutdown manager ended it: phase Failed, reason `Terminated`
   * (nodeshutdown_manager.go killPods). It left its node as an evicted pod does, without a deletion.
   */
  shutdown?: number;
  gone?: number;
  /** Host truth: a container of this pod runs on its node, from each time that changed. */
  host: { at: number; running: boolean }[];
  /**
   * Its overview code (story/story/overview.ts POD_STATE) from each time it changed, packed as
   * `at * CODE_SPAN + code` (a number each: ~150,000 pods at 5,000 nodes).
   */
  codes: number[];
}

/** Packing of PodRecord.codes: a code is below this. */
export const CODE_SPAN = 8;

export interface WorkloadRecord {
  ref: string;
  /** Ready replicas against the desired count, from each time either changed. */
  ready: { at: number; ready: number; desired: number }[];
}

/** The API kinds the history follows (other writes do not change it). */
const RECORDED_KINDS = new Set<string>(['Node', 'Lease', 'Pod', 'Deployment', 'StatefulSet', 'DaemonSet']);

/** What a history records from: a Simulation (structurally: this layer sits below simulation.ts). */
export interface RecordedSimulation {
  readonly engine: Engine;
  readonly scenario: Scenario;
}

/** Lease ticks are kept for clusters this small; a bigger one is drawn per zone, without ticks. */
export const LEASE_TICK_NODES = 24;

export class RunHistory {
  readonly nodes = new Map<string, NodeRecord>();
  readonly pods = new Map<string, PodRecord>();
  readonly workloads = new Map<string, WorkloadRecord>();
  /** Each machine's power (host truth, with or without a Node) from each time it changed. */
  readonly power = new Map<string, { at: number; on: boolean }[]>();
  /** The node lifecycle controller's zone states (by zone key) from each time they changed. */
  zoneStates: { at: number; states: Readonly<Record<string, string>> }[] = [];
  /** Latest time recorded. */
  until = Number.NEGATIVE_INFINITY;
  /** Bumped by every change to the history (a chart built from an older version is stale). */
  version = 0;
  /** While true, observations are ignored (a look-ahead that will be undone). */
  paused = false;
  private frozen = Number.NEGATIVE_INFINITY;
  private readonly keepLeases: boolean;

  constructor(private readonly sim: RecordedSimulation) {
    this.keepLeases = sim.scenario.spec.nodes.length <= LEASE_TICK_NODES;
    this.seed();
    sim.engine.observers.push((o) => this.take(o));
  }

  /** What exists when recording starts (t=0 of the run). */
  private seed(): void {
    const e = this.sim.engine;
    for (const n of e.list('Node')) this.node(e.now, n);
    for (const p of e.list('Pod')) this.pod(e.now, p, undefined);
    for (const kind of ['Deployment', 'StatefulSet', 'DaemonSet'] as const)
      for (const w of e.list(kind))
        this.workload(e.now, `${kind}/${w.metadata.namespace ?? 'default'}/${w.metadata.name}`, w);
    this.zoneStates = push(this.zoneStates, { at: e.now, states: { ...e.state.controllers.zoneStates } }, sameStates);
    for (const [name, h] of Object.entries(e.state.hosts)) {
      this.power.set(name, [{ at: e.now, on: h.power === 'on' }]);
      const running = new Set(
        Object.values(h.containers)
          .filter((c) => c.state === 'running')
          .map((c) => c.podUid),
      );
      for (const p of this.pods.values())
        if (p.node === name) p.host = appended(p.host, { at: e.now, running: running.has(p.uid) });
    }
    this.until = e.now;
  }

  /** Ignore what happens at or before `t` (a replay after a seek back: it is recorded already). */
  freezeUntil(t: number): void {
    this.frozen = Math.max(this.frozen, t);
  }

  /** A fork at `t`: what the old future recorded after `t` goes, and recording goes on from there. */
  truncate(t: number): void {
    const cut = <T extends { at: number }>(list: T[]) => {
      let i = list.length;
      while (i > 0 && (list[i - 1] as T).at > t) i--;
      list.length = i;
    };
    for (const n of this.nodes.values()) {
      cut(n.ready);
      cut(n.taints);
      cut(n.unschedulable);
      while (n.leases.length && (n.leases[n.leases.length - 1] as number) > t) n.leases.pop();
    }
    for (const [uid, p] of this.pods) {
      if (p.created > t) {
        this.pods.delete(uid);
        continue;
      }
      cut(p.status);
      cut(p.host);
      while (p.codes.length && (p.codes[p.codes.length - 1] as number) > t * CODE_SPAN + CODE_SPAN - 1) p.codes.pop();
      if (p.deleting !== undefined && p.deleting > t) delete p.deleting;
      if (p.shutdown !== undefined && p.shutdown > t) delete p.shutdown;
      if (p.boundAt !== undefined && p.boundAt > t) {
        delete p.boundAt;
        delete p.node;
      }
      if (p.gone !== undefined && p.gone > t) delete p.gone;
    }
    for (const w of this.workloads.values()) cut(w.ready);
    for (const list of this.power.values()) cut(list);
    cut(this.zoneStates);
    this.until = Math.min(this.until, t);
    this.frozen = Number.NEGATIVE_INFINITY;
    this.version++;
  }

  private take(o: Observation): void {
    if (this.paused || o.at <= this.frozen) return;
    if (o.type === 'api' && !RECORDED_KINDS.has(o.kind)) return;
    if (o.type === 'zone-states') {
      // Told after every 5 s pass of the controller: only a change is one.
      const last = this.zoneStates[this.zoneStates.length - 1];
      if (last && sameStates(last, o)) return;
      this.zoneStates = push(this.zoneStates, { at: o.at, states: o.states }, sameStates);
    }
    if (o.at > this.until) this.until = o.at;
    this.version++;
    if (o.type === 'zone-states') return;
    if (o.type === 'host-pod') {
      const p = this.pods.get(o.podUid);
      if (p) p.host = push(p.host, { at: o.at, running: o.running }, (a, b) => a.running === b.running);
      return;
    }
    if (o.type === 'host-power') {
      const list = this.power.get(o.host) ?? [];
      this.power.set(
        o.host,
        push(list, { at: o.at, on: o.on }, (a, b) => a.on === b.on),
      );
      return;
    }
    switch (o.kind) {
      case 'Node':
        if (o.obj) this.node(o.at, o.obj as Node);
        else {
          const n = this.nodes.get(o.key);
          if (n) n.ready = push(n.ready, { at: o.at, status: 'gone' }, (a, b) => a.status === b.status);
        }
        return;
      case 'Lease': {
        const renew = (o.obj as Lease | undefined)?.spec.renewTime;
        const holder = o.key.replace(/^kube-node-lease\//, '');
        const n = this.nodes.get(holder);
        if (this.keepLeases && n && renew !== undefined && o.key.startsWith('kube-node-lease/')) {
          if (n.leases[n.leases.length - 1] !== renew) n.leases.push(renew);
        }
        return;
      }
      case 'Pod':
        this.pod(o.at, o.obj as Pod | undefined, o.old as Pod | undefined);
        return;
      case 'Deployment':
      case 'StatefulSet':
      case 'DaemonSet':
        this.workload(o.at, `${o.kind}/${o.key}`, o.obj);
        return;
    }
  }

  private node(at: number, n: Node): void {
    let r = this.nodes.get(n.metadata.name);
    if (!r) {
      const h = this.sim.engine.state.hosts[n.metadata.name];
      r = {
        name: n.metadata.name,
        zone: h?.zone ?? n.metadata.labels?.['topology.kubernetes.io/zone'] ?? '',
        role: h?.role === 'control-plane' ? 'control-plane' : 'worker',
        ready: [],
        taints: [],
        unschedulable: [],
        leases: [],
      };
      this.nodes.set(r.name, r);
    }
    const ready = n.status.conditions.find((c) => c.type === 'Ready')?.status;
    const status = ready === 'True' ? 'Ready' : ready === 'False' ? 'NotReady' : 'Unknown';
    r.ready = push(r.ready, { at, status }, (a, b) => a.status === b.status);
    const taints = n.spec.taints.map((x) => `${x.key}:${x.effect}`);
    r.taints = push(r.taints, { at, taints }, (a, b) => a.taints.join() === b.taints.join());
    r.unschedulable = push(
      r.unschedulable,
      { at, unschedulable: n.spec.unschedulable === true },
      (a, b) => a.unschedulable === b.unschedulable,
    );
  }

  private pod(at: number, p: Pod | undefined, old: Pod | undefined): void {
    if (!p) {
      const r = old ? this.pods.get(old.metadata.uid) : undefined;
      if (r && r.gone === undefined) r.gone = at;
      return;
    }
    let r = this.pods.get(p.metadata.uid);
    if (!r) {
      const owner = p.metadata.ownerReferences.find((o) => o.controller) ?? p.metadata.ownerReferences[0];
      r = {
        uid: p.metadata.uid,
        namespace: p.metadata.namespace ?? 'default',
        name: p.metadata.name,
        created: at,
        status: [],
        host: [],
        codes: [],
      };
      if (owner) r.owner = `${owner.kind}/${owner.name}`;
      const tol = p.spec.tolerations?.find(
        (x) =>
          x.key === 'node.kubernetes.io/unreachable' && x.effect === 'NoExecute' && x.tolerationSeconds !== undefined,
      );
      if (tol?.tolerationSeconds !== undefined) r.tolerationSeconds = tol.tolerationSeconds;
      const replaces = p.metadata.annotations?.[REPLACES_ANNOTATION];
      const m = replaces ? /^(.*)@([^@]+)$/.exec(replaces) : null;
      if (m?.[1] && m[2]) r.replaces = { pod: m[1], node: m[2] };
      this.pods.set(r.uid, r);
    }
    if (p.spec.nodeName && r.node === undefined) {
      r.node = p.spec.nodeName;
      r.boundAt = at;
    }
    if (p.metadata.deletionTimestamp !== undefined && r.deleting === undefined) r.deleting = at;
    if (r.shutdown === undefined && p.status.phase === 'Failed' && p.status.reason === NODE_SHUTDOWN_REASON)
      r.shutdown = at;
    r.status = push(r.status, { at, status: podColumns(p, at).status }, (a, b) => a.status === b.status);
    r.codes = pushCode(r.codes, at, podStateCode(p));
  }

  private workload(at: number, ref: string, obj: ApiObject | undefined): void {
    let r = this.workloads.get(ref);
    if (!r) {
      r = { ref, ready: [] };
      this.workloads.set(ref, r);
    }
    const o = obj as
      | {
          spec?: { replicas?: number };
          status?: { readyReplicas?: number; numberReady?: number; desiredNumberScheduled?: number };
        }
      | undefined;
    const desired = o ? (o.spec?.replicas ?? o.status?.desiredNumberScheduled ?? 0) : 0;
    const ready = o ? (o.status?.readyReplicas ?? o.status?.numberReady ?? 0) : 0;
    r.ready = push(r.ready, { at, ready, desired }, (a, b) => a.ready === b.ready && a.desired === b.desired);
  }
}

function sameStates(a: { states: Readonly<Record<string, string>> }, b: { states: Readonly<Record<string, string>> }) {
  const ka = Object.keys(a.states);
  const kb = Object.keys(b.states);
  return ka.length === kb.length && ka.every((k) => a.states[k] === b.states[k]);
}

/** `push` for packed codes (PodRecord.codes). */
function pushCode(list: number[], at: number, code: number): number[] {
  const x = at * CODE_SPAN + code;
  const last = list[list.length - 1];
  if (last !== undefined && last % CODE_SPAN === code) return list;
  if (last !== undefined && last - (last % CODE_SPAN) === at * CODE_SPAN) {
    const before = list[list.length - 2];
    if (before !== undefined && before % CODE_SPAN === code) list.pop();
    else list[list.length - 1] = x;
    return list;
  }
  return appended(list, x);
}

/**
 * Appends `x` unless it says the same as the last entry; a change at the same time replaces it.
 * Returns the list to keep: a new one while it is short (`appended`).
 */
function push<T extends { at: number }>(list: T[], x: T, same: (a: T, b: T) => boolean): T[] {
  const last = list[list.length - 1];
  if (last && same(last, x)) return list;
  if (last && last.at === x.at) {
    list[list.length - 1] = x;
    const before = list[list.length - 2];
    if (before && same(before, x)) list.pop();
    return list;
  }
  return appended(list, x);
}

/** Below this length a list grows by exactly one slot (`appended`). */
const EXACT_BELOW = 16;

/**
 * `list` with `x` at its end. A short list is copied at its exact size: most pods' lists hold one
 * to three entries, and `push` on a short array reserves 17 slots, ~130 bytes a list more (13 MB
 * of a 1,000-node hour's 36,000 pods, three lists each). A longer one (a workload's ready count)
 * grows in place.
 */
function appended<T extends object | number>(list: T[], x: T): T[] {
  if (list.length >= EXACT_BELOW) {
    list.push(x);
    return list;
  }
  // concat copies at the exact size (`x` is never an array here: concat would spread it).
  return list.concat([x] as T[]);
}
