/**
 * For the export tests: the built-in scenarios and every export of each, made once per process
 * (each when first read).
 * (A .ts without .test: the export tests share it; not imported by the exports themselves.)
 */
import { loadBuiltins } from '../cli/scenario-files';
import { BIG_BUILTINS, type Scenario } from '../sim/index';
import { EXPORT_KINDS, type ExportFile, type ExportKind, exportScenarioFor } from './index';

let cache: { scenario: Scenario; exports: Record<ExportKind, ExportFile[]> }[] | undefined;

export function builtinExports(): { scenario: Scenario; exports: Record<ExportKind, ExportFile[]> }[] {
  // The 5,000-node built-in is left out: a kind export plays it twice (minutes, gigabytes), and
  // kind is not where a 5,000-node cluster is rehearsed.
  cache ??= loadBuiltins()
    .filter((s) => !(BIG_BUILTINS as readonly string[]).includes(s.metadata.name))
    .map((scenario) => {
      // Each export is made when first read: a kind export plays the scenario twice (seconds for
      // the 300-node built-ins), and most tests read one kind or none.
      const made: Partial<Record<ExportKind, ExportFile[]>> = {};
      const exports = {} as Record<ExportKind, ExportFile[]>;
      for (const kind of EXPORT_KINDS)
        Object.defineProperty(exports, kind, {
          enumerable: true,
          get: () => {
            made[kind] ??= exportScenarioFor(kind, scenario);
            return made[kind];
          },
        });
      return { scenario, exports };
    });
  return cache;
}
