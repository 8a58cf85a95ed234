import { CHALLENGE_COUNT } from '../../state/challenge-store';
import { useChallengeMessages } from './useChallengeMessages';
import './challenge.css';

/**
 * The challenges, in the scenario gallery: one button each. Nothing on a card says what breaks
 * (the titles are numbers on purpose); the attempt picks its hidden moment and machine at start.
 */
export function ChallengeList({ onStart }: { onStart: () => void }) {
  const t = useChallengeMessages();
  return (
    <section className="challenge-list" aria-label={t.challenges}>
      <h3>{t.challenges}</h3>
      <p>{t.challengesIntro}</p>
      <ul>
        {Array.from({ length: CHALLENGE_COUNT }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <button
              type="button"
              className="btn"
              aria-label={t.start(n)}
              onClick={() => {
                onStart();
                void import('../../state/challenge').then((m) => m.startChallenge(n));
              }}
            >
              {t.challengeN(n)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
