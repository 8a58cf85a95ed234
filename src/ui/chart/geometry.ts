/**
 * Where everything of the space-time chart goes, in px: the time scale, the axis ticks, and the
 * lanes (a node, then its pods; or a zone of a big cluster), each with a fixed height in ems so
 * that the chart reads the same on a laptop and on a projector. Pure, for tests; the SVG
 * component (SpaceTimeChart.tsx) only draws what this returns.
 */
import type { ChartData, ChartNode, ChartPod, ChartZone } from '../../sim';

export interface TimeScale {
  /** Plot area, px from the SVG's left edge. */
  left: number;
  right: number;
  end: number;
  x(t: number): number;
  t(x: number): number;
}

export function timeScale(left: number, right: number, end: number): TimeScale {
  const span = Math.max(1, end);
  const w = Math.max(1, right - left);
  return {
    left,
    right,
    end: span,
    x: (t) => left + (Math.max(0, Math.min(span, t)) / span) * w,
    t: (x) => Math.round(((Math.max(left, Math.min(right, x)) - left) / w) * span),
  };
}

const TICK_STEPS = [
  5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000,
];

/** Axis ticks: the smallest round step that leaves at least `minGap` px between labels. */
export function ticks(s: TimeScale, minGap: number): number[] {
  const w = s.right - s.left;
  const step = TICK_STEPS.find((st) => (st / s.end) * w >= minGap) ?? Math.ceil(s.end / 4);
  const out: number[] = [];
  for (let t = 0; t <= s.end; t += step) out.push(t);
  return out;
}

export type Lane =
  | {
      kind: 'node';
      y: number;
      h: number;
      node: ChartNode;
      bracketRow: boolean;
      /** The row of each taint bar (taints that overlap in time go in rows under each other). */
      taintRows: number[];
    }
  | { kind: 'pod'; y: number; h: number; pod: ChartPod; node: string; bracketRow: boolean }
  | { kind: 'zone'; y: number; h: number; zone: ChartZone }
  /** A node's pods that ran all along, with nothing to see: one lane for all of them. */
  | { kind: 'steady'; y: number; h: number; node: string; pods: ChartPod[]; from: number; to: number };

export interface LaneLayout {
  lanes: Lane[];
  /** Top of the first lane (below the axis and the command markers). */
  top: number;
  height: number;
  /** Where each pod lane is, by uid (for the arrows from an evicted pod to its replacement). */
  podY: Map<string, number>;
}

/** Heights in ems: a node lane (bracket row, lease ticks, Ready band, taint row), a pod lane, a zone. */
export const EM = {
  axis: 1.6,
  markers: 2.8,
  bracket: 1.1,
  lease: 0.5,
  nodeBand: 1.4,
  taint: 1.2,
  podBand: 1.25,
  hostStrip: 0.3,
  podGap: 0.35,
  nodeGap: 0.6,
  zone: 4.2,
} as const;

export function layoutLanes(data: ChartData, em: number): LaneLayout {
  const lanes: Lane[] = [];
  const podY = new Map<string, number>();
  const top = (EM.axis + EM.markers) * em;
  let y = top;
  if (data.folded) {
    for (const zone of data.zones) {
      const h = EM.zone * em;
      lanes.push({ kind: 'zone', y, h, zone });
      y += h + EM.nodeGap * em;
    }
    return { lanes, top, height: y, podY };
  }
  for (const node of data.nodes) {
    const bracketRow = node.grace.length > 0;
    const taintRows = rowsOf(node.taints);
    const rows = taintRows.reduce((m, r) => Math.max(m, r + 1), 1);
    const h = ((bracketRow ? EM.bracket : 0) + EM.lease + EM.nodeBand + EM.taint * rows + 0.25) * em;
    lanes.push({ kind: 'node', y, h, node, bracketRow, taintRows });
    y += h;
    const steady = node.pods.filter(isSteady);
    if (steady.length > 1) {
      const h = (EM.podBand + EM.hostStrip + EM.podGap) * em;
      const from = steady.reduce((m, p) => Math.min(m, p.status[0]?.from ?? 0), Number.POSITIVE_INFINITY);
      const to = steady.reduce((m, p) => Math.max(m, p.status[0]?.to ?? 0), Number.NEGATIVE_INFINITY);
      lanes.push({ kind: 'steady', y, h, node: node.name, pods: steady, from, to });
      for (const p of steady) podY.set(p.uid, y + (EM.podBand / 2) * em);
      y += h;
    }
    for (const pod of node.pods) {
      if (steady.length > 1 && steady.includes(pod)) continue;
      const podBracket = pod.toleration !== undefined;
      const ph = ((podBracket ? EM.bracket : 0) + EM.podBand + EM.hostStrip + EM.podGap) * em;
      lanes.push({ kind: 'pod', y, h: ph, pod, node: node.name, bracketRow: podBracket });
      podY.set(pod.uid, y + ((podBracket ? EM.bracket : 0) + EM.podBand / 2) * em);
      y += ph;
    }
    y += EM.nodeGap * em;
  }
  return { lanes, top, height: y, podY };
}

/**
 * A pod with nothing to see: Running from the start of the chart to its end (or the furthest
 * time), its container on the host all along, never replaced nor replacing. A node's steady pods
 * share one lane, so the lanes left are the ones where something happened.
 */
export function isSteady(p: ChartPod): boolean {
  const [s, more] = p.status;
  const [h, moreHost] = p.host;
  return (
    s !== undefined &&
    more === undefined &&
    s.label === 'Running' &&
    s.from <= 0 &&
    p.gone === undefined &&
    p.toleration === undefined &&
    p.replaces === undefined &&
    h !== undefined &&
    moreHost === undefined
  );
}

/** Rows for bars that may overlap in time: each goes in the first row free at its start. */
export function rowsOf(bars: readonly { from: number; to: number }[]): number[] {
  const ends: number[] = [];
  return bars.map((b) => {
    let r = ends.findIndex((end) => end <= b.from);
    if (r < 0) r = ends.length;
    ends[r] = b.to;
    return r;
  });
}

/** The pod a replacement replaces, found among the chart's pods (`ns/name` on `node`, the latest before it). */
export function replacedPod(data: ChartData, p: ChartPod): ChartPod | undefined {
  if (!p.replaces) return undefined;
  const node = data.nodes.find((n) => n.name === p.replaces?.node);
  const [ns, name] = p.replaces.pod.includes('/') ? p.replaces.pod.split('/') : ['default', p.replaces.pod];
  const first = p.status[0]?.from ?? 0;
  let found: ChartPod | undefined;
  for (const q of node?.pods ?? []) {
    if (q.uid === p.uid || q.name !== name || q.namespace !== ns) continue;
    if ((q.status[0]?.from ?? 0) <= first) found = q;
  }
  return found;
}

/**
 * Roughly how wide a text is, in px (a mean character width): enough to decide whether a label
 * fits. `mono`: the monospace font of commands and constants (0.6 em a character).
 */
export function textWidth(text: string, em: number, mono = false): number {
  return text.length * em * (mono ? 0.62 : 0.56);
}

/** Where a lane's name starts and its size, in ems: node names at the edge, pod names indented and smaller. */
export const NAME = { nodeX: 0.3, nodeSize: 1, podX: 1.1, podSize: 0.85 } as const;

/**
 * The width the names column needs for every node and pod name whole (as LaneNames draws them,
 * at NAME). Names are mostly digits and lower case, which a sans font such as DejaVu draws wider
 * than textWidth's average: 15% more, and a margin.
 */
export function laneNamesWidth(layout: LaneLayout, em: number): number {
  let widest = 0;
  for (const lane of layout.lanes) {
    if (lane.kind === 'node')
      widest = Math.max(widest, em * NAME.nodeX + textWidth(lane.node.name, em * NAME.nodeSize) * 1.15);
    else if (lane.kind === 'pod')
      widest = Math.max(widest, em * NAME.podX + textWidth(lane.pod.name, em * NAME.podSize) * 1.15);
  }
  return widest + em * 0.8;
}
