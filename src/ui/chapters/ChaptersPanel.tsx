import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { formatTime } from '../common/time';
import { useMessages } from '../i18n/hooks';
import { firstLater } from '../timeline/Timeline';

/**
 * The named moments of this run, in order (the engine derives them from what happened): a list of
 * buttons that seek there. Moments after the clock (this future, seen before a rewind) are marked
 * "later" in words.
 */
export function ChaptersPanel({ compact = false }: { compact?: boolean }) {
  const t = useMessages();
  const chapters = useSim((s) => s.chapters);
  // Re-rendered when the clock crosses a chapter, not at every tick.
  const laterFrom = useSim((s) => firstLater(s.chapters, s.clock.now));
  return (
    <section className={`chapters${compact ? ' compact' : ''}`} aria-label={t.chapters}>
      <h2 className="panel-title">{t.chapters}</h2>
      {chapters.length === 0 ? (
        <p className="muted chapters-empty">{t.chaptersEmpty}</p>
      ) : (
        <ol className="chapter-list">
          {chapters.map((c, i) => {
            const future = i >= laterFrom;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: chapters can share a time and a label
              <li key={`${c.at}-${i}`} className={`chapter k-${c.kind}${future ? ' is-future' : ''}`}>
                <span className="chapter-at">{formatTime(c.at)}</span>
                <button type="button" className="chapter-go stretch" onClick={() => actions.seek(c.at)}>
                  {t.chapterLabel(c.label)}
                </button>
                {future ? <span className="chapter-later">{t.later}</span> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
