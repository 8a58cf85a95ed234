/**
 * Exports of a scenario to the tools that run it for real (DESIGN section 10, issue 12): `kind`
 * (a cluster config, the manifests and run.sh with the simulation's predictions as checks),
 * `chaos-mesh` and `litmus` (the faults as those tools' resources). Pure functions from a
 * validated scenario to files; the CLI writes them, the app zips them.
 */
import type { Scenario } from '../sim/index';
import { exportChaos } from './chaos';
import type { ExportFile } from './files';
import { exportKind } from './kind';

export type { ExportFile } from './files';
export { exportHazards, type Hazard } from './review';

export const EXPORT_KINDS = ['kind', 'chaos-mesh', 'litmus'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const isExportKind = (s: string): s is ExportKind => (EXPORT_KINDS as readonly string[]).includes(s);

/**
 * The files of an export. `until` is where the predictions stop (default: the scenario's end,
 * spec.duration).
 */
export function exportScenarioFor(kind: ExportKind, scenario: Scenario, until?: number): ExportFile[] {
  return kind === 'kind' ? exportKind(scenario, until) : exportChaos(kind, scenario, until);
}
