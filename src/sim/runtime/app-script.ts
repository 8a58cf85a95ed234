/**
 * What a container's own command does over time, for the commands people put in manifests to
 * make a probe fail on purpose (the Kubernetes docs' liveness example:
 * `sh -c "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600"`): the files it creates and
 * removes, and when the process ends and with what exit code.
 *
 * A shell script is read step by step: `touch`, `rm`, `echo`, `true`, `false`, `mkdir`, `cd`,
 * `export`, `date` take no time; `sleep N` takes N seconds (`sleep infinity` forever); `exit N`
 * ends it. Any other step is taken to be the long-running program (a server) and the script never
 * ends. [U] A container without a command runs its image's program forever (busybox's `sh` would
 * exit at once on a real node; the playground keeps image defaults running).
 */
import type { HostContainer } from '../core/state';
import { scriptFor } from './app-script-cache';

/** A file the script creates (`exists`) or removes, `at` ms after the container started. */
export interface ScriptFileEvent {
  at: number;
  path: string;
  exists: boolean;
}

export interface ContainerScript {
  files: ScriptFileEvent[];
  /** ms after the start when the process exits, if it ever does. */
  endsAfter?: number;
  exitCode: number;
}

const SHELLS = new Set(['sh', '/bin/sh', 'bash', '/bin/bash', 'ash', '/bin/ash', '/usr/bin/env']);
const INSTANT = new Set(['echo', 'true', ':', 'mkdir', 'cd', 'export', 'date', 'set', 'printf', 'hostname']);

/** The shell script of `sh -c SCRIPT` argv, or undefined. */
export function shellScript(argv: readonly string[]): string | undefined {
  if (argv.length < 3 || !SHELLS.has(argv[0] ?? '')) return undefined;
  const i = argv.indexOf('-c');
  return i > 0 ? argv[i + 1] : undefined;
}

/** Steps of a script: `;`, `&&`, `||` and new lines separate commands (good enough for probes). */
export function scriptSteps(script: string): { words: string[]; and: boolean }[] {
  const out: { words: string[]; and: boolean }[] = [];
  let and = false;
  for (const part of script.split(/(;|&&|\|\||\n)/)) {
    if (part === ';' || part === '\n' || part === '||') {
      and = false;
      continue;
    }
    if (part === '&&') {
      and = true;
      continue;
    }
    const words = part.trim().split(/\s+/).filter(Boolean);
    if (words.length > 0) out.push({ words: words.map(unquote), and });
    and = false;
  }
  return out;
}

function unquote(w: string): string {
  return w.replace(/^(['"])(.*)\1$/, '$2');
}

/** `rm -f a b` -> [a, b]; `touch a` -> [a]. */
function pathArgs(words: readonly string[]): string[] {
  return words.slice(1).filter((w) => !w.startsWith('-'));
}

function seconds(w: string | undefined): number | undefined {
  if (w === undefined || w === 'infinity') return undefined;
  const n = Number(w.replace(/s$/, ''));
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 1000) : undefined;
}

const FOREVER: ContainerScript = { files: [], exitCode: 0 };

function readScript(argv: readonly string[]): ContainerScript {
  const script = shellScript(argv);
  const steps = script !== undefined ? scriptSteps(script) : argv.length ? [{ words: [...argv], and: false }] : [];
  if (steps.length === 0) return FOREVER;
  const files: ScriptFileEvent[] = [];
  let t = 0;
  let exitCode = 0;
  for (const { words } of steps) {
    const cmd = words[0] ?? '';
    const base = cmd.slice(cmd.lastIndexOf('/') + 1);
    if (base === 'touch') for (const p of pathArgs(words)) files.push({ at: t, path: p, exists: true });
    else if (base === 'rm') for (const p of pathArgs(words)) files.push({ at: t, path: p, exists: false });
    else if (base === 'sleep') {
      const ms = seconds(words[1]);
      if (ms === undefined) return { files, exitCode: 0 };
      t += ms;
      exitCode = 0;
      continue;
    } else if (base === 'exit') return { files, endsAfter: t, exitCode: Number(words[1] ?? 0) || 0 };
    else if (base === 'false') {
      exitCode = 1;
      continue;
    } else if (!INSTANT.has(base)) return { files, exitCode: 0 };
    exitCode = 0;
  }
  return { files, endsAfter: t, exitCode };
}

/** What the container's process does (cached per container record, app-script-cache.ts). */
export function containerScript(c: HostContainer): ContainerScript {
  return scriptFor(c, scriptOf);
}

function scriptOf(c: HostContainer): ContainerScript {
  const argv = [...(c.command ?? []), ...(c.args ?? [])];
  return argv.length === 0 ? FOREVER : readScript(argv);
}
