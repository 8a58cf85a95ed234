/**
 * Places chapter labels above the timeline without overlaps: each label goes in the first row
 * where it fits at its marker; where none has room, it moves right (a leader line joins it to its
 * marker) as little as any row allows; a label that would leave the track is not drawn (its
 * marker stays, named for assistive technology and in the Chapters list). Pure, for tests.
 */
export interface LabelIn {
  /** Marker position, px from the track's left edge. */
  x: number;
  /** Estimated label width in px. */
  width: number;
}

export interface LabelOut {
  row: number;
  /** Where the label starts, px (>= x). */
  left: number;
}

export function placeLabels(
  labels: readonly LabelIn[],
  trackWidth: number,
  rows: number,
  gap = 6,
): (LabelOut | undefined)[] {
  const ends = new Array<number>(rows).fill(Number.NEGATIVE_INFINITY);
  return labels.map((l) => {
    let best: LabelOut | undefined;
    for (let r = 0; r < rows; r++) {
      const left = Math.max(l.x, (ends[r] as number) + gap);
      if (left + l.width > trackWidth) continue;
      if (!best || left < best.left) best = { row: r, left };
      if (left === l.x) break;
    }
    if (best) ends[best.row] = best.left + l.width;
    return best;
  });
}

/** Longest label drawn on the timeline (the Chapters list and the tooltip have the whole text). */
export const LABEL_MAX_CHARS = 34;

/** The text drawn for a chapter on the timeline. */
export function labelText(text: string): string {
  return text.length <= LABEL_MAX_CHARS ? text : `${text.slice(0, LABEL_MAX_CHARS - 1)}…`;
}

/** A label's width in px at a font size (an estimate on the safe side for semibold text: ~0.66 em per character). */
export function labelWidth(text: string, fontPx: number): number {
  return Math.ceil(labelText(text).length * fontPx * 0.66 + fontPx);
}
