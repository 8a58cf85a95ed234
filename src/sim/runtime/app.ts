/**
 * The program inside a container, as far as probes and `kubectl exec` can see it: which ports it
 * listens on, what it answers to an HTTP GET, which files exist, what a command run in it prints,
 * and how it takes a stop signal. This is the host truth probes test; the kubelet side (what it
 * does with the answers) is in kubelet/prober.ts.
 *
 * Known images behave as their real images do: nginx serves /usr/share/nginx/html on port 80
 * (`/` is 403 without an index.html, a missing file 404) and quits on its stop signal (SIGQUIT,
 * exit 0); httpd serves port 80; redis listens on 6379; the docs' agnhost `liveness` server answers
 * /healthz 200 for 10 seconds and 500 after (configure-liveness-readiness-startup-probes).
 * busybox and alpine run a shell, which as PID 1 ignores SIGTERM (killed at the end of the grace
 * period: 137), and so does `sleep` in any image. [U] Any other image is assumed to listen on the ports its container declares (on
 * any port if it declares none), to answer 200, and to stop promptly on SIGTERM (143).
 */
import type { Writable } from '../core/copy-on-write';
import type { HostContainer } from '../core/state';
import { containerScript, scriptSteps, shellScript } from './app-script';

interface ImageBehaviour {
  /** Ports it listens on; undefined: the declared ports, or any. */
  ports?: number[];
  /** Speaks HTTP on its ports (redis does not). */
  http: boolean;
  /** Coreutils flavour of its shell's error messages. */
  busybox: boolean;
  /** Exit code after its stop signal; undefined: it ignores SIGTERM and is killed (137). */
  stopExit?: number;
  /** Document root for a static web server. */
  docroot?: string;
}

const IMAGES: Record<string, ImageBehaviour> = {
  nginx: { ports: [80], http: true, busybox: false, stopExit: 0, docroot: '/usr/share/nginx/html' },
  httpd: { ports: [80], http: true, busybox: false, stopExit: 0, docroot: '/usr/local/apache2/htdocs' },
  redis: { ports: [6379], http: false, busybox: false, stopExit: 0 },
  postgres: { ports: [5432], http: false, busybox: false, stopExit: 0 },
  busybox: { ports: [], http: false, busybox: true },
  alpine: { ports: [], http: false, busybox: true },
  // CoreDNS: DNS on 53, Prometheus on 9153, the health plugin's /health on 8080 and the ready
  // plugin's /ready on 8181 (kubeadm's Corefile), whether the pod declares them or not.
  coredns: { ports: [53, 8080, 8181, 9153], http: true, busybox: false, stopExit: 0 },
  agnhost: { ports: [8080], http: true, busybox: true, stopExit: 2 },
  goproxy: { ports: [8080], http: true, busybox: true, stopExit: 2 },
};

const UNKNOWN: ImageBehaviour = { http: true, busybox: false, stopExit: 143 };

/** `registry.k8s.io/e2e-test-images/agnhost:2.40` -> `agnhost`. */
export function imageName(image: string): string {
  const last = image.slice(image.lastIndexOf('/') + 1);
  return last.split(/[:@]/)[0] ?? last;
}

/** Behaviour per image reference (probes ask at every tick). */
const behaviours = new Map<string, ImageBehaviour>();

function behaviour(c: HostContainer): ImageBehaviour {
  let b = behaviours.get(c.image);
  if (!b) {
    const name = imageName(c.image);
    b = Object.hasOwn(IMAGES, name) ? (IMAGES[name] as ImageBehaviour) : UNKNOWN;
    if (behaviours.size > 1000) behaviours.clear();
    behaviours.set(c.image, b);
  }
  return b;
}

/** Whether a file exists in the container at `now`: its script's and exec's changes, else the image. */
export function fileExists(c: HostContainer, path: string, now: number): boolean {
  let best: { at: number; exists: boolean } | undefined;
  for (const f of containerScript(c).files) {
    const at = c.startedAt + f.at;
    if (f.path === path && at <= now && (!best || at >= best.at)) best = { at, exists: f.exists };
  }
  for (const f of c.fileChanges ?? []) if (f.path === path && f.at <= now && (!best || f.at >= best.at)) best = f;
  if (best) return best.exists;
  // [U] Scratch directories start empty; anything else is taken to be part of the image.
  return !/^\/(tmp|run|var\/run)\//.test(path);
}

/** Ports the program listens on (the declared ones are used for images the playground does not know). */
function listens(c: HostContainer, port: number, declared: readonly number[]): boolean {
  const b = behaviour(c);
  if (c.state !== 'running') return false;
  if (b.ports) return b.ports.includes(port);
  return declared.length === 0 || declared.includes(port);
}

/** A TCP connect from the kubelet: undefined when accepted, else the dial error text. */
export function tcpDial(c: HostContainer, ip: string, port: number, declared: readonly number[]): string | undefined {
  return listens(c, port, declared) ? undefined : `dial tcp ${ip}:${port}: connect: connection refused`;
}

/** An HTTP GET from the kubelet: the status code, or the Go client's error text. */
export function httpGet(
  c: HostContainer,
  url: { scheme: 'HTTP' | 'HTTPS'; ip: string; port: number; path: string },
  declared: readonly number[],
  now: number,
): { status: number } | { error: string } {
  const shown = `${url.scheme.toLowerCase()}://${url.ip}:${url.port}${url.path}`;
  const refused = tcpDial(c, url.ip, url.port, declared);
  if (refused) return { error: `Get "${shown}": ${refused}` };
  const b = behaviour(c);
  if (!b.http) return { error: `Get "${shown}": EOF` };
  if (url.scheme === 'HTTPS' && b !== UNKNOWN)
    return { error: `Get "${shown}": http: server gave HTTP response to HTTPS client` };
  const path = url.path.split('?')[0] ?? '/';
  if (b === IMAGES.agnhost && (c.args ?? [])[0] === 'liveness')
    return { status: path === '/healthz' && now - c.startedAt < 10_000 ? 200 : path === '/healthz' ? 500 : 404 };
  if (b.docroot) {
    if (path.endsWith('/')) {
      if (path !== '/') return { status: 404 };
      return { status: fileExists(c, `${b.docroot}/index.html`, now) ? 200 : 403 };
    }
    const known = path === '/index.html' || path === '/50x.html';
    return { status: known && fileExists(c, `${b.docroot}${path}`, now) ? 200 : 404 };
  }
  return { status: 200 };
}

function missing(b: ImageBehaviour, tool: string, p: string): string {
  if (b.busybox) {
    if (tool === 'cat') return `cat: can't open '${p}': No such file or directory`;
    if (tool === 'stat') return `stat: can't stat '${p}': No such file or directory`;
    if (tool === 'rm') return `rm: can't remove '${p}': No such file or directory`;
    return `${tool}: ${p}: No such file or directory`;
  }
  if (tool === 'ls') return `ls: cannot access '${p}': No such file or directory`;
  if (tool === 'stat') return `stat: cannot statx '${p}': No such file or directory`;
  if (tool === 'rm') return `rm: cannot remove '${p}': No such file or directory`;
  return `${tool}: ${p}: No such file or directory`;
}

/** Result of a command run in the container (CRI ExecSync). */
export interface ExecResult {
  exitCode: number;
  output: string;
}

/**
 * The container a command runs in; `own` gives it writable (the runtime's write path,
 * runtime/containers.ts `writableContainer`), and the writable one is read from then on.
 */
interface ExecTarget {
  c: HostContainer;
  readonly own: (c: HostContainer) => Writable<HostContainer>;
}

/** Record files created or removed in the container now (its writable layer). */
function changeFiles(t: ExecTarget, paths: readonly string[], now: number, exists: boolean): void {
  const c = t.own(t.c);
  t.c = c;
  const list = c.fileChanges ? c.fileChanges.slice() : [];
  for (const path of paths) list.push({ at: now, path, exists });
  c.fileChanges = list;
}

function runOne(t: ExecTarget, words: readonly string[], now: number): ExecResult {
  const c = t.c;
  const tool = (words[0] ?? '').slice((words[0] ?? '').lastIndexOf('/') + 1);
  const b = behaviour(c);
  const paths = words.slice(1).filter((w) => !w.startsWith('-'));
  switch (tool) {
    case 'true':
    case ':':
      return { exitCode: 0, output: '' };
    case 'false':
      return { exitCode: 1, output: '' };
    case 'exit':
      return { exitCode: Number(words[1] ?? 0) || 0, output: '' };
    case 'cat':
    case 'ls':
    case 'stat': {
      const gone = paths.find((p) => !fileExists(c, p, now));
      if (!gone) return { exitCode: 0, output: '' };
      return { exitCode: tool === 'ls' && !b.busybox ? 2 : 1, output: missing(b, tool, gone) };
    }
    case 'test':
    case '[': {
      const p = paths.filter((w) => w !== ']')[0];
      return { exitCode: p !== undefined && !fileExists(c, p, now) ? 1 : 0, output: '' };
    }
    case 'touch':
      changeFiles(t, paths, now, true);
      return { exitCode: 0, output: '' };
    case 'rm': {
      const force = words.some((w) => /^-[a-z]*f/.test(w));
      const gone = paths.find((p) => !fileExists(c, p, now));
      changeFiles(t, paths, now, false);
      if (gone && !force) return { exitCode: 1, output: missing(b, 'rm', gone) };
      return { exitCode: 0, output: '' };
    }
    case 'redis-cli':
      return { exitCode: 0, output: 'PONG' };
    default:
      // [U] Other commands (health scripts, pg_isready...) are taken to succeed quietly.
      return { exitCode: 0, output: '' };
  }
}

/**
 * Run `argv` in the running container (`sh -c` scripts step by step: `;` and `&&`); `own` gives
 * the container writable when a command changes its files.
 */
export function execInContainer(
  c: HostContainer,
  argv: readonly string[],
  now: number,
  own: (c: HostContainer) => Writable<HostContainer>,
): ExecResult {
  const t: ExecTarget = { c, own };
  const script = shellScript(argv);
  if (script === undefined) return runOne(t, argv, now);
  let last: ExecResult = { exitCode: 0, output: '' };
  const outputs: string[] = [];
  for (const step of scriptSteps(script)) {
    if (step.and && last.exitCode !== 0) continue;
    last = runOne(t, step.words, now);
    if (last.output) outputs.push(last.output);
    if ((step.words[0] ?? '') === 'exit') break;
  }
  return { exitCode: last.exitCode, output: outputs.join('\n') };
}

/**
 * How the program takes StopContainer: the exit code when it stops on its own, or undefined when
 * it ignores SIGTERM (a shell as PID 1: SIGKILL at the end of the grace period, exit 137).
 */
export function stopExitCode(c: HostContainer): number | undefined {
  const b = behaviour(c);
  const argv = [...(c.command ?? []), ...(c.args ?? [])];
  // A container running a script is a shell as PID 1 whatever the image.
  if (shellScript(argv) !== undefined) return undefined;
  // `sleep` as PID 1 installs no handler, and the kernel drops SIGTERM for a PID 1 without one.
  const program = argv[0] ?? '';
  if (program.slice(program.lastIndexOf('/') + 1) === 'sleep') return undefined;
  return b.stopExit;
}
