/**
 * Static pods (reference section 8): pods defined by files in /etc/kubernetes/manifests,
 * run by the kubelet without the API. Name `<name>-<node>`, UID from (node, file, content) so
 * that editing the file gives a new pod, toleration {operator: Exists, effect: NoExecute},
 * annotations kubernetes.io/config.hash / config.source / config.seen.
 */
import type { Pod } from '../core/api-types';
import type { Host, StaticManifest } from '../core/state';
import { hashString } from '../core/trace';
import { rfc3339Nano } from '../host/clock';
import { STATIC_POD_PATH } from '../host/files';
import { staticPodUidFor } from './static-pods-cache';

/** The UID the kubelet gives a static pod: a content hash (md5 upstream; 32 hex chars here). */
export function staticPodUid(h: Host, m: StaticManifest): string {
  // Asked twice per sync pass per manifest: remembered per manifest object (static-pods-cache.ts).
  return staticPodUidFor(h.name, m, podUid);
}

function podUid(host: string, m: StaticManifest): string {
  const a = hashString(`${host}|${STATIC_POD_PATH}/${m.file}|${m.hash}`);
  const b = hashString(`${m.hash}|${host}|${m.file}`);
  return a + b;
}

export function staticPodName(h: Host, m: StaticManifest): string {
  return `${m.name}-${h.name.toLowerCase()}`;
}

export interface StaticPodRef {
  uid: string;
  key: string;
  name: string;
  namespace: string;
  manifest: StaticManifest;
}

/** Static pods defined on this host now, by file name order. Files starting with `.` are ignored. */
export function desiredStaticPods(h: Host): StaticPodRef[] {
  return Object.keys(h.manifests)
    .filter((f) => !f.startsWith('.'))
    .sort()
    .map((f) => {
      const m = h.manifests[f] as StaticManifest;
      const name = staticPodName(h, m);
      return { uid: staticPodUid(h, m), key: `${m.namespace}/${name}`, name, namespace: m.namespace, manifest: m };
    });
}

/** The pod object the kubelet builds from a manifest (the mirror pod is this plus config.mirror). */
export function staticPodObject(h: Host, ref: StaticPodRef, seenAt: number): Pod {
  const m = ref.manifest;
  const pod: Pod = {
    kind: 'Pod',
    metadata: {
      name: ref.name,
      namespace: ref.namespace,
      uid: ref.uid,
      resourceVersion: 0,
      creationTimestamp: seenAt,
      labels: { ...m.labels },
      annotations: {
        'kubernetes.io/config.hash': ref.uid,
        // config.go: kubetypes.NewTimestamp().GetString(), RFC3339Nano.
        'kubernetes.io/config.seen': rfc3339Nano(seenAt),
        'kubernetes.io/config.source': 'file',
      },
      ownerReferences: [],
    },
    spec: {
      nodeName: h.name,
      containers: m.spec.containers.map((c) => ({ ...c })),
      tolerations: [{ operator: 'Exists', effect: 'NoExecute' }],
      terminationGracePeriodSeconds: 30,
    },
    status: { phase: 'Pending', conditions: [], containerStatuses: [] },
  };
  if (m.spec.hostNetwork) pod.spec.hostNetwork = true;
  if (m.spec.priority !== undefined) pod.spec.priority = m.spec.priority;
  return pod;
}

/** A pod object in the API that mirrors a static pod (it carries kubernetes.io/config.mirror). */
export function isMirrorPod(p: Pod): boolean {
  return p.metadata.annotations['kubernetes.io/config.mirror'] !== undefined;
}
