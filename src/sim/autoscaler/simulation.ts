/**
 * The autoscaler's scheduling simulation (cluster-autoscaler simulator/clustersnapshot and the
 * scheduler framework it embeds): the Nodes with the requests of the pods bound to them, plus fake
 * "upcoming" and template nodes of the node groups, and a first-fit placement that runs the same
 * filters kube-scheduler runs here (controllers/scheduler.ts: NodeUnschedulable, TaintToleration,
 * NodeAffinity, NodeResourcesFit). Built per loop; nothing is kept between loops.
 */
import { podRequests, toleratesTaint } from '../api/podutil';
import { LABEL_INSTANCE_TYPE, LABEL_INSTANCE_TYPE_BETA, LABEL_ZONE, LABEL_ZONE_BETA } from '../controllers/cloud-node';
import { resourceFilter, staticFilter } from '../controllers/scheduler';
import { boundUsage, type Usage, usageOf } from '../controllers/scheduler-usage';
import type { DaemonSet, Node, Pod } from '../core/api-types';
import type { CloudNodeGroup } from '../core/cloud-types';
import type { Engine } from '../core/engine';
import { shapeFor } from './simulation-cache';

export interface SimNode {
  node: Node;
  name: string;
  /** Requests of the pods on it, this simulation's placements included. */
  usage: Usage;
  /** Pending pods this simulation placed on it (FilterOutSchedulable's hints). */
  placed?: Pod[];
  /** A node the simulation made up: an upcoming node of a group, or a group's template. */
  fake: boolean;
  group?: string;
}

/** The template node of a node group (TemplateNodeInfo): what a new machine of it will register as. */
export function templateNode(g: CloudNodeGroup, index: number): Node {
  const name = `template-node-for-${g.name}-${index}`;
  return {
    kind: 'Node',
    metadata: {
      name,
      uid: name,
      resourceVersion: 0,
      creationTimestamp: 0,
      labels: {
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        [LABEL_INSTANCE_TYPE]: g.machineType,
        [LABEL_INSTANCE_TYPE_BETA]: g.machineType,
        [LABEL_ZONE]: g.zone,
        [LABEL_ZONE_BETA]: g.zone,
      },
      annotations: {},
      ownerReferences: [],
    },
    // SanitizeTaints: templates carry none of the startup, condition or autoscaler taints.
    spec: { taints: [] },
    status: {
      conditions: [],
      addresses: [],
      capacity: { cpu: g.cpu, memory: g.memory, pods: 110 },
      allocatable: { cpu: g.cpu, memory: g.memory, pods: 110 },
      nodeInfo: { kubeletVersion: '', containerRuntimeVersion: '', osImage: '', kernelVersion: '', bootID: '' },
    },
  };
}

/** The requests of the DaemonSet pods a new node of the group would run (added to its template). */
export function daemonSetUsage(e: Engine, node: Node): Usage {
  const u: Usage = { cpu: 0, memory: 0, pods: 0, cpuNZ: 0, memNZ: 0 };
  for (const ds of e.list('DaemonSet')) {
    if (!daemonSetRunsOn(ds, node)) continue;
    const r = podRequests({ spec: ds.spec.template.spec } as Pod);
    u.cpu += r.cpu;
    u.memory += r.memory;
    u.cpuNZ += r.cpu || 100;
    u.memNZ += r.memory || 200;
    u.pods++;
  }
  return u;
}

function daemonSetRunsOn(ds: DaemonSet, node: Node): boolean {
  const spec = ds.spec.template.spec;
  for (const [k, v] of Object.entries(spec.nodeSelector ?? {})) if (node.metadata.labels[k] !== v) return false;
  const tols = spec.tolerations ?? [];
  return !node.spec.taints.some((t) => t.effect !== 'PreferNoSchedule' && !tols.some((tol) => toleratesTaint(tol, t)));
}

export class SchedulingSnapshot {
  readonly nodes: SimNode[] = [];
  private readonly e: Engine;

  constructor(e: Engine, nodes: readonly Node[]) {
    this.e = e;
    for (const node of nodes) {
      const name = node.metadata.name;
      this.nodes.push({ node, name, usage: { ...boundUsage(e, name) }, fake: false });
    }
  }

  /** Add `count` fake ready nodes of a group (upcoming nodes, or a template to test a pod on). */
  addFakeNodes(g: CloudNodeGroup, count: number): SimNode[] {
    const out: SimNode[] = [];
    for (let i = 0; i < count; i++) {
      const node = templateNode(g, this.nodes.length);
      const sn: SimNode = {
        node,
        name: node.metadata.name,
        usage: daemonSetUsage(this.e, node),
        fake: true,
        group: g.name,
      };
      this.nodes.push(sn);
      out.push(sn);
    }
    return out;
  }

  /** The reasons the pod cannot go on the node (scheduler plugin texts), or null if it fits. */
  check(pod: Pod, sn: SimNode): string[] | null {
    const sf = staticFilter(this.e, pod, sn.node);
    if (sf) return sf.reasons;
    return resourceFilter(usageOf(pod), sn.node, sn.usage)?.reasons ?? null;
  }

  place(pod: Pod, sn: SimNode): void {
    const r = usageOf(pod);
    sn.usage = {
      cpu: sn.usage.cpu + r.cpu,
      memory: sn.usage.memory + r.memory,
      pods: sn.usage.pods + 1,
      cpuNZ: sn.usage.cpuNZ + r.cpuNZ,
      memNZ: sn.usage.memNZ + r.memNZ,
    };
  }

  /** Remove a pod's requests from its node (the simulation of moving it elsewhere). */
  unplace(pod: Pod, sn: SimNode): void {
    const r = usageOf(pod);
    sn.usage = {
      cpu: sn.usage.cpu - r.cpu,
      memory: sn.usage.memory - r.memory,
      pods: sn.usage.pods - 1,
      cpuNZ: sn.usage.cpuNZ - r.cpuNZ,
      memNZ: sn.usage.memNZ - r.memNZ,
    };
  }
}

/**
 * Pods of one shape (tolerations, selector, pinning, requests) meet the same filters. Kept per Pod
 * object (simulation-cache.ts).
 */
export function podShape(p: Pod): string {
  return shapeFor(p, shapeOf);
}

function shapeOf(p: Pod): string {
  const r = usageOf(p);
  return JSON.stringify([
    p.spec.tolerations,
    p.spec.nodeSelector ?? null,
    p.spec.affinityNodeName ?? null,
    r.cpu,
    r.memory,
  ]);
}

/**
 * Place pods first-fit in node order, each placement counted for the next (the hinting simulator
 * of FilterOutSchedulable). Within one pass a node only fills up, so a node that refused a shape
 * refuses it for the rest of the pass: each shape resumes where the previous pod of its shape did.
 * Returns the pods that found no node.
 */
export function packPods(snap: SchedulingSnapshot, pods: readonly Pod[], eligible?: (sn: SimNode) => boolean): Pod[] {
  const cursor = new Map<string, number>();
  const left: Pod[] = [];
  for (const pod of pods) {
    const shape = podShape(pod);
    let i = cursor.get(shape) ?? 0;
    let placed = false;
    for (; i < snap.nodes.length; i++) {
      const sn = snap.nodes[i] as SimNode;
      if (eligible && !eligible(sn)) continue;
      if (snap.check(pod, sn) === null) {
        snap.place(pod, sn);
        sn.placed = [...(sn.placed ?? []), pod];
        placed = true;
        break;
      }
    }
    cursor.set(shape, i);
    if (!placed) left.push(pod);
  }
  return left;
}
