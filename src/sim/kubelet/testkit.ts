/**
 * Test helpers for the kubelet/host tests: a small hand-made scenario and pod factory.
 * (Not imported by engine code.)
 */
import type { Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { ProfileName } from '../core/profiles';
import type { Scenario, ScenarioStaticPod } from '../core/scenario-types';
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

/** The test scenario with `objects` applied at boot (manifests as in a scenario file). */
export function simWith(
  objects: Record<string, unknown>[],
  profile: ProfileName = 'v1.33',
  staticPods: ScenarioStaticPod[] = [],
): Simulation {
  const sc = scenario(profile, staticPods);
  sc.spec.objects = objects as Scenario['spec']['objects'];
  return new Simulation(sc);
}

/** A Deployment manifest whose pods run `container` (name, image, probes...), pinned to `node` if given. */
export function deployment(name: string, replicas: number, container: Record<string, unknown>, node?: string) {
  const spec: Record<string, unknown> = { containers: [container] };
  if (node) spec.nodeSelector = { 'kubernetes.io/hostname': node };
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name }, spec: { replicas, template: { spec } } };
}

/** The API pods whose name starts with `prefix`, on `node` if given, by name. */
export function podsNamed(e: Engine, prefix: string, node?: string): Pod[] {
  return e
    .list('Pod')
    .filter((p) => p.metadata.name.startsWith(prefix) && (node === undefined || p.spec.nodeName === node))
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
}

/** Running containers of pod `uid` on host `node`. */
export function runningOn(e: Engine, node: string, uid: string): number {
  return Object.values(e.state.hosts[node]?.containers ?? {}).filter((c) => c.podUid === uid && c.state === 'running')
    .length;
}

/** `kubectl apply` a manifest now (as JSON), for tests that watch a pod from its start. */
export function applyNow(s: Simulation, manifest: Record<string, unknown>): void {
  const r = s.run(`kubectl apply -f -\n${JSON.stringify(manifest)}`);
  if (!r.ok) throw new Error(r.output);
}

/** A static pod manifest of one nginx container (`/etc/kubernetes/manifests/<name>.yaml` on `node`). */
export function staticNginx(node: string, name = 'nginx'): ScenarioStaticPod {
  return {
    node,
    manifest: {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name },
      spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
    },
  };
}
