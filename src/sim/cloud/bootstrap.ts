/**
 * A scenario's cloud at boot (scenario/bootstrap.ts calls these): node groups at the size of their
 * nodes, one running instance per machine, kubelets started with `--cloud-provider=external`, and
 * the two cloud processes as static pods on the control-plane node: cloud-controller-manager and,
 * unless the scenario turns it off, cluster-autoscaler.
 *
 * Where they run is a choice: clouds run them in their own managed control plane; kubeadm clusters
 * with an external cloud provider run the cloud-controller-manager on the control-plane nodes
 * (a DaemonSet) and the autoscaler as a Deployment. Static pods on the control-plane node keep them
 * beside kube-controller-manager: they stop when it does, and `ssh … mv` stops them on purpose.
 */

import type { CloudNodeGroup } from '../core/cloud-types';
import { dict } from '../core/dict';
import type { Engine } from '../core/engine';
import type { Manifest, Scenario } from '../core/scenario-types';
import { newInstanceId } from './lifecycle';
import { defaultMachineType, providerIdOf } from './provider';

/** The images of the cloud processes. [U] The CCM image is the simulated provider's own. */
export const CCM_IMAGE = 'notready/cloud-controller-manager:v1.33.0';
/** Cluster autoscaler 1.33 for Kubernetes 1.33 (CA minor = Kubernetes minor, CA README "Releases"). */
export const CA_IMAGE = 'registry.k8s.io/autoscaling/cluster-autoscaler:v1.33.0';

export const CCM_NAME = 'cloud-controller-manager' as const;
export const CA_NAME = 'cluster-autoscaler' as const;

function staticPod(name: string, image: string, priority: number): Manifest {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'kube-system', labels: { component: name, tier: 'control-plane' } },
    spec: { hostNetwork: true, priority, containers: [{ name, image }] },
  };
}

/** The static pods of the cloud processes on the control-plane node, with their images. */
export function cloudStaticPods(scenario: Scenario): { file: string; manifest: Manifest; image: string }[] {
  const cloud = scenario.spec.cloud;
  if (!cloud) return [];
  // system-cluster-critical for both, as their manifests upstream ask.
  const out = [{ file: `${CCM_NAME}.yaml`, manifest: staticPod(CCM_NAME, CCM_IMAGE, 2000000000), image: CCM_IMAGE }];
  if (cloud.autoscaler)
    out.push({ file: `${CA_NAME}.yaml`, manifest: staticPod(CA_NAME, CA_IMAGE, 2000000000), image: CA_IMAGE });
  return out;
}

/**
 * The cloud of a scenario: groups, one running instance per machine (launched before the boot),
 * each host marked as a cloud instance. Call after the hosts exist, before they power on.
 */
export function bootCloud(e: Engine, scenario: Scenario, cause: number): void {
  const spec = scenario.spec.cloud;
  if (!spec) return;
  const groups: Record<string, CloudNodeGroup> = dict();
  for (const g of spec.nodeGroups) {
    const target = scenario.spec.nodes.filter((n) => n.group === g.name).length;
    groups[g.name] = { ...g, target, targetCause: cause };
  }
  e.state.cloud = { groups, instances: dict(), autoscaler: spec.autoscaler };
  const firstZone = spec.nodeGroups[0]?.zone ?? '';
  for (const n of scenario.spec.nodes) {
    const h = e.state.hosts[n.name];
    if (!h) continue;
    const g = n.group === undefined ? undefined : groups[n.group];
    const w = e.cow.touch(h);
    w.zone = g?.zone ?? n.zone ?? firstZone;
    w.cpu = g?.cpu ?? n.cpu ?? 4000;
    w.memory = g?.memory ?? n.memory ?? 8192;
    // With an external cloud provider the kubelet sets no zone label: the cloud-node-controller does.
    delete e.cow.field(h, 'labels')['topology.kubernetes.io/zone'];
    w.externalCloudProvider = true;
    const id = newInstanceId(e);
    w.instance = id;
    e.state.cloud.instances[id] = {
      id,
      providerID: providerIdOf(h.zone, id),
      host: h.name,
      ...(g ? { group: g.name } : {}),
      zone: h.zone,
      machineType: g?.machineType ?? defaultMachineType(w.cpu, w.memory),
      privateIp: h.ip,
      state: 'running',
      launchedAt: e.now,
      since: e.now,
      cause,
      gen: 0,
      reason: 'launched with the cluster',
    };
    e.remember(`Instance/${id}`, `instance ${id} running`, cause);
  }
  // The cloud-node-lifecycle-controller's pass runs from the boot on; it acts only while
  // cloud-controller-manager runs (controllers/cloud-node-lifecycle.ts).
  e.schedule(0, 'cloud-node-lifecycle.monitor', '');
  if (spec.autoscaler) e.schedule(0, 'autoscaler.watch', '');
}
