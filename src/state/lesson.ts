/**
 * The lesson as the UI knows it: the worker's LessonState (active step, done, start time) and,
 * per step, the learner's predicted answer and whether it was revealed (UI-only, never simulated).
 */
import { createStore } from 'zustand/vanilla';
import type { LessonState } from '../worker/protocol';

export interface Prediction {
  choice?: number;
  revealed: boolean;
}

export interface LessonUiState {
  lesson?: LessonState;
  predictions: Record<string, Prediction>;
}

export const lessonStore = createStore<LessonUiState>(() => ({ predictions: {} }));

export function setLesson(lesson: LessonState | undefined): void {
  lessonStore.setState(lesson ? { lesson } : { lesson: undefined, predictions: {} });
}

export function choosePrediction(stepId: string, choice: number): void {
  lessonStore.setState((s) => ({
    predictions: { ...s.predictions, [stepId]: { choice, revealed: s.predictions[stepId]?.revealed ?? false } },
  }));
}

/** Reveal needs a choice first (predict, then reveal). Returns false when there is none. */
export function revealPrediction(stepId: string): boolean {
  const p = lessonStore.getState().predictions[stepId];
  if (p?.choice === undefined) return false;
  lessonStore.setState((s) => ({ predictions: { ...s.predictions, [stepId]: { ...p, revealed: true } } }));
  return true;
}

/** Shows a prediction's answer without a guess (the learner's "show me", or Play on the question). */
export function showAnswer(stepId: string): void {
  lessonStore.setState((s) => ({
    predictions: { ...s.predictions, [stepId]: { ...s.predictions[stepId], revealed: true } },
  }));
}

/**
 * Play on a prediction not revealed yet shows its answer first, with the clock still stopped: the
 * class sees the question, then the answer, then the outcome. True when it did (Play waits).
 */
export function revealBeforePlay(): boolean {
  const { lesson, predictions } = lessonStore.getState();
  const step = lesson?.steps[lesson.index];
  if (!step?.predict || predictions[step.id]?.revealed) return false;
  showAnswer(step.id);
  return true;
}

/** The active step's id (`free-play` after the last step), for share links. */
export function activeStepId(lesson: LessonState | undefined): string | undefined {
  if (!lesson) return undefined;
  return lesson.steps[lesson.index]?.id ?? 'free-play';
}
