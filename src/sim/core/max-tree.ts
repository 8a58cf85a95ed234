/**
 * The first index holding the highest value among `n` slots, kept up to date slot by slot in
 * O(log n) (a segment tree). It answers what a scan "keep the first index whose value is strictly
 * greater than the best so far, starting from -1" answers, without the scan: kube-scheduler picks
 * the first node by name among the best scores, and a pass binding thousands of pods to thousands
 * of nodes changes one node's score per bind. Values that are not above -1 (NaN included) are
 * never picked. Derived data, never part of the state.
 */
export class MaxTree {
  private readonly size: number;
  private readonly values: Float64Array;
  /** Winner index per tree node (1 is the root; leaves at size..2*size-1), -1 for none. */
  private readonly win: Int32Array;

  constructor(readonly n: number) {
    let size = 1;
    while (size < n) size *= 2;
    this.size = size;
    this.values = new Float64Array(n).fill(-1);
    this.win = new Int32Array(2 * size).fill(-1);
  }

  /** Set every value at once (cheaper than n calls to `set`). */
  fill(valueAt: (i: number) => number): void {
    for (let i = 0; i < this.n; i++) {
      const v = valueAt(i);
      this.values[i] = v;
      this.win[this.size + i] = v > -1 ? i : -1;
    }
    for (let k = this.size - 1; k >= 1; k--)
      this.win[k] = this.pick(this.win[2 * k] as number, this.win[2 * k + 1] as number);
  }

  set(i: number, v: number): void {
    this.values[i] = v;
    let k = this.size + i;
    this.win[k] = v > -1 ? i : -1;
    for (k >>= 1; k >= 1; k >>= 1) this.win[k] = this.pick(this.win[2 * k] as number, this.win[2 * k + 1] as number);
  }

  /** The first index with the highest value above -1, or -1 when there is none. */
  best(): number {
    return this.win[1] as number;
  }

  /** The winner of two subtrees, `a` left of `b`: `b` only when strictly greater. */
  private pick(a: number, b: number): number {
    if (a < 0) return b;
    if (b < 0) return a;
    return (this.values[b] as number) > (this.values[a] as number) ? b : a; // winners only: both above -1
  }
}
