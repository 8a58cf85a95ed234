/**
 * Test helpers for the node-lifecycle / taint-eviction / podgc / control-plane tests: a small
 * hand-made scenario and a few queries over the engine. Test-only (not imported by the engine).
 */
import type { KubeEvent, Node, Pod } from '../core/api-types';
import type { ProfileName } from '../core/profiles';
import type { Scenario, ScenarioNode } from '../core/scenario-types';
import { Simulation } from '../simulation';

export interface KitOptions {
  profile?: ProfileName;
  workers?: number;
  replicas?: number;
  seed?: number;
  nodes?: ScenarioNode[];
}

/** A control plane `cp`, workers node1..N and a Deployment `web`. */
export function kitScenario(o: KitOptions = {}): Scenario {
  const workers = o.workers ?? 2;
  const nodes: ScenarioNode[] = o.nodes ?? [
    { name: 'cp', roles: ['control-plane'] },
    ...Array.from({ length: workers }, (_, i) => ({ name: `node${i + 1}`, roles: [] as string[] })),
  ];
  return {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: 'h3-kit', title: 'H3 test kit' },
    spec: {
      profile: o.profile ?? 'v1.33',
      seed: o.seed ?? 7,
      settings: {},
      nodes,
      objects: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: {
            replicas: o.replicas ?? 4,
            selector: { matchLabels: { app: 'web' } },
            template: {
              metadata: { labels: { app: 'web' } },
              spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
            },
          },
        },
      ],
      staticPods: [],
      timeline: [],
      lesson: [],
      duration: 600_000,
    },
  };
}

export function kitSim(o: KitOptions = {}): Simulation {
  return new Simulation(kitScenario(o));
}

export function run(sim: Simulation, line: string): void {
  const r = sim.run(line);
  if (!r.ok) throw new Error(`command refused: ${line}: ${r.output}`);
}

export function node(sim: Simulation, name: string): Node {
  const n = sim.engine.get('Node', name);
  if (!n) throw new Error(`no node ${name}`);
  return n;
}

export function cond(n: Node, type: Node['status']['conditions'][number]['type']) {
  return n.status.conditions.find((c) => c.type === type);
}

/** Advance in steps until `pred` holds; returns the time it first held (or undefined by `limit`). */
export function advanceUntil(sim: Simulation, pred: () => boolean, limit: number, step = 100): number | undefined {
  while (sim.now < limit) {
    if (pred()) return sim.now;
    sim.advanceTo(Math.min(limit, sim.now + step));
  }
  return pred() ? sim.now : undefined;
}

/** Events, optionally filtered by reason and involved object name. */
export function events(sim: Simulation, reason?: string, name?: string): KubeEvent[] {
  return sim.engine
    .list('Event')
    .filter((ev) => (!reason || ev.reason === reason) && (!name || ev.involvedObject.name === name))
    .sort((a, b) => a.firstTimestamp - b.firstTimestamp);
}

/** Non-mirror, non-DaemonSet pods on a node. */
export function workloadPodsOn(sim: Simulation, nodeName: string): Pod[] {
  return sim.engine
    .podsOnNode(nodeName)
    .filter(
      (p) =>
        p.metadata.annotations['kubernetes.io/config.mirror'] === undefined &&
        !p.metadata.ownerReferences.some((r) => r.kind === 'DaemonSet' || r.kind === 'Node'),
    );
}

export function taintKeys(n: Node): string[] {
  return n.spec.taints.map((t) => `${t.key}:${t.effect}`).sort();
}
