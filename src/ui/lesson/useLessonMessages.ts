/** The lesson's strings and narrations in the language on screen (English when none is loaded). */
import { useTranslated } from '../i18n/store';
import { lessonMessages } from './messages';
import { narrations } from './narrations';

export function useLessonMessages() {
  return useTranslated('lesson', lessonMessages);
}

export function useNarrations() {
  return useTranslated('narrations', narrations);
}
