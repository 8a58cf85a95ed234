/**
 * Test helpers for cloud scenarios: a cluster of one control plane and node groups, run through
 * the scenario validator (so defaults are the ones a scenario file gets).
 */
import type { KubeEvent } from '../core/api-types';
import type { Manifest, Scenario } from '../core/scenario-types';
import { validateScenario } from '../scenario/validate';
import { Simulation } from '../simulation';

export interface CloudKit {
  /** Node groups: name -> [nodes now, min, max] (zone `zone-a` unless `zones` says otherwise). */
  groups: Record<string, [number, number, number]>;
  zones?: Record<string, string>;
  objects?: Manifest[];
  settings?: Record<string, string | number>;
  timeline?: { at: string; run: string }[];
  autoscaler?: boolean;
  /** Group fields beyond the basics (cpu, memory, bootTime...). */
  groupFields?: Record<string, Record<string, unknown>>;
  seed?: number;
}

export function cloudScenario(k: CloudKit): Scenario {
  const nodes: Record<string, unknown>[] = [{ name: 'control-plane', roles: ['control-plane'] }];
  const nodeGroups: Record<string, unknown>[] = [];
  for (const [name, [count, min, max]] of Object.entries(k.groups)) {
    nodeGroups.push({ name, min, max, zone: k.zones?.[name] ?? 'zone-a', ...(k.groupFields?.[name] ?? {}) });
    for (let i = 1; i <= count; i++) nodes.push({ name: `${name}-${i}`, group: name });
  }
  const doc = {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: 'cloud-test', title: 'cloud test' },
    spec: {
      seed: k.seed ?? 1,
      settings: k.settings ?? {},
      nodes,
      cloud: { nodeGroups, ...(k.autoscaler === false ? { autoscaler: false } : {}) },
      objects: k.objects ?? [],
      timeline: k.timeline ?? [],
    },
  };
  const r = validateScenario(doc);
  if (!r.ok) throw new Error(r.raw.map((x) => `${x.keys.join('.')}: ${x.message}`).join('\n'));
  return r.scenario;
}

export function cloudSim(k: CloudKit): Simulation {
  return new Simulation(cloudScenario(k));
}

/** A Deployment of `replicas` pods requesting `cpu` each (e.g. `1500m`). */
export function deployment(
  name: string,
  replicas: number,
  cpu?: string,
  extra: Record<string, unknown> = {},
): Manifest {
  const resources = cpu ? { requests: { cpu } } : undefined;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'main', image: 'nginx:1.27', ...(resources ? { resources } : {}) }], ...extra },
      },
    },
  };
}

/** Events with `reason` (on an object whose name starts with `name`, when given), oldest first. */
export function eventsOf(sim: Simulation, reason: string, name?: string): KubeEvent[] {
  return sim.engine
    .list('Event')
    .filter((ev) => ev.reason === reason && (name === undefined || ev.involvedObject.name.startsWith(name)))
    .sort((a, b) => a.firstTimestamp - b.firstTimestamp);
}

/** Advance in steps until `pred` holds; the time it first held, or undefined by `limit`. */
export function advanceUntil(sim: Simulation, pred: () => boolean, limit: number, step = 1000): number | undefined {
  while (sim.now < limit) {
    if (pred()) return sim.now;
    sim.advanceTo(Math.min(limit, sim.now + step));
  }
  return pred() ? sim.now : undefined;
}
