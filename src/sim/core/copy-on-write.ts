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

  /** A snapshot was taken or put back: from now on every object of the live state may be shared. */
  shareAll(): void {
    this.owned = new WeakSet();
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
    else if (Object.getPrototypeOf(v) === null) copy = Object.assign(Object.create(null) as object, v);
    else copy = { ...v };
    this.owned.add(copy);
    return copy as Writable<T>;
  }

  /**
   * `parent[key]` (a record or a list) as the live state's own: `writable`, and put in `parent` in
   * its place when that made a copy. `parent` must be the live state's own, as a host and a
   * kubelet's memory always are (a snapshot keeps a copy of each: core/snapshot.ts `copyHost`).
   */
  field<P extends object, K extends keyof P>(parent: P, key: K): Writable<NonNullable<P[K]>> {
    const v = parent[key] as NonNullable<P[K]> & object;
    const w = this.writable(v);
    if (w !== v) (parent as Writable<P>)[key] = w as P[K];
    return w as Writable<NonNullable<P[K]>>;
  }

  /** `v`, a new object made for the live state (nothing shares it yet), as its own. */
  adopt<T extends object>(v: T): Writable<T> {
    this.owned.add(v);
    return v as Writable<T>;
  }
}
