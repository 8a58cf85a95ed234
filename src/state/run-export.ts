/**
 * Exporting the current run (DESIGN section 5): as a scenario whose timeline is the command log
 * (`npm run sim` runs it; importing it gives the same run), or for a real tool. Loaded on demand
 * from the Export menu (ui/share/ScenarioFiles.tsx), so the first load does not carry it.
 */
import type { Scenario } from '../sim';
import { saveBlob } from './save-blob';
import { useFileState } from './scenario-files';
import { shareStore } from './share';
import { builtinText } from './share-actions';
import { simStore } from './store';

/** The current run: its scenario (with the run's seed), its command log up to now, and now. */
export async function currentRun(): Promise<
  { scenario: Scenario; log: { at: number; line: string }[]; now: number } | undefined
> {
  const share = shareStore.getState();
  const sim = simStore.getState();
  const source = share.source;
  if (!source) return undefined;
  const text = 'builtin' in source ? await builtinText(source.builtin) : source.inline;
  const { parseScenario } = await import('../sim');
  // A built-in's text is its normalised JSON twin; anything else is scenario text to parse.
  const parsed =
    'builtin' in source ? { ok: true as const, scenario: JSON.parse(text).normalised } : parseScenario(text);
  if (!parsed.ok) return undefined;
  const scenario: Scenario = parsed.scenario;
  if (share.seed !== undefined) scenario.spec.seed = share.seed;
  const now = Math.max(0, Math.round(sim.clock.now));
  return { scenario, log: share.runLog.filter((c) => c.at <= now), now };
}

/** The current run as scenario YAML and a file name for it. */
export async function exportCurrentRun(): Promise<{ fileName: string; yaml: string } | undefined> {
  const run = await currentRun();
  if (!run) return undefined;
  const { exportScenario } = await import('../sim');
  const yaml = exportScenario(run.scenario, run.log, { now: run.now });
  return { fileName: `${run.scenario.metadata.name}-at-${Math.floor(run.now / 1000)}s.yaml`, yaml };
}

/** Downloads the current run as a scenario file. */
export async function downloadCurrentRun(): Promise<void> {
  const out = await exportCurrentRun();
  if (out) saveBlob(new Blob([out.yaml], { type: 'application/yaml' }), out.fileName);
}

/**
 * Downloads the current run for a real tool (issue 12): `kind` (cluster, manifests, run.sh),
 * `chaos-mesh` or `litmus`, as a zip. The generator and the zip writer load on demand (a chunk
 * of their own: the main bundle does not carry them).
 */
export async function downloadRealExport(kind: 'kind' | 'chaos-mesh' | 'litmus'): Promise<void> {
  const run = await currentRun();
  if (!run) return;
  const { realExportZip } = await import('./real-export');
  const out = realExportZip(kind, run.scenario, run.log, run.now);
  saveBlob(new Blob([out.zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), out.fileName);
  // Issue 27: the script runs on the user's machine against a real cluster; say what to review.
  const fromLink = shareStore.getState().fromLink === true;
  if (out.hazards.length || fromLink) {
    useFileState.setState({ result: { kind: 'exported', file: out.fileName, hazards: out.hazards, fromLink } });
  }
}
