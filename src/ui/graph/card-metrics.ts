/**
 * The size of a node card, in em of the card's font, as a function of its content and width.
 * The card's CSS (graph.css) gives every section exactly these heights, so the layout knows a
 * card's height before it is drawn and cards never overlap. Three densities:
 * - `normal`: full pod names;
 * - `presenter`: fewer words for the back of a room (abbreviated pod names, shorter lines);
 * - `large`: 24 nodes or more, drawn small and zoomed to fit (an overview).
 */
export type Density = 'normal' | 'presenter' | 'large';

export interface CardContent {
  role: 'control-plane' | 'worker';
  /** Pod chips to reserve room for (the most shown on this card in this run, plus room for one more). */
  pods: number;
  /** Host service buttons (kubelet, runtime, kube-proxy, CNI agent). */
  services: number;
  /** Control-plane component buttons (0 on workers). */
  components: number;
}

export interface DensityMetrics {
  minCardWidth: number;
  maxCardWidth: number;
  /** Vertical padding of the card (top + bottom) and its border. */
  pad: number;
  head: number;
  heartbeat: number;
  /** Lines reserved for conditions, taints and host flags, and their height. */
  problemLines: number;
  line: number;
  /** A row of service or component buttons, and the narrowest column for each. */
  buttonRow: number;
  serviceWidth: number;
  componentWidth: number;
  /** The control plane's API line. */
  apiLine: number;
  chipWidth: number;
  chipHeight: number;
  chipGap: number;
  /** Space between sections. */
  gap: number;
  /** Horizontal padding inside the card (left + right). */
  padX: number;
}

export const METRICS: Record<Density, DensityMetrics> = {
  normal: {
    minCardWidth: 20,
    maxCardWidth: 36,
    pad: 0.8,
    head: 1.6,
    heartbeat: 1.3,
    problemLines: 3,
    line: 1.25,
    buttonRow: 1.45,
    serviceWidth: 7.5,
    componentWidth: 13.5,
    apiLine: 1.3,
    chipWidth: 11.8,
    chipHeight: 2.6,
    chipGap: 0.25,
    gap: 0.2,
    padX: 1,
  },
  presenter: {
    // 13: five machines side by side at 18 px on a 1280 px projector (a cloud's group scaled up).
    minCardWidth: 13,
    maxCardWidth: 34,
    pad: 0.8,
    head: 1.6,
    heartbeat: 1.3,
    problemLines: 3,
    line: 1.25,
    buttonRow: 1.45,
    serviceWidth: 6.9,
    componentWidth: 13.5,
    apiLine: 1.3,
    chipWidth: 10.4,
    chipHeight: 2.6,
    chipGap: 0.25,
    gap: 0.2,
    padX: 1,
  },
  large: {
    minCardWidth: 22,
    maxCardWidth: 22,
    pad: 0.9,
    head: 1.6,
    heartbeat: 1.3,
    problemLines: 3,
    line: 1.25,
    buttonRow: 1.45,
    serviceWidth: 7.9,
    componentWidth: 13.5,
    apiLine: 1.3,
    chipWidth: 10.5,
    chipHeight: 2.9,
    chipGap: 0.3,
    gap: 0.3,
    padX: 1,
  },
};

function columns(cardWidth: number, cell: number, gap: number, padX: number): number {
  return Math.max(1, Math.floor((cardWidth - padX + gap) / (cell + gap)));
}

export function chipColumns(cardWidth: number, density: Density): number {
  const m = METRICS[density];
  return columns(cardWidth, m.chipWidth, m.chipGap, m.padX);
}

export function serviceColumns(cardWidth: number, density: Density): number {
  const m = METRICS[density];
  return Math.min(4, columns(cardWidth, m.serviceWidth, m.chipGap, m.padX));
}

export function componentColumns(cardWidth: number, density: Density): number {
  const m = METRICS[density];
  return Math.min(4, columns(cardWidth, m.componentWidth, m.chipGap, m.padX));
}

/** Rows of `n` cells in `cols` columns (at least one row). */
function rows(n: number, cols: number): number {
  return Math.max(1, Math.ceil(n / cols));
}

/** Heights of the card's sections, in em, top to bottom (the CSS uses the same numbers). */
export function cardSections(c: CardContent, cardWidth: number, density: Density) {
  const m = METRICS[density];
  const services = rows(c.services, serviceColumns(cardWidth, density)) * m.buttonRow;
  const cp =
    c.role === 'control-plane' ? m.apiLine + rows(c.components, componentColumns(cardWidth, density)) * m.buttonRow : 0;
  // A worker with no pods to show says so on one line; a control plane with none (its own static
  // pods are the component buttons) ends with its components.
  const chipRows = c.pods > 0 ? rows(c.pods, chipColumns(cardWidth, density)) : 0;
  const chips = chipRows
    ? chipRows * m.chipHeight + (chipRows - 1) * m.chipGap
    : c.role === 'control-plane'
      ? 0
      : m.line;
  return {
    head: m.head,
    heartbeat: m.heartbeat,
    problems: m.problemLines * m.line,
    services,
    cp,
    chips,
  };
}

export function cardHeightEm(c: CardContent, cardWidth: number, density: Density): number {
  const m = METRICS[density];
  const s = cardSections(c, cardWidth, density);
  const sections = [s.head, s.heartbeat, s.problems, s.services, s.cp, s.chips].filter((h) => h > 0);
  return m.pad + sections.reduce((a, b) => a + b, 0) + (sections.length - 1) * m.gap;
}
