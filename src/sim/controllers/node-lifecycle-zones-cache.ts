/**
 * Speed machinery for node-lifecycle-zones.ts: the zone key of a node, kept per node name with the
 * stored labels record it was computed from. Valid because stored objects never change (an update
 * writes new labels, a restore brings new objects): a new labels record computes the key again.
 * Pays because the key is asked for every node on every 5 s pass. Looked up by name, not by the
 * labels record: the name is already at hand, and a look-up keyed by the record read each node's
 * labels object (a WeakMap by it was ~3% of a 1,000-node zone failure's minutes).
 */
const zoneKeys = new Map<string, { labels: object; key: string }>();
/** Past this many names the cache starts over (names of nodes long gone do not pile up). */
const MAX_NAMES = 1 << 16;

/** `compute(labels)` once per node name and stored labels record. */
export function zoneKeyFor<L extends object>(name: string, labels: L, compute: (labels: L) => string): string {
  const hit = zoneKeys.get(name);
  if (hit !== undefined && hit.labels === labels) return hit.key;
  const key = compute(labels);
  if (hit !== undefined) {
    hit.labels = labels;
    hit.key = key;
  } else {
    if (zoneKeys.size >= MAX_NAMES) zoneKeys.clear();
    zoneKeys.set(name, { labels, key });
  }
  return key;
}
