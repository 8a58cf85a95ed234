import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { choosePrediction, lessonStore, revealPrediction, showAnswer } from '../../state/lesson';
import { ClassCompare } from '../classroom/ClassCompare';
import { useLessonMessages } from './useLessonMessages';

interface Props {
  stepId: string;
  question: string;
  choices: readonly string[];
  answer: number;
  explanation: string;
}

/**
 * Predict, then reveal: a question with choices (a radio group), `Reveal`, then the answer and why.
 * `Show me` (or Play) gives the answer without a guess: a class that does not vote still sees it.
 */
export function PredictBox({ stepId, question, choices, answer, explanation }: Props) {
  const t = useLessonMessages();
  const p = useStore(lessonStore, (s) => s.predictions[stepId]);
  const [nudge, setNudge] = useState(false);
  const name = useId();
  const revealed = p?.revealed === true;
  const guessed = p?.choice !== undefined;
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
        <div className={`predict-result ${guessed ? (right ? 'ok' : 'bad') : 'shown'}`} role="status">
          <p>
            <strong>
              {guessed ? <span aria-hidden="true">{right ? '✔ ' : '✖ '}</span> : null}
              {!guessed ? t.answerShown(choices[answer] ?? '') : right ? t.correct : t.incorrect(choices[answer] ?? '')}
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
          <button type="button" className="btn" title={t.showMeHint} onClick={() => showAnswer(stepId)}>
            {t.showMe}
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
