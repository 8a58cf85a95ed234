import { useStore } from 'zustand';
import { leaveChallenge } from '../../state/challenge';
import { challengeStore } from '../../state/challenge-store';
import { fixCommand } from '../../state/challenges';
import { settingsStore } from '../../state/settings';
import { formatTime } from '../common/time';
import { useChallengeMessages } from './useChallengeMessages';
import './challenge.css';

/** After a challenge: how it was solved, what was hidden (fault, machine, time), the score, one fix. */
export function ChallengeResult() {
  const t = useChallengeMessages();
  const session = useStore(challengeStore, (s) => s.session);
  const solved = session?.solved;
  if (!session || !solved) return null;
  const f = session.fault;
  const s = solved.score;
  return (
    <section className="challenge-panel challenge-result" aria-label={t.score}>
      <h2>
        <span aria-hidden="true">✔ </span>
        {solved.by === 'named' ? t.solvedNamed : t.solvedFixed}
      </h2>
      <p>{t.whatHappened(t.faults[f.kind], f.node, formatTime(f.at))}</p>
      <dl className="challenge-tally">
        <dt>{t.afterFault}</dt>
        <dd data-testid="challenge-after">{formatTime(s.afterFault)}</dd>
        <dt>{t.commandsUsed}</dt>
        <dd>{s.commands}</dd>
        <dt>{t.wrongGuesses}</dt>
        <dd>{s.wrongGuesses}</dd>
        <dt>{t.points}</dt>
        <dd>
          <strong data-testid="challenge-points">{s.points}</strong>
        </dd>
      </dl>
      <p className="muted">{t.pointsRule}</p>
      <p>
        {t.oneFix}: <code>{fixCommand(f)}</code>
      </p>
      <p>{t.whyHint}</p>
      <div className="challenge-actions">
        <button
          type="button"
          className="btn"
          onClick={() => {
            leaveChallenge();
            settingsStore.setState({ gallery: 'dialog' });
          }}
        >
          {t.another}
        </button>
        <button type="button" className="btn" onClick={leaveChallenge}>
          {t.close}
        </button>
      </div>
    </section>
  );
}
