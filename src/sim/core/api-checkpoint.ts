/**
 * What a checkpoint keeps of the API store: every kind's objects and the object histories as
 * chunks (core/chunks.ts), made from the written slots only (core/record-chunks.ts) and shared
 * with the previous checkpoint's everywhere else. The engine reports each write here (`put`,
 * `remove`, `remembered`), so a checkpoint costs what changed since the previous one, not a walk
 * over the ~150,000 Pods and ~200,000 histories of a 5,000-node cluster.
 */
import type { ApiObject } from './api-types';
import { type Chunks, recordAndMapOfChunks, recordOfChunks } from './chunks';
import { RecordChunks } from './record-chunks';
import type { ApiState, ObjectHistoryEntry, RecordKind, SimState } from './state';

/** The API objects and the object histories of a snapshot, as chunks shared with the previous snapshot's. */
export interface ApiChunks {
  readonly objects: { readonly [K in RecordKind]?: Chunks<ApiObject> };
  readonly history: Chunks<ObjectHistoryEntry[]>;
  /** Entries in chunks not shared with the previous snapshot's (a measure of its cost). */
  readonly fresh: number;
}

/**
 * A history list as a checkpoint keeps it: the live list itself, frozen. Lists are appended to in
 * place (entries are never changed), so `Engine.remember` copies a frozen one before its next write.
 */
function freezeList(list: ObjectHistoryEntry[]): ObjectHistoryEntry[] {
  return Object.isFrozen(list) ? list : (Object.freeze(list) as ObjectHistoryEntry[]);
}

export class ApiCheckpoints {
  private readonly kinds = new Map<RecordKind, RecordChunks<ApiObject>>();
  private readonly history = new RecordChunks<ObjectHistoryEntry[]>();

  /** `objects[key] = obj` happened (`objects`: the record of `kind`). */
  put(objects: object, kind: RecordKind, key: string): void {
    this.kinds.get(kind)?.set(objects, key);
  }

  /** `delete objects[key]` happened. */
  remove(objects: object, kind: RecordKind, key: string): void {
    this.kinds.get(kind)?.delete(objects, key);
  }

  /** The history list of `ref` in `history` was added or written. */
  remembered(history: object, ref: string): void {
    this.history.set(history, ref);
  }

  /** The chunks of `api` now. The first checkpoint of a record walks it; later ones cost what was written. */
  checkpoint(api: ApiState): ApiChunks {
    const objects: { [K in RecordKind]?: Chunks<ApiObject> } = {};
    let fresh = 0;
    for (const kind of Object.keys(api.objects) as RecordKind[]) {
      let t = this.kinds.get(kind);
      if (!t) {
        t = new RecordChunks();
        this.kinds.set(kind, t);
      }
      const c = t.checkpoint(api.objects[kind] as Record<string, ApiObject>);
      objects[kind] = c.chunks;
      fresh += c.fresh;
    }
    const h = this.history.checkpoint(api.history, freezeList);
    return { objects, history: h.chunks, fresh: fresh + h.fresh };
  }

  /** `api`'s records were just built from `chunks` (a restore): track them from there. */
  adopt(api: ApiState, chunks: ApiChunks): void {
    for (const kind of Object.keys(chunks.objects) as RecordKind[]) {
      const c = chunks.objects[kind];
      if (!c) continue;
      let t = this.kinds.get(kind);
      if (!t) {
        t = new RecordChunks();
        this.kinds.set(kind, t);
      }
      t.adopt(api.objects[kind], c);
    }
    this.history.adopt(api.history, chunks.history);
  }

  /** A state was swapped in without chunks: its records are walked at their first checkpoint. */
  clear(): void {
    for (const t of this.kinds.values()) t.clear();
    this.history.clear();
  }
}

/**
 * Puts the objects and histories kept by a checkpoint into `state` (a copy made without them).
 * Returns, for the `mirrored` kinds, Maps of their records in order (the engine's mirrors, built
 * here in the same pass instead of by a walk over a record of 10^5 keys later).
 */
export function restoreApi(
  state: SimState,
  chunks: ApiChunks,
  mirrored?: readonly RecordKind[],
): Map<RecordKind, Map<string, ApiObject>> {
  const objects = state.api.objects as Record<string, Record<string, ApiObject>>;
  const mirrors = new Map<RecordKind, Map<string, ApiObject>>();
  for (const kind of Object.keys(chunks.objects) as RecordKind[]) {
    const c = chunks.objects[kind];
    if (!c) continue;
    if (mirrored?.includes(kind)) {
      const { record, map } = recordAndMapOfChunks(c);
      objects[kind] = record;
      mirrors.set(kind, map);
    } else objects[kind] = recordOfChunks(c);
  }
  // History lists are appended to in place: the snapshot's are frozen, and the engine copies one
  // before its first write (Engine.remember).
  state.api.history = recordOfChunks(chunks.history);
  return mirrors;
}
