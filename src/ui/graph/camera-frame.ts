/**
 * Where the camera goes for a chapter on a node, pure and tested. It must never hide what
 * matters: the whole card it frames (its name included), and every other node's name and status
 * (the top of each card). So it frames the card together with the other cards' heads, closer
 * only when all of that still fits the pane (at most MAX_ZOOM_IN), and never smaller than the
 * home zoom (the layout chose the readable font). When even the card and the heads do not fit at
 * the home zoom (a cluster that pans), the card wins: it is brought whole into view, its top first.
 */
import type { Viewport } from '@xyflow/react';
import type { Density } from './card-metrics';
import type { Layout, Placed } from './layout';

export const MAX_ZOOM_IN = 1.35;
/** The top of a card that carries its name and status badge (card padding + head row), in em. */
export const HEAD_EM = 2.2;
/** Room left around what is framed, in px on screen. */
const MARGIN = 8;

interface Rect {
  x: number;
  y: number;
  right: number;
  bottom: number;
}

function union(a: Rect, b: Rect): Rect {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    right: Math.max(a.right, b.right),
    bottom: Math.max(a.bottom, b.bottom),
  };
}

const rectOf = (p: Placed): Rect => ({ x: p.x, y: p.y, right: p.x + p.width, bottom: p.y + p.height });

/** Home: zoom 1 (the layout chose the readable font), centred; a large cluster's overview zoomed to fit. */
export function homeViewport(
  layout: Layout | undefined,
  box: { width: number; height: number } | undefined,
  density: Density,
): Viewport {
  if (!layout || !box || layout.width === 0) return { x: 0, y: 0, zoom: 1 };
  // Only the overview of a large cluster shrinks to fit; readable cards stay at zoom 1 and pan.
  const zoom =
    density === 'large' ? Math.max(0.2, Math.min(1, box.width / layout.width, box.height / layout.height)) : 1;
  return {
    x: Math.max(0, (box.width - layout.width * zoom) / 2),
    y: Math.max(0, (box.height - layout.height * zoom) / 2),
    zoom,
  };
}

/** The viewport that frames `node`'s card and every card's head, or undefined for an unknown node. */
export function chapterViewport(
  layout: Layout,
  box: { width: number; height: number },
  node: string,
  home: Viewport = { x: 0, y: 0, zoom: 1 },
): Viewport | undefined {
  const card = layout.placed.find((p) => p.name === node);
  if (!card) return undefined;
  const head = HEAD_EM * layout.font;
  let frame = rectOf(card);
  for (const p of layout.placed) frame = union(frame, { x: p.x, y: p.y, right: p.x + p.width, bottom: p.y + head });
  const w = Math.max(1, box.width - 2 * MARGIN);
  const h = Math.max(1, box.height - 2 * MARGIN);
  const fit = Math.min(w / (frame.right - frame.x), h / (frame.bottom - frame.y));
  const zoom = fit > home.zoom + 0.01 ? Math.min(MAX_ZOOM_IN, fit) : home.zoom;
  // Closer: centred on what it frames. At the home zoom: from home, moved no more than needed to
  // bring the frame in (a card already in view moves nothing).
  const v = zoom === home.zoom ? { ...home } : centre(frame, box, zoom);
  if (zoom === home.zoom) {
    v.x += shift(frame.x * zoom + v.x, frame.right * zoom + v.x, box.width);
    v.y += shift(frame.y * zoom + v.y, frame.bottom * zoom + v.y, box.height);
  }
  // Not everything fits (a cluster that pans): the card comes whole into view, its top and left
  // edge first when it is larger than the pane.
  v.x += shift(card.x * zoom + v.x, (card.x + card.width) * zoom + v.x, box.width);
  v.y += shift(card.y * zoom + v.y, (card.y + card.height) * zoom + v.y, box.height);
  return v;
}

/** How far to move a span [lo, hi] (screen px) so that it lies in [0, size], its start first. */
function shift(lo: number, hi: number, size: number): number {
  if (lo < 0) return -lo + (hi - lo + MARGIN <= size ? MARGIN : 0);
  if (hi > size) return Math.max(size - hi, -lo);
  return 0;
}

function centre(r: Rect, box: { width: number; height: number }, zoom: number): Viewport {
  return {
    x: box.width / 2 - ((r.x + r.right) / 2) * zoom,
    y: box.height / 2 - ((r.y + r.bottom) / 2) * zoom,
    zoom,
  };
}

/** True when the rectangle (graph px) is inside the pane at this viewport, to a pixel. */
export function inView(
  r: { x: number; y: number; width: number; height: number },
  v: Viewport,
  box: { width: number; height: number },
): boolean {
  const left = r.x * v.zoom + v.x;
  const top = r.y * v.zoom + v.y;
  return (
    left >= -1 && top >= -1 && left + r.width * v.zoom <= box.width + 1 && top + r.height * v.zoom <= box.height + 1
  );
}
