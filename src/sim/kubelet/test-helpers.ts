/**
 * Test helpers for the kubelet/host tests: a small hand-made scenario and pod factory.
 * (Not imported by engine code.)
 */
import type { Pod } from '../api/types';
import type { Engine } from '../core/engine';
import type { ProfileName } from '../scenario/profiles';
import type { Scenario, ScenarioStaticPod } from '../scenario/types';
import { Simulation } from '../simulation';

export function scenario(profile: ProfileName = 'v1.33', staticPods: ScenarioStaticPod[] = [], seed = 7): Scenario {
  return {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: 'test', title: 'test' },
    spec: {
      profile,
      seed,
      settings: {},
      nodes: [
        { name: 'control-plane', roles: ['control-plane'] },
        { name: 'node1', roles: [] },
        { name: 'node2', roles: [] },
      ],
      objects: [],
      staticPods,
      timeline: [],
      lesson: [],
      duration: 600_000,
      // A bare cluster: these tests count the containers of a host and pin kubelet timings.
      addons: { kubeProxy: false, cni: false, coreDNS: false },
    },
  };
}

export function sim(profile: ProfileName = 'v1.33', staticPods: ScenarioStaticPod[] = []): Simulation {
  return new Simulation(scenario(profile, staticPods));
}

/** Put a pod bound to `node` directly (the scheduler may be a stub). */
export function putPod(e: Engine, name: string, node: string, image = 'nginx:1.27'): Pod {
  const pod: Pod = {
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      uid: e.uid(),
      resourceVersion: 0,
      creationTimestamp: e.now,
      labels: { app: name },
      annotations: {},
      ownerReferences: [],
    },
    spec: {
      nodeName: node,
      containers: [{ name: 'nginx', image }],
      tolerations: [],
      terminationGracePeriodSeconds: 30,
    },
    status: { phase: 'Pending', conditions: [], containerStatuses: [] },
  };
  const c = e.cause({ actor: 'test', what: `create pod ${name}` });
  e.put(pod, 'created', c);
  return pod;
}

export function nodeEvents(e: Engine, node: string): string[] {
  return e
    .list('Event')
    .filter((ev) => ev.involvedObject.kind === 'Node' && ev.involvedObject.name === node)
    .sort((a, b) => a.firstTimestamp - b.firstTimestamp || a.metadata.resourceVersion - b.metadata.resourceVersion)
    .map((ev) => `${ev.type} ${ev.reason} x${ev.count} ${ev.source.component}: ${ev.message}`);
}

export function podEvents(e: Engine, name: string): string[] {
  return e
    .list('Event')
    .filter((ev) => ev.involvedObject.kind === 'Pod' && ev.involvedObject.name === name)
    .sort((a, b) => a.firstTimestamp - b.firstTimestamp || a.metadata.resourceVersion - b.metadata.resourceVersion)
    .map((ev) => `${ev.type} ${ev.reason} x${ev.count}: ${ev.message}`);
}
