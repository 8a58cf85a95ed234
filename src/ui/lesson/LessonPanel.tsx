import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { lessonStore } from '../../state/lesson';
import { lessonActions } from '../../state/lesson-actions';
import type { LessonState, LessonStepView } from '../../worker/protocol';
import { formatTime } from '../common/time';
import { narrationOf } from './messages';
import { PredictBox } from './PredictBox';
import { Recap } from './Recap';
import { useLessonMessages, useNarrations } from './useLessonMessages';
import './lesson.css';

/** Numbered steps: done, current, to come (marked by symbol and text, not colour alone). Any step can be opened. */
function StepList({ lesson }: { lesson: LessonState }) {
  const t = useLessonMessages();
  const table = useNarrations();
  return (
    <nav aria-label={t.steps}>
      <ol className="lesson-steps">
        {lesson.steps.map((s, i) => {
          const state = i < lesson.index ? 'past' : i === lesson.index ? 'current' : 'future';
          const text = narrationOf(lesson.scenario, s, table).text;
          return (
            <li key={s.id} className={`lesson-step-dot ${state}`}>
              <button
                type="button"
                aria-current={state === 'current' ? 'step' : undefined}
                aria-label={t.goToStep(i + 1, text)}
                title={text}
                onClick={() => lessonActions.goTo(s.id)}
              >
                <span aria-hidden="true">{state === 'past' ? '✔' : i + 1}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function StepStatus({ step, lesson }: { step: LessonStepView; lesson: LessonState }) {
  const t = useLessonMessages();
  if (!step.waitFor) return null;
  if (lesson.done)
    return (
      <p className="lesson-status ok">
        <span aria-hidden="true">✔ </span>
        {t.happenedAt(formatTime(lesson.doneAt ?? lesson.startedAt))}
      </p>
    );
  return (
    <div className="lesson-status wait">
      <p>
        <span aria-hidden="true">◷ </span>
        {t.waitingFor}: <code title={step.waitFor}>{step.waitFor}</code>
      </p>
      <p className="muted">{lesson.notFound ? t.notFound : lesson.offScript ? t.offScript : t.waitingHint}</p>
    </div>
  );
}

function StepBody({
  lesson,
  step,
  caption,
}: {
  lesson: LessonState;
  step: LessonStepView | undefined;
  caption: boolean;
}) {
  const t = useLessonMessages();
  const table = useNarrations();
  if (!step)
    return (
      <div className="lesson-body">
        <p className="lesson-text">
          <strong>{t.recap}.</strong> {t.freePlayText}
        </p>
        {caption ? null : <Recap />}
      </div>
    );
  const n = narrationOf(lesson.scenario, step, table);
  return (
    <div className="lesson-body">
      <p className="lesson-text">{n.text}</p>
      <StepStatus step={step} lesson={lesson} />
      {step.predict && n.question && n.choices && n.explanation && !caption ? (
        <PredictBox
          key={step.id}
          stepId={step.id}
          question={n.question}
          choices={n.choices}
          answer={step.predict.answer}
          explanation={n.explanation}
        />
      ) : null}
    </div>
  );
}

/** A button that stays focusable when it cannot act (aria-disabled), so keyboard focus never drops. */
function NavButton(props: {
  label: string;
  onPress: () => void;
  enabled: boolean;
  primary?: boolean;
  hint?: string;
  buttonRef?: React.Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={props.buttonRef}
      type="button"
      className={`btn${props.primary ? ' btn-primary' : ''}`}
      aria-disabled={props.enabled ? undefined : true}
      title={props.hint}
      onClick={() => {
        if (props.enabled) props.onPress();
      }}
    >
      {props.label}
    </button>
  );
}

/**
 * The guided lesson (DESIGN section 7): the active step's narration, what it waits for, a
 * prediction to make before the transition, and Back / Skip ahead / Next. `compact` (embed mode)
 * shows only the active step.
 */
export function LessonPanel({ compact = false }: { compact?: boolean }) {
  const t = useLessonMessages();
  const caption = compact;
  const lesson = useStore(lessonStore, (s) => s.lesson);
  const next = useRef<HTMLButtonElement>(null);
  const skipping = useRef(false);
  const done = lesson?.done ?? false;
  useEffect(() => {
    // After Skip ahead found the event, Next is what the learner wants.
    if (done && skipping.current) {
      skipping.current = false;
      next.current?.focus();
    }
  }, [done]);
  if (!lesson) return null;
  const step = lesson.steps[lesson.index];
  const total = lesson.steps.length;
  const waiting = step?.waitFor !== undefined && !lesson.done;
  return (
    <section className={`lesson${compact ? ' compact' : ''}`} aria-label={t.lesson}>
      <div className="lesson-head">
        <h2>
          {t.lesson}{' '}
          <span className="lesson-progress">
            {step ? t.stepOf(lesson.index + 1, total) : `${t.recap} · ${t.freePlay}`}
          </span>
        </h2>
        {compact ? null : <StepList lesson={lesson} />}
      </div>
      <div aria-live="polite">
        <StepBody lesson={lesson} step={step} caption={caption} />
      </div>
      <div className="lesson-nav">
        <NavButton label={t.back} onPress={lessonActions.back} enabled={lesson.index > 0} />
        {step?.waitFor !== undefined ? (
          <NavButton
            label={t.skipAhead}
            hint={t.skipAheadHint}
            enabled={waiting}
            onPress={() => {
              skipping.current = true;
              lessonActions.skip();
            }}
          />
        ) : null}
        {step ? (
          <NavButton
            label={t.next}
            primary
            enabled={!waiting}
            hint={waiting ? t.waitingHint : undefined}
            onPress={lessonActions.next}
            buttonRef={next}
          />
        ) : (
          <NavButton label={t.restart} onPress={lessonActions.restart} enabled />
        )}
        {compact ? null : (
          <button type="button" className="btn lesson-link" onClick={() => void lessonActions.copyStepLink()}>
            {t.copyStepLink}
          </button>
        )}
      </div>
    </section>
  );
}
