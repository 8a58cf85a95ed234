/**
 * Compare…: choose one or more settings to change (a grace period, the pods' tolerationSeconds,
 * the eviction rate, the version profile, any scenario setting) and their value in B. The
 * changes are checked as a scenario file's settings are (a wrong value is named here), then the
 * worker plays the run twice to the end.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { PROFILE_NAMES } from '../../sim/scenario/schema';
import { describeKey } from '../../sim/scenario/variant';
import { COMPARE_KEYS } from '../../sim/scenario/variant-parse';
import { actions, currentScenario } from '../../state/bridge';
import { Modal } from '../common/Modal';
import { useMessages } from '../i18n/hooks';
import { useChartMessages } from './useChartMessages';

/** The changes a class compares most, offered first with a value that shows a difference. */
const SUGGESTED: Record<string, string> = {
  nodeMonitorGracePeriod: '40s',
  tolerationSeconds: '30',
  nodeEvictionRate: '0.01',
  profile: 'v1.23-docker',
};

interface Row {
  key: string;
  value: string;
}

function nowValue(key: string): string {
  const s = currentScenario();
  if (!s) return '';
  return describeKey(s, key).slice(key.length + 1);
}

function suggestion(key: string): string {
  if (SUGGESTED[key]) {
    const now = nowValue(key);
    if (key === 'profile') return now === 'v1.33' ? 'v1.23-docker' : 'v1.33';
    if (key === 'nodeMonitorGracePeriod' && now === '40s') return '50s';
    return SUGGESTED[key] as string;
  }
  return nowValue(key);
}

export function CompareDialog({ onClose, initial }: { onClose: () => void; initial?: string[] }) {
  const t = useChartMessages();
  const m = useMessages();
  const [rows, setRows] = useState<Row[]>(() =>
    initial?.length
      ? initial.map((c) => ({ key: c.slice(0, c.indexOf('=')), value: c.slice(c.indexOf('=') + 1) }))
      : [{ key: 'nodeMonitorGracePeriod', value: suggestion('nodeMonitorGracePeriod') }],
  );
  const [error, setError] = useState<string>();
  const id = useId();
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  const ordered = [...Object.keys(SUGGESTED), ...COMPARE_KEYS.filter((k) => !(k in SUGGESTED))];
  const submit = async () => {
    const problem = await actions.compare(rows.map((r) => `${r.key}=${r.value.trim()}`));
    if (problem) setError(problem);
    else onClose();
  };
  return (
    <Modal onClose={onClose} className="compare-dialog" labelledBy={`${id}-title`} describedBy={`${id}-intro`}>
      <h2 id={`${id}-title`}>{t.compareTitle}</h2>
      <p id={`${id}-intro`}>{t.compareIntro}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
          <fieldset key={i} className="compare-row">
            <legend className="sr-only">{`${t.setting} ${i + 1}`}</legend>
            <label htmlFor={`${id}-key-${i}`}>
              {t.setting}
              <select
                id={`${id}-key-${i}`}
                ref={i === 0 ? first : undefined}
                value={r.key}
                onChange={(e) => {
                  const key = e.target.value;
                  setRows(rows.map((x, j) => (j === i ? { key, value: suggestion(key) } : x)));
                  setError(undefined);
                }}
              >
                {ordered.map((k) => (
                  <option key={k} value={k}>
                    {k}
                  </option>
                ))}
              </select>
            </label>
            <label htmlFor={`${id}-value-${i}`}>
              {t.value}
              {r.key === 'profile' ? (
                <select
                  id={`${id}-value-${i}`}
                  value={r.value}
                  onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
                >
                  {PROFILE_NAMES.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${id}-value-${i}`}
                  type="text"
                  value={r.value}
                  spellCheck={false}
                  onChange={(e) => {
                    setRows(rows.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)));
                    setError(undefined);
                  }}
                />
              )}
            </label>
            <span className="compare-now">{t.valueNow(nowValue(r.key))}</span>
            {rows.length > 1 ? (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
                aria-label={`${t.removeChange} (${r.key})`}
              >
                ×
              </button>
            ) : null}
          </fieldset>
        ))}
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setRows([...rows, { key: 'tolerationSeconds', value: suggestion('tolerationSeconds') }])}
        >
          {t.addChange}
        </button>
        {error ? (
          <p className="compare-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="confirm-actions">
          <button type="submit" className="btn btn-primary">
            {t.runCompare}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {m.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
