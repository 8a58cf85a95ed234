/**
 * A row of the bench table (DESIGN section 8). bench/ui.ts (the app's rows, optional) exports
 * `runUiBench(): Promise<BenchRow[]>`, which bench/run.ts calls unless `--engine-only` is given.
 */
export interface BenchRow {
  what: string;
  /** As printed, e.g. `412,000x` or `38 ms`. */
  measured: string;
  /** As printed, e.g. `>= 100,000x`; empty for informational rows. */
  budget: string;
  /** undefined for informational rows (printed as `-`). */
  ok: boolean | undefined;
}

export function formatRows(rows: readonly BenchRow[]): string {
  const cells = [
    ['what', 'measured', 'budget', 'ok'],
    ...rows.map((r) => [r.what, r.measured, r.budget, okText(r.ok)]),
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...cells.map((c) => (c[i] as string).length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i] as number)).join(' | ')} |`;
  const sep = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(cells[0] as string[]), sep, ...cells.slice(1).map(line)].join('\n');
}

function okText(ok: boolean | undefined): string {
  if (ok === undefined) return '-';
  return ok ? 'yes' : 'NO';
}

/** 1234567 -> `1,234,567` */
export function thousands(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
