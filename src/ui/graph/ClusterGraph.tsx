import { Controls, type Edge, type Node, ReactFlow, ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useEffect, useMemo, useRef } from 'react';
import { useSim } from '../../state/hooks';
import { messages as t } from '../messages';
import { LeaseEdge } from './LeaseEdge';
import { layoutCluster } from './layout';
import { CP_POD, conditionLines, NodeCard, type NodeCardData } from './NodeCard';
import { PositionsContext } from './positions';

const nodeTypes = { k8sNode: NodeCard };
const edgeTypes = { lease: LeaseEdge };
const fitViewOptions = { padding: 0.06, maxZoom: 1 };
const proOptions = { hideAttribution: true };
/**
 * From this many nodes on, the graph drops its continuous decorations (the Lease pulse on every
 * edge, the heartbeat bar's easing): with 100 nodes some pulse runs in every frame, and each one
 * repaints the whole graph (3,000 pod chips), which held the page at 12 fps at 10x. The heartbeat
 * bars still show every node's Lease age, in whole seconds.
 */
const LARGE_GRAPH = 24;
// Cards are not selectable or draggable, so React Flow would let clicks through to the pane.
const nodeStyle = { pointerEvents: 'all' as const };

/** Topology only: node names, roles and pod counts. Changes rarely, so the layout is stable. */
function useTopology(): string {
  return useSim((s) =>
    s.nodeNames
      .map((name) => {
        const n = s.nodes[name];
        const keys = s.podsByNode[name] ?? [];
        const pods = n?.role === 'control-plane' ? keys.filter((k) => !CP_POD.test(k)).length : keys.length;
        const problems = n ? conditionLines(n).length + n.taints.length : 0;
        return `${name}|${n?.role ?? 'worker'}|${pods}|${problems}`;
      })
      .join(','),
  );
}

function Graph() {
  const topo = useTopology();
  const rf = useReactFlow();
  const { nodes, edges, positions } = useMemo(() => {
    const input = topo
      ? topo.split(',').map((x) => {
          const [name = '', role, pods] = x.split('|');
          return {
            name,
            role: role === 'control-plane' ? ('control-plane' as const) : ('worker' as const),
            pods: Number(pods),
          };
        })
      : [];
    const placed = layoutCluster(input);
    const positions = new Map(placed.map((p) => [p.name, { x: p.x, y: p.y }]));
    const nodes: Node<NodeCardData>[] = placed.map((p) => ({
      id: p.name,
      type: 'k8sNode',
      position: { x: p.x, y: p.y },
      data: { name: p.name },
      draggable: false,
      selectable: false,
      style: nodeStyle,
    }));
    const cp = input.find((n) => n.role === 'control-plane');
    const edges: Edge[] = cp
      ? input
          .filter((n) => n.name !== cp.name)
          .map((n) => ({
            id: `lease-${n.name}`,
            source: n.name,
            target: cp.name,
            type: 'lease',
            ariaLabel: t.edgeLabel(n.name),
            focusable: false,
            selectable: false,
          }))
      : [];
    return { nodes, edges, positions };
  }, [topo]);

  // Refit when the topology changes (a node or a pod appears), not on every frame.
  useEffect(() => {
    if (nodes.length) requestAnimationFrame(() => rf.fitView(fitViewOptions));
  }, [nodes, rf]);

  // Refit when the graph's box changes size (a window resize, a panel appearing beside it).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const ro = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => rf.fitView(fitViewOptions));
    });
    ro.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      ro.disconnect();
    };
  }, [rf]);

  return (
    <PositionsContext.Provider value={positions}>
      <ReactFlow
        ref={box}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        fitView
        fitViewOptions={fitViewOptions}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        zoomOnDoubleClick={false}
        minZoom={0.2}
        maxZoom={1.5}
        proOptions={proOptions}
        className={nodes.length >= LARGE_GRAPH ? 'graph-large' : undefined}
        aria-label={t.graphRegion}
      >
        <Controls showInteractive={false} position="top-right" fitViewOptions={fitViewOptions} />
      </ReactFlow>
    </PositionsContext.Provider>
  );
}

/** The cluster as a graph: one React Flow node per cluster node, an edge per node to the API. */
export function ClusterGraph() {
  return (
    <ReactFlowProvider>
      <Graph />
    </ReactFlowProvider>
  );
}
