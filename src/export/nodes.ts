/**
 * Scenario nodes on kind. kind names its node containers itself (`<cluster>-control-plane`,
 * `<cluster>-control-plane2`, `<cluster>-worker`, `<cluster>-worker2`, ... in the order of the
 * config, kind's `MakeNodeNamer`), and the container name is the Node's name: a scenario's
 * `node2` cannot keep its name, so every export maps it, in the order the scenario lists its
 * nodes, and labels the kind node `notready.dev/node=node2`.
 */
import type { Scenario, ScenarioNode } from '../sim/index';

/** The label that carries the scenario's node name on the real node. */
export const NODE_LABEL = 'notready.dev/node';

export interface NodeMapping {
  /** The kind cluster's name (a valid kind name: `^[a-z0-9.-]+$`). */
  cluster: string;
  /** Scenario node name -> kind node (container) name. */
  names: ReadonlyMap<string, string>;
  /** Scenario nodes in order, with their kind role. */
  nodes: readonly { node: ScenarioNode; kindName: string; role: 'control-plane' | 'worker' }[];
}

/** kind's cluster name for a scenario: its name, reduced to what kind accepts. */
export function kindClusterName(scenario: Scenario): string {
  const name = scenario.metadata.name
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    // Container names get `-control-plane2` appended: keep the whole well under docker's limits.
    .slice(0, 40)
    .replace(/[-.]+$/, '');
  return name || 'notready';
}

export function isControlPlane(n: ScenarioNode): boolean {
  return n.roles.includes('control-plane') || n.roles.includes('master');
}

/** The kind node names of a scenario's nodes, as kind will name them. */
export function mapNodes(scenario: Scenario): NodeMapping {
  const cluster = kindClusterName(scenario);
  const counts = { 'control-plane': 0, worker: 0 };
  const names = new Map<string, string>();
  const nodes = scenario.spec.nodes.map((node) => {
    const role = isControlPlane(node) ? ('control-plane' as const) : ('worker' as const);
    counts[role]++;
    const kindName = `${cluster}-${role}${counts[role] > 1 ? counts[role] : ''}`;
    names.set(node.name, kindName);
    return { node, kindName, role };
  });
  return { cluster, names, nodes };
}

/**
 * A scenario node's kind name, or undefined for a name the scenario does not have: no script
 * ever names a container that is not one of the exported cluster's nodes (issue 27).
 */
export function kindNode(m: NodeMapping, name: string): string | undefined {
  return m.names.get(name);
}

/** kindNode for a name the export has made sure of (a validated static pod's node, a checked step). */
export function kindNodeOf(m: NodeMapping, name: string): string {
  const k = m.names.get(name);
  if (k === undefined) throw new Error(`internal: ${name} is not a node of the exported scenario`);
  return k;
}
