/**
 * Draws the overview on a 2D canvas: per zone a header (name, the node lifecycle controller's zone
 * state, a bar of NotReady and tainted machines), per machine a tile coloured by its state (a thick
 * dark edge when tainted NoExecute, a cross when powered off), per pod a dot coloured and shaped by
 * its state. Small dots are squares of colour, left out when closer than 1.5 device pixels (a
 * whole 5,000-machine cluster: the tiles' states stay readable); once the camera
 * zooms in far enough, shapes: a disc (Ready), a ring (not ready), a hollow square (Pending), a
 * cross (Terminating), a small bar (finished). Only the tiles on screen are drawn.
 */
import { type ClusterOverview, NODE_FLAG, NODE_STATE, POD_STATE, type ZoneSummary } from '../../sim';
import { type Camera, type OverviewLayout, TILE_GAP, tileOf } from './layout';

/** Colours with at least 3:1 contrast against the tile or the page (states carry shapes and words too). */
export const COLORS = {
  page: '#f4f5f7',
  ink: '#111418',
  muted: '#4a5360',
  tile: { ready: '#dff3e5', notReady: '#a4001c', noNode: '#d4d8de' },
  pod: ['#0b6b2f', '#b86e00', '#1f5fbf', '#a4001c', '#6b7280'] as const,
  /**
   * On a NotReady tile. Not ready is white (the legend's hollow ring), not amber: a zone of NotReady
   * nodes full of not-ready pods looked amber from afar, the colour of a NoExecute taint.
   */
  podOnDark: ['#7fe0a0', '#ffffff', '#9cc2ff', '#ffb3c0', '#d1d5db'] as const,
  /** NoExecute taint: an amber edge, seen on a red (NotReady) tile as on a green one. */
  taint: '#ffb000',
  offFoot: '#111418',
  bar: { ready: '#0b6b2f', notReady: '#a4001c', tainted: '#111418', track: '#e3e6ea' },
};

function tileFill(state: number): string {
  if (state === NODE_STATE.ready) return COLORS.tile.ready;
  if (state === NODE_STATE.noNode) return COLORS.tile.noNode;
  return COLORS.tile.notReady;
}

/** Dots on a dark tile (NotReady, off) use the light palette. */
function darkTile(state: number): boolean {
  return state === NODE_STATE.notReady || state === NODE_STATE.unknown;
}

export interface DrawInput {
  o: ClusterOverview;
  layout: OverviewLayout;
  summary: ZoneSummary[];
  camera: Camera;
  /** Device pixels per CSS pixel. */
  dpr: number;
  /** Overview index of the machine under the pointer or focused by the keyboard. */
  hover?: number;
  /** Words drawn on the canvas, in the language on screen. */
  words: { noZone: string; zoneCounts: (ready: number, notReady: number, tainted: number) => string };
}

export function drawOverview(ctx: CanvasRenderingContext2D, d: DrawInput): void {
  const { o, layout: l, camera: c, dpr } = d;
  const first = l.zones[0];
  // Dots of a pixel or two (a whole big cluster): written as pixels, a frame in a few ms.
  if (first && ((first.tile * (1 - TILE_GAP)) / l.podCols) * c.scale * dpr < 3) {
    drawPixels(ctx, d);
    ctx.setTransform(dpr * c.scale, 0, 0, dpr * c.scale, dpr * c.x, dpr * c.y);
    for (const z of l.zones) drawZoneHeader(ctx, d, z.zone, c.scale);
    if (d.hover !== undefined) {
      const t = tileOf(l, o.zone[d.hover] ?? 0, d.hover);
      ctx.strokeStyle = '#1f5fbf';
      ctx.lineWidth = 3 / c.scale;
      ctx.strokeRect(
        t.x - 2 / c.scale,
        t.y - 2 / c.scale,
        t.size * (1 - TILE_GAP) + 4 / c.scale,
        t.size * (1 - TILE_GAP) + 4 / c.scale,
      );
    }
    return;
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = COLORS.page;
  ctx.fillRect(0, 0, l.width, l.height);
  ctx.setTransform(dpr * c.scale, 0, 0, dpr * c.scale, dpr * c.x, dpr * c.y);
  // World rectangle on screen, for culling.
  const view = {
    x0: -c.x / c.scale,
    y0: -c.y / c.scale,
    x1: (l.width - c.x) / c.scale,
    y1: (l.height - c.y) / c.scale,
  };
  for (const z of l.zones) {
    drawZoneHeader(ctx, d, z.zone, c.scale);
    const gap = z.tile * TILE_GAP;
    const inner = z.tile - gap;
    const screenDot = (inner / l.podCols) * c.scale;
    for (let k = 0; k < z.count; k++) {
      const i = z.first + k;
      const t = tileOf(l, z.zone, i);
      if (t.x + t.size < view.x0 || t.x > view.x1 || t.y + t.size < view.y0 || t.y > view.y1) continue;
      const state = o.state[i] ?? 0;
      const flags = o.flags[i] ?? 0;
      ctx.fillStyle = tileFill(state);
      ctx.fillRect(t.x, t.y, inner, inner);
      if (flags & NODE_FLAG.noExecute) {
        // Tainted NoExecute: a thick dark edge all round (its pods are being evicted).
        ctx.strokeStyle = COLORS.taint;
        ctx.lineWidth = Math.max(inner * 0.1, 1.5 / c.scale);
        ctx.strokeRect(t.x + ctx.lineWidth / 2, t.y + ctx.lineWidth / 2, inner - ctx.lineWidth, inner - ctx.lineWidth);
      }
      if (flags & NODE_FLAG.controlPlane) {
        ctx.fillStyle = COLORS.ink;
        ctx.fillRect(t.x, t.y, inner, inner * 0.1);
      }
      if (flags & NODE_FLAG.off) {
        // Powered off (host truth): a dark foot under the pods.
        ctx.fillStyle = COLORS.offFoot;
        ctx.fillRect(t.x, t.y + inner * 0.82, inner, inner * 0.18);
      }
      drawPods(ctx, o, i, t.x, t.y, inner, l.podCols, screenDot, darkTile(state));
      if (i === d.hover) {
        ctx.strokeStyle = '#1f5fbf';
        ctx.lineWidth = 3 / c.scale;
        ctx.strokeRect(t.x - 1.5 / c.scale, t.y - 1.5 / c.scale, inner + 3 / c.scale, inner + 3 / c.scale);
      }
    }
  }
}

function drawPods(
  ctx: CanvasRenderingContext2D,
  o: ClusterOverview,
  i: number,
  x: number,
  y: number,
  inner: number,
  cols: number,
  screenDot: number,
  dark: boolean,
): void {
  const from = o.podStart[i] ?? 0;
  const to = o.podStart[i + 1] ?? 0;
  if (to <= from) return;
  const pad = inner * 0.08;
  const cell = (inner - 2 * pad) / cols;
  const palette = dark ? COLORS.podOnDark : COLORS.pod;
  const shapes = screenDot >= 7;
  let last = -1;
  for (let k = from; k < to; k++) {
    const s = o.podState[k] ?? 0;
    const n = k - from;
    const cx = x + pad + (n % cols) * cell;
    const cy = y + pad + Math.floor(n / cols) * cell;
    // A machine's pods are sorted by state: the colour changes a few times per tile at most.
    if (s !== last) ctx.fillStyle = palette[s] ?? palette[0];
    last = s;
    if (!shapes) {
      ctx.fillRect(cx + cell * 0.1, cy + cell * 0.1, cell * 0.8, cell * 0.8);
      continue;
    }
    drawPodShape(ctx, s, cx + cell / 2, cy + cell / 2, cell * 0.38, palette[s] ?? palette[0]);
  }
}

/** A pod's shape: disc Ready, ring not ready, hollow square Pending, cross Terminating, bar finished. */
function drawPodShape(
  ctx: CanvasRenderingContext2D,
  s: number,
  cx: number,
  cy: number,
  r: number,
  color: string,
): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = r * 0.45;
  ctx.beginPath();
  switch (s) {
    case POD_STATE.ready:
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.fill();
      return;
    case POD_STATE.notReady:
      ctx.arc(cx, cy, r * 0.8, 0, Math.PI * 2);
      ctx.stroke();
      return;
    case POD_STATE.pending:
      ctx.strokeRect(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6);
      return;
    case POD_STATE.terminating:
      ctx.moveTo(cx - r, cy - r);
      ctx.lineTo(cx + r, cy + r);
      ctx.moveTo(cx + r, cy - r);
      ctx.lineTo(cx - r, cy + r);
      ctx.stroke();
      return;
    default:
      ctx.fillRect(cx - r, cy - r * 0.3, r * 2, r * 0.6);
  }
}

/** A zone's name and state, then a bar: Ready, NotReady, and the tainted part of NotReady. */
function drawZoneHeader(ctx: CanvasRenderingContext2D, d: DrawInput, z: number, scale: number): void {
  const box = d.layout.zones[z];
  const s = d.summary[z];
  if (!box || !s) return;
  const size = Math.min(15, box.width / 14);
  ctx.fillStyle = COLORS.ink;
  ctx.font = `700 ${size}px system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  const name = s.zone || d.words.noZone;
  ctx.fillText(`${name}${s.zoneState ? ` · ${s.zoneState}` : ''}`, box.x, box.y, box.width);
  ctx.font = `400 ${size * 0.85}px system-ui, sans-serif`;
  ctx.fillText(d.words.zoneCounts(s.ready, s.notReady + s.noNode, s.tainted), box.x, box.y + size * 1.2, box.width);
  const barY = box.y + size * 2.4;
  const barH = Math.max(4 / scale, size * 0.45);
  const w = box.width;
  const n = Math.max(1, s.nodes);
  ctx.fillStyle = COLORS.bar.track;
  ctx.fillRect(box.x, barY, w, barH);
  ctx.fillStyle = COLORS.bar.ready;
  ctx.fillRect(box.x, barY, (w * s.ready) / n, barH);
  ctx.fillStyle = COLORS.bar.notReady;
  ctx.fillRect(box.x + (w * s.ready) / n, barY, (w * s.notReady) / n, barH);
  // Eviction progress: of the NotReady machines, the tainted NoExecute ones (hatched dark).
  ctx.fillStyle = COLORS.bar.tainted;
  ctx.fillRect(box.x + (w * s.ready) / n, barY + barH * 0.55, (w * s.tainted) / n, barH * 0.45);
}

/** `#rrggbb` as a little-endian RGBA word for a Uint32Array over ImageData. */
function rgba(hex: string): number {
  const v = Number.parseInt(hex.slice(1), 16);
  return (0xff << 24) | ((v & 0xff) << 16) | (v & 0xff00) | ((v >> 16) & 0xff);
}

const PIXEL = {
  page: rgba(COLORS.page),
  ready: rgba(COLORS.tile.ready),
  notReady: rgba(COLORS.tile.notReady),
  noNode: rgba(COLORS.tile.noNode),
  taint: rgba(COLORS.taint),
  offFoot: rgba(COLORS.offFoot),
  pod: COLORS.pod.map(rgba),
  podOnDark: COLORS.podOnDark.map(rgba),
};

let buffer: { image: ImageData; words: Uint32Array } | undefined;

/** Device pixels between two pod dots below which the dots are not drawn (they would fill the tile). */
const MIN_DOT_PITCH = 1.5;

/** The whole frame as pixels: tiles as blocks of colour (tainted ones with a dark edge), dots of a pixel or two. */
function drawPixels(ctx: CanvasRenderingContext2D, d: DrawInput): void {
  const { o, layout: l, camera: c, dpr } = d;
  const W = ctx.canvas.width;
  const H = ctx.canvas.height;
  if (!buffer || buffer.image.width !== W || buffer.image.height !== H) {
    const image = ctx.createImageData(W, H);
    buffer = { image, words: new Uint32Array(image.data.buffer) };
  }
  const px = buffer.words;
  px.fill(PIXEL.page);
  const k = c.scale * dpr;
  const fill = (x0: number, y0: number, x1: number, y1: number, color: number) => {
    const ax = Math.max(0, Math.round(x0));
    const bx = Math.min(W, Math.round(x1));
    const ay = Math.max(0, Math.round(y0));
    const by = Math.min(H, Math.round(y1));
    for (let y = ay; y < by; y++) px.fill(color, y * W + ax, y * W + bx);
  };
  for (const z of l.zones) {
    const inner = z.tile * (1 - TILE_GAP);
    const pad = inner * 0.08;
    const cell = (inner - 2 * pad) / l.podCols;
    for (let n = 0; n < z.count; n++) {
      const i = z.first + n;
      const t = tileOf(l, z.zone, i);
      const sx = t.x * k + c.x * dpr;
      const sy = t.y * k + c.y * dpr;
      const size = inner * k;
      if (sx > W || sy > H || sx + size < 0 || sy + size < 0) continue;
      const state = o.state[i] ?? 0;
      const flags = o.flags[i] ?? 0;
      const dark = darkTile(state);
      const base =
        state === NODE_STATE.ready ? PIXEL.ready : state === NODE_STATE.noNode ? PIXEL.noNode : PIXEL.notReady;
      fill(sx, sy, sx + size, sy + size, base);
      if (flags & NODE_FLAG.noExecute) {
        // At least 2 device pixels once a tile has 5: a 1-pixel edge was lost among the dots.
        const e = Math.max(size >= 5 ? 2 : 1, size * 0.12);
        fill(sx, sy, sx + size, sy + e, PIXEL.taint);
        fill(sx, sy + size - e, sx + size, sy + size, PIXEL.taint);
        fill(sx, sy, sx + e, sy + size, PIXEL.taint);
        fill(sx + size - e, sy, sx + size, sy + size, PIXEL.taint);
      }
      if (flags & NODE_FLAG.controlPlane) fill(sx, sy, sx + size, sy + Math.max(1, size * 0.1), PIXEL.offFoot);
      if (flags & NODE_FLAG.off) fill(sx, sy + size * 0.82, sx + size, sy + size, PIXEL.offFoot);
      // Dots closer than 1.5 device pixels (a whole 5,000-machine cluster) would cover the tile
      // and hide its state (a zone of NotReady tiles looked amber, the taint's colour, under the
      // light dots of its not-ready pods): the tile's colour alone then, pods once zoomed in.
      if (cell * k < MIN_DOT_PITCH) continue;
      const palette = dark ? PIXEL.podOnDark : PIXEL.pod;
      const from = o.podStart[i] ?? 0;
      const to = o.podStart[i + 1] ?? 0;
      const dot = Math.max(1, cell * k * 0.8);
      for (let p = from; p < to; p++) {
        const m = p - from;
        const dx = sx + (pad + (m % l.podCols) * cell) * k;
        const dy = sy + (pad + Math.floor(m / l.podCols) * cell) * k;
        fill(dx, dy, dx + dot, dy + dot, palette[o.podState[p] ?? 0] ?? PIXEL.pod[0] ?? 0);
      }
    }
  }
  ctx.putImageData(buffer.image, 0, 0);
}
