/**
 * The live side of a record that checkpoints keep as chunks (core/chunks.ts): the record's keys,
 * in its order, cut in slots of at most SLOT keys, each remembering the chunk the last checkpoint
 * made of it. The engine reports every write to the record (`set`, `delete`: API objects through
 * `Engine.put/remove`, object histories through `Engine.remember`), which marks the key's slot
 * written; a checkpoint makes chunks of the written slots only and shares the others' chunks with
 * the previous checkpoint. So a checkpoint costs what was written since the previous one (and a
 * pass over the slots, ~n/32), not a walk over the ~150,000 Pods of a 5,000-node cluster.
 *
 * Order is the record's: a new key goes last, an update keeps its place, a delete takes the key
 * out (and a key added again goes last). A record built back from the chunks (`recordOfChunks`)
 * enumerates exactly as the live one. Slots emptied by deletes are dropped at the next checkpoint,
 * and when deletes leave the slots mostly empty they are cut again (every chunk new, once).
 *
 * Derived data, not state: tied to the record object it tracks, so a state swapped in without
 * `adopt` (a test kit, a state built by hand) is walked once at its first checkpoint, and writes
 * to any other record are ignored.
 */
import type { Chunk, Chunks } from './chunks';

/** Keys per slot, at most (a new slot is opened when the last one is full). */
const SLOT = 32;

interface Slot<V> {
  keys: string[];
  /** False while `keys` is a checkpoint's chunk's own array (copied before the first change). */
  ownKeys: boolean;
  /** The chunk made of this slot by the last checkpoint, or undefined: written since. */
  chunk: Chunk<V> | undefined;
}

export class RecordChunks<V> {
  private rec: object | undefined;
  private slots: Slot<V>[] = [];
  /** The slot of each key; built on the first write after `adopt` (a restore that is not written to costs nothing more). */
  private slotOf: Map<string, Slot<V>> | undefined;
  private size = 0;
  /** The last checkpoint's chunks, while nothing was written since. */
  private unchanged: Chunks<V> | undefined;

  /** `rec[key] = value` happened (a value replaced, a new key added last, or a value changed in place). */
  set(rec: object, key: string): void {
    if (rec !== this.rec) return;
    const slotOf = this.index();
    let s = slotOf.get(key);
    if (!s) {
      s = this.slots[this.slots.length - 1];
      if (!s || s.keys.length >= SLOT) {
        s = { keys: [], ownKeys: true, chunk: undefined };
        this.slots.push(s);
      }
      this.own(s).push(key);
      slotOf.set(key, s);
      this.size++;
    }
    s.chunk = undefined;
    this.unchanged = undefined;
  }

  /** `delete rec[key]` happened. */
  delete(rec: object, key: string): void {
    if (rec !== this.rec) return;
    const slotOf = this.index();
    const s = slotOf.get(key);
    if (!s) return;
    slotOf.delete(key);
    const keys = this.own(s);
    keys.splice(keys.indexOf(key), 1);
    s.chunk = undefined;
    this.size--;
    this.unchanged = undefined;
  }

  /**
   * The chunks of `rec` now, sharing every chunk of the previous checkpoint whose slot was not
   * written since; `fresh` counts the entries in new chunks. `value(v)` gives what a chunk keeps of
   * a value (the value itself when values are never changed once stored; History lists are frozen).
   */
  checkpoint(rec: Readonly<Record<string, V>>, value?: (v: V) => V): { chunks: Chunks<V>; fresh: number } {
    if (rec !== this.rec) this.track(rec);
    if (this.unchanged) return { chunks: this.unchanged, fresh: 0 };
    if (this.slots.length > 16 && this.slots.length > 4 * Math.ceil(this.size / SLOT)) this.recut();
    const out: Chunk<V>[] = [];
    const kept: Slot<V>[] = [];
    let fresh = 0;
    for (const s of this.slots) {
      if (s.keys.length === 0) continue;
      kept.push(s);
      if (!s.chunk) {
        const keys = s.keys;
        const values = new Array<V>(keys.length);
        for (let i = 0; i < keys.length; i++) {
          const v = rec[keys[i] as string] as V;
          values[i] = value ? value(v) : v;
        }
        // The chunk takes the slot's keys; the slot copies them before its next change.
        s.chunk = { keys, values };
        s.ownKeys = false;
        fresh += keys.length;
      }
      out.push(s.chunk);
    }
    this.slots = kept;
    this.unchanged = out;
    return { chunks: out, fresh };
  }

  /**
   * Tracks `rec` from now on, whose entries are `chunks` in its order (a restore: the record was
   * just built from them). Their chunks are the slots' own until written.
   */
  adopt(rec: object, chunks: Chunks<V>): void {
    this.rec = rec;
    this.slots = [];
    this.size = 0;
    for (const c of chunks) {
      this.slots.push({ keys: c.keys as string[], ownKeys: false, chunk: c });
      this.size += c.keys.length;
    }
    this.slotOf = undefined;
    this.unchanged = chunks;
  }

  /** Forget every record: the next checkpoint walks the record it is given. */
  clear(): void {
    this.rec = undefined;
    this.slots = [];
    this.slotOf = undefined;
    this.size = 0;
    this.unchanged = undefined;
  }

  /** Starts tracking `rec` from its present keys (all slots new). */
  private track(rec: Readonly<Record<string, V>>): void {
    this.rec = rec;
    this.slotOf = undefined;
    this.unchanged = undefined;
    this.cut(Object.keys(rec));
  }

  /** The slots cut again from the keys in order (deletes left them mostly empty). */
  private recut(): void {
    const keys: string[] = [];
    for (const s of this.slots) for (const k of s.keys) keys.push(k);
    this.slotOf = undefined;
    this.cut(keys);
  }

  private cut(keys: readonly string[]): void {
    this.slots = [];
    for (let i = 0; i < keys.length; i += SLOT)
      this.slots.push({ keys: keys.slice(i, i + SLOT), ownKeys: true, chunk: undefined });
    this.size = keys.length;
  }

  private index(): Map<string, Slot<V>> {
    if (this.slotOf) return this.slotOf;
    const m = new Map<string, Slot<V>>();
    for (const s of this.slots) for (const k of s.keys) m.set(k, s);
    this.slotOf = m;
    return m;
  }

  /** The slot's keys as its own array (a restored slot shares its chunk's until then). */
  private own(s: Slot<V>): string[] {
    if (!s.ownKeys) {
      s.keys = s.keys.slice();
      s.ownKeys = true;
    }
    return s.keys;
  }
}
