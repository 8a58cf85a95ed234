/**
 * `StoreRecord`: one record of the API store (the objects of one kind, or the object histories),
 * kept so that a checkpoint and a restore cost what changed between them, not the record's size.
 *
 * The entries live in slots, in pages of 64 (`[key0, value0, key1, value1, ...]`). A new key takes
 * the next slot, an update writes its slot in place, a delete empties it: walking the slots gives
 * a JS object's own order (canonical array-index keys first, ascending; then insertion order, a
 * key deleted and added again going last), which every trace hash was made with. The key index
 * (key -> slot) is a prototype-free record the live record alone owns.
 *
 * - `checkpoint()` copies the page table (O(pages): 2,500 pointers for 160,000 Pods) and makes
 *   every page shared: the first write to a page after it copies that page (64 entries).
 * - `restore(cp)` takes a checkpoint's page table back and patches the key index from the pages
 *   that differ (compared by identity): O(pages + 64 per changed page). A seek back 30 s touches
 *   the pages written in those 30 s, not 160,000 keys.
 * - Readers get a `Map`-like API (`get`, `has`, `size`, `forEach`, `values`, `keys`).
 *
 * Why not a library: `immutable`'s OrderedMap (the persistent map that keeps insertion order)
 * measured 0.3-0.9 µs a get and 2.1 µs a set at 150,000 keys on this machine, against 22 ns and
 * 32 ns for a plain record, and the engine does ~2 million gets per simulated 10 minutes at 1,000
 * nodes (~1.3 s of wall time in all): it would have doubled the run. This record's get is a record
 * look-up and two array reads. `sorted-btree` orders by key, not by insertion, which
 * would change every trace.
 *
 * The index, the page marks and the walk count are `#private`: a copy compares equal to its
 * source (`toEqual`), and a `structuredClone` keeps the pages and counts a record is rebuilt from
 * (core/api-records.ts `recordOf`).
 *
 * Ownership of pages: a record remembers, per page, the epoch in which it copied it; a checkpoint
 * or a restore starts a new epoch, after which no page is owned (O(1)). Epochs are unique across
 * records, so records that share the marks list never take another's page for their own.
 */

/** Entries per page. */
const PAGE_BITS = 6;
const PAGE = 1 << PAGE_BITS;
const SLOT_MASK = PAGE - 1;

type Page = unknown[];

/** What a checkpoint keeps of a record: its page table and counts (never written again). */
export interface RecordCheckpoint {
  readonly pages: readonly Page[];
  readonly next: number;
  readonly size: number;
  readonly numeric: readonly string[];
}

let epochs = 0;

/** A key a JS object orders before the others: a canonical array index ("0", "17"; not "017"). */
export function isArrayIndex(key: string): boolean {
  const c = key.charCodeAt(0);
  if (c < 48 || c > 57) return false;
  if (key.length > 10 || (c === 48 && key.length > 1)) return false;
  for (let i = 1; i < key.length; i++) {
    const d = key.charCodeAt(i);
    if (d < 48 || d > 57) return false;
  }
  return Number(key) < 4294967295;
}

function byNumber(a: string, b: string): number {
  return Number(a) - Number(b);
}

const NO_KEYS: readonly string[] = Object.freeze([]);

/**
 * The key index: a prototype-free record, not a `Map`. Store keys are mostly built fresh
 * (`${namespace}/${name}`); V8 looks a fresh string up in a record ~1.4x faster than in a Map,
 * and an interned one ~1.6x (150,000 keys, measured here), and the engine does millions of
 * look-ups.
 */
function newIndex(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}

export class StoreRecord<V> {
  #index: Record<string, number> = newIndex();
  private pages: Page[] = [];
  /** Per page, the epoch in which this record made it its own (a copy or a new page). */
  #marks: number[] = [];
  #epoch = ++epochs;
  /** Slots used (live or emptied). */
  private next = 0;
  private live = 0;
  /** The live keys that are array indexes, ascending (rare: a Node named `1`). */
  private numeric: readonly string[] = NO_KEYS;
  /** Walks under way: slots are not moved (`compact`) while one runs. */
  #walking = 0;

  get size(): number {
    return this.live;
  }

  get(key: string): V | undefined {
    const s = this.#index[key];
    if (s === undefined) return undefined;
    return (this.pages[s >>> PAGE_BITS] as Page)[((s & SLOT_MASK) << 1) + 1] as V;
  }

  has(key: string): boolean {
    return this.#index[key] !== undefined;
  }

  set(key: string, value: V): void {
    const s = this.#index[key];
    if (s !== undefined) {
      this.writablePage(s >>> PAGE_BITS)[((s & SLOT_MASK) << 1) + 1] = value;
      return;
    }
    if (this.#walking === 0 && this.next - this.live > Math.max(PAGE * 4, this.live)) this.compact();
    const slot = this.next++;
    const p = slot >>> PAGE_BITS;
    if (p === this.pages.length) {
      this.pages.push(new Array(PAGE * 2));
      this.#marks[p] = this.#epoch;
    }
    const page = this.writablePage(p);
    const o = (slot & SLOT_MASK) << 1;
    page[o] = key;
    page[o + 1] = value;
    this.#index[key] = slot;
    this.live++;
    if (isArrayIndex(key)) this.numeric = [...this.numeric, key].sort(byNumber);
  }

  delete(key: string): boolean {
    const s = this.#index[key];
    if (s === undefined) return false;
    const page = this.writablePage(s >>> PAGE_BITS);
    const o = (s & SLOT_MASK) << 1;
    page[o] = undefined;
    page[o + 1] = undefined;
    delete this.#index[key];
    this.live--;
    if (this.numeric.length && isArrayIndex(key)) this.numeric = this.numeric.filter((k) => k !== key);
    return true;
  }

  /**
   * Calls `fn` for every entry in order. Entries added during the walk are visited, entries
   * deleted before their turn are not (as a `Map` walk).
   */
  forEach(fn: (value: V, key: string) => void): void {
    const numeric = this.numeric;
    this.#walking++;
    try {
      for (const k of numeric) if (this.#index[k] !== undefined) fn(this.get(k) as V, k);
      for (let s = 0; s < this.next; s++) {
        const page = this.pages[s >>> PAGE_BITS] as Page;
        const o = (s & SLOT_MASK) << 1;
        const k = page[o] as string | undefined;
        if (k === undefined || (numeric.length && isArrayIndex(k))) continue;
        fn(page[o + 1] as V, k);
      }
    } finally {
      this.#walking--;
    }
  }

  values(): V[] {
    const out: V[] = [];
    this.forEach((v) => {
      out.push(v);
    });
    return out;
  }

  keys(): string[] {
    const out: string[] = [];
    this.forEach((_, k) => {
      out.push(k);
    });
    return out;
  }

  entries(): [string, V][] {
    const out: [string, V][] = [];
    this.forEach((v, k) => {
      out.push([k, v]);
    });
    return out;
  }

  /** What a checkpoint keeps: the page table, shared from now on (a write copies its page first). */
  checkpoint(): RecordCheckpoint {
    this.#epoch = ++epochs;
    return { pages: this.pages.slice(), next: this.next, size: this.live, numeric: this.numeric };
  }

  /**
   * Puts the record back as `cp` holds it: its pages become this record's (shared), and the key
   * index is patched from the pages that differ from the ones in place.
   */
  restore(cp: RecordCheckpoint): void {
    const n = Math.max(this.pages.length, cp.pages.length);
    const changed: number[] = [];
    for (let p = 0; p < n; p++) if (this.pages[p] !== cp.pages[p]) changed.push(p);
    // Every key of a page that goes is dropped before any key of a page that comes is added: a
    // key may have moved between two changed pages.
    for (const p of changed) {
      const page = this.pages[p];
      if (!page) continue;
      for (let o = 0; o < PAGE * 2; o += 2) {
        const k = page[o] as string | undefined;
        if (k !== undefined && this.#index[k] === (p << PAGE_BITS) + (o >> 1)) delete this.#index[k];
      }
    }
    for (const p of changed) {
      const page = cp.pages[p];
      if (!page) continue;
      for (let o = 0; o < PAGE * 2; o += 2) {
        const k = page[o] as string | undefined;
        if (k !== undefined) this.#index[k] = (p << PAGE_BITS) + (o >> 1);
      }
    }
    this.pages = cp.pages.slice();
    this.next = cp.next;
    this.live = cp.size;
    this.numeric = cp.numeric;
    this.#epoch = ++epochs;
  }

  /** A record holding what `cp` holds (its index built: O(size)). */
  static of<V>(cp: RecordCheckpoint): StoreRecord<V> {
    const r = new StoreRecord<V>();
    r.restore(cp);
    return r;
  }

  /** A record of `entries`, in their order. */
  static from<V>(entries: Iterable<readonly [string, V]>): StoreRecord<V> {
    const r = new StoreRecord<V>();
    for (const [k, v] of entries) r.set(k, v);
    return r;
  }

  /** An independent copy (pages shared, copied by either side before its next write). */
  copy(): StoreRecord<V> {
    return StoreRecord.of<V>(this.checkpoint());
  }

  private writablePage(p: number): Page {
    const page = this.pages[p] as Page;
    if (this.#marks[p] === this.#epoch) return page;
    const own = page.slice();
    this.pages[p] = own;
    this.#marks[p] = this.#epoch;
    return own;
  }

  /** Moves the live entries to the first slots, in order (past 4 pages of emptied slots and half the slots). */
  private compact(): void {
    const entries = this.entries();
    this.#index = newIndex();
    this.pages = [];
    this.#marks = [];
    this.next = 0;
    this.live = 0;
    this.numeric = NO_KEYS;
    for (const [k, v] of entries) this.set(k, v);
  }
}
