/**
 * A record as a checkpoint keeps it: its entries in order, cut in chunks that checkpoints share
 * with each other where nothing was written (made by core/record-chunks.ts from the engine's
 * writes). A record built back from the chunks gets the keys in the same order of insertion, so it
 * enumerates exactly as the record copied (integer-like keys included: the engine's records and
 * their rebuilt copies follow the same rules).
 */
import { dict } from './dict';

export interface Chunk<V> {
  readonly keys: readonly string[];
  readonly values: readonly V[];
}

/** A record's entries in order, cut in chunks (never changed once made: snapshots share them). */
export type Chunks<V> = readonly Chunk<V>[];

/** The record the chunks were made from (prototype-free), with `copy` applied to each value. */
export function recordOfChunks<V>(chunks: Chunks<V>, copy?: (v: V) => V): Record<string, V> {
  const out = dict<V>();
  for (const { keys, values } of chunks)
    for (let i = 0; i < keys.length; i++) out[keys[i] as string] = copy ? copy(values[i] as V) : (values[i] as V);
  return out;
}

/** The record the chunks were made from (as recordOfChunks) and a Map of the same entries in the same order. */
export function recordAndMapOfChunks<V>(chunks: Chunks<V>): { record: Record<string, V>; map: Map<string, V> } {
  const record = dict<V>();
  const map = new Map<string, V>();
  for (const { keys, values } of chunks)
    for (let i = 0; i < keys.length; i++) {
      record[keys[i] as string] = values[i] as V;
      map.set(keys[i] as string, values[i] as V);
    }
  return { record, map };
}
