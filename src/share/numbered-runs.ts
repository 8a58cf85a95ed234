/**
 * Runs of numbered commands (`network cut c1` … `network cut c1666` at one instant), found the same
 * way by the link format (share/formats.ts folds them) and the terminal (ui/terminal/fold.ts). No
 * imports: the terminal is in the main bundle, and the link codec (valibot, yaml) must stay out of it.
 */
/** `prefix`, the number and `suffix` of a command ending its last word with a number written plainly (`c17`, not `c017`). */
export function numbered(line: string): [string, number, string] | undefined {
  const m = /^(.*?)(0|[1-9]\d{0,8})(\D*)$/.exec(line);
  return m ? [m[1] as string, Number(m[2]), m[3] as string] : undefined;
}

/**
 * Where the numbered run starting at `items[i]` ends (exclusive): the items after it that read
 * `prefix N+1 suffix`, `prefix N+2 suffix` … and go `together` with it; `i + 1` when there is none.
 * Links (format 4) and the terminal fold such runs into one entry.
 */
export function numberedRunEnd<T>(
  items: readonly T[],
  i: number,
  text: (x: T) => string,
  together: (first: T, x: T) => boolean,
): number {
  const first = items[i] as T;
  const parts = numbered(text(first));
  let j = i + 1;
  if (!parts) return j;
  const [prefix, from, suffix] = parts;
  while (j < items.length) {
    const x = items[j] as T;
    if (!together(first, x) || text(x) !== `${prefix}${from + (j - i)}${suffix}`) break;
    j++;
  }
  return j;
}
