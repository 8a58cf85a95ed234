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

/** Longest label drawn on the timeline, in Latin characters (the Chapters list and the tooltip have the whole text). */
export const LABEL_MAX_CHARS = 34;

/**
 * Japanese kana and kanji and Korean hangul are about one em wide, a Latin letter about 0.66 em
 * (semibold): a wide character counts as 1.6 narrow ones, so a translated label is measured and
 * cut at the same width as an English one.
 */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
const units = (ch: string) => (WIDE.test(ch) ? 1.6 : 1);

/** The text drawn for a chapter on the timeline. */
export function labelText(text: string): string {
  const chars = [...text];
  if (chars.reduce((n, ch) => n + units(ch), 0) <= LABEL_MAX_CHARS) return text;
  let used = 1; // the ellipsis
  let i = 0;
  while (i < chars.length && used + units(chars[i] as string) <= LABEL_MAX_CHARS) used += units(chars[i++] as string);
  return `${chars.slice(0, i).join('')}…`;
}

/** A label's width in px at a font size (an estimate on the safe side for semibold text: ~0.66 em per narrow character). */
export function labelWidth(text: string, fontPx: number): number {
  let n = 0;
  for (const ch of labelText(text)) n += units(ch);
  return Math.ceil(n * fontPx * 0.66 + fontPx);
}
