/**
 * Scenario files (DESIGN section 5): import a NotReady scenario or manifests pasted from a real
 * cluster (file picker or drag and drop). The parsers load on demand, so they are not in the main
 * bundle; exporting a run is in `run-export.ts`, loaded when asked for.
 */
import { create } from 'zustand';
import { parseOffThread } from '../worker/parse-client';
import { loadInlineRun } from './share-actions';
import { simStore } from './store';

export interface FileState {
  /** The last import's result, shown until dismissed. */
  result?:
    | { kind: 'imported'; file: string; warnings: string[] }
    | { kind: 'refused'; file: string; errors: string[] }
    /** An export for a real tool: what to review before running it, and whether the run came from a link. */
    | { kind: 'exported'; file: string; hazards: string[]; fromLink: boolean };
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
