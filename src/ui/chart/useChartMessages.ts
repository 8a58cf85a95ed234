/** The chart's strings in the language on screen (English when none is loaded). */
import { useTranslated } from '../i18n/store';
import { chartMessages } from './messages';

export function useChartMessages() {
  return useTranslated('chart', chartMessages);
}
