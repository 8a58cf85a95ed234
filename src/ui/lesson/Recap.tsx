import type { Chapter } from '../../sim';
import { useSim } from '../../state/hooks';
import { Scoreboard } from '../chart/Scoreboard';
import { formatTime } from '../common/time';
import { useMessages } from '../i18n/hooks';
import { useLessonMessages } from './useLessonMessages';

/**
 * The end of a lesson: what happened when, which controller (or command) did it, and which
 * constant decided it, from the chapters of the run up to now; then the recovery scoreboard.
 */
export function Recap() {
  const t = useLessonMessages();
  const all = useSim((s) => s.chapters);
  const now = useSim((s) => s.clock.now);
  const chapters = all.filter((c) => c.at <= now);
  const scoreboard = useSim((s) => s.scoreboard);
  if (!chapters.length) return <p className="muted">{t.recapEmpty}</p>;
  return (
    <>
      <RecapTable chapters={chapters} />
      {scoreboard?.faults.length ? <Scoreboard board={scoreboard} /> : null}
    </>
  );
}

function RecapTable({ chapters }: { chapters: Chapter[] }) {
  const t = useLessonMessages();
  const m = useMessages();
  return (
    <table className="ww-table recap">
      <caption>{t.recapCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.recapWhen}</th>
          <th scope="col">{t.recapWhat}</th>
          <th scope="col">{t.recapWho}</th>
          <th scope="col">{t.recapConstant}</th>
        </tr>
      </thead>
      <tbody>
        {chapters.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: chapters can share a time and a label
          <tr key={`${c.at}-${i}`}>
            <td>{formatTime(c.at)}</td>
            <td>{m.chapterLabel(c.label)}</td>
            <td>{c.by === 'you' ? t.you : c.by === 'scenario' ? t.theScenario : (c.actor ?? '—')}</td>
            <td>{c.constant ? <code>{c.constant}</code> : (c.rule ?? '—')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
