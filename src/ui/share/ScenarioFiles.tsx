import { useId, useRef, useState } from 'react';
import { dismissFileResult, importFile, useFileState } from '../../state/scenario-files';
import { useShareMessages } from '../i18n/hooks';

/** The exports, loaded when one is asked for (not part of the first load). */
const runExport = () => import('../../state/run-export');

/** `Import scenario` (a file picker) and the `Export` menu. */
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
      <ExportMenu />
    </>
  );
}

/**
 * `Export`: the run as a scenario file (YAML, re-importable and runnable by the CLI), or as the
 * exports for real tools, each a zip (a kind cluster with a script that replays the timeline and
 * checks the predictions, Chaos Mesh resources, Litmus ChaosEngines). One menu keeps the header on
 * one row.
 */
function ExportMenu() {
  const t = useShareMessages();
  const [open, setOpen] = useState(false);
  const menu = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const items: [string, () => void][] = [
    [t.exportScenario, () => void runExport().then((m) => m.downloadCurrentRun())],
    [t.exportKind, () => void runExport().then((m) => m.downloadRealExport('kind'))],
    [t.exportChaosMesh, () => void runExport().then((m) => m.downloadRealExport('chaos-mesh'))],
    [t.exportLitmus, () => void runExport().then((m) => m.downloadRealExport('litmus'))],
  ];
  return (
    <span className="real-export">
      <button
        ref={button}
        type="button"
        className="btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menu}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⤓</span> {t.exportMenu} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          id={menu}
          role="menu"
          aria-label={t.exportMenu}
          className="export-menu"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          {items.map(([label, run], i) => (
            <button
              key={label}
              type="button"
              role="menuitem"
              className="btn"
              // biome-ignore lint/a11y/noAutofocus: a menu opened from its button puts focus on its first item
              autoFocus={i === 0}
              onClick={() => {
                setOpen(false);
                run();
              }}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
    </span>
  );
}

/** What the last import did (its warnings, or why it was refused), or what to review in an export. */
export function FileResult() {
  const t = useShareMessages();
  const result = useFileState((s) => s.result);
  if (!result) return null;
  if (result.kind === 'exported') return <ExportReview result={result} />;
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

/** An export for a real tool that needs a look first (issue 27): from a link, or asking for the host. */
function ExportReview({ result }: { result: { file: string; hazards: string[]; fromLink: boolean } }) {
  const t = useShareMessages();
  return (
    <div className="share-banner share-bad" role="alert">
      <div>
        <p>
          <span aria-hidden="true">⚠ </span>
          {t.exportedReview(result.file)}
          {result.fromLink ? ` ${t.exportedFromLink}` : ''}
        </p>
        {result.hazards.length ? (
          <>
            <p>{t.exportedHazards}</p>
            <ul className="share-list">
              {result.hazards.slice(0, 8).map((l) => (
                <li key={l}>{l}</li>
              ))}
              {result.hazards.length > 8 ? <li>…</li> : null}
            </ul>
          </>
        ) : null}
      </div>
      <button type="button" className="btn" onClick={dismissFileResult}>
        {t.dismiss}
      </button>
    </div>
  );
}
