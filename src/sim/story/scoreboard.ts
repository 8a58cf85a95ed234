/**
 * The recovery scoreboard: for every fault of a run (a chapter of kind `fault`: a kubelet or
 * runtime stopped, a node powered off or cut off), how long the cluster took to notice and to
 * recover, measured on the run's history (story/history.ts): detected (the node's Ready condition
 * left True), tainted (an unreachable or not-ready NoExecute taint), pods evicted (marked for
 * deletion, or ended by the kubelet's graceful node shutdown), the first
 * replacement scheduled and Running elsewhere, and the node Ready again. And for every workload,
 * how long it had fewer Ready replicas than desired.
 *
 * A measure belongs to a fault when it happens after it and before the next fault on the same
 * node; one that has not happened (yet) is absent. A fault on many nodes at one instant (a zone's
 * `network cut to 1666 nodes`) is one row: each step is the first among its nodes.
 */
import type { Chapter } from '../core/state';
import type { NodeRecord, PodRecord, RunHistory } from './history';

export interface FaultScore {
  at: number;
  label: string;
  /** The node, or `100 nodes` for a fault on many nodes at one instant (a zone's network cut). */
  node: string;
  /**
   * A fault on many nodes at one instant: how many. Each step is then the first among them (the
   * first node detected, the first tainted...), and the evicted pods are all of theirs.
   */
  nodes?: number;
  /** Times (ms since t=0) of each step of the recovery, absent when it did not happen. */
  detected?: number;
  tainted?: number;
  evicted?: number;
  evictedPods: number;
  replacementScheduled?: number;
  replacementRunning?: number;
  readyAgain?: number;
}

export interface WorkloadScore {
  /** `deploy/web`, `sts/db`, `ds/agent` (with `-n NS` outside default). */
  name: string;
  desired: number;
  /** Total time with fewer Ready replicas than desired, from t=0 to the end of the history. */
  below: number;
  /** The fewest Ready replicas seen. */
  lowest: number;
}

export interface Scoreboard {
  until: number;
  faults: FaultScore[];
  workloads: WorkloadScore[];
}

/** The steps of a fault's recovery, in order, with the words the app and the CLI use for them. */
export const SCORE_STEPS = [
  ['detected', 'detected (NotReady)'],
  ['tainted', 'tainted'],
  ['evicted', 'pods evicted'],
  ['replacementScheduled', 'replacement scheduled'],
  ['replacementRunning', 'replacement Running'],
  ['readyAgain', 'node Ready again'],
] as const satisfies readonly (readonly [keyof FaultScore, string])[];

export type ScoreStep = (typeof SCORE_STEPS)[number][0];

const NO_EXECUTE = ['node.kubernetes.io/unreachable:NoExecute', 'node.kubernetes.io/not-ready:NoExecute'];

const SHORT_KIND: Record<string, string> = { Deployment: 'deploy', StatefulSet: 'sts', DaemonSet: 'ds' };

/** The earliest of `times`, or undefined. */
function earliest(times: (number | undefined)[]): number | undefined {
  let out: number | undefined;
  for (const t of times) if (t !== undefined && (out === undefined || t < out)) out = t;
  return out;
}

function nodeSteps(n: NodeRecord, from: number, to: number) {
  const detected = n.ready.find(
    (r) => r.at >= from && r.at < to && (r.status === 'NotReady' || r.status === 'Unknown'),
  )?.at;
  const tainted = n.taints.find((t) => t.at >= from && t.at < to && t.taints.some((x) => NO_EXECUTE.includes(x)))?.at;
  const readyAgain =
    detected === undefined ? undefined : n.ready.find((r) => r.at > detected && r.at < to && r.status === 'Ready')?.at;
  return { detected, tainted, readyAgain };
}

/**
 * When a pod left its node: its deletion (an eviction, PodGC, a command), or its end by the kubelet's
 * node shutdown manager (Failed, reason Terminated: a disruption as an eviction is, with the same
 * DisruptionTarget condition, TerminationByKubelet; kubernetes pkg/kubelet/nodeshutdown killPods),
 * whichever came first.
 */
function leftAt(p: PodRecord): number | undefined {
  return earliest([p.deleting, p.shutdown]);
}

function podSteps(pods: readonly PodRecord[], nodes: ReadonlySet<string>, from: number, to: number) {
  const evicted = pods.filter((p) => {
    const at = leftAt(p);
    return p.node !== undefined && nodes.has(p.node) && at !== undefined && at >= from && at < to;
  });
  const replacements = pods.filter(
    (p) => p.replaces !== undefined && nodes.has(p.replaces.node) && p.created >= from && p.created < to,
  );
  return {
    evicted: earliest(evicted.map(leftAt)),
    evictedPods: evicted.length,
    replacementScheduled: earliest(replacements.map((p) => p.boundAt)),
    replacementRunning: earliest(replacements.map((p) => p.status.find((s) => s.status === 'Running')?.at)),
  };
}

/** The nodes a fault chapter is about: its node, or the nodes of a moment on many at once. */
function faultNodes(c: Chapter): string[] {
  return c.node !== undefined ? [c.node] : (c.nodes ?? []);
}

/**
 * The scoreboard of a run: its faults (from its chapters) measured on its history, to `until`
 * (default: the last change recorded; the app passes the furthest time reached).
 */
export function buildScoreboard(history: RunHistory, chapters: readonly Chapter[], until = history.until): Scoreboard {
  until = Math.max(0, until, history.until);
  const faults = chapters.filter((c) => c.kind === 'fault' && faultNodes(c).length > 0);
  const pods = [...history.pods.values()];
  const scores: FaultScore[] = faults.map((c, i) => {
    const nodes = new Set(faultNodes(c));
    // Measures end at the next fault on one of the same nodes.
    const next = faults.slice(i + 1).find((f) => faultNodes(f).some((n) => nodes.has(n)));
    const to = next ? next.at : Number.POSITIVE_INFINITY;
    const score: FaultScore = { at: c.at, label: c.label, node: c.node ?? `${nodes.size} nodes`, evictedPods: 0 };
    if (c.node === undefined) score.nodes = nodes.size;
    const node: Partial<Record<'detected' | 'tainted' | 'readyAgain', number>> = {};
    for (const name of nodes) {
      const n = history.nodes.get(name);
      if (!n) continue;
      for (const [k, v] of Object.entries(nodeSteps(n, c.at, to)) as [keyof typeof node, number | undefined][])
        node[k] = earliest([node[k], v]);
    }
    const steps = { ...node, ...podSteps(pods, nodes, c.at, to) };
    for (const [k, v] of Object.entries(steps))
      if (v !== undefined) (score as unknown as Record<string, number>)[k] = v;
    return score;
  });
  return { until, faults: scores, workloads: workloadScores(history, until) };
}

function workloadScores(history: RunHistory, until: number): WorkloadScore[] {
  const out: WorkloadScore[] = [];
  for (const w of history.workloads.values()) {
    const [kind, ns, name] = w.ref.split('/') as [string, string, string];
    if (ns === 'kube-system') continue;
    let below = 0;
    let lowest = Number.POSITIVE_INFINITY;
    let desired = 0;
    w.ready.forEach((r, i) => {
      const to = Math.min(until, w.ready[i + 1]?.at ?? until);
      const from = Math.max(0, r.at);
      if (r.ready < r.desired && to > from) below += to - from;
      if (r.at <= until) {
        lowest = Math.min(lowest, r.ready);
        desired = r.desired;
      }
    });
    if (desired === 0 && below === 0) continue;
    out.push({
      name: `${SHORT_KIND[kind] ?? kind}/${name}${ns === 'default' ? '' : ` -n ${ns}`}`,
      desired,
      below,
      lowest: Number.isFinite(lowest) ? lowest : 0,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** A measured span to a tenth of a second: `49.3s`, `5m0.1s`, `1h2m3s`. */
export function formatSpan(ms: number): string {
  const tenths = Math.round(ms / 100);
  const h = Math.floor(tenths / 36_000);
  const m = Math.floor((tenths % 36_000) / 600);
  const s = (tenths % 600) / 10;
  const sec = Number.isInteger(s) ? `${s}s` : `${s.toFixed(1)}s`;
  if (h) return `${h}h${m}m${Math.round(s)}s`;
  if (m) return s ? `${m}m${sec}` : `${m}m`;
  return sec;
}

/** A step's time after its fault, as the scoreboard prints it (`+49.3s`), or `-` when it did not happen. */
export function stepAfter(f: FaultScore, step: ScoreStep): string {
  const t = f[step];
  return t === undefined ? '-' : `+${formatSpan(t - f.at)}`;
}

/**
 * What differs between two scoreboards of the same run under different settings, in words:
 * `node2: detected (NotReady) +39.3s vs +49.3s (10s sooner in B)`. Faults pair up in order.
 */
export function scoreboardDifferences(a: Scoreboard, b: Scoreboard, names = { a: 'A', b: 'B' }): string[] {
  const out: string[] = [];
  a.faults.forEach((fa, i) => {
    const fb = b.faults[i];
    if (!fb) return;
    for (const [step, words] of SCORE_STEPS) {
      const ta = fa[step];
      const tb = fb[step];
      if (ta === undefined && tb === undefined) continue;
      const da = ta === undefined ? undefined : ta - fa.at;
      const db = tb === undefined ? undefined : tb - fb.at;
      if (da === db) continue;
      let tail: string;
      if (da === undefined) tail = `only in ${names.b}`;
      else if (db === undefined) tail = `only in ${names.a}`;
      else tail = `${formatSpan(Math.abs(da - db))} ${da < db ? 'sooner' : 'later'} in ${names.a}`;
      out.push(`${fa.label}: ${words} ${stepAfter(fa, step)} vs ${stepAfter(fb, step)} (${tail})`);
    }
  });
  for (const wa of a.workloads) {
    const wb = b.workloads.find((w) => w.name === wa.name);
    if (wb && wb.below !== wa.below)
      out.push(`${wa.name}: fewer Ready replicas than desired for ${formatSpan(wa.below)} vs ${formatSpan(wb.below)}`);
  }
  return out;
}
