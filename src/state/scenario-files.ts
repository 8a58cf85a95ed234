/**
 * Scenario files (DESIGN section 5): import a NotReady scenario or manifests pasted from a real
 * cluster (file picker or drag and drop), and export the current run as a scenario whose timeline
 * is the command log (`npm run sim` runs it; importing it gives the same run). The parsers load
 * on demand, so they are not in the main bundle.
 */
import { create } from 'zustand';
import type { Scenario } from '../sim';
import { parseOffThread } from '../worker/parse-client';
import { shareStore } from './share';
import { builtinText, loadInlineRun } from './share-actions';
import { simStore } from './store';

export interface FileState {
  /** The last import's result, shown until dismissed. */
  result?: { kind: 'imported'; file: string; warnings: string[] } | { kind: 'refused'; file: string; errors: string[] };
  busy: boolean;
}

export const useFileState = create<FileState>(() => ({ busy: false }));

/** Reads a dropped or picked file and starts it. */
export async function importFile(file: File): Promise<void> {
  useFileState.setState({ busy: true });
  try {
    const text = await file.text();
    await importText(text, file.name);
  } catch (err) {
    useFileState.setState({
      result: { kind: 'refused', file: file.name, errors: [err instanceof Error ? err.message : String(err)] },
    });
  } finally {
    useFileState.setState({ busy: false });
  }
}

/**
 * Imports scenario or manifest text; a scenario file is kept as written (with its lesson). The
 * text is parsed off the page's thread, and "Imported" is said only once the engine runs it.
 */
export async function importText(text: string, fileName: string): Promise<boolean> {
  const base = fileName.replace(/\.(ya?ml|json)$/i, '');
  const name =
    base
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'imported';
  const r = await parseOffThread({ kind: 'import', text, name, title: base || 'Imported cluster' });
  if (!r.ok) {
    useFileState.setState({ result: { kind: 'refused', file: fileName, errors: r.errors } });
    return false;
  }
  const started = engineAnswer();
  loadInlineRun(r.scenarioText, r.normalised);
  const answer = await started;
  if (answer !== true) {
    useFileState.setState({ result: { kind: 'refused', file: fileName, errors: [answer] } });
    return false;
  }
  useFileState.setState({ result: { kind: 'imported', file: fileName, warnings: r.warnings } });
  return true;
}

/** The engine's answer to the run being loaded: true once it runs, else why it refused. */
function engineAnswer(): Promise<true | string> {
  return new Promise((resolve) => {
    const stop = simStore.subscribe((s, prev) => {
      if (prev.phase !== 'loading' || s.phase === 'loading') return;
      stop();
      resolve(s.phase === 'ready' ? true : (s.banner ?? 'the engine refused the scenario'));
    });
  });
}

export function dismissFileResult(): void {
  useFileState.setState({ result: undefined });
}

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

/** Saves a file the page made (a Blob) under a name, as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
}
