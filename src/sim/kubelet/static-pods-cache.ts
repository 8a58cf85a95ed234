/**
 * Speed machinery for static-pods.ts: the last static pod UID computed per manifest object,
 * checked against the three fields it hashes (host name, file, content hash), so it stays right
 * whatever changes. Pays because the UID is asked twice per sync pass per manifest.
 */
import type { StaticManifest } from '../core/state';

const uidCache = new WeakMap<StaticManifest, { host: string; file: string; hash: string; uid: string }>();

/** `compute(host, m)`, remembered per manifest object while its host, file and hash stay the same. */
export function staticPodUidFor(
  host: string,
  m: StaticManifest,
  compute: (host: string, m: StaticManifest) => string,
): string {
  const seen = uidCache.get(m);
  if (seen?.host === host && seen.file === m.file && seen.hash === m.hash) return seen.uid;
  const uid = compute(host, m);
  uidCache.set(m, { host, file: m.file, hash: m.hash, uid });
  return uid;
}
