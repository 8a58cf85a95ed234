/**
 * Mirror pods (reference section 8): the API copy of each static pod, with annotation
 * kubernetes.io/config.mirror=<hash> and a controller ownerReference to the Node, so that
 * `kubectl describe` shows `Controlled By: Node/<node>`. A deleted mirror is recreated; a mirror
 * with a stale hash (edited manifest) or for a removed manifest is deleted (grace 0). Without
 * the Node object no mirror can be created ("failed to get node UID").
 *
 * Cause `what` prefixes: `mirror created`, `mirror deleted`.
 */
import type { Pod } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { Host, KubeletMemory } from '../core/state';
import { logLine, q } from '../host/journal';
import { actor } from './memory';
import { desiredStaticPods, isMirrorPod, staticPodObject } from './static-pods';

type RunningHost = Host & { kubelet: KubeletMemory };

/** Reconcile mirror pods with the static pods (the caller checked that the API answers). */
export function syncMirrorPods(e: Engine, h: RunningHost): void {
  const mem = h.kubelet;
  const wanted = desiredStaticPods(h).filter((s) => {
    const w = mem.pods[s.uid];
    // A static pod the node shutdown manager killed keeps its mirror (Failed, shutdown-manager.ts).
    return w && ((w.state !== 'terminating' && w.state !== 'terminated') || w.shutdown === true);
  });
  const wantedHash = new Map(wanted.map((s) => [s.key, s.uid]));
  // Delete mirrors that are stale, orphaned or being deleted.
  const mirrors = e
    .podsOnNode(h.name)
    .filter(isMirrorPod)
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
  for (const m of mirrors) {
    const key = `${m.metadata.namespace}/${m.metadata.name}`;
    const hash = m.metadata.annotations['kubernetes.io/config.mirror'];
    const keep = wantedHash.get(key) === hash && m.metadata.deletionTimestamp === undefined;
    if (keep) continue;
    const c = e.cause({
      actor: actor(h),
      what: `mirror deleted ${key}`,
      rule:
        m.metadata.deletionTimestamp !== undefined
          ? 'mirror pod being deleted: kubelet deletes it (grace 0) and recreates it'
          : 'static pod gone or changed: its mirror is deleted',
      parents: [e.lastCause(`Pod/${key}`) ?? 0],
    });
    logLine(
      e,
      h.name,
      'kubelet',
      'I',
      'mirror_client.go:138',
      `"Deleting a mirror pod" pod=${q(key)} podUID=${q(m.metadata.uid)}`,
    );
    e.remove('Pod', key, 'mirror pod deleted by kubelet', c);
  }
  const node = e.get('Node', h.name);
  for (const s of wanted) {
    const cur = e.get('Pod', s.key);
    if (cur && isMirrorPod(cur) && cur.metadata.annotations['kubernetes.io/config.mirror'] === s.uid) continue;
    if (cur) continue; // a regular pod with the same name blocks the mirror
    if (!node) {
      logLine(
        e,
        h.name,
        'kubelet',
        'E',
        'kubelet.go:1943',
        `"Failed creating a mirror pod for" err="failed to get node UID: nodes \\"${h.name}\\" not found" pod=${q(s.key)}`,
      );
      continue;
    }
    const w = mem.pods[s.uid];
    const seen = w?.startTime ?? e.now;
    const base = staticPodObject(h, s, seen);
    const pod: Pod = {
      ...base,
      metadata: {
        ...base.metadata,
        uid: e.uid(),
        creationTimestamp: e.now,
        annotations: { ...base.metadata.annotations, 'kubernetes.io/config.mirror': s.uid },
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: h.name, uid: node.metadata.uid, controller: true }],
      },
    };
    const c = e.cause({
      actor: actor(h),
      what: `mirror created ${s.key}`,
      rule: 'every static pod gets a mirror pod in the API (owner: its Node)',
      parents: [w?.cause ?? 0],
    });
    e.put(pod, 'mirror pod created by kubelet', c);
    e.cow.field(mem, 'mirrors')[s.uid] = pod.metadata.uid;
  }
}
