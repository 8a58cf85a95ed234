/**
 * Which lines of a kubectl text really changed: ages tick every second and column widths shift,
 * so both are masked before comparing. A line counts as changed when its masked content did not
 * appear in the previous text (a row whose STATUS flipped, a new event, a new condition).
 */
const AGE = /\b\d+(?:d|h|m|s)(?:\d+(?:h|m|s))?\b/g;
const COUNT_OVER = /\(x\d+ over [^)]*\)/g;

export function normalizeLine(line: string): string {
  return line.replace(COUNT_OVER, '(x~)').replace(AGE, '~').replace(/\s+/g, ' ').trim();
}

/** Masked contents of the lines of `next` that are new compared with `prev` (none on first render). */
export function changedLines(prev: string | undefined, next: string): Set<string> {
  const out = new Set<string>();
  if (prev === undefined) return out;
  const before = new Set(prev.split('\n').map(normalizeLine));
  for (const l of next.split('\n')) {
    const k = normalizeLine(l);
    if (k !== '' && !before.has(k)) out.add(k);
  }
  return out;
}
