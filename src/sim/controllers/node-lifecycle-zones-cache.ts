/**
 * Speed machinery for node-lifecycle-zones.ts: the zone key of a node, keyed by its stored labels
 * record. Valid because stored objects never change (an update writes new labels, a restore brings
 * new objects). Pays because the key is asked for every node on every 5 s pass.
 */
const zoneKeys = new WeakMap<object, string>();

/** `compute(labels)` once per stored labels record. */
export function zoneKeyFor<L extends object>(labels: L, compute: (labels: L) => string): string {
  let key = zoneKeys.get(labels);
  if (key === undefined) {
    key = compute(labels);
    zoneKeys.set(labels, key);
  }
  return key;
}
