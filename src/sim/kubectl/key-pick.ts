/**
 * The `n` first (or last) store keys of a listing in key order, picked in one pass without
 * sorting the whole listing: a kubectl view that shows 400 rows of a million Events keeps a heap
 * of 400 and compares each key once or a few times. Keys compare as `kubectl get`'s listing sorts
 * them (listInScope: plain `<` on `namespace/name`).
 */
export class KeyPick<T> {
  /** A binary heap whose root is the kept key that would be dropped first. */
  private readonly heap: { key: string; value: T }[] = [];

  constructor(
    private readonly n: number,
    private readonly end: 'first' | 'last',
  ) {}

  /** `a` goes before `b` in the heap: the worse of two kept keys is nearer the root. */
  private worse(a: string, b: string): boolean {
    return this.end === 'first' ? a > b : a < b;
  }

  offer(key: string, value: T): void {
    const h = this.heap;
    if (this.n <= 0) return;
    if (h.length < this.n) {
      h.push({ key, value });
      this.up(h.length - 1);
      return;
    }
    const root = h[0] as { key: string; value: T };
    if (!this.worse(root.key, key)) return;
    h[0] = { key, value };
    this.down(0);
  }

  /** The kept values in key order. */
  sorted(): T[] {
    return [...this.heap].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((x) => x.value);
  }

  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.worse((h[i] as { key: string }).key, (h[p] as { key: string }).key)) return;
      [h[i], h[p]] = [h[p] as (typeof h)[number], h[i] as (typeof h)[number]];
      i = p;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.worse((h[l] as { key: string }).key, (h[m] as { key: string }).key)) m = l;
      if (r < h.length && this.worse((h[r] as { key: string }).key, (h[m] as { key: string }).key)) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m] as (typeof h)[number], h[i] as (typeof h)[number]];
      i = m;
    }
  }
}
