import { useEffect } from 'react';
import { actions } from '../../state/bridge';
import { lessonStore } from '../../state/lesson';
import { lessonActions } from '../../state/lesson-actions';
import { simStore } from '../../state/store';
import { typing } from '../common/useShortcuts';

/** Focus on a control whose arrow keys are its own (a slider, a list box, the graph's canvas). */
function ownsArrows(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA') return true;
  return el.closest('[role="slider"], [role="listbox"], [role="menu"], [role="dialog"], .react-flow') !== null;
}

/**
 * A teacher's keys for the lesson (a clicker remote sends PageDown/PageUp, some send the arrows):
 * ← or PageUp is Back; → or PageDown goes on, so a clicker alone carries the lesson: Next where
 * the button allows it (the step's event happened, a narration or a prediction, an event that
 * cannot happen in this run), else Play while the step waits with the clock stopped.
 */
export function useLessonKeys(): void {
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.shiftKey || ev.defaultPrevented) return;
      const arrow = ev.key === 'ArrowRight' || ev.key === 'ArrowLeft';
      const page = ev.key === 'PageDown' || ev.key === 'PageUp';
      if (!arrow && !page) return;
      // A clicker's PageDown works wherever focus is (a slider that pages prevents it first);
      // arrows stay with the control that owns them.
      if (typing(ev.target) || (arrow && ownsArrows(ev.target))) return;
      const lesson = lessonStore.getState().lesson;
      if (!lesson) return;
      const forward = ev.key === 'ArrowRight' || ev.key === 'PageDown';
      const backward = !forward;
      ev.preventDefault();
      if (backward) {
        if (lesson.index > 0) lessonActions.back();
        return;
      }
      const step = lesson.steps[lesson.index];
      const waiting = step?.waitFor !== undefined && !lesson.done && !lesson.notFound;
      if (step && !waiting) lessonActions.next();
      else if (waiting && !simStore.getState().clock.playing) actions.play();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
