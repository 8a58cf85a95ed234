/**
 * `--export KIND DIR`: writes an export's files (src/export) under DIR. DIR is created when it
 * does not exist; an existing DIR must be empty, so that a run never mixes two exports or
 * overwrites someone's files, unless `--force` (the export's files are written over, the other
 * files are left as they are).
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ExportFile } from '../export/index';

/** Why DIR cannot take the export, or undefined when it can. */
export function exportDirProblem(dir: string, force: boolean): string | undefined {
  if (!existsSync(dir)) return undefined;
  if (!statSync(dir).isDirectory()) return `${dir} exists and is not a directory`;
  if (!force && readdirSync(dir).length > 0)
    return `${dir} is not empty: choose a new or empty directory, or add --force to write over the export's files`;
  return undefined;
}

/**
 * Why a file of the export cannot be written under DIR, checked before anything is written: a
 * path part over 255 bytes (NAME_MAX), or a path that leaves DIR. Export paths are derived by the
 * export (never taken from a scenario's text), so this guards against a fault of ours.
 */
export function exportPathProblem(files: readonly ExportFile[]): string | undefined {
  for (const f of files) {
    const parts = f.path.split('/');
    if (parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\')))
      return `internal: the export's path ${JSON.stringify(f.path)} is not a plain relative path`;
    const long = parts.find((p) => Buffer.byteLength(p) > 255);
    if (long) return `the export's file name ${JSON.stringify(`${long.slice(0, 40)}…`)} is longer than 255 bytes`;
  }
  return undefined;
}

/** Writes the files; scripts get mode 0755. Returns the paths written. */
export function writeExport(dir: string, files: readonly ExportFile[]): string[] {
  const problem = exportPathProblem(files);
  if (problem) throw new Error(problem);
  const written: string[] = [];
  for (const f of files) {
    const path = join(dir, f.path); // join normalises the export's `/` separators
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.content);
    // writeFileSync's mode applies only to new files: --force rewrites must get it too.
    chmodSync(path, f.executable ? 0o755 : 0o644);
    written.push(path);
  }
  return written;
}
