/**
 * Layout of the cluster graph, pure and synchronous. Cards are measured in em (their height is a
 * function of their content and width, see card-metrics.ts), and the layout chooses, for the
 * pane it is given, the arrangement that fits at the largest font: the control plane in its own
 * row above the workers, or every node in one grid. The graph is then drawn at zoom 1 with that
 * font, so the size of the text on screen is exactly the font size: at least 12 px in the normal
 * layout and 18 px in presenter mode (below that the graph is panned, not shrunk).
 *
 * Stability: the caller passes, per node, the most pods it has shown in this run (cards never
 * shrink), and every card reserves its problem lines, so a node going NotReady never changes the
 * layout. The font only changes when the pane's size, the node list or the text size changes.
 */
import { type CardContent, cardHeightEm, chipColumns, type Density, METRICS } from './card-metrics';

export interface LayoutInput extends CardContent {
  name: string;
  /** Pod chips shown now; `pods` may reserve more (room for a replacement) when the pane allows. */
  podsNow?: number;
}

export interface Placed {
  name: string;
  /** Position and size in px at zoom 1. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Pod chips per row on this card. */
  chipColumns: number;
}

export interface Layout {
  placed: Placed[];
  /** Font size of the cards in px (the on-screen text size at zoom 1). */
  font: number;
  /** Size of the whole graph in px. */
  width: number;
  height: number;
  /** Arrangement, for tests and debugging: `cp-row:3` or `grid:2`. */
  arrangement: string;
}

export interface LayoutOptions {
  /** The pane's size in px. */
  box: { width: number; height: number };
  density: Density;
  /** The largest font wanted (px): the designed size times the A-/A+ scale. */
  maxFont: number;
  /** The readable floor (px): 12 normal, 18 presenting. */
  minFont: number;
  /**
   * When nothing fits at the floor (a small window, a tall cluster), shrink to fit down to this
   * font before panning; presenter mode keeps its floor and pans.
   */
  shrinkTo?: number;
}

/** Margin around the graph and gaps between cards, in em. */
const MARGIN = 0.4;
const GAP_X = 1.2;
const GAP_Y = 1.2;
/** Room above a row for the lease edges drawn over it, in em. */
const EDGE_ROOM = 1.2;

interface Arranged {
  rows: LayoutInput[][];
  key: string;
}

function sortByName(a: LayoutInput, b: LayoutInput): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function arrangements(nodes: LayoutInput[]): Arranged[] {
  const sorted = [...nodes].sort(sortByName);
  const cps = sorted.filter((n) => n.role === 'control-plane');
  const workers = sorted.filter((n) => n.role !== 'control-plane');
  const out: Arranged[] = [];
  const chunk = (list: LayoutInput[], c: number) => {
    const rows: LayoutInput[][] = [];
    for (let i = 0; i < list.length; i += c) rows.push(list.slice(i, i + c));
    return rows;
  };
  if (cps.length && workers.length)
    for (let c = 1; c <= workers.length; c++) out.push({ rows: [cps, ...chunk(workers, c)], key: `cp-row:${c}` });
  const all = [...cps, ...workers];
  for (let c = 1; c <= all.length; c++) out.push({ rows: chunk(all, c), key: `grid:${c}` });
  return out;
}

/** Width of each card (em) when `cols` cards share the pane's width at this font. */
function cardWidthEm(boxWidthPx: number, font: number, cols: number, density: Density): number {
  const m = METRICS[density];
  const inner = boxWidthPx / font - 2 * MARGIN - (cols - 1) * GAP_X;
  return Math.max(m.minCardWidth, Math.min(m.maxCardWidth, inner / cols));
}

interface Sized {
  width: number;
  height: number;
  cardWidth: number;
  rowHeights: number[];
}

/** Lease edges run over the top of a row only when workers share the control plane's row. */
function edgeRoom(a: Arranged): number {
  const first = a.rows[0] ?? [];
  return first.some((n) => n.role === 'control-plane') && first.some((n) => n.role !== 'control-plane') ? EDGE_ROOM : 0;
}

/** The widest row's card count (Math.max without a spread: a row may hold thousands of cards). */
function columnsOf(a: Arranged): number {
  return a.rows.reduce((m, r) => Math.max(m, r.length), Number.NEGATIVE_INFINITY);
}

function size(a: Arranged, box: LayoutOptions['box'], font: number, density: Density): Sized {
  const cols = columnsOf(a);
  const cardWidth = cardWidthEm(box.width, font, cols, density);
  const rowHeights = a.rows.map((r) =>
    r.reduce((m, n) => Math.max(m, cardHeightEm(n, cardWidth, density)), Number.NEGATIVE_INFINITY),
  );
  const width = 2 * MARGIN + cols * cardWidth + (cols - 1) * GAP_X;
  const height = 2 * MARGIN + rowHeights.reduce((s, h) => s + h, 0) + (a.rows.length - 1) * GAP_Y + edgeRoom(a);
  return { width, height, cardWidth, rowHeights };
}

function fits(s: Sized, box: LayoutOptions['box'], font: number): boolean {
  return s.width * font <= box.width + 0.5 && s.height * font <= box.height + 0.5;
}

/** The largest font in [lo, hi] at which `a` fits the box, or undefined when not even `lo` does. */
function bestFont(a: Arranged, o: LayoutOptions): number | undefined {
  let lo = o.minFont;
  let hi = o.maxFont;
  if (!fits(size(a, o.box, lo, o.density), o.box, lo)) return undefined;
  if (fits(size(a, o.box, hi, o.density), o.box, hi)) return hi;
  for (let i = 0; i < 18; i++) {
    const mid = (lo + hi) / 2;
    if (fits(size(a, o.box, mid, o.density), o.box, mid)) lo = mid;
    else hi = mid;
  }
  return Math.floor(lo * 4) / 4;
}

export function layoutCluster(nodes: LayoutInput[], o: LayoutOptions): Layout {
  if (nodes.length === 0) return { placed: [], font: o.maxFont, width: 0, height: 0, arrangement: 'empty' };
  const roomy = fitLayout(nodes, o);
  if (roomy) return roomy;
  // The reserved room does not fit at a readable size: lay out what is shown now.
  const tight = nodes.map((n) => (n.podsNow === undefined ? n : { ...n, pods: n.podsNow }));
  const fitted = fitLayout(tight, o);
  if (fitted) return fitted;
  if (o.shrinkTo !== undefined && o.shrinkTo < o.minFont) {
    const small = { ...o, maxFont: o.minFont, minFont: o.shrinkTo };
    const shrunk = fitLayout(tight, small);
    if (shrunk) return shrunk;
    return overflowLayout(tight, small);
  }
  return overflowLayout(tight, o);
}

/** The arrangement that fits at the largest font, if any does at the smallest. */
function fitLayout(nodes: LayoutInput[], o: LayoutOptions): Layout | undefined {
  const options = arrangements(nodes);
  let best: { a: Arranged; font: number } | undefined;
  for (const a of options) {
    const f = bestFont(a, o);
    if (f !== undefined && (!best || f > best.font + 0.01)) best = { a, font: f };
  }
  return best ? place(best.a, best.font, o) : undefined;
}

/**
 * Nothing fits at the smallest readable font: keep that font and the arrangement that overflows
 * least (the user pans or scrolls); the text never shrinks below it. An arrangement as wide as the
 * pane comes first: it overflows only downwards (the wheel scrolls that way) and its cards are
 * wider, so larger text (A+) reflows into fewer columns instead of cutting every card's words.
 */
function overflowLayout(nodes: LayoutInput[], o: LayoutOptions): Layout {
  let best: Arranged | undefined;
  let least = Number.POSITIVE_INFINITY;
  for (const a of arrangements(nodes)) {
    const s = size(a, o.box, o.minFont, o.density);
    const wide = Math.max(s.width * o.minFont - o.box.width, 0);
    const over = (wide > 0.5 ? 1e6 : 0) + wide + Math.max(s.height * o.minFont - o.box.height, 0);
    if (over < least) {
      least = over;
      best = a;
    }
  }
  return place(best as Arranged, o.minFont, o);
}

/**
 * The narrowest pane (px) in which some arrangement fits at `font` with a pane `boxHeight` tall,
 * its cards at their narrowest; undefined when none fits that height at any width. Presenter mode
 * sizes the view beside the graph with it, so that the view never covers a card. It does not
 * depend on the pane's width, so the pane resizing to it does not change it.
 */
export function widthNeeded(
  nodes: LayoutInput[],
  boxHeight: number,
  density: Density,
  font: number,
): number | undefined {
  if (nodes.length === 0) return undefined;
  const narrow = { width: 0, height: boxHeight };
  let least: number | undefined;
  for (const a of arrangements(nodes)) {
    const s = size(a, narrow, font, density);
    if (s.height * font > boxHeight + 0.5) continue;
    const w = Math.ceil(s.width * font);
    if (least === undefined || w < least) least = w;
  }
  return least;
}

function place(a: Arranged, font: number, o: LayoutOptions): Layout {
  const s = size(a, o.box, font, o.density);
  const cols = columnsOf(a);
  const rowWidth = cols * s.cardWidth + (cols - 1) * GAP_X;
  const placed: Placed[] = [];
  let y = MARGIN + edgeRoom(a);
  for (const [ri, row] of a.rows.entries()) {
    const width = row.length * s.cardWidth + (row.length - 1) * GAP_X;
    // A short row (the control plane alone) is centred over the ones below.
    let x = MARGIN + (rowWidth - width) / 2;
    for (const n of row) {
      placed.push({
        name: n.name,
        x: x * font,
        y: y * font,
        width: s.cardWidth * font,
        height: (s.rowHeights[ri] as number) * font,
        chipColumns: chipColumns(s.cardWidth, o.density),
      });
      x += s.cardWidth + GAP_X;
    }
    y += (s.rowHeights[ri] as number) + GAP_Y;
  }
  return { placed, font, width: s.width * font, height: s.height * font, arrangement: a.key };
}
