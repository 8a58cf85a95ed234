/** The main bundle's parts of the catalog, in the language on screen (see store.ts). */
import { messages, shareMessages } from '../messages';
import { translated, useTranslated } from './store';

export function useMessages() {
  return useTranslated('main', messages);
}

export function useShareMessages() {
  return useTranslated('share', shareMessages);
}

/** For helpers outside components, called while a component that used `useMessages` renders. */
export function currentMessages() {
  return translated('main', messages);
}
