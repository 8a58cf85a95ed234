/**
 * Files on a host that matter to the kubelet: static pod manifests in /etc/kubernetes/manifests
 * and the places they are moved to (`host.stash`, by absolute path). A running kubelet notices a
 * change within ~1s (inotify); a stopped one at its next start.
 *
 * Cause `what` prefixes: `manifest <file>` (e.g. `manifest nginx.yaml moved out`), which the
 * kubelet uses as the parent of the pod it starts or stops.
 */
import type { Engine } from '../core/engine';
import type { StaticManifest } from '../core/state';
import { hashString } from '../core/trace';
// Up the layers (src/sim/layers.test.ts): a manifest written or moved wakes the kubelet's pod sync,
// as inotify on the static pod path wakes the kubelet's file source upstream.
import { requestPodSync } from '../kubelet/pod-sync-queue';
import type { HostCommandResult } from './power';

/** The kubelet's staticPodPath as kubeadm configures it: the files in it are static pods. */
export const STATIC_POD_PATH = '/etc/kubernetes/manifests';

const DIRS = new Set(['/tmp', '/root', '/home', '/var/tmp', STATIC_POD_PATH, '~', '.']);

function basename(p: string): string {
  const s = p.endsWith('/') ? p.slice(0, -1) : p;
  return s.slice(s.lastIndexOf('/') + 1);
}

function dirname(p: string): string {
  const i = p.lastIndexOf('/');
  return i <= 0 ? '/' : p.slice(0, i);
}

/** Resolve an `mv` destination: a directory keeps the source file name. */
function resolveTarget(to: string, fromName: string): string {
  const t = to.endsWith('/') && to.length > 1 ? to.slice(0, -1) : to;
  if (DIRS.has(t) || to.endsWith('/')) return `${t}/${fromName}`;
  return t;
}

function inManifestDir(path: string): boolean {
  return dirname(path) === STATIC_POD_PATH;
}

/** The manifest at an absolute path on the host, if any. */
function lookup(e: Engine, hostName: string, path: string): StaticManifest | undefined {
  const h = e.state.hosts[hostName];
  if (!h) return undefined;
  if (inManifestDir(path)) return h.manifests[basename(path)];
  return h.stash[path];
}

function hostDown(e: Engine, hostName: string): HostCommandResult | undefined {
  const h = e.state.hosts[hostName];
  if (!h) return { ok: false, output: `ssh: Could not resolve hostname ${hostName}: Name or service not known` };
  if (h.power !== 'on') return { ok: false, output: `ssh: connect to host ${hostName} port 22: No route to host` };
  return undefined;
}

function noticeChange(e: Engine, hostName: string): void {
  const h = e.state.hosts[hostName];
  // inotify: the file source sees the change almost at once. [U] 100ms-1s.
  if (h) requestPodSync(e, h, e.randInt(100, 1000));
}

/** `mv FROM TO` on a host, where either side may be the static pod folder. */
export function moveFile(e: Engine, hostName: string, from: string, to: string, cause: number): HostCommandResult {
  const down = hostDown(e, hostName);
  if (down) return down;
  const h = e.state.hosts[hostName];
  const m = lookup(e, hostName, from);
  if (!h || !m) return { ok: false, output: `mv: cannot stat '${from}': No such file or directory` };
  const target = resolveTarget(to, basename(from));
  if (target === from) return { ok: false, output: `mv: '${from}' and '${target}' are the same file` };
  const moved: StaticManifest = { ...m, file: basename(target) };
  if (inManifestDir(from)) delete e.cow.field(h, 'manifests')[basename(from)];
  else delete e.cow.field(h, 'stash')[from];
  if (inManifestDir(target)) e.cow.field(h, 'manifests')[moved.file] = moved;
  else e.cow.field(h, 'stash')[target] = moved;
  const into = inManifestDir(target);
  const outOf = inManifestDir(from);
  const c = e.cause({
    actor: `user on ${hostName}`,
    what: `manifest ${into ? moved.file : m.file} moved ${into && !outOf ? 'in' : outOf && !into ? 'out' : 'within'}`,
    parents: [cause],
  });
  e.trace(`host ${hostName} mv ${from} ${target}`);
  e.remember(`Host/${hostName}`, `manifest ${m.file} moved to ${target}`, c);
  if (into) e.remember(`Host/${hostName}`, `manifest ${moved.file} moved in`, c);
  if (into || outOf) noticeChange(e, hostName);
  return { ok: true, output: '' };
}

/** The content hash, computed like scenario/bootstrap.ts manifestFromPod. */
function manifestHash(m: StaticManifest): string {
  return hashString(JSON.stringify([m.name, m.namespace, m.labels, m.spec]));
}

/** `sed -i 's/FROM/TO/' FILE` on a manifest: replaces the first match in each container image. */
export function editManifestImage(
  e: Engine,
  hostName: string,
  file: string,
  fromText: string,
  toText: string,
  cause: number,
): HostCommandResult {
  const down = hostDown(e, hostName);
  if (down) return down;
  const h = e.state.hosts[hostName];
  const path = file.includes('/') ? file : `${STATIC_POD_PATH}/${file}`;
  const m = lookup(e, hostName, path);
  if (!h || !m) return { ok: false, output: `sed: can't read ${file}: No such file or directory` };
  const containers = m.spec.containers.map((c) => ({ ...c, image: c.image.replace(fromText, toText) }));
  if (containers.every((c, i) => c.image === m.spec.containers[i]?.image)) return { ok: true, output: '' };
  const next: StaticManifest = { ...m, spec: { ...m.spec, containers } };
  next.hash = manifestHash(next);
  if (inManifestDir(path)) e.cow.field(h, 'manifests')[m.file] = next;
  else e.cow.field(h, 'stash')[path] = next;
  const c = e.cause({
    actor: `user on ${hostName}`,
    what: `manifest ${m.file} edited`,
    rule: 'a new content hash gives a new static pod UID',
    parents: [cause],
  });
  e.trace(`host ${hostName} edit ${path}`);
  e.remember(`Host/${hostName}`, `manifest ${m.file} edited`, c);
  if (inManifestDir(path)) noticeChange(e, hostName);
  return { ok: true, output: '' };
}
