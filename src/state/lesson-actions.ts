/** Lesson navigation, sent to the worker (which owns the lesson's progress and the clock). */

import { runPort } from './run-port';
import { copyLink } from './share-actions';

export const lessonActions = {
  next: () => runPort().lesson({ type: 'lesson', action: 'next' }),
  back: () => runPort().lesson({ type: 'lesson', action: 'back' }),
  skip: () => runPort().lesson({ type: 'lesson', action: 'skip' }),
  restart: () => runPort().lesson({ type: 'lesson', action: 'restart' }),
  goTo: (step: string) => runPort().lesson({ type: 'lesson', action: 'goto', step }),
  /** A link that opens the lesson at the start of the active step. */
  copyStepLink: () => copyLink(true),
};
