/**
 * What the simulation predicts, as checks a real cluster can answer. The scenario runs in the
 * engine to its end; each chapter that is not a command (commands are the steps themselves)
 * becomes a check with the simulated time as its expectation: a node NotReady with its Ready
 * condition Unknown or False, NoExecute taints added and removed, pods marked for deletion,
 * replacements Ready, pods removed by PodGC, a Node gone or registered again.
 *
 * A check follows the timeline entry before it (it starts when that step ran), and holds when
 * the real cluster first shows it: the script compares that time with the prediction.
 */
import { type Chapter, type ClusterView, createSimulation, type PodView, type Scenario } from '../sim/index';
import { type Refusals, refusalsOf } from './accepted';
import { scenarioWorkloads, type Workload, workloadOfOwner } from './workloads';

export type ReadyStatus = 'True' | 'False' | 'Unknown';

export type Probe =
  | { kind: 'node-ready'; node: string; status: ReadyStatus }
  | { kind: 'node-taints'; node: string; taints: string[]; present: boolean }
  | { kind: 'node-exists'; node: string; exists: boolean }
  | { kind: 'pods-terminating'; node: string; atLeast: number }
  | { kind: 'pods-on-node'; node: string; atMost: number }
  /** Ready pods of a workload created since timeline entry `since` started: replacements. */
  | { kind: 'new-ready-pods'; workload: Workload; atLeast: number; since: number };

export interface Check {
  /** Index of the timeline entry it follows; -1 when it comes before the first. */
  step: number;
  /** Predicted simulated time (ms since t=0). */
  at: number;
  /** How far from `at` the real cluster may be and still agree (ms). */
  tolerance: number;
  /** What is predicted, in words (`node2 NotReady (Ready=Unknown)`). */
  label: string;
  /** Who does it, by which rule and constant, as the simulation says. */
  why?: string;
  probe: Probe;
}

export interface Prediction {
  checks: Check[];
  /** The pods just before each timeline entry ran (commands naming a generated pod need its owner). */
  podsBefore: PodView[][];
  /** Chapters the checks came from, and those no check stands for (listed, not checked). */
  unchecked: Chapter[];
  /** The simulated end of the run (`spec.duration`). */
  end: number;
  /** Timeline commands the simulation refused (not exported), with its reason. */
  refused: Refusals;
}

/**
 * How far a real cluster may drift, by kind of moment (ms). The Lease is renewed every 10s and the
 * node-lifecycle controller looks every 5s (k8s-behavior.md section 11: Unknown at 40-60s for a
 * 50s grace); replacements wait for the scheduler, a sandbox and maybe an image pull.
 */
const TOLERANCE = {
  detect: 20_000,
  taint: 20_000,
  evict: 30_000,
  replace: 45_000,
  recover: 30_000,
  delete: 30_000,
} as const;

const userPods = (v: ClusterView, node: string) =>
  v.pods.filter((p) => p.inApi && p.node === node && p.namespace !== 'kube-system');

/** userPods(v, node) that are terminating, counted for every node in one pass over the pods. */
function terminatingByNode(v: ClusterView): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of v.pods)
    if (p.inApi && p.terminating && p.node !== undefined && p.namespace !== 'kube-system')
      out.set(p.node, (out.get(p.node) ?? 0) + 1);
  return out;
}

const noExecute = (taints: readonly string[]) =>
  taints.filter((t) => t.endsWith(':NoExecute') && t.startsWith('node.kubernetes.io/'));

function why(c: Chapter): string | undefined {
  if (!c.actor) return undefined;
  return `${c.actor}${c.rule ? `: ${c.rule}` : ''}${c.constant ? ` (${c.constant})` : ''}`;
}

/** The checks a chapter stands for, given the views just before and at its moment. */
function checksOf(
  c: Chapter,
  before: ClusterView,
  after: ClusterView,
  createdSince: (pod: PodView) => number,
  workloads: readonly Workload[],
): Omit<Check, 'step' | 'at' | 'why'>[] {
  const node = c.node ?? '';
  const nodeAfter = after.nodes.find((n) => n.name === node);
  const nodeBefore = before.nodes.find((n) => n.name === node);
  switch (c.kind) {
    case 'detect': {
      const status = (nodeAfter?.conditions.find((x) => x.type === 'Ready')?.status ?? 'False') as ReadyStatus;
      const probe = { kind: 'node-ready', node, status } as const;
      return [{ label: `${node} NotReady (Ready=${status})`, tolerance: TOLERANCE.detect, probe }];
    }
    case 'taint': {
      const added = noExecute(nodeAfter?.taints ?? []).filter((t) => !nodeBefore?.taints.includes(t));
      if (!added.length) return [];
      const probe = { kind: 'node-taints', node, taints: added, present: true } as const;
      return [{ label: `${node} tainted ${added.join(', ')}`, tolerance: TOLERANCE.taint, probe }];
    }
    case 'evict': {
      const out: Omit<Check, 'step' | 'at' | 'why'>[] = [];
      const terminatingBefore = terminatingByNode(before);
      const terminatingAfter = terminatingByNode(after);
      for (const n of after.nodes) {
        const count = terminatingAfter.get(n.name) ?? 0;
        if (count <= (terminatingBefore.get(n.name) ?? 0)) continue;
        const probe = { kind: 'pods-terminating', node: n.name, atLeast: count } as const;
        const label = `${count} pod${count === 1 ? '' : 's'} on ${n.name} marked for deletion (Terminating)`;
        out.push({ label, tolerance: TOLERANCE.evict, probe });
      }
      return out;
    }
    case 'replace': {
      const readyBefore = new Set(before.pods.filter((p) => p.apiReady).map((p) => p.key));
      const found = new Map<Workload, number>();
      for (const p of after.pods) {
        if (!p.apiReady || readyBefore.has(p.key)) continue;
        const w = workloadOfOwner(workloads, p.namespace, p.owner);
        const since = createdSince(p);
        if (w && since >= 0) found.set(w, Math.min(since, found.get(w) ?? since));
      }
      // Every pod of the workload Ready now and created since that step: what the real probe counts.
      return [...found].map(([w, since]) => {
        const atLeast = after.pods.filter(
          (p) => p.apiReady && createdSince(p) >= since && workloadOfOwner(workloads, p.namespace, p.owner) === w,
        ).length;
        const what = `${w.kind === 'Deployment' ? 'deploy' : w.kind === 'StatefulSet' ? 'sts' : 'ds'}/${w.name}`;
        const label = `${atLeast} new pod${atLeast === 1 ? '' : 's'} of ${what} Ready (${c.label})`;
        const probe = { kind: 'new-ready-pods', workload: w, atLeast, since } as const;
        return { label, tolerance: TOLERANCE.replace, probe };
      });
    }
    case 'recover': {
      if (c.label === `${node} Ready`) {
        const probe = { kind: 'node-ready', node, status: 'True' } as const;
        return [{ label: `${node} Ready`, tolerance: TOLERANCE.recover, probe }];
      }
      if (c.label === `${node} registered`) {
        const probe = { kind: 'node-exists', node, exists: true } as const;
        return [{ label: `${node} registered again`, tolerance: TOLERANCE.recover, probe }];
      }
      if (c.label === `${node} untainted`) {
        const gone = noExecute(nodeBefore?.taints ?? []).filter((t) => !nodeAfter?.taints.includes(t));
        if (!gone.length) return [];
        const probe = { kind: 'node-taints', node, taints: gone, present: false } as const;
        return [{ label: `${node} untainted (${gone.join(', ')} removed)`, tolerance: TOLERANCE.recover, probe }];
      }
      return [];
    }
    case 'delete': {
      if (c.ref?.startsWith('Node/')) {
        const probe = { kind: 'node-exists', node, exists: false } as const;
        return [{ label: `Node ${node} gone`, tolerance: TOLERANCE.delete, probe }];
      }
      if (c.ref?.startsWith('Pod/')) {
        const atMost = userPods(after, node).length;
        const probe = { kind: 'pods-on-node', node, atMost } as const;
        return [{ label: `${c.label}: ${atMost} pod(s) left on ${node}`, tolerance: TOLERANCE.delete, probe }];
      }
      return [];
    }
    default:
      return [];
  }
}

/** A chapter about many nodes as the chapters of each (`89 nodes NotReady` -> `c1 NotReady`, …). */
function perNode(c: Chapter): Chapter[] {
  const nodes = c.nodes;
  if (!nodes?.length) return [c];
  const many = `${nodes.length} nodes`;
  return nodes.map((node) => {
    const { nodes: _n, ...one } = c;
    return { ...one, node, ref: `Node/${node}`, label: c.label.replace(many, node) };
  });
}

/** Runs the scenario to its end (or `until`) and turns its chapters into checks. */
export function predict(scenario: Scenario, until = scenario.spec.duration): Prediction {
  const timeline = scenario.spec.timeline;
  const { chapters, refused } = (() => {
    const sim = createSimulation(scenario);
    sim.advanceTo(until);
    return { chapters: sim.chapters().filter((c) => c.at <= until), refused: refusalsOf(sim, timeline) };
  })();
  // Commands are the steps; the rest are what the cluster did about them. A moment on many nodes
  // at one instant (`89 nodes NotReady`) is checked node by node, as its one-node chapters read.
  const moments = chapters.filter((c) => c.by === undefined).flatMap((c) => perNode(c));
  const times = new Set<number>();
  for (const t of timeline) times.add(t.at - 1);
  for (const c of moments) {
    times.add(c.at - 1);
    times.add(c.at);
  }
  // A second run, stopping at each moment: views before and after it (the run is the same run).
  const sim = createSimulation(scenario);
  const views = new Map<number, { view: ClusterView; uids: Map<string, string> }>();
  for (const t of [...times].sort((a, b) => a - b)) {
    if (t > until) break;
    sim.advanceTo(Math.max(t, sim.now));
    const view = sim.view();
    views.set(t, { view, uids: podUids(sim, view) });
  }
  const lastView = sim.view();
  const last = { view: lastView, uids: podUids(sim, lastView) };
  const at = (t: number) => views.get(t) ?? last;
  const podsBefore = timeline.map((t) => at(t.at - 1).view.pods);
  // For each pod uid, the first step before which it exists.
  const firstBefore = new Map<string, number>();
  timeline.forEach((t, i) => {
    for (const uid of at(t.at - 1).uids.values()) if (!firstBefore.has(uid)) firstBefore.set(uid, i);
  });
  const workloads = scenarioWorkloads(scenario);
  const checks: Check[] = [];
  const unchecked: Chapter[] = [];
  for (const c of moments) {
    // The last step at or before the moment: it ran first, at the same instant too.
    let step = -1;
    for (let i = 0; i < timeline.length && (timeline[i]?.at ?? Infinity) <= c.at; i++) step = i;
    const now = at(c.at);
    /**
     * The step since which a pod exists: it is missing just before that step and there from the
     * next one on (or it came after the last step). -1: it was there before the first step.
     */
    const createdSince = (p: PodView): number => {
      const uid = now.uids.get(p.key);
      if (uid === undefined) return -1;
      const first = firstBefore.get(uid);
      return first !== undefined && first <= step ? first - 1 : step;
    };
    const found = checksOf(c, at(c.at - 1).view, now.view, createdSince, workloads).filter(
      (f) => !('atLeast' in f.probe) || f.probe.atLeast > 0,
    );
    if (!found.length) unchecked.push(c);
    const reason = why(c);
    for (const f of found) checks.push({ ...f, step, at: c.at, ...(reason ? { why: reason } : {}) });
  }
  return { checks, podsBefore, unchecked, end: until, refused };
}

/**
 * `namespace/name` -> uid of every pod `kubectl get pods -A` would list (the view has no uids):
 * none while the API is down, when kubectl answers with an error. Read from the pod objects, not
 * from `kubectl get pods -A -o json`, whose text costs seconds over the hundreds of moments of a
 * big cluster (a 300-node zone outage).
 */
function podUids(sim: ReturnType<typeof createSimulation>, view: ClusterView): Map<string, string> {
  const out = new Map<string, string>();
  if (view.controlPlane?.apiAvailable !== true) return out;
  for (const p of sim.engine.list('Pod')) out.set(`${p.metadata.namespace}/${p.metadata.name}`, p.metadata.uid);
  return out;
}
