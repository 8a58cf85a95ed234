/**
 * The lanes of the space-time chart, drawn from the layout (geometry.ts): a node's Ready
 * condition as bands with their words, Lease renewals as ticks, taints as bars, the grace period
 * as a bracket; each pod's kubectl STATUS as bands, the host truth as a dark strip under it, the
 * toleration before an eviction as a bracket; a zone of a big cluster as counts over time.
 * Everything carries a <title> (hover) with the times.
 */
import { memo } from 'react';
import type { Band, Bracket, ChartZone } from '../../sim';
import { formatTime as formatSimTime } from '../common/time';
import { EM, type Lane, type TimeScale, textWidth } from './geometry';
import { useChartMessages } from './useChartMessages';

/** CSS class of a status band: the word's family (Ready, NotReady, Running, Terminating...). */
export function bandClass(label: string): string {
  switch (label) {
    case 'Ready':
    case 'Running':
      return 'b-ok';
    case 'NotReady':
    case 'Error':
    case 'CrashLoopBackOff':
    case 'ImagePullBackOff':
    case 'ErrImagePull':
    case 'Failed':
    case 'OOMKilled':
      return 'b-bad';
    case 'Unknown':
    case 'Terminating':
      return 'b-warn';
    case 'Pending':
    case 'ContainerCreating':
    case 'PodInitializing':
      return 'b-wait';
    case 'gone':
      return 'b-gone';
    default:
      return 'b-other';
  }
}

function BandRect({
  band,
  s,
  y,
  h,
  em,
  what,
}: {
  band: Band;
  s: TimeScale;
  y: number;
  h: number;
  em: number;
  what: string;
}) {
  const t = useChartMessages();
  const to = Math.max(band.to, band.from);
  const x0 = s.x(band.from);
  const x1 = Math.max(x0 + 1, s.x(to));
  const w = x1 - x0;
  const fits = textWidth(band.label, em * 0.85) + em * 0.5 < w;
  return (
    <g className={`band ${bandClass(band.label)}`}>
      <rect x={x0} y={y} width={w} height={h}>
        <title>{`${what}: ${t.from(band.label, formatSimTime(band.from), formatSimTime(to))}`}</title>
      </rect>
      {fits ? (
        <text x={x0 + em * 0.3} y={y + h / 2} dominantBaseline="central" fontSize={em * 0.85}>
          {band.label}
        </text>
      ) : null}
    </g>
  );
}

function BracketMark({ b, s, y, em }: { b: Bracket; s: TimeScale; y: number; em: number }) {
  const x0 = s.x(b.from);
  const x1 = Math.max(x0 + 2, s.x(b.to));
  const base = y + EM.bracket * em - 2;
  const label = b.label;
  const lw = textWidth(label, em * 0.8, true);
  // The label sits over the bracket, or starts at it when the bracket is shorter than the words.
  const lx = x1 - x0 > lw ? (x0 + x1) / 2 : x0;
  return (
    <g className="bracket">
      <path d={`M${x0},${base - em * 0.35} V${base} H${x1} V${base - em * 0.35}`} />
      <text x={lx} y={base - em * 0.45} textAnchor={x1 - x0 > lw ? 'middle' : 'start'} fontSize={em * 0.8}>
        {label}
      </text>
      <title>{`${label}: ${formatSimTime(b.from)} to ${formatSimTime(b.to)}`}</title>
    </g>
  );
}

function NodeLane({ lane, s, em }: { lane: Extract<Lane, { kind: 'node' }>; s: TimeScale; em: number }) {
  const t = useChartMessages();
  const n = lane.node;
  let y = lane.y;
  const bracketY = y;
  if (lane.bracketRow) y += EM.bracket * em;
  const leaseY = y;
  y += EM.lease * em;
  const bandY = y;
  y += EM.nodeBand * em;
  const taintTop = y + em * 0.15;
  return (
    <g className="lane lane-node" data-node={n.name}>
      {n.grace.map((b) => (
        <BracketMark key={`g${b.to}`} b={b} s={s} y={bracketY} em={em} />
      ))}
      <g className="leases">
        {n.leases.map((l) => (
          <line key={l} x1={s.x(l)} x2={s.x(l)} y1={leaseY + 1} y2={leaseY + EM.lease * em} />
        ))}
      </g>
      {n.ready.map((b) => (
        <BandRect key={`r${b.from}`} band={b} s={s} y={bandY} h={EM.nodeBand * em} em={em} what={n.name} />
      ))}
      {n.taints.map((b, i) => {
        const x0 = s.x(b.from);
        const x1 = Math.max(x0 + 1, s.x(b.to));
        const taintY = taintTop + (lane.taintRows[i] ?? 0) * EM.taint * em;

        // The label may run past a short bar, up to the next bar of its row.
        const row = lane.taintRows[i] ?? 0;
        const next = n.taints.find((_c, j) => j > i && (lane.taintRows[j] ?? 0) === row);
        const room = (next ? s.x(next.from) : s.right) - x0 - em * 0.3;
        const fits = textWidth(b.label, em * 0.75, true) < room;
        return (
          <g key={`t${b.from}${b.label}`} className={`taint${b.label.endsWith('NoExecute') ? ' taint-exec' : ''}`}>
            <rect x={x0} y={taintY} width={x1 - x0} height={em * 0.3}>
              <title>{t.tainted(n.name, t.from(b.label, formatSimTime(b.from), formatSimTime(b.to)))}</title>
            </rect>
            {fits ? (
              <text x={x0 + 2} y={taintY + em * 0.3 + em * 0.72} fontSize={em * 0.75}>
                {b.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </g>
  );
}

function PodLane({ lane, s, em }: { lane: Extract<Lane, { kind: 'pod' }>; s: TimeScale; em: number }) {
  const t = useChartMessages();
  const p = lane.pod;
  let y = lane.y;
  if (p.toleration) {
    y += EM.bracket * em;
  }
  const bandH = EM.podBand * em;
  return (
    <g className="lane lane-pod" data-pod={p.name}>
      {p.toleration ? <BracketMark b={p.toleration} s={s} y={lane.y} em={em} /> : null}
      {p.status.map((b) => (
        <BandRect key={`s${b.from}`} band={b} s={s} y={y} h={bandH} em={em * 0.95} what={p.name} />
      ))}
      {p.host.map((h) => {
        const x0 = s.x(h.from);
        const x1 = Math.max(x0 + 1, s.x(h.to));
        return (
          <rect key={`h${h.from}`} className="host" x={x0} y={y + bandH} width={x1 - x0} height={EM.hostStrip * em}>
            <title>{`${p.name}: ${t.onHost(formatSimTime(h.from), formatSimTime(h.to))}`}</title>
          </rect>
        );
      })}
      {p.gone !== undefined ? (
        <text className="gone" x={s.x(p.gone) + 3} y={y + bandH / 2} dominantBaseline="central" fontSize={em * 0.75}>
          {t.gone}
        </text>
      ) : null}
    </g>
  );
}

/** A node's pods that ran all along: one band, its pods named in the hover title. */
function SteadyLane({ lane, s, em }: { lane: Extract<Lane, { kind: 'steady' }>; s: TimeScale; em: number }) {
  const bandH = EM.podBand * em;
  const names = lane.pods.map((p) => p.name).join(', ');
  return (
    <g className="lane lane-steady">
      <BandRect
        band={{ from: lane.from, to: lane.to, label: 'Running' }}
        s={s}
        y={lane.y}
        h={bandH}
        em={em * 0.95}
        what={names}
      />
      <rect
        className="host"
        x={s.x(lane.from)}
        y={lane.y + bandH}
        width={s.x(lane.to) - s.x(lane.from)}
        height={EM.hostStrip * em}
      />
    </g>
  );
}

/**
 * A step-shaped area over the samples: for each sample from its time to the next, between
 * `top(i)` and `bottom(i)`. One path per series keeps a zone lane to a handful of elements
 * (a big cluster's chart is redrawn as it grows).
 */
function stepArea(xs: number[], top: (i: number) => number, bottom: (i: number) => number): string {
  if (xs.length < 2) return '';
  let d = `M${xs[0]},${top(0)}`;
  for (let i = 0; i < xs.length - 1; i++) d += `H${xs[i + 1]}V${top(i + 1)}`;
  for (let i = xs.length - 2; i >= 0; i--) d += `V${bottom(i)}H${xs[i]}`;
  return `${d}Z`;
}

function ZoneLane({ zone, y, h, s, em }: { zone: ChartZone; y: number; h: number; s: TimeScale; em: number }) {
  const t = useChartMessages();
  const half = (h - em * 0.3) / 2;
  const maxPods = zone.samples.reduce((m, x) => Math.max(m, x.running + x.terminating), 1);
  // The last sample's cell is as wide as the one before it.
  const xs = zone.samples.map((x) => s.x(x.at));
  const step = xs.length > 1 ? (xs[xs.length - 1] as number) - (xs[xs.length - 2] as number) : 1;
  xs.push((xs[xs.length - 1] ?? s.left) + step);
  const bad = (i: number) => {
    const x = zone.samples[Math.min(i, zone.samples.length - 1)];
    return x ? (x.notReady / Math.max(1, x.ready + x.notReady)) * half : 0;
  };
  const run = (i: number) => ((zone.samples[Math.min(i, zone.samples.length - 1)]?.running ?? 0) / maxPods) * half;
  const term = (i: number) => ((zone.samples[Math.min(i, zone.samples.length - 1)]?.terminating ?? 0) / maxPods) * half;
  const worst = zone.samples.reduce(
    (m, x) => (x.notReady > m.notReady ? x : m),
    zone.samples[0] ?? { at: 0, notReady: 0, ready: 0, running: 0, terminating: 0 },
  );
  const last = zone.samples[zone.samples.length - 1];
  // Counts written at the start, at the worst moment and when the zone is whole again, as long
  // as they do not overlap (the worst first: it is the one to read).
  const worstAt = zone.samples.indexOf(worst);
  const healed = zone.samples.findIndex((x, i) => i > worstAt && x.notReady === 0);
  const picks = [worst.notReady ? worstAt : -1, 0, healed].filter((i) => i >= 0);
  const notes: { x: number; text: string; w: number }[] = [];
  for (const i of picks) {
    const x = zone.samples[i];
    if (!x) continue;
    const text = x.notReady ? `${x.notReady} NotReady` : `${x.ready} Ready`;
    const px = s.x(x.at);
    const w = textWidth(text, em * 0.8) + em;
    if (notes.some((n) => px < n.x + n.w && n.x < px + w)) continue;
    notes.push({ x: px, text, w });
  }
  return (
    <g className="lane lane-zone">
      <title>
        {`zone ${zone.zone}: ${zone.nodes} nodes; most NotReady ${worst.notReady} at ${formatSimTime(worst.at)}` +
          (last
            ? `; at ${formatSimTime(last.at)}: ${t.zoneNodes(last.ready, last.notReady)}, ${t.zonePods(last.running, last.terminating)}`
            : '')}
      </title>
      <path
        className="z-ok"
        d={stepArea(
          xs,
          (i) => y + bad(i),
          () => y + half,
        )}
      />
      <path
        className="z-bad"
        d={stepArea(
          xs,
          () => y,
          (i) => y + bad(i),
        )}
      />
      <path
        className="z-run"
        d={stepArea(
          xs,
          (i) => y + h - run(i) - term(i),
          (i) => y + h - term(i),
        )}
      />
      <path
        className="z-term"
        d={stepArea(
          xs,
          (i) => y + h - term(i),
          () => y + h,
        )}
      />
      {notes.map((n) => (
        <text
          key={n.x}
          className={n.text.endsWith('NotReady') ? 'z-note z-note-bad' : 'z-note'}
          x={n.x + 2}
          y={y + em * 0.85}
          fontSize={em * 0.8}
        >
          {n.text}
        </text>
      ))}
    </g>
  );
}

/** All lanes; memoised: they change with the chart data, not with the clock. */
export const ChartLanes = memo(function ChartLanes({ lanes, s, em }: { lanes: Lane[]; s: TimeScale; em: number }) {
  return (
    <g className="lanes">
      {lanes.map((lane) =>
        lane.kind === 'node' ? (
          <NodeLane key={`n${lane.node.name}`} lane={lane} s={s} em={em} />
        ) : lane.kind === 'pod' ? (
          <PodLane key={`p${lane.pod.uid}`} lane={lane} s={s} em={em} />
        ) : lane.kind === 'steady' ? (
          <SteadyLane key={`s${lane.node}`} lane={lane} s={s} em={em} />
        ) : (
          <ZoneLane key={`z${lane.zone.zone}`} zone={lane.zone} y={lane.y} h={lane.h} s={s} em={em} />
        ),
      )}
    </g>
  );
});
