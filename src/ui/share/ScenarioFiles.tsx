import { useId, useRef } from 'react';
import { dismissFileResult, downloadCurrentRun, importFile, useFileState } from '../../state/scenario-files';
import { useShareMessages } from '../i18n/hooks';

/** `Import scenario` (a file picker) and `Export scenario` (downloads the run as YAML). */
export function ScenarioFileButtons() {
  const t = useShareMessages();
  const input = useRef<HTMLInputElement>(null);
  const busy = useFileState((s) => s.busy);
  const hint = useId();
  return (
    <>
      <button
        type="button"
        className="btn"
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-describedby={hint}
      >
        <span aria-hidden="true">⤒</span> {t.importScenario}
      </button>
      <span id={hint} className="sr-only">
        {t.importHint}
      </span>
      <input
        ref={input}
        type="file"
        accept=".yaml,.yml,.json,application/yaml,application/json,text/yaml"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void importFile(f);
        }}
      />
      <button type="button" className="btn" onClick={() => void downloadCurrentRun()}>
        <span aria-hidden="true">⤓</span> {t.exportScenario}
      </button>
    </>
  );
}

/** What the last import did: its warnings (what was left out), or why it was refused. */
export function FileResult() {
  const t = useShareMessages();
  const result = useFileState((s) => s.result);
  if (!result) return null;
  const refused = result.kind === 'refused';
  const lines = refused ? result.errors : result.warnings;
  return (
    <div className={`share-banner${refused ? ' share-bad' : ''}`} role={refused ? 'alert' : 'status'}>
      <div>
        <p>
          <span aria-hidden="true">{refused ? '✖ ' : '✔ '}</span>
          {refused ? t.importRefused(result.file) : t.imported(result.file)}
          {!refused && lines.length ? ` ${t.importLeftOut}` : ''}
        </p>
        {lines.length ? (
          <ul className="share-list">
            {lines.slice(0, 8).map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <button type="button" className="btn" onClick={dismissFileResult}>
        {t.dismiss}
      </button>
    </div>
  );
}
