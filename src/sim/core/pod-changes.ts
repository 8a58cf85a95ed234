/**
 * Which pods of a node were written or removed since its reader last looked (derived data, never
 * state). The kubelet's sync pass walked every pod of its node on each pass, and passes come one
 * per pod write while pods start or move (a node taking 30 pods ran ~40 passes over ~30 pods):
 * with this log a pass can visit only the pods that changed (kubelet/quiet-sync.ts).
 *
 * Per node, a log of uid -> store key, for the uids of the old and the new object of every write
 * of a pod bound (before or after) to that node. A node's log exists from its reader's first
 * `take` on; `take` hands it over and starts a new one. Undefined means "not known": the first
 * take, after `clear` (a state put in place), or after the log overflowed (a reader that stays
 * away, such as the kubelet of a powered-off node) — the reader then walks everything.
 */

/** Entries a node's log may hold before it is dropped (its reader then walks everything once). */
const LOG_MAX = 4096;

export class PodChanges {
  private logs = new Map<string, Map<string, string>>();

  /** The pod at `key` was written or removed: its old object on `before`, its new one on `after`. */
  written(
    key: string,
    before: string | undefined,
    oldUid: string | undefined,
    after: string | undefined,
    newUid: string | undefined,
  ): void {
    if (before !== undefined && oldUid !== undefined) this.add(before, oldUid, key);
    if (after !== undefined && newUid !== undefined) this.add(after, newUid, key);
  }

  private add(node: string, uid: string, key: string): void {
    const log = this.logs.get(node);
    if (!log) return;
    log.set(uid, key);
    if (log.size > LOG_MAX) this.logs.delete(node);
  }

  /** The uids (with their keys) written on `node` since the last take, or undefined if not known. */
  take(node: string): ReadonlyMap<string, string> | undefined {
    const log = this.logs.get(node);
    this.logs.set(node, new Map());
    return log;
  }

  /** Nothing is known any more (a state was put in place). */
  clear(): void {
    this.logs = new Map();
  }
}
