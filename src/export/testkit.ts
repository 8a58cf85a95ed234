/**
 * For the export tests: the built-in scenarios and every export of each, made once per process.
 * (A .ts without .test: the export tests share it; not imported by the exports themselves.)
 */
import { loadBuiltins } from '../cli/scenario-files';
import type { Scenario } from '../sim/index';
import { EXPORT_KINDS, type ExportFile, type ExportKind, exportScenarioFor } from './index';

let cache: { scenario: Scenario; exports: Record<ExportKind, ExportFile[]> }[] | undefined;

export function builtinExports(): { scenario: Scenario; exports: Record<ExportKind, ExportFile[]> }[] {
  cache ??= loadBuiltins().map((scenario) => {
    const exports = {} as Record<ExportKind, ExportFile[]>;
    for (const kind of EXPORT_KINDS) exports[kind] = exportScenarioFor(kind, scenario);
    return { scenario, exports };
  });
  return cache;
}
