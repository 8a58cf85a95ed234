/**
 * Where the overview draws each machine (pure, tested in Node). Zones side by side, each a column
 * with a header (its name, state and eviction progress) over a grid of square tiles; inside a
 * tile, its pods as a grid of dots. Coordinates are "world" pixels: the overview at its fitted
 * size; the camera (scale, offset) maps them to the screen.
 */

export interface ZoneBox {
  zone: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The grid of tiles below the header. */
  gridY: number;
  cols: number;
  tile: number;
  /** Machines of this zone: overview indices first..first+count-1 (the overview sorts by zone). */
  first: number;
  count: number;
}

export interface OverviewLayout {
  width: number;
  height: number;
  header: number;
  zones: ZoneBox[];
  /** Dots per row inside a tile (enough for the machine with the most pods). */
  podCols: number;
}

/** Height of a zone's header, world px. */
export const ZONE_HEADER = 46;
const GAP = 12;
/** Space between tiles, as a share of the tile. */
export const TILE_GAP = 0.12;

/** The largest square tile with which `n` tiles fit in `w` x `h`, and its column count. */
export function fitGrid(n: number, w: number, h: number): { cols: number; tile: number } {
  if (n <= 0) return { cols: 1, tile: Math.min(w, h) };
  let best = { cols: 1, tile: 0 };
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols);
    const tile = Math.min(w / cols, h / rows);
    if (tile > best.tile) best = { cols, tile };
    if (w / cols < best.tile) break;
  }
  return best;
}

/**
 * `zoneOf`: each machine's zone index (sorted by zone, as the overview's arrays are); `maxPods`:
 * the most pods on one machine.
 */
export function layoutOverview(
  zoneOf: ArrayLike<number>,
  zoneCount: number,
  maxPods: number,
  width: number,
  height: number,
): OverviewLayout {
  const counts = new Array<number>(zoneCount).fill(0);
  const firsts = new Array<number>(zoneCount).fill(-1);
  for (let i = 0; i < zoneOf.length; i++) {
    const z = zoneOf[i] ?? 0;
    counts[z] = (counts[z] ?? 0) + 1;
    if (firsts[z] === -1) firsts[z] = i;
  }
  const colW = (width - GAP * (zoneCount + 1)) / Math.max(1, zoneCount);
  const gridH = height - ZONE_HEADER - 2 * GAP;
  // One tile size for every zone, so a tile means the same everywhere: the one the largest zone allows.
  const largest = counts.reduce((m, c) => Math.max(m, c), 1);
  const { tile } = fitGrid(largest, colW, gridH);
  const cols = Math.max(1, Math.floor(colW / tile));
  const zones: ZoneBox[] = counts.map((count, z) => ({
    zone: z,
    x: GAP + z * (colW + GAP),
    y: GAP,
    width: colW,
    height: ZONE_HEADER + Math.ceil(count / cols) * tile,
    gridY: GAP + ZONE_HEADER,
    cols,
    tile,
    first: Math.max(0, firsts[z] ?? 0),
    count,
  }));
  return { width, height, header: ZONE_HEADER, zones, podCols: Math.max(1, Math.ceil(Math.sqrt(maxPods))) };
}

/** The tile of machine `i` (overview index) in world px: x, y, size. */
export function tileOf(l: OverviewLayout, zone: number, i: number): { x: number; y: number; size: number } {
  const z = l.zones[zone];
  if (!z) return { x: 0, y: 0, size: 0 };
  const k = i - z.first;
  return { x: z.x + (k % z.cols) * z.tile, y: z.gridY + Math.floor(k / z.cols) * z.tile, size: z.tile };
}

/** The machine (overview index) whose tile holds world point (x, y), if any. */
export function machineAt(l: OverviewLayout, x: number, y: number): number | undefined {
  for (const z of l.zones) {
    if (x < z.x || x >= z.x + z.cols * z.tile || y < z.gridY) continue;
    const col = Math.floor((x - z.x) / z.tile);
    const row = Math.floor((y - z.gridY) / z.tile);
    const k = row * z.cols + col;
    if (col < z.cols && k >= 0 && k < z.count) return z.first + k;
  }
  return undefined;
}

/** The zone whose column holds world point (x, y) (its header or grid), if any. */
export function zoneAt(l: OverviewLayout, x: number, y: number): number | undefined {
  for (const z of l.zones) if (x >= z.x && x < z.x + z.width && y >= z.y && y < z.y + z.height) return z.zone;
  return undefined;
}

/** The zone (its index in `l.zones`) whose header (name, state) holds world point (x, y), if any. */
export function zoneHeaderAt(l: OverviewLayout, x: number, y: number): number | undefined {
  const i = l.zones.findIndex((z) => x >= z.x && x < z.x + z.width && y >= z.y && y < z.gridY);
  return i < 0 ? undefined : i;
}

export interface Camera {
  scale: number;
  x: number;
  y: number;
}

/** Zooms by `factor` keeping screen point (sx, sy) still; never below the fitted size. */
export function zoomAt(c: Camera, factor: number, sx: number, sy: number, maxScale = 200): Camera {
  const scale = Math.min(maxScale, Math.max(1, c.scale * factor));
  const k = scale / c.scale;
  return clampCamera({ scale, x: sx - (sx - c.x) * k, y: sy - (sy - c.y) * k });
}

/** A camera whose world stays on screen (no panning the overview away). */
export function clampCamera(c: Camera, width = Number.NaN, height = Number.NaN): Camera {
  if (c.scale <= 1) return { scale: 1, x: 0, y: 0 };
  if (Number.isNaN(width)) return c;
  const minX = width - width * c.scale;
  const minY = height - height * c.scale;
  return { scale: c.scale, x: Math.min(0, Math.max(minX, c.x)), y: Math.min(0, Math.max(minY, c.y)) };
}

/** The camera that shows zone `z` as large as the screen allows. */
export function cameraForZone(l: OverviewLayout, z: number): Camera {
  const box = l.zones[z];
  if (!box) return { scale: 1, x: 0, y: 0 };
  const scale = Math.max(1, Math.min(l.width / (box.width + 24), l.height / (box.height + 24)));
  return clampCamera(
    { scale, x: l.width / 2 - (box.x + box.width / 2) * scale, y: 12 - box.y * scale + 12 },
    l.width,
    l.height,
  );
}
