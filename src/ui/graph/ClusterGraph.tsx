import { type Edge, type Node, ReactFlow, ReactFlowProvider, useStore as useFlowStore } from '@xyflow/react';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { settingsStore, textScale } from '../../state/settings';
import { useMessages } from '../i18n/hooks';
import type { Density } from './card-metrics';
import { GraphToolbar } from './GraphToolbar';
import { graphNeedStore } from './graph-need';
import { LeaseEdge } from './LeaseEdge';
import { layoutCluster, widthNeeded } from './layout';
import { NodeCard, type NodeCardData } from './NodeCard';
import { PositionsContext } from './positions';
import { useBoxSize } from './useBoxSize';
import { useCamera } from './useCamera';
import { useTopology } from './useTopology';
import './graph.css';

const nodeTypes = { k8sNode: NodeCard };
const edgeTypes = { lease: LeaseEdge };
const proOptions = { hideAttribution: true };
/**
 * From this many nodes on, the graph is an overview: small cards zoomed to fit, and no continuous
 * decorations (the Lease pulse on every edge, the heartbeat bar's easing): with 100 nodes some
 * pulse runs in every frame, and each one repaints the whole graph (3,000 pod chips).
 */
export const LARGE_GRAPH = 24;
/** Designed font sizes (px) at text size step 1; the readable floors below which the graph pans instead. */
const FONT = { normal: 17, presenter: 22, large: 13 } as const;
const FLOOR = { normal: 12, presenter: 18, large: 13 } as const;
/** A window too small for the normal layout at 12 px shows the whole cluster smaller, down to this. */
const SHRINK_FLOOR = 9;

/**
 * The graph's zoom as a CSS variable (`--inv-zoom` = 1 / zoom) on the pane, written to the DOM
 * without re-rendering the graph: focus rings divide by it, so they keep their on-screen width
 * at any zoom (an overview of 100 nodes is drawn at a fifth of its size).
 */
function ZoomVar({ target }: { target: React.RefObject<HTMLDivElement | null> }) {
  const zoom = useFlowStore((s) => s.transform[2]);
  useEffect(() => {
    target.current?.style.setProperty('--inv-zoom', String(1 / Math.max(0.05, zoom)));
  }, [zoom, target]);
  return null;
}

function Graph({ toolbar, force }: { toolbar: boolean; force?: Density }) {
  const t = useMessages();
  const present = useStore(settingsStore, (s) => s.present);
  const scale = useStore(settingsStore, (s) => textScale(s.textStep));
  const topo = useTopology();
  const [boxRef, box] = useBoxSize<HTMLDivElement>();
  const density: Density = topo.length >= LARGE_GRAPH ? 'large' : (force ?? (present ? 'presenter' : 'normal'));

  const maxFont = density === 'large' ? FONT.large : FONT[density] * scale;
  const minFont = Math.min(maxFont, FLOOR[density] * Math.max(1, scale));
  const layout = useMemo(() => {
    if (!box) return undefined;
    // Only the normal layout shrinks below its floor to show the whole cluster in a small window.
    const shrink = density === 'normal' ? { shrinkTo: SHRINK_FLOOR } : {};
    return layoutCluster(topo, { box, density, maxFont, minFont, ...shrink });
  }, [topo, box, density, maxFont, minFont]);

  // Presenter mode: tell the view beside the graph how wide the pane must be for no card to be cut.
  const boxHeight = box?.height;
  useEffect(() => {
    const width = density === 'presenter' && boxHeight ? widthNeeded(topo, boxHeight, density, minFont) : undefined;
    graphNeedStore.setState({ width });
    return () => graphNeedStore.setState({ width: undefined });
  }, [topo, boxHeight, density, minFont]);

  const { nodes, edges, positions } = useMemo(() => {
    const placed = layout?.placed ?? [];
    const positions = new Map(placed.map((p) => [p.name, { x: p.x, y: p.y }]));
    const nodes: Node<NodeCardData>[] = placed.map((p) => ({
      id: p.name,
      type: 'k8sNode',
      position: { x: p.x, y: p.y },
      data: { name: p.name, density, cardWidthEm: p.width / (layout?.font ?? 1) },
      draggable: false,
      selectable: false,
      focusable: false,
      width: p.width,
      height: p.height,
      style: { width: p.width, height: p.height, pointerEvents: 'all' as const },
    }));
    const cp = topo.find((n) => n.role === 'control-plane');
    const cpAt = cp ? positions.get(cp.name) : undefined;
    const font = layout?.font ?? FONT.normal;
    const edges: Edge[] = cp
      ? topo
          .filter((n) => n.name !== cp.name)
          .map((n) => {
            // A worker in the control plane's row is joined over the top of the cards.
            const sameRow = cpAt !== undefined && Math.abs((positions.get(n.name)?.y ?? 0) - cpAt.y) < 1;
            return {
              id: `lease-${n.name}`,
              source: n.name,
              target: cp.name,
              targetHandle: sameRow ? 'top' : 'bottom',
              type: 'lease',
              data: { over: sameRow ? font * 0.9 : 0 },
              ariaLabel: t.edgeLabel(n.name),
              focusable: false,
              selectable: false,
            };
          })
      : [];
    return { nodes, edges, positions };
  }, [layout, topo, density, t]);

  const container = useRef<HTMLDivElement>(null);
  const camera = useCamera(layout, box, density);

  const font = layout?.font ?? FONT.normal;
  return (
    <PositionsContext.Provider value={positions}>
      <div
        ref={boxRef}
        className={`graph-box density-${density}`}
        style={{ '--card-font': `${font}px` } as React.CSSProperties}
        data-font={font}
        data-arrangement={layout?.arrangement}
      >
        <ZoomVar target={boxRef} />
        <ReactFlow
          ref={container}
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          defaultViewport={camera.initial}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          zoomOnDoubleClick={false}
          panOnScroll
          minZoom={0.2}
          maxZoom={2}
          onMoveStart={camera.onUserMove}
          proOptions={proOptions}
          className={density === 'large' ? 'graph-large' : undefined}
          aria-label={t.graphRegion}
        />
      </div>
      {toolbar ? <GraphToolbar onFit={camera.home} /> : null}
    </PositionsContext.Provider>
  );
}

/** The cluster as a graph: one React Flow node per cluster node, an edge per node to the API. */
export const ClusterGraph = memo(function ClusterGraph({
  toolbar = true,
  density,
}: {
  toolbar?: boolean;
  density?: Density;
}) {
  return (
    <ReactFlowProvider>
      <Graph toolbar={toolbar} {...(density ? { force: density } : {})} />
    </ReactFlowProvider>
  );
});
