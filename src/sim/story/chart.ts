/**
 * The space-time chart's data, built from a run's history (story/history.ts): time left to right,
 * a lane per node (its Ready condition as bands, Lease renewals as ticks, taints as bars, the grace
 * period as a bracket) and, under it, a lane per pod that ran there (kubectl's STATUS as bands,
 * host truth, the toleration before an eviction as a bracket, where a replacement came from).
 * Clusters of more than 24 nodes fold into one lane per zone with counts over time. Plain data,
 * small enough to post to the page.
 */
import { formatSimTime } from '../core/duration';
import type { NodeRecord, PodRecord, RunHistory } from './history';

export interface Band {
  from: number;
  to: number;
  label: string;
}

export interface Bracket {
  from: number;
  to: number;
  /** The constant that decided it, e.g. `nodeMonitorGracePeriod 50s`. */
  label: string;
}

export interface ChartPod {
  uid: string;
  name: string;
  namespace: string;
  /** kubectl's STATUS over time; absent after the object is gone. */
  status: Band[];
  /** When a container of the pod really ran on its node. */
  host: { from: number; to: number }[];
  toleration?: Bracket;
  /** The evicted or deleted pod this one replaces, and the node it was on. */
  replaces?: { pod: string; node: string };
  gone?: number;
}

export interface ChartNode {
  name: string;
  zone: string;
  role: 'control-plane' | 'worker';
  ready: Band[];
  taints: Band[];
  leases: number[];
  grace: Bracket[];
  pods: ChartPod[];
}

/** A zone of a big cluster: how many of its nodes were Ready, and its pods Running, over time. */
export interface ChartZone {
  zone: string;
  nodes: number;
  samples: { at: number; ready: number; notReady: number; running: number; terminating: number }[];
}

export interface ChartData {
  /** The time axis: 0 to `end`. */
  end: number;
  /** The record reaches this far (later is unknown in this future). */
  until: number;
  folded: boolean;
  nodes: ChartNode[];
  zones: ChartZone[];
}

export interface ChartOptions {
  end: number;
  /** node-monitor-grace-period in force (ms), for the grace brackets. */
  grace: number;
  /** Fold into zones above this many nodes. */
  foldAbove?: number;
  /** Sampling step of zone lanes (ms). */
  zoneStep?: number;
  /** Draw to here at least (the furthest time reached: nothing changed since the last record). */
  until?: number;
}

/** Bands from change points: each lasts until the next one, the last until `until`. */
function bands<T extends { at: number }>(list: readonly T[], until: number, label: (x: T) => string): Band[] {
  const out: Band[] = [];
  list.forEach((x, i) => {
    const next = list[i + 1];
    const to = next ? next.at : until;
    if (to > x.at || !next) out.push({ from: x.at, to: Math.max(x.at, to), label: label(x) });
  });
  return out;
}

const short = (t: string) => t.replace(/^node\.kubernetes\.io\//, '').replace(/^node-role\.kubernetes\.io\//, '');

/** NoExecute and NoSchedule taints as bars, one per taint key:effect and stretch of time. */
function taintBars(n: NodeRecord, until: number): Band[] {
  const open = new Map<string, number>();
  const out: Band[] = [];
  for (const entry of n.taints) {
    const now = new Set(entry.taints);
    for (const [t, from] of open)
      if (!now.has(t)) {
        out.push({ from, to: entry.at, label: short(t) });
        open.delete(t);
      }
    for (const t of now) if (!open.has(t)) open.set(t, entry.at);
  }
  for (const [t, from] of open) out.push({ from, to: until, label: short(t) });
  return out.sort((a, b) => a.from - b.from || a.label.localeCompare(b.label));
}

/** From the last heartbeat to the node going Unknown: the grace period the controller waited. */
function graceBrackets(n: NodeRecord, grace: number): Bracket[] {
  const out: Bracket[] = [];
  n.ready.forEach((r, i) => {
    if (r.status !== 'Unknown' || n.ready[i - 1]?.status !== 'Ready') return;
    let last: number | undefined;
    for (const l of n.leases) if (l <= r.at) last = l;
    const from = last !== undefined && r.at - last <= grace * 2 ? last : r.at - grace;
    out.push({ from, to: r.at, label: `nodeMonitorGracePeriod ${formatSimTime(grace)}` });
  });
  return out;
}

/** A pod deleted as its NoExecute toleration ran out: from the taint to the deletion. */
function tolerationBracket(p: PodRecord, n: NodeRecord | undefined): Bracket | undefined {
  if (p.deleting === undefined || p.tolerationSeconds === undefined || !n) return undefined;
  let taintAt: number | undefined;
  for (const t of n.taints)
    if (t.at <= p.deleting && t.taints.some((x) => x.endsWith(':NoExecute'))) {
      if (taintAt === undefined) taintAt = t.at;
    } else if (t.at <= p.deleting) taintAt = undefined;
  if (taintAt === undefined) return undefined;
  const expected = taintAt + p.tolerationSeconds * 1000;
  // Deleted about when the toleration ran out: that is the taint-eviction controller's doing.
  if (Math.abs(p.deleting - expected) > 10_000) return undefined;
  return { from: taintAt, to: p.deleting, label: `tolerationSeconds ${p.tolerationSeconds}` };
}

function chartPod(p: PodRecord, until: number, n: NodeRecord | undefined): ChartPod {
  const end = p.gone ?? until;
  const host: { from: number; to: number }[] = [];
  p.host.forEach((h, i) => {
    if (!h.running) return;
    const next = p.host[i + 1];
    host.push({ from: h.at, to: next ? next.at : until });
  });
  const out: ChartPod = {
    uid: p.uid,
    name: p.name,
    namespace: p.namespace,
    status: bands(p.status, end, (x) => x.status),
    host,
  };
  const tol = tolerationBracket(p, n);
  if (tol) out.toleration = tol;
  if (p.replaces) out.replaces = p.replaces;
  if (p.gone !== undefined) out.gone = p.gone;
  return out;
}

function zoneLanes(record: RunHistory, until: number, step: number): ChartZone[] {
  const zones = new Map<string, NodeRecord[]>();
  for (const n of record.nodes.values()) {
    // A control plane in a zone counts there, as in the node lifecycle controller's zone states
    // and the overview; one without a zone would be a lane of its own and is left out.
    if (n.role === 'control-plane' && !n.zone) continue;
    const list = zones.get(n.zone) ?? [];
    list.push(n);
    zones.set(n.zone, list);
  }
  const times: number[] = [];
  for (let t = 0; t <= until; t += step) times.push(t);
  // Each list is walked once along the sample times (both are in time order).
  const eachSample = <T extends { at: number }>(list: readonly T[], f: (x: T | undefined, i: number) => void) => {
    let j = -1;
    times.forEach((t, i) => {
      while (j + 1 < list.length && (list[j + 1] as T).at <= t) j++;
      f(j >= 0 ? list[j] : undefined, i);
    });
  };
  const out: ChartZone[] = [];
  for (const [zone, nodes] of [...zones].sort(([a], [b]) => a.localeCompare(b))) {
    const names = new Set(nodes.map((n) => n.name));
    const ready = new Array<number>(times.length).fill(0);
    const running = new Array<number>(times.length).fill(0);
    const terminating = new Array<number>(times.length).fill(0);
    for (const n of nodes)
      eachSample(n.ready, (x, i) => {
        if (x?.status === 'Ready') ready[i] = (ready[i] as number) + 1;
      });
    for (const p of record.pods.values()) {
      if (p.node === undefined || !names.has(p.node)) continue;
      eachSample(p.status, (x, i) => {
        const t = times[i] as number;
        if (!x || p.created > t || (p.gone !== undefined && p.gone <= t)) return;
        if (x.status === 'Terminating') terminating[i] = (terminating[i] as number) + 1;
        else if (x.status === 'Running') running[i] = (running[i] as number) + 1;
      });
    }
    const samples = times.map((at, i) => ({
      at,
      ready: ready[i] as number,
      notReady: nodes.length - (ready[i] as number),
      running: running[i] as number,
      terminating: terminating[i] as number,
    }));
    out.push({ zone: zone || '(no zone)', nodes: nodes.length, samples });
  }
  return out;
}

/** The chart of a run's record, up to the furthest time it reached. */
export function buildChart(record: RunHistory, o: ChartOptions): ChartData {
  const until = Math.max(0, record.until, o.until ?? 0);
  const end = Math.max(o.end, until);
  const folded = record.nodes.size > (o.foldAbove ?? 24);
  if (folded)
    return {
      end,
      until,
      folded,
      nodes: [],
      zones: zoneLanes(record, until, o.zoneStep ?? Math.max(10_000, end / 300)),
    };
  const byNode = new Map<string, PodRecord[]>();
  for (const p of record.pods.values()) {
    if (p.node === undefined || p.namespace === 'kube-system') continue;
    const list = byNode.get(p.node) ?? [];
    list.push(p);
    byNode.set(p.node, list);
  }
  const nodes = [...record.nodes.values()]
    .sort((a, b) => (a.role === b.role ? a.name.localeCompare(b.name) : a.role === 'control-plane' ? -1 : 1))
    .map((n) => ({
      name: n.name,
      zone: n.zone,
      role: n.role,
      ready: bands(n.ready, until, (x) => x.status),
      taints: taintBars(n, until),
      leases: [...n.leases],
      grace: graceBrackets(n, o.grace),
      pods: (byNode.get(n.name) ?? [])
        .sort((a, b) => a.created - b.created || a.name.localeCompare(b.name))
        .map((p) => chartPod(p, until, n)),
    }));
  return { end, until, folded, nodes, zones: [] };
}
