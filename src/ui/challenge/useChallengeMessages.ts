/** Challenge mode's strings in the language on screen (English when none is loaded). */
import { useTranslated } from '../i18n/store';
import { challengeMessages } from './messages';

export function useChallengeMessages() {
  return useTranslated('challenge', challengeMessages);
}
