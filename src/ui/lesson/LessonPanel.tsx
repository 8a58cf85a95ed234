import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useSim } from '../../state/hooks';
import { lessonStore } from '../../state/lesson';
import { lessonActions } from '../../state/lesson-actions';
import type { LessonState, LessonStepView } from '../../worker/protocol';
import { formatTime } from '../common/time';
import { narrationOf } from './messages';
import { PredictBox } from './PredictBox';
import { Recap } from './Recap';
import { useLessonKeys } from './useLessonKeys';
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

function StepStatus({ step, lesson, stage }: { step: LessonStepView; lesson: LessonState; stage: boolean }) {
  const t = useLessonMessages();
  if (!step.waitFor) return null;
  if (lesson.done)
    return (
      <p className="lesson-status ok">
        <span aria-hidden="true">✔ </span>
        {t.happenedAt(formatTime(lesson.doneAt ?? lesson.startedAt))}
      </p>
    );
  // On the stage the room needs why the lesson does not wait (not the how-to hint).
  const why = lesson.notFound ? t.notFound : lesson.offScript ? t.offScript : stage ? undefined : t.waitingHint;
  return (
    <div className="lesson-status wait">
      <p>
        <span aria-hidden="true">◷ </span>
        {t.waitingFor}: <code title={step.waitFor}>{step.waitFor}</code>
      </p>
      {why ? <p className="muted">{why}</p> : null}
    </div>
  );
}

/** What the panel shows: the side panel, presenter mode's stage (the whole lesson, large), an embed's caption. */
type Variant = 'panel' | 'stage' | 'caption';

function StepBody({
  lesson,
  step,
  variant,
}: {
  lesson: LessonState;
  step: LessonStepView | undefined;
  variant: Variant;
}) {
  const t = useLessonMessages();
  const table = useNarrations();
  const caption = variant === 'caption';
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
      <p className="lesson-text">
        {variant === 'stage' ? (
          // On the stage the counter leads the text's line (the heading is for screen readers): the graph keeps its height.
          <strong className="lesson-counter" aria-hidden="true">
            {t.stepOf(lesson.index + 1, lesson.steps.length)}
          </strong>
        ) : null}
        {n.text}
      </p>
      <StepStatus step={step} lesson={lesson} stage={variant === 'stage'} />
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
 * prediction to make before the transition, and Back / Skip ahead / Next. `stage` (presenter
 * mode) is the whole lesson in large type under the graph; `compact` (embed mode) shows only the
 * active step's narration.
 */
export function LessonPanel({ compact = false, stage = false }: { compact?: boolean; stage?: boolean }) {
  const t = useLessonMessages();
  const variant: Variant = stage ? 'stage' : compact ? 'caption' : 'panel';
  const lesson = useStore(lessonStore, (s) => s.lesson);
  const next = useRef<HTMLButtonElement>(null);
  const skipping = useRef(false);
  const done = lesson?.done ?? false;
  const playing = useSim((s) => s.clock.playing);
  useLessonKeys();
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
  const waiting = step?.waitFor !== undefined && !lesson.done && !lesson.notFound;
  const recap = !step;
  // On the stage the recap is a slide of its own while the clock stands (the graph comes back with free play).
  const slide = recap && variant === 'stage' && !playing;
  return (
    <section
      className={`lesson lesson-${variant}${variant === 'caption' ? ' compact' : ''}${recap ? ' is-recap' : ''}${slide ? ' is-slide' : ''}${step?.predict ? ' is-predict' : ''}`}
      aria-label={t.lesson}
    >
      <div className="lesson-head">
        <h2>
          {t.lesson}{' '}
          <span className="lesson-progress">
            {step ? t.stepOf(lesson.index + 1, total) : `${t.recap} · ${t.freePlay}`}
          </span>
        </h2>
        {variant === 'panel' ? <StepList lesson={lesson} /> : null}
      </div>
      <div className="lesson-live" aria-live="polite">
        <StepBody lesson={lesson} step={step} variant={variant} />
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
        {variant === 'panel' ? (
          <button type="button" className="btn lesson-link" onClick={() => void lessonActions.copyStepLink()}>
            {t.copyStepLink}
          </button>
        ) : null}
      </div>
    </section>
  );
}
