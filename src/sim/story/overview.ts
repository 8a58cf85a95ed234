/**
 * The overview of a big cluster (more than `OVERVIEW_ABOVE_NODES` machines): what the page draws
 * when a card per node would be too small to read. Per machine, a state code and flags; per pod,
 * a state code, grouped by the node it is bound to; per zone, the node lifecycle controller's zone
 * state. Compact typed arrays (a 5,000-node, 150,000-pod cluster is ~160 KB), built from the state
 * on demand, in one pass over hosts and one over pods.
 */

import { zoneLabel } from '../controllers/node-lifecycle-zones';
import type { Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { Host } from '../core/state';

/** Clusters with more machines than this are drawn as an overview (the node lifecycle controller's largeClusterSizeThreshold is 50 too). */
export const OVERVIEW_ABOVE_NODES = 50;

/** A machine's state, most serious first in what the page shows. */
export const NODE_STATE = { ready: 0, notReady: 1, unknown: 2, noNode: 3 } as const;
/** Bits of a machine's flags. */
export const NODE_FLAG = {
  /** A NoExecute taint (not-ready or unreachable): its pods are being evicted. */
  noExecute: 1,
  /** A NoSchedule taint other than the control plane's own. */
  noSchedule: 2,
  /** Host truth: powered off. */
  off: 4,
  /** spec.unschedulable (cordoned). */
  cordoned: 8,
  controlPlane: 16,
} as const;
/** A pod's state as kubectl would summarize it. */
export const POD_STATE = { ready: 0, notReady: 1, pending: 2, terminating: 3, finished: 4 } as const;
export const POD_STATE_NAMES = ['ready', 'notReady', 'pending', 'terminating', 'finished'] as const;
export type PodStateName = (typeof POD_STATE_NAMES)[number];

export interface ClusterOverview {
  now: number;
  changeCount: number;
  /** Zone names in order (`''`: nodes without a zone label). */
  zones: string[];
  /** The node lifecycle controller's state per zone (Initial, Normal, PartialDisruption, FullDisruption), when it has one. */
  zoneStates: (string | undefined)[];
  /** Machines by zone, then name. */
  names: string[];
  zone: Uint8Array;
  state: Uint8Array;
  flags: Uint8Array;
  /** Pods of machine i are podState[podStart[i] .. podStart[i + 1]). */
  podStart: Uint32Array;
  podState: Uint8Array;
  /** Pods bound to no machine (Pending, waiting for the scheduler), per zone of none: one count. */
  unscheduled: number;
}

/** A pod's overview code (POD_STATE) from its object. */
export function podStateCode(p: Pod): number {
  if (p.metadata.deletionTimestamp !== undefined) return POD_STATE.terminating;
  if (p.status.phase === 'Succeeded' || p.status.phase === 'Failed') return POD_STATE.finished;
  if (p.status.phase === 'Running') {
    const ready = p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
    return ready ? POD_STATE.ready : POD_STATE.notReady;
  }
  return POD_STATE.pending;
}

/** Names in natural order (c2 before c10), so a zone's tiles read in the order its nodes were numbered. */
function byName(a: { name: string }, b: { name: string }): number {
  const x = a.name.match(/\d+|\D+/g) ?? [];
  const y = b.name.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] as string;
    const q = y[i] as string;
    if (p === q) continue;
    const np = /^\d/.test(p);
    const nq = /^\d/.test(q);
    if (np && nq && Number(p) !== Number(q)) return Number(p) - Number(q);
    return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

/** The machines in the overview's order (by zone, then name), its zones, each machine's name, zone and place by name. */
export function machineTable(e: Engine): {
  zones: string[];
  hosts: Host[];
  names: string[];
  zone: Uint8Array;
  index: Map<string, number>;
} {
  const hosts = Object.values(e.state.hosts);
  const zones = [...new Set(hosts.map((h) => h.zone ?? ''))].sort();
  const zoneIndex = new Map(zones.map((z, i) => [z, i]));
  hosts.sort((a, b) => (zoneIndex.get(a.zone ?? '') ?? 0) - (zoneIndex.get(b.zone ?? '') ?? 0) || byName(a, b));
  const zone = new Uint8Array(hosts.length);
  const index = new Map<string, number>();
  hosts.forEach((h, i) => {
    index.set(h.name, i);
    zone[i] = zoneIndex.get(h.zone ?? '') ?? 0;
  });
  return { zones, hosts, names: hosts.map((h) => h.name), zone, index };
}

/** A node's state code (NODE_STATE) from its Ready condition's status; none: no Node object. */
export function nodeStateCode(ready: 'True' | 'False' | 'Unknown' | undefined, exists: boolean): number {
  if (!exists) return NODE_STATE.noNode;
  return ready === 'True' ? NODE_STATE.ready : ready === 'False' ? NODE_STATE.notReady : NODE_STATE.unknown;
}

/** A machine's flags that come from its host alone (NODE_FLAG.off, controlPlane). */
export function hostFlags(h: Pick<Host, 'power' | 'role'>): number {
  let f = 0;
  if (h.power !== 'on') f |= NODE_FLAG.off;
  if (h.role === 'control-plane') f |= NODE_FLAG.controlPlane;
  return f;
}

/** A Node's flags from its taints (NoExecute; NoSchedule but the control plane's own) and spec.unschedulable. */
export function taintFlags(taints: readonly { key: string; effect: string }[], unschedulable: boolean): number {
  let f = 0;
  for (const t of taints) {
    if (t.effect === 'NoExecute') f |= NODE_FLAG.noExecute;
    else if (t.effect === 'NoSchedule' && !t.key.startsWith('node-role.kubernetes.io/')) f |= NODE_FLAG.noSchedule;
  }
  if (unschedulable) f |= NODE_FLAG.cordoned;
  return f;
}

/** Each zone's state from the controller's zone states (keyed by zone key, see zoneLabel). */
export function zoneStatesOf(
  zones: readonly string[],
  states: Readonly<Record<string, string>>,
): (string | undefined)[] {
  return zones.map((z) => {
    for (const [key, st] of Object.entries(states)) {
      const label = zoneLabel(key);
      if (label.slice(label.indexOf('/') + 1) === z || (z === '' && key === '')) return st;
    }
    return undefined;
  });
}

/**
 * Packs pods into the overview's per-machine runs: `machine(j)` is the index of pod j's machine
 * (-1: none), `code(j)` its state code; within a machine the codes are sorted, so a tile's dots do
 * not shuffle. Two passes (count, then fill), no per-node arrays.
 */
export function packPods(
  machines: number,
  pods: number,
  machine: (j: number) => number,
  code: (j: number) => number,
): { podStart: Uint32Array; podState: Uint8Array } {
  const counts = new Uint32Array(machines + 1);
  const at = new Int32Array(pods);
  for (let j = 0; j < pods; j++) {
    const i = machine(j);
    at[j] = i;
    if (i >= 0) counts[i + 1] = (counts[i + 1] ?? 0) + 1;
  }
  const podStart = new Uint32Array(machines + 1);
  for (let i = 0; i < machines; i++) podStart[i + 1] = (podStart[i] ?? 0) + (counts[i + 1] ?? 0);
  const fill = podStart.slice(0, machines);
  const podState = new Uint8Array(podStart[machines] ?? 0);
  for (let j = 0; j < pods; j++) {
    const i = at[j] ?? -1;
    if (i < 0) continue;
    podState[fill[i] ?? 0] = code(j);
    fill[i] = (fill[i] ?? 0) + 1;
  }
  for (let i = 0; i < machines; i++) podState.subarray(podStart[i], podStart[i + 1]).sort();
  return { podStart, podState };
}

export function buildOverview(e: Engine): ClusterOverview {
  const { hosts, index, ...machines } = machineTable(e);
  const n = hosts.length;
  const state = new Uint8Array(n);
  const flags = new Uint8Array(n);
  hosts.forEach((h, i) => {
    const node = e.get('Node', h.name);
    state[i] = nodeStateCode(node?.status.conditions.find((c) => c.type === 'Ready')?.status, node !== undefined);
    flags[i] = hostFlags(h) | (node ? taintFlags(node.spec.taints ?? [], node.spec.unschedulable === true) : 0);
  });
  const pods = e.list('Pod');
  let unscheduled = 0;
  for (const p of pods) if (p && !p.spec.nodeName) unscheduled++;
  const packed = packPods(
    n,
    pods.length,
    (j) => {
      const name = pods[j]?.spec.nodeName;
      return name === undefined ? -1 : (index.get(name) ?? -1);
    },
    (j) => podStateCode(pods[j] as Pod),
  );
  const zoneStates = zoneStatesOf(machines.zones, e.state.controllers.zoneStates ?? {});
  return {
    now: e.now,
    changeCount: e.state.changeCount,
    zoneStates,
    ...machines,
    state,
    flags,
    ...packed,
    unscheduled,
  };
}

export interface ZoneSummary {
  zone: string;
  zoneState?: string;
  nodes: number;
  ready: number;
  notReady: number;
  /** Machines with no Node object (deleted, or not registered yet). */
  noNode: number;
  /** Nodes with a NoExecute taint (their pods are being evicted). */
  tainted: number;
  poweredOff: number;
  pods: Record<PodStateName, number>;
}

/** Per zone: nodes Ready, NotReady (False or Unknown), tainted NoExecute, and pods by state. */
export function summarizeOverview(o: ClusterOverview): ZoneSummary[] {
  const out: ZoneSummary[] = o.zones.map((zone, z) => {
    const s: ZoneSummary = {
      zone,
      nodes: 0,
      ready: 0,
      notReady: 0,
      noNode: 0,
      tainted: 0,
      poweredOff: 0,
      pods: { ready: 0, notReady: 0, pending: 0, terminating: 0, finished: 0 },
    };
    const zs = o.zoneStates[z];
    if (zs !== undefined) s.zoneState = zs;
    return s;
  });
  for (let i = 0; i < o.names.length; i++) {
    const s = out[o.zone[i] ?? 0];
    if (!s) continue;
    s.nodes++;
    const st = o.state[i];
    if (st === NODE_STATE.ready) s.ready++;
    else if (st === NODE_STATE.noNode) s.noNode++;
    else s.notReady++;
    const f = o.flags[i] ?? 0;
    if (f & NODE_FLAG.noExecute) s.tainted++;
    if (f & NODE_FLAG.off) s.poweredOff++;
    for (let k = o.podStart[i] ?? 0; k < (o.podStart[i + 1] ?? 0); k++) {
      const name = POD_STATE_NAMES[o.podState[k] ?? 0];
      if (name) s.pods[name]++;
    }
  }
  return out;
}
