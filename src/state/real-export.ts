/**
 * The app's side of the exports for real tools (src/export): the current run (its command log up
 * to now, then the scenario's entries that have not run yet) exported and zipped. Loaded on
 * demand by scenario-files.ts, so neither the generator nor the zip writer is in the main bundle.
 */
import { strToU8, type Zippable, zipSync } from 'fflate';
import { type ExportKind, exportScenarioFor } from '../export';
import { maxOf, type Scenario, scenarioForReplay } from '../sim';

/** A zip of the export in a folder `NAME-KIND/`; scripts keep their executable bit (Unix attributes). */
export function realExportZip(
  kind: ExportKind,
  scenario: Scenario,
  log: readonly { at: number; line: string }[],
  now: number,
): { fileName: string; zip: Uint8Array } {
  const run = scenarioForReplay(scenario, log, { now });
  const lastAt = maxOf(run.spec.timeline, (t) => t.at, 0);
  const files = exportScenarioFor(kind, {
    ...run,
    spec: { ...run.spec, duration: Math.max(run.spec.duration, lastAt) },
  });
  const folder = `${scenario.metadata.name}-${kind}`;
  const tree: Zippable = {};
  for (const f of files)
    tree[`${folder}/${f.path}`] = [
      strToU8(f.content),
      // os 3 (Unix): the high 16 bits of the external attributes are the file's mode.
      { os: 3, attrs: ((f.executable ? 0o100755 : 0o100644) << 16) >>> 0 },
    ];
  // A fixed time: the same run gives the same zip, byte for byte.
  return { fileName: `${folder}.zip`, zip: zipSync(tree, { level: 6, mtime: new Date(2000, 0, 1) }) };
}
