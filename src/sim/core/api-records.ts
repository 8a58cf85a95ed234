/**
 * The API store's records as a state holds them (core/store-record.ts): empty ones for a new
 * state, copies for a copied one, and records rebuilt from a state that lost its classes on the
 * way (a `structuredClone`d or JSON snapshot: plain fields, or a record per kind from before).
 */
import type { ApiObject } from './api-types';
import { ALL_KINDS } from './keys';
import type { ApiState, HistoryList, RecordKind } from './state';
import { StoreRecord } from './store-record';

/** Every kind the store keeps as objects (Events aside: core/event-log.ts). */
export const RECORD_KINDS = ALL_KINDS.filter((k): k is RecordKind => k !== 'Event');

export function emptyObjects(): ApiState['objects'] {
  const out = {} as Record<RecordKind, StoreRecord<ApiObject>>;
  for (const k of RECORD_KINDS) out[k] = new StoreRecord();
  return out as unknown as ApiState['objects'];
}

/** `rec` as a record of its own: a copy of a `StoreRecord`, or one rebuilt from what a clone left. */
export function recordOf<V>(rec: unknown): StoreRecord<V> {
  if (rec instanceof StoreRecord) return (rec as StoreRecord<V>).copy();
  if (rec === undefined || rec === null || typeof rec !== 'object') return new StoreRecord();
  const r = rec as { pages?: unknown[][]; next?: number; live?: number; numeric?: string[] };
  // A StoreRecord's own fields, without its class (structuredClone).
  if (Array.isArray(r.pages) && typeof r.next === 'number' && typeof r.live === 'number')
    return StoreRecord.of({ pages: r.pages, next: r.next, size: r.live, numeric: r.numeric ?? [] });
  // A plain record of entries (a state saved before the store kept its records this way).
  return StoreRecord.from(Object.entries(rec as Record<string, V>));
}

/** Copies of every record of `objects` (kinds it lacks: empty). */
export function copyObjects(objects: ApiState['objects'] | undefined): ApiState['objects'] {
  const out = {} as Record<RecordKind, StoreRecord<ApiObject>>;
  for (const k of RECORD_KINDS) out[k] = recordOf<ApiObject>(objects?.[k]);
  return out as unknown as ApiState['objects'];
}

export function copyHistory(history: unknown): StoreRecord<HistoryList> {
  return recordOf<HistoryList>(history);
}
