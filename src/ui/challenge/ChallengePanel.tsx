import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { answer, learnerCommands, leaveChallenge } from '../../state/challenge';
import { challengeStore } from '../../state/challenge-store';
import { FAULT_KINDS, type FaultKind } from '../../state/challenges';
import { useSim } from '../../state/hooks';
import { useChallengeMessages } from './useChallengeMessages';

/** The challenge while unsolved: the brief, the list of faults to name, and the tally so far. */
export function ChallengePanel() {
  const t = useChallengeMessages();
  const session = useStore(challengeStore, (s) => s.session);
  const lastWrong = useStore(challengeStore, (s) => s.lastWrong as FaultKind | undefined);
  const commands = useSim(learnerCommands);
  const [choice, setChoice] = useState<FaultKind>();
  const [nudge, setNudge] = useState(false);
  const name = useId();
  if (!session) return null;
  return (
    <section className="challenge-panel" aria-label={t.region}>
      <h2>{t.title(session.challenge.n)}</h2>
      <p>
        {t.brief} <span className="muted">{t.lensNote}</span>
      </p>
      <fieldset className="challenge-answers">
        <legend>{t.question}</legend>
        {FAULT_KINDS.map((k) => (
          <label key={k}>
            <input
              type="radio"
              name={name}
              checked={choice === k}
              onChange={() => {
                setChoice(k);
                setNudge(false);
              }}
            />
            <span>{t.faults[k]}</span>
          </label>
        ))}
      </fieldset>
      <div className="challenge-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            if (choice) answer(choice);
            else setNudge(true);
          }}
        >
          {t.check}
        </button>
        <button type="button" className="btn" onClick={leaveChallenge}>
          {t.leave}
        </button>
      </div>
      {nudge ? <p role="alert">{t.chooseFirst}</p> : null}
      {lastWrong ? (
        <p className="challenge-wrong" role="alert">
          <span aria-hidden="true">✖ </span>
          {t.wrong(t.faults[lastWrong])}
        </p>
      ) : null}
      <dl className="challenge-tally">
        <dt>{t.commandsUsed}</dt>
        <dd data-testid="challenge-commands">{commands}</dd>
        <dt>{t.wrongGuesses}</dt>
        <dd data-testid="challenge-wrong">{session.wrongGuesses}</dd>
      </dl>
    </section>
  );
}
