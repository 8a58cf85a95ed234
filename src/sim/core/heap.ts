/**
 * The (time, seq) timer queue. Timers are plain data so they survive a snapshot; a timer names a
 * handler kind and a target instead of holding a closure. `seq` gives FIFO order among timers due
 * at the same millisecond, which keeps runs deterministic. A timer is never changed once queued,
 * so a snapshot shares the timers themselves and copies only the heap's array (core/snapshot.ts).
 */
export interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly kind: string;
  readonly target: string;
  /** Generation of the owning component when scheduled; a stale generation means "cancelled". */
  readonly gen: number;
}

function less(a: Timer, b: Timer): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

export function heapPush(heap: Timer[], t: Timer): void {
  heap.push(t);
  let i = heap.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    const parent = heap[p] as Timer;
    if (!less(t, parent)) break;
    heap[i] = parent;
    i = p;
  }
  heap[i] = t;
}

export function heapPop(heap: Timer[]): Timer | undefined {
  const top = heap[0];
  const last = heap.pop();
  if (top === undefined || last === undefined || heap.length === 0) return top;
  let i = 0;
  const n = heap.length;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    const c = r < n && less(heap[r] as Timer, heap[l] as Timer) ? r : l;
    if (!less(heap[c] as Timer, last)) break;
    heap[i] = heap[c] as Timer;
    i = c;
  }
  heap[i] = last;
  return top;
}

export function heapPeek(heap: Timer[]): Timer | undefined {
  return heap[0];
}
