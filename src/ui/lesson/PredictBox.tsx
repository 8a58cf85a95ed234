import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { choosePrediction, lessonStore, revealPrediction } from '../../state/lesson';
import { ClassCompare } from '../classroom/ClassCompare';
import { useLessonMessages } from './useLessonMessages';

interface Props {
  stepId: string;
  question: string;
  choices: readonly string[];
  answer: number;
  explanation: string;
}

/** Predict, then reveal: a question with choices (a radio group), `Reveal`, then the answer and why. */
export function PredictBox({ stepId, question, choices, answer, explanation }: Props) {
  const t = useLessonMessages();
  const p = useStore(lessonStore, (s) => s.predictions[stepId]);
  const [nudge, setNudge] = useState(false);
  const name = useId();
  const revealed = p?.revealed === true;
  const right = p?.choice === answer;
  return (
    <fieldset className="predict">
      <legend>
        <span className="predict-tag">{t.predict}</span> {question}
      </legend>
      {choices.map((c, i) => (
        <label key={c} className={`predict-choice${revealed && i === answer ? ' is-answer' : ''}`}>
          <input
            type="radio"
            name={name}
            value={i}
            checked={p?.choice === i}
            disabled={revealed}
            onChange={() => {
              setNudge(false);
              choosePrediction(stepId, i);
            }}
          />
          <span>
            {c}
            {revealed && i === answer ? <span className="predict-mark"> ✔ {t.answerMark}</span> : null}
          </span>
        </label>
      ))}
      {revealed ? (
        <div className={`predict-result ${right ? 'ok' : 'bad'}`} role="status">
          <p>
            <strong>
              <span aria-hidden="true">{right ? '✔ ' : '✖ '}</span>
              {right ? t.correct : t.incorrect(choices[answer] ?? '')}
            </strong>
          </p>
          <p>{explanation}</p>
          <ClassCompare choices={choices} />
        </div>
      ) : (
        <div className="predict-actions">
          <button type="button" className="btn" onClick={() => setNudge(!revealPrediction(stepId))}>
            {t.reveal}
          </button>
          {nudge ? (
            <span className="predict-nudge" role="alert">
              {t.chooseFirst}
            </span>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
