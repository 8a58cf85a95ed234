/**
 * The (time, seq) timer queue. Timers are plain data so they survive a snapshot; a timer names a
 * handler kind and a target instead of holding a closure. `seq` gives FIFO order among timers due
 * at the same millisecond, which keeps runs deterministic. A timer is never changed once queued,
 * so a snapshot shares the timers themselves and copies only the heap's array (core/snapshot.ts).
 *
 * Beside the heap of timers run `keys.ats` and `keys.seqs`, each slot's `at` and `seq` (derived
 * data the engine keeps for the live heap, `Engine.timerKeys`): a sift compares them in two
 * contiguous arrays instead of reading each timer object it passes, which lie all over a big
 * cluster's heap. Comparing timers through their objects was ~6% of a quiet 1,000-node minute
 * (`less` alone, CPU profile).
 */
export interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly kind: string;
  readonly target: string;
  /** Generation of the owning component when scheduled; a stale generation means "cancelled". */
  readonly gen: number;
}

/** The times and seqs of a heap's slots, slot for slot. */
export interface HeapKeys {
  ats: number[];
  seqs: number[];
}

/** The keys of `heap` (for a heap built elsewhere: a restored state's). */
export function keysOf(heap: readonly Timer[]): HeapKeys {
  return { ats: heap.map((t) => t.at), seqs: heap.map((t) => t.seq) };
}

/** Pushes `t` on the heap. */
export function heapPush(heap: Timer[], keys: HeapKeys, t: Timer): void {
  const { ats, seqs } = keys;
  heap.push(t);
  ats.push(t.at);
  seqs.push(t.seq);
  const at = t.at;
  const seq = t.seq;
  let i = heap.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    const pat = ats[p] as number;
    const pseq = seqs[p] as number;
    // Stop unless t goes first: an earlier time, or the same time and a lower seq.
    if (at > pat || (at === pat && seq > pseq)) break;
    heap[i] = heap[p] as Timer;
    ats[i] = pat;
    seqs[i] = pseq;
    i = p;
  }
  heap[i] = t;
  ats[i] = at;
  seqs[i] = seq;
}

/** Takes the first timer off the heap. */
export function heapPop(heap: Timer[], keys: HeapKeys): Timer | undefined {
  const { ats, seqs } = keys;
  const top = heap[0];
  const last = heap.pop();
  const lastAt = ats.pop() as number;
  const lastSeq = seqs.pop() as number;
  if (top === undefined || last === undefined || heap.length === 0) return top;
  let i = 0;
  const n = heap.length;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    let c = l;
    let cat = ats[l] as number;
    let cseq = seqs[l] as number;
    const r = l + 1;
    if (r < n) {
      const rat = ats[r] as number;
      const rseq = seqs[r] as number;
      if (rat < cat || (rat === cat && rseq < cseq)) {
        c = r;
        cat = rat;
        cseq = rseq;
      }
    }
    // Stop unless the child goes before `last`.
    if (cat > lastAt || (cat === lastAt && cseq > lastSeq)) break;
    heap[i] = heap[c] as Timer;
    ats[i] = cat;
    seqs[i] = cseq;
    i = c;
  }
  heap[i] = last;
  ats[i] = lastAt;
  seqs[i] = lastSeq;
  return top;
}

export function heapPeek(heap: Timer[]): Timer | undefined {
  return heap[0];
}
