/**
 * Go's text/tabwriter (no flags, space padding), which both kubectl printers use:
 * `kubectl get` with minwidth 6 and padding 3 (printers.GetNewTabWriter), `kubectl describe` with
 * minwidth 0 and padding 2 (describe.tabbedString). Emulating the real algorithm, column blocks
 * included, reproduces kubectl's quirks for free (e.g. `PodCIDR:` aligned with the System Info block).
 */

/** A cell's width in characters (code points, as Go counts runes): the length, unless it holds a surrogate pair. */
function runeCount(t: string): number {
  return SURROGATE.test(t) ? [...t].length : t.length;
}
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Format tab-separated text the way Go's tabwriter does. Lines are separated by `\n`. Cells are
 * plain strings, measured by length unless the text holds a surrogate pair (one test of the whole
 * text): `kubectl describe pods -A` formats 150,000 descriptions.
 */
export function tabwrite(text: string, minwidth: number, padding: number): string {
  const lines = text.split('\n').map((l) => l.split('\t'));
  const width = SURROGATE.test(text) ? runeCount : (t: string) => t.length;
  const out: string[] = [];
  const widths: number[] = [];

  const writeLines = (line0: number, line1: number): void => {
    const columns = widths.length;
    for (let i = line0; i < line1; i++) {
      const line = lines[i] as string[];
      let s = '';
      for (let j = 0; j < line.length; j++) {
        const c = line[j] as string;
        s += c;
        if (j < columns) {
          const pad = (widths[j] as number) - width(c);
          if (pad > 0) s += ' '.repeat(pad);
        }
      }
      out.push(s);
    }
  };

  const format = (line0In: number, line1: number): void => {
    let line0 = line0In;
    const column = widths.length;
    for (let cur = line0; cur < line1; cur++) {
      if (column >= (lines[cur]?.length ?? 0) - 1) continue;
      writeLines(line0, cur);
      line0 = cur;
      let widthOfColumn = minwidth;
      for (; cur < line1; cur++) {
        const line = lines[cur] as string[];
        if (column >= line.length - 1) break;
        const w = width(line[column] as string) + padding;
        if (w > widthOfColumn) widthOfColumn = w;
      }
      widths.push(widthOfColumn);
      format(line0, cur);
      widths.pop();
      line0 = cur;
    }
    writeLines(line0, line1);
  };

  format(0, lines.length);
  return out.join('\n');
}

/** A `kubectl get` table: header row in capitals, cells separated by at least 3 spaces. */
export function getTable(rows: readonly (readonly string[])[]): string {
  return tabwrite(rows.map((r) => r.join('\t')).join('\n'), 6, 3);
}

/**
 * Lines [from, to) of getTable(rows) (line 0 is the header), padded exactly as in the whole table,
 * without building the rest: a table of 150,000 pods or a million events is measured, and only
 * the part shown is written. Every row of a `kubectl get` table has the same number of cells, so
 * the tabwriter's column block is the whole table and a column's width is its widest cell plus
 * the padding (at least the minimum width); the last cell of a line is not padded.
 */
export function getTableLines(rows: readonly (readonly string[])[], from: number, to: number): string {
  const columns = rows[0]?.length ?? 0;
  if (rows.some((r) => r.length !== columns)) return getTable(rows).split('\n').slice(from, to).join('\n');
  const widths: number[] = [];
  for (let j = 0; j < columns - 1; j++) {
    let width = 6;
    for (const r of rows) {
      const w = runeCount(r[j] as string) + 3;
      if (w > width) width = w;
    }
    widths.push(width);
  }
  const out: string[] = [];
  for (let i = Math.max(0, from); i < Math.min(rows.length, to); i++) {
    const r = rows[i] as readonly string[];
    let s = '';
    for (let j = 0; j < columns; j++) {
      const c = r[j] as string;
      s += c;
      const w = widths[j];
      if (w !== undefined) s += ' '.repeat(Math.max(0, w - runeCount(c)));
    }
    out.push(s);
  }
  return out.join('\n');
}

/** Text written with describe's tab conventions, aligned as `kubectl describe` aligns it. */
export function describeText(text: string): string {
  return tabwrite(text, 0, 2);
}
