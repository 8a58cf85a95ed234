/**
 * Deterministic grid layout for the cluster graph: the control plane on the top row, workers in
 * rows below, sorted by name. Pure and synchronous; recomputed only when the topology changes
 * (a node appears or its pod count changes), so nothing jumps between frames.
 */
export interface LayoutInput {
  name: string;
  role: 'control-plane' | 'worker';
  /** Pod chips drawn on the card. */
  pods: number;
  /** Lines of conditions and taints drawn on the card. */
  problems?: number;
}

export interface Placed {
  name: string;
  x: number;
  y: number;
}

export const CARD_WIDTH = 430;
const GAP_X = 48;
const GAP_Y = 70;
const BASE_HEIGHT = 150;
const CONTROL_PLANE_EXTRA = 70;
const PROBLEM_LINE = 24;
const CHIP_ROW = 62;
const CHIPS_PER_ROW = 2;

export function cardHeight(n: LayoutInput): number {
  const problems = n.problems ? 16 + n.problems * PROBLEM_LINE : 0;
  const cp = n.role === 'control-plane' ? CONTROL_PLANE_EXTRA : 0;
  return BASE_HEIGHT + problems + cp + Math.ceil(Math.max(1, n.pods) / CHIPS_PER_ROW) * CHIP_ROW;
}

export function columnsFor(workers: number): number {
  if (workers <= 4) return Math.max(1, workers);
  return Math.ceil(Math.sqrt(workers * 1.5));
}

export function layoutCluster(nodes: LayoutInput[]): Placed[] {
  const sorted = [...nodes].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const cps = sorted.filter((n) => n.role === 'control-plane');
  const workers = sorted.filter((n) => n.role !== 'control-plane');
  const cols = columnsFor(workers.length);
  const rowWidth = cols * CARD_WIDTH + (cols - 1) * GAP_X;
  const out: Placed[] = [];
  // Control plane row, centred over the workers.
  const cpWidth = cps.length * CARD_WIDTH + Math.max(0, cps.length - 1) * GAP_X;
  let y = 0;
  for (const [i, n] of cps.entries()) {
    out.push({ name: n.name, x: (rowWidth - cpWidth) / 2 + i * (CARD_WIDTH + GAP_X), y });
  }
  if (cps.length) y += Math.max(...cps.map(cardHeight)) + GAP_Y;
  for (let r = 0; r * cols < workers.length; r++) {
    const row = workers.slice(r * cols, r * cols + cols);
    for (const [i, n] of row.entries()) out.push({ name: n.name, x: i * (CARD_WIDTH + GAP_X), y });
    y += Math.max(...row.map(cardHeight)) + GAP_Y;
  }
  return out;
}
