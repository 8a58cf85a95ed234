/**
 * Copy-on-write for the parts of the host state that snapshots share with the live state instead
 * of copying: a host's containers and sandboxes, and the kubelet's pod workers with their
 * container states and probe workers (core/state.ts types them `readonly`).
 *
 * A snapshot takes those records as they are (O(1) a record) and a restore puts a snapshot's back
 * the same way; both call `shareAll`, after which every object of the live state may be shared
 * with a snapshot. A module that changes one asks `writable` first (through its own write path:
 * runtime/containers.ts, runtime/sandboxes.ts, kubelet/worker-writes.ts): an object made or
 * copied since the last `shareAll` is the live state's own and is changed in place; any other is
 * copied once, and the copy takes its place in its parent (which is made writable the same way).
 * So the first write after a checkpoint copies the path to what it changes, and the writes after
 * it cost nothing more, however often a probe ticks.
 *
 * Ownership is kept in a WeakSet, not in the objects: the state stays plain data (a `structuredClone`
 * of it is still a complete copy), and forgetting every owner is O(1). An object nobody marked
 * (`adopt`) is taken for shared: it is copied once more than needed, never written while shared.
 * `core/snapshot.test.ts` freezes every snapshot and plays on, so a write that skips this path throws.
 */

/** `T` with its own fields writable (one level: nested records are made writable on their own). */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

export class CopyOnWrite {
  private owned = new WeakSet<object>();
  /**
   * Hosts and kubelet memories whose own fields were written since the last `shareAll` (`touch`,
   * and `field` when it copies a record: then any parent, nested records too). Weak: a run with
   * no snapshot never calls `shareAll`, and a strong Set kept every parent record ever copied
   * (a 1,000-node hour without checkpoints: 311 MB after a GC instead of 281 MB).
   */
  private touched = new WeakSet<object>();
  /** Of each live host, the copy of its own fields (and of its kubelet's) the last snapshot holds. */
  private shells = new WeakMap<object, object>();

  /**
   * A snapshot was taken or put back: from now on every object of the live state may be shared,
   * and nothing has been touched since.
   */
  shareAll(): void {
    this.owned = new WeakSet();
    this.touched = new WeakSet();
  }

  /**
   * `o` (a host or a kubelet's memory: their own fields are written in place) with its fields
   * writable, noted as touched: the next snapshot copies it instead of taking its last copy again
   * (`shellOf`). Every write to such a field goes through here (core/state.ts types them
   * `readonly`); a write that skips it leaves a snapshot with a stale copy, which the snapshot
   * tests' comparisons with full copies catch.
   */
  touch<T extends object>(o: T): Writable<T> {
    this.touched.add(o);
    return o as Writable<T>;
  }

  /**
   * The copy the previous snapshot took of host `h` (see `keepShell`), when neither `h` nor its
   * kubelet memory `inner` was touched since: equal to what a copy would be now, so a snapshot
   * takes it again. A 5,000-node checkpoint copied 10,000 such shells (7.6–37.5 ms of 12.8–44.1,
   * scavenges included; bench/checkpoint-parts.ts).
   */
  shellOf<T extends object>(h: T, inner: object | null): T | undefined {
    if (this.touched.has(h) || (inner !== null && this.touched.has(inner))) return undefined;
    return this.shells.get(h) as T | undefined;
  }

  /**
   * `shell` is, from now on, a snapshot's copy of the live host `h` (taken or put back). A stale
   * shell holds nothing the last snapshot does not: it is that snapshot's copy.
   */
  keepShell<T extends object>(h: T, shell: T): void {
    this.shells.set(h, shell);
  }

  /** True when `v` was made or copied since the last `shareAll` (the live state's own). */
  owns(v: object): boolean {
    return this.owned.has(v);
  }

  /**
   * `v` itself when it is the live state's own, else a shallow copy of it that is (a record
   * without a prototype stays without one, an array stays an array). The caller puts a copy in
   * place of `v` in its parent.
   */
  writable<T extends object>(v: T): Writable<T> {
    if (this.owned.has(v)) return v as Writable<T>;
    let copy: object;
    if (Array.isArray(v)) copy = v.slice();
    // Into an empty object without a prototype: V8 keeps the copy in fast mode up to ~20 keys and
    // makes it a dictionary beyond (checked with %HasFastProperties), whatever `v` was.
    // Object.create(null) would make every copy a dictionary, a worker's one-container record too
    // (core/dict.ts smallDict).
    else if (Object.getPrototypeOf(v) === null) copy = Object.assign(Object.setPrototypeOf({}, null) as object, v);
    else copy = { ...v };
    this.owned.add(copy);
    return copy as Writable<T>;
  }

  /**
   * `parent[key]` (a record or a list) as the live state's own: `writable`, and put in `parent` in
   * its place when that made a copy (`parent` is then touched). `parent` must be the live state's own, as a host and a
   * kubelet's memory always are (a snapshot keeps a copy of each: core/snapshot.ts `copyHost`).
   */
  field<P extends object, K extends keyof P>(parent: P, key: K): Writable<NonNullable<P[K]>> {
    const v = parent[key] as NonNullable<P[K]> & object;
    const w = this.writable(v);
    if (w !== v) {
      (parent as Writable<P>)[key] = w as P[K];
      this.touched.add(parent);
    }
    return w as Writable<NonNullable<P[K]>>;
  }

  /** `v`, a new object made for the live state (nothing shares it yet), as its own. */
  adopt<T extends object>(v: T): Writable<T> {
    this.owned.add(v);
    return v as Writable<T>;
  }
}
