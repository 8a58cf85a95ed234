import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getStraightPath } from '@xyflow/react';
import { memo } from 'react';
import { useNode } from '../../state/hooks';
import { useMessages } from '../i18n/hooks';

/**
 * The kubelet-to-apiserver link of a node. A short pulse runs when the node's Lease is renewed
 * (no endlessly animated dashes); a cut network is drawn cut, with a gap and a label.
 */
export const LeaseEdge = memo(function LeaseEdge({ source, sourceX, sourceY, targetX, targetY, data }: EdgeProps) {
  const t = useMessages();
  const n = useNode(source);
  const over = (data as { over?: number } | undefined)?.over ?? 0;
  const [straight, sx, sy] = getStraightPath({ sourceX, sourceY, targetX, targetY });
  // Cards in one row: up, across above the cards, and down into the control plane.
  const top = Math.min(sourceY, targetY) - over;
  const path = over ? `M ${sourceX} ${sourceY} V ${top} H ${targetX} V ${targetY}` : straight;
  const labelX = over ? (sourceX + targetX) / 2 : sx;
  const labelY = over ? top : sy;
  if (n?.networkCut) {
    const mx = (sourceX + targetX) / 2;
    const my = over ? top : (sourceY + targetY) / 2;
    const gap = 0.12;
    const a = over
      ? `M ${sourceX} ${sourceY} V ${top} H ${mx + (sourceX - mx) * gap}`
      : `M ${sourceX} ${sourceY} L ${mx + (sourceX - mx) * gap} ${my + (sourceY - my) * gap}`;
    const b = over
      ? `M ${mx + (targetX - mx) * gap} ${top} H ${targetX} V ${targetY}`
      : `M ${mx + (targetX - mx) * gap} ${my + (targetY - my) * gap} L ${targetX} ${targetY}`;
    return (
      <>
        <path d={a} className="edge edge-cut" />
        <path d={b} className="edge edge-cut" />
        <EdgeLabelRenderer>
          <div
            className="edge-label"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          >
            ✂ {t.edgeCut}
          </div>
        </EdgeLabelRenderer>
      </>
    );
  }
  const stale = n?.heartbeatAge !== undefined && n.heartbeatAge > n.grace;
  return (
    <>
      <BaseEdge path={path} className={`edge ${stale ? 'edge-stale' : ''}`} />
      {n?.lastLeaseRenew !== undefined ? (
        <path key={n.lastLeaseRenew} d={path} className="edge-pulse" pathLength={1} />
      ) : null}
    </>
  );
});
