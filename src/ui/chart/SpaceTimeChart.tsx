/**
 * The space-time chart as SVG: time left to right over the whole scenario, the axis, the commands
 * as labelled markers, the lanes (ChartLanes.tsx), arrows from a pod that left a node to its
 * replacement, the part not played yet shaded, and the clock as a cursor. Click or drag on it to
 * seek. Lane names are buttons that open Why? for the object.
 */
import { memo, useCallback, useId, useMemo, useRef } from 'react';
import type { ChartData } from '../../sim';
import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { formatTime } from '../common/time';
import { placeLabels } from '../timeline/label-rows';
import { ChartLanes } from './ChartLanes';
import {
  EM,
  type LaneLayout,
  laneNamesWidth,
  layoutLanes,
  NAME,
  replacedPod,
  type TimeScale,
  textWidth,
  ticks,
  timeScale,
} from './geometry';
import { useChartMessages } from './useChartMessages';

export interface Marker {
  at: number;
  text: string;
  by: 'scenario' | 'you';
  /** The tooltip, when more than `time $ text` (a folded run of commands says how many). */
  title?: string;
}

interface Props {
  data: ChartData;
  width: number;
  em: number;
  markers: readonly Marker[];
  /** Draw the clock's cursor and seek on click. */
  live?: boolean;
  /** Shade what is not played yet (the live run; a comparison is played to the end). */
  future?: boolean;
  /** Accessible name of the chart. */
  label: string;
  /** Shared time axis end (comparisons align both sides on the longer one). */
  end?: number;
}

function Axis({ s, em, top }: { s: TimeScale; em: number; top: number }) {
  const list = ticks(s, em * 5);
  return (
    <g className="axis">
      {list.map((tk) => (
        <g key={tk}>
          <line x1={s.x(tk)} x2={s.x(tk)} y1={top - em * 0.4} y2={top} />
          <text x={s.x(tk)} y={top - em * 0.55} textAnchor="middle" fontSize={em * 0.8}>
            {formatTime(tk)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** A command as a marker's label: the first 34 characters. */
function clipCommand(text: string): string {
  return text.length > 34 ? `${text.slice(0, 33)}…` : text;
}

function Markers({
  s,
  em,
  markers,
  top,
  bottom,
}: {
  s: TimeScale;
  em: number;
  markers: readonly Marker[];
  top: number;
  bottom: number;
}) {
  const shown = markers.filter((m) => m.at >= 0 && m.at <= s.end);
  const places = placeLabels(
    shown.map((m) => ({ x: s.x(m.at) - s.left, width: textWidth(clipCommand(m.text), em * 0.75, true) })),
    s.right - s.left + em * 4,
    2,
  );
  return (
    <g className="markers">
      {shown.map((m, i) => {
        const x = s.x(m.at);
        const p = places[i];
        const rowY = top + em * 0.9 + (p?.row ?? 0) * em * 1.05;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same command may run twice at one time
          <g key={`${m.at}-${m.text}-${i}`} className={`marker marker-${m.by}`}>
            <line x1={x} x2={x} y1={rowY + em * 0.2} y2={bottom} />
            {p ? (
              <text x={s.left + p.left} y={rowY} fontSize={em * 0.75}>
                {clipCommand(m.text)}
              </text>
            ) : null}
            <title>{m.title ?? `${formatTime(m.at)} $ ${m.text}`}</title>
          </g>
        );
      })}
    </g>
  );
}

function Arrows({
  data,
  layout,
  s,
  em,
  arrowId,
}: {
  data: ChartData;
  layout: LaneLayout;
  s: TimeScale;
  em: number;
  arrowId: string;
}) {
  const t = useChartMessages();
  const out: { key: string; d: string; title: string }[] = [];
  for (const n of data.nodes)
    for (const p of n.pods) {
      const q = replacedPod(data, p);
      const y1 = q ? layout.podY.get(q.uid) : undefined;
      const y2 = layout.podY.get(p.uid);
      if (y1 === undefined || y2 === undefined || !p.replaces) continue;
      const x = s.x(p.status[0]?.from ?? 0);
      const bend = em * 1.2;
      out.push({
        key: p.uid,
        d: `M${x},${y1} C${x + bend},${y1} ${x + bend},${y2} ${x + 2},${y2}`,
        title: t.replaced(p.replaces.pod, p.replaces.node),
      });
    }
  return (
    <g className="arrows">
      {out.map((a) => (
        <path key={a.key} d={a.d} markerEnd={`url(#${arrowId})`}>
          <title>{a.title}</title>
        </path>
      ))}
    </g>
  );
}

/** Lane names, cut at the gutter's edge (whole names stay in the text: they are the buttons' names). */
function LaneNames({ layout, em, gutter, clipId }: { layout: LaneLayout; em: number; gutter: number; clipId: string }) {
  const t = useChartMessages();
  const maxChars = Math.floor(gutter / (em * 0.55));
  const clip = (s: string, chars: number) => (s.length > chars ? `${s.slice(0, chars - 1)}…` : s);
  return (
    <g className="lane-names" clipPath={`url(#${clipId})`}>
      {layout.lanes.map((lane) => {
        if (lane.kind === 'steady')
          return (
            <text
              key={`s${lane.node}`}
              x={em * 1.1}
              y={lane.y + (EM.podBand / 2) * em}
              dominantBaseline="central"
              fontSize={em * 0.85}
              className="name-steady"
            >
              {clip(t.steadyPods(lane.pods.length), maxChars - 2)}
              <title>{lane.pods.map((p) => p.name).join('\n')}</title>
            </text>
          );
        if (lane.kind === 'zone')
          return (
            <text key={`z${lane.zone.zone}`} x={em * 0.3} y={lane.y + em} fontSize={em * 0.9} className="name-node">
              {clip(t.zoneLane(lane.zone.zone, lane.zone.nodes), maxChars)}
            </text>
          );
        const isNode = lane.kind === 'node';
        const name = isNode ? lane.node.name : lane.pod.name;
        const y = isNode
          ? lane.y + ((lane.bracketRow ? EM.bracket : 0) + EM.lease + EM.nodeBand / 2) * em
          : lane.y + ((lane.bracketRow ? EM.bracket : 0) + EM.podBand / 2) * em;
        const select = () =>
          isNode
            ? actions.select({ kind: 'node', name })
            : actions.select({
                kind: 'pod',
                key: `${lane.pod.namespace}/${lane.pod.name}`,
                name: lane.pod.name,
                namespace: lane.pod.namespace,
              });
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it behaves as one.
          <g
            key={isNode ? `n${name}` : `p${lane.pod.uid}`}
            role="button"
            tabIndex={0}
            aria-label={t.why(name)}
            className={`lane-name ${isNode ? 'name-node' : 'name-pod'}`}
            onClick={select}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                select();
              }
            }}
          >
            <text
              x={em * (isNode ? NAME.nodeX : NAME.podX)}
              y={y}
              dominantBaseline="central"
              fontSize={em * (isNode ? NAME.nodeSize : NAME.podSize)}
            >
              {name}
            </text>
            <title>{name}</title>
          </g>
        );
      })}
    </g>
  );
}

/** What is not played yet (after the furthest time reached), shaded. */
function Future({ s, top, bottom, em }: { s: TimeScale; top: number; bottom: number; em: number }) {
  const t = useChartMessages();
  const reached = useSim((st) => Math.floor(st.clock.reached / 1000) * 1000);
  const x = s.x(Math.max(reached, 0));
  if (x >= s.right - 1) return null;
  return (
    <g className="future">
      <rect x={x} y={top} width={s.right - x} height={bottom - top} />
      <text
        x={Math.min(x + em * 0.4, s.right - textWidth(t.notPlayed, em * 0.8))}
        y={bottom - em * 0.4}
        fontSize={em * 0.8}
      >
        {t.notPlayed}
      </text>
    </g>
  );
}

/** The clock as a cursor: its own component, so that a moving clock redraws one line. */
function Cursor({ s, top, bottom, em }: { s: TimeScale; top: number; bottom: number; em: number }) {
  const now = useSim((st) => Math.floor(st.clock.now / 250) * 250);
  const x = s.x(now);
  const label = formatTime(now);
  // Near the right edge the time goes left of the line.
  const right = x + 3 + textWidth(label, em * 0.8) > s.right + em;
  return (
    <g className="cursor">
      <line x1={x} x2={x} y1={top} y2={bottom} />
      <text x={right ? x - 3 : x + 3} y={top + em * 0.8} fontSize={em * 0.8} textAnchor={right ? 'end' : 'start'}>
        {formatTime(now)}
      </text>
    </g>
  );
}

export const SpaceTimeChart = memo(function SpaceTimeChart({
  data,
  width,
  em,
  markers,
  live = true,
  future = true,
  label,
  end,
}: Props) {
  const layout = useMemo(() => layoutLanes(data, em), [data, em]);
  // The names column fits the longest node or pod name (a ReplicaSet pod's 20 characters were cut
  // at 11em), up to 30% of the width: the plot keeps the rest.
  const namesWidth = useMemo(() => laneNamesWidth(layout, em), [layout, em]);
  const gutter = Math.min(Math.max(em * 11, width * 0.3), Math.max(em * 6, width * 0.2, namesWidth));
  const s = useMemo(() => timeScale(gutter, width - em * 1.2, end ?? data.end), [gutter, width, em, end, data.end]);
  const height = layout.height + em * 0.5;
  const dragging = useRef(false);
  const frame = useRef(0);
  const seekAt = useCallback(
    (clientX: number, el: Element) => {
      const box = el.getBoundingClientRect();
      const x = ((clientX - box.left) / box.width) * width;
      if (x < s.left - 2) return false;
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() => actions.seek(s.t(x)));
      return true;
    },
    [s, width],
  );
  const svgRef = useRef<SVGSVGElement>(null);
  // A comparison draws two charts: their clip path and arrow head need ids of their own.
  const ids = `chart-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const axisTop = EM.axis * em;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG picture with named parts, not a form
    <svg
      ref={svgRef}
      className="st-chart"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="group"
      aria-label={label}
      data-end={s.end}
      data-left={s.left}
      data-right={s.right}
      // Click or drag in the plot (right of the lane names) seeks; bands keep their hover titles.
      onPointerDown={
        live
          ? (e) => {
              if (e.button !== 0 || !seekAt(e.clientX, e.currentTarget)) return;
              dragging.current = true;
              e.currentTarget.setPointerCapture(e.pointerId);
            }
          : undefined
      }
      onPointerMove={live ? (e) => dragging.current && seekAt(e.clientX, e.currentTarget) : undefined}
      onPointerUp={() => {
        dragging.current = false;
      }}
    >
      <defs>
        <clipPath id={`${ids}-names`}>
          <rect x={0} y={0} width={gutter - em * 0.4} height={height} />
        </clipPath>
        <marker
          id={`${ids}-arrow`}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" className="arrow-head" />
        </marker>
      </defs>
      <rect className="chart-bg" x={0} y={0} width={width} height={height} />
      <Axis s={s} em={em} top={axisTop} />
      {future ? <Future s={s} top={axisTop} bottom={height} em={em} /> : null}
      <Markers s={s} em={em} markers={markers} top={axisTop} bottom={height} />
      <ChartLanes lanes={layout.lanes} s={s} em={em} />
      <Arrows data={data} layout={layout} s={s} em={em} arrowId={`${ids}-arrow`} />
      <LaneNames layout={layout} em={em} gutter={gutter - em * 0.4} clipId={`${ids}-names`} />
      {live ? <Cursor s={s} top={axisTop} bottom={height} em={em} /> : null}
    </svg>
  );
});
