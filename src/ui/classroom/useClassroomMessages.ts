/** Class mode's strings in the language on screen (English when none is loaded). */
import { useTranslated } from '../i18n/store';
import { classroomMessages } from './messages';

export function useClassroomMessages() {
  return useTranslated('classroom', classroomMessages);
}
