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

/**
 * The same comparison, kept across texts for a live view: each distinct line is masked once
 * (a line that did not change between two texts costs a map lookup). A long view compares only
 * the part it draws (with a margin, so rows that shift are still found): `scope` names that part,
 * and a new scope starts over without flagging anything, as a first render does.
 */
export class LineDiffer {
  /** Raw line -> masked line, for the lines of the current text. */
  private masked = new Map<string, string>();
  /** Masked lines of the previous text (undefined before the first text). */
  private before: Set<string> | undefined;
  private current: Set<string> | undefined;
  private scope = '';

  /** Takes the next text's lines (the compared part of it); returns their masked form. */
  update(lines: string[], scope = ''): string[] {
    if (scope !== this.scope) {
      this.scope = scope;
      this.current = undefined;
    }
    const masked = new Map<string, string>();
    const keys = lines.map((l) => {
      let k = masked.get(l) ?? this.masked.get(l);
      if (k === undefined) k = normalizeLine(l);
      masked.set(l, k);
      return k;
    });
    this.masked = masked;
    this.before = this.current;
    this.current = new Set(keys);
    return keys;
  }

  /** True when the masked line is not empty and was not in the previous text (false on the first). */
  isNew(key: string): boolean {
    return this.before !== undefined && key !== '' && !this.before.has(key);
  }
}
