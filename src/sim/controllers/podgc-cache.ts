/**
 * Speed machinery for podgc.ts: the keys of pods with a deletionTimestamp, keyed by state (derived
 * data, not state: a restore brings another state, hence one scan). Kept by the PodGC module's Pod
 * watch, so that a pass does not scan every pod of a big cluster every 20s.
 */
import type { Pod } from '../core/api-types';
import type { Engine } from '../core/engine';

const terminatingIndex = new WeakMap<object, Set<string>>();

/** Keys of the terminating pods of `e.state` (one scan the first time a state is asked). */
export function terminatingKeys(e: Engine): Set<string> {
  let keys = terminatingIndex.get(e.state);
  if (!keys) {
    const found = new Set<string>();
    e.forEachObject('Pod', (p, k) => {
      if (p.metadata.deletionTimestamp !== undefined) found.add(k);
    });
    keys = found;
    terminatingIndex.set(e.state, keys);
  }
  return keys;
}

/** The Pod watch: keeps the index of `e.state` (if one was built) up to date. */
export function noteTerminatingPod(e: Engine, key: string, obj: Pod | undefined): void {
  const keys = terminatingIndex.get(e.state);
  if (!keys) return;
  if (obj?.metadata.deletionTimestamp !== undefined) keys.add(key);
  else keys.delete(key);
}
