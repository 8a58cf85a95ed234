/**
 * Images on a host's disk and pulls from the registry. The image store survives power cycles
 * (it is on disk); a pull needs the registry (`state.registryUp`) and takes a random time in
 * [settings.imagePullMin, settings.imagePullMax].
 */
import type { Engine } from '../core/engine';
import type { Host } from '../core/state';
import { hashString } from '../core/trace';

/** `nginx` -> `docker.io/library/nginx:latest`, as containerd names images. */
export function normalizeImage(image: string): string {
  let name = image;
  const slash = name.indexOf('/');
  const first = slash < 0 ? '' : name.slice(0, slash);
  const hasRegistry = first.includes('.') || first.includes(':') || first === 'localhost';
  if (!hasRegistry) name = slash < 0 ? `docker.io/library/${name}` : `docker.io/${name}`;
  const lastSlash = name.lastIndexOf('/');
  if (!name.slice(lastSlash + 1).includes(':') && !name.includes('@')) name = `${name}:latest`;
  return name;
}

export function hasImage(h: Host, image: string): boolean {
  return h.images[image] === true || h.images[normalizeImage(image)] === true;
}

export function storeImage(e: Engine, h: Host, image: string): void {
  e.cow.field(h, 'images')[normalizeImage(image)] = true;
}

/** How long a pull of an absent image takes (ms). */
export function pullDuration(e: Engine): number {
  return e.randInt(e.state.settings.imagePullMin, e.state.settings.imagePullMax);
}

/** A stable, plausible image size in bytes (the Pulled event prints it in 1.33). [U] sizes are made up. */
export function imageSize(image: string): number {
  const h = Number.parseInt(hashString(normalizeImage(image)).slice(0, 6), 16);
  return 20_000_000 + (h % 60_000_000);
}

/**
 * The error a pull gets while the registry is unreachable. [U] The reference has no exact text;
 * this is containerd's usual resolve failure (and dockerd's for the docker profile).
 */
export function pullError(e: Engine, image: string): string {
  const ref = normalizeImage(image);
  if (e.state.profile.runtime === 'docker') {
    return `rpc error: code = Unknown desc = Error response from daemon: Get "https://registry-1.docker.io/v2/": dial tcp: lookup registry-1.docker.io: Temporary failure in name resolution`;
  }
  const repo = ref.replace(/^docker\.io\//, '');
  const colon = repo.lastIndexOf(':');
  const path = colon < 0 ? repo : repo.slice(0, colon);
  const tag = colon < 0 ? 'latest' : repo.slice(colon + 1);
  return `rpc error: code = Unknown desc = failed to pull and unpack image "${ref}": failed to resolve reference "${ref}": failed to do request: Head "https://registry-1.docker.io/v2/${path}/manifests/${tag}": dial tcp: lookup registry-1.docker.io: Temporary failure in name resolution`;
}

/**
 * The image reference a container status reports as imageID (kubelet_pods.go
 * convertContainerStatus: ImageID from the runtime's ImageRef): containerd gives the repository
 * digest (`docker.io/library/nginx@sha256:...`), dockershim `docker-pullable://nginx@sha256:...`.
 * [U] Digests are made up, stable per image name.
 */
export function imageId(e: Engine, image: string): string {
  const docker = e.state.profile.runtime === 'docker';
  const key = `${docker ? 'd' : 'c'}|${image}`;
  let id = imageIds.get(key);
  if (id === undefined) {
    id = computeImageId(docker, image);
    if (imageIds.size > 1000) imageIds.clear();
    imageIds.set(key, id);
  }
  return id;
}

/** imageId answers per runtime and image (a pure function; asked at every status build). */
const imageIds = new Map<string, string>();

function computeImageId(docker: boolean, image: string): string {
  const ref = normalizeImage(image);
  const digest = [0, 1, 2, 3].map((i) => hashString(`${i}|${ref}`)).join('');
  const repo = ref.slice(0, ref.lastIndexOf(':') > ref.lastIndexOf('/') ? ref.lastIndexOf(':') : ref.length);
  if (docker) return `docker-pullable://${repo.replace(/^docker\.io\/(library\/)?/, '')}@sha256:${digest}`;
  return `${repo}@sha256:${digest}`;
}
