/**
 * The chart's facts as a table (the accessible twin of the picture): every chapter of the run
 * with its time, the object, the change, who did it and the rule or constant that decided it.
 * The time is a button that moves the clock there; the object a button that opens Why?.
 */
import type { Chapter } from '../../sim';
import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { formatTime } from '../common/time';
import { useMessages } from '../i18n/hooks';
import { useChartMessages } from './useChartMessages';

/** `Pod/default/web-1` to a selection for Why? (nodes and pods; other objects have none). */
function selectRef(ref: string | undefined): (() => void) | undefined {
  if (!ref) return undefined;
  const [kind, a, b] = ref.split('/');
  if (kind === 'Node' && a) return () => actions.select({ kind: 'node', name: a });
  if (kind === 'Host' && a) return () => actions.select({ kind: 'node', name: a });
  if (kind === 'Pod' && a && b) return () => actions.select({ kind: 'pod', key: `${a}/${b}`, name: b, namespace: a });
  return undefined;
}

function objectName(ref: string | undefined): string {
  if (!ref) return '–';
  const [kind, a, b] = ref.split('/');
  if (kind === 'Pod' && b) return a === 'default' ? `pod/${b}` : `pod/${b} -n ${a}`;
  if (kind === 'Node') return `node/${a}`;
  if (kind === 'Host') return `host ${a}`;
  if (kind === 'PersistentVolumeClaim' && b) return a === 'default' ? `pvc/${b}` : `pvc/${b} -n ${a}`;
  return ref;
}

export function WhatHappenedWhen({ chapters }: { chapters?: readonly Chapter[] }) {
  const t = useChartMessages();
  const m = useMessages();
  const live = useSim((s) => s.chapters);
  const list = chapters ?? live;
  return (
    <section className="what-when" aria-label={t.whatHappened}>
      <h3>{t.whatHappened}</h3>
      {list.length === 0 ? (
        <p className="sb-empty">{t.nothingYet}</p>
      ) : (
        <div className="table-scroll">
          <table className="ww-table">
            <thead>
              <tr>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.object}</th>
                <th scope="col">{t.change}</th>
                <th scope="col">{t.who}</th>
                <th scope="col">{t.rule}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c, i) => {
                const why = selectRef(c.ref);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: chapters have no id; their order is fixed
                  <tr key={`${c.at}-${i}`} className={`ww-${c.kind}`}>
                    <td>
                      <button
                        type="button"
                        className="link-button"
                        aria-label={t.goTo(formatTime(c.at))}
                        onClick={() => actions.seek(c.at)}
                      >
                        {formatTime(c.at)}
                      </button>
                    </td>
                    <td>
                      {why ? (
                        <button type="button" className="link-button" onClick={why}>
                          {objectName(c.ref)}
                        </button>
                      ) : (
                        objectName(c.ref)
                      )}
                    </td>
                    <td>{m.chapterLabel(c.label)}</td>
                    <td>{c.actor ?? '–'}</td>
                    <td>{[c.rule, c.constant].filter(Boolean).join('; ') || '–'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
