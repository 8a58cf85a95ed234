/**
 * The language the page speaks: `?lang=ja|ko|pt-BR|en` in the URL first (a link opens in the
 * language it was copied in), then the choice saved in this browser, then the browser's own
 * languages (navigator.languages), then English. The catalogs themselves load in the UI
 * (src/ui/i18n); this store only says which language is wanted.
 */
import { createStore } from 'zustand/vanilla';

/** The languages with a full catalog. English is the source every other one translates. */
export const LANGS = ['en', 'ja', 'ko', 'pt-BR'] as const;
export type Lang = (typeof LANGS)[number];

/** Each language's name in itself: what a reader of that language looks for in the menu. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  'pt-BR': 'Português (Brasil)',
};

export interface LanguageState {
  lang: Lang;
  /** Chosen (menu, URL or saved), not guessed from the browser: only a choice is saved. */
  chosen: boolean;
}

const KEY = 'notready.language';

/** A BCP 47 tag to one of ours: `ja-JP` is ja; any Portuguese gets the Brazilian catalog (closer than English). */
export function langOfTag(tag: string | null | undefined): Lang | undefined {
  const t = (tag ?? '').trim().toLowerCase();
  if (!t) return undefined;
  const base = t.split(/[-_]/)[0];
  if (base === 'en') return 'en';
  if (base === 'ja') return 'ja';
  if (base === 'ko') return 'ko';
  if (base === 'pt') return 'pt-BR';
  return undefined;
}

/** `lang=` of the query, exactly one of ours (any case); anything else is ignored. */
export function langInUrl(search: string): Lang | undefined {
  const v = new URLSearchParams(search).get('lang')?.toLowerCase();
  return LANGS.find((l) => l.toLowerCase() === v);
}

/** The first of the browser's languages that we have; English when none is. */
export function browserLang(languages: readonly string[] | undefined): Lang {
  for (const tag of languages ?? []) {
    const l = langOfTag(tag);
    if (l) return l;
  }
  return 'en';
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The saved choice, if any (an unknown value is no choice). */
export function savedLang(s: Storage | undefined = storage()): Lang | undefined {
  try {
    const v = s?.getItem(KEY);
    return LANGS.find((l) => l === v);
  } catch {
    return undefined;
  }
}

/** Where the page starts: the URL, the saved choice, the browser, English, in that order. */
export function initialLanguage(search: string, saved: Lang | undefined, languages: readonly string[] | undefined) {
  const fromUrl = langInUrl(search);
  if (fromUrl) return { lang: fromUrl, chosen: true };
  if (saved) return { lang: saved, chosen: true };
  return { lang: browserLang(languages), chosen: false };
}

/**
 * Whether the URL should say the language: always, except for English that nobody chose (then
 * links stay as they were). A teacher whose browser speaks Japanese shares Japanese links.
 */
export function langForUrl(s: LanguageState): Lang | undefined {
  return s.chosen || s.lang !== 'en' ? s.lang : undefined;
}

function start(): LanguageState {
  if (typeof location === 'undefined') return { lang: 'en', chosen: false };
  const langs = typeof navigator === 'undefined' ? undefined : navigator.languages;
  return initialLanguage(location.search, savedLang(), langs);
}

export const languageStore = createStore<LanguageState>(start);

/** The URL's query follows the language (`lang=`), as it does presenter mode; the hash is kept. */
export function syncLangToUrl(s: LanguageState = languageStore.getState()): void {
  if (typeof history === 'undefined' || typeof location === 'undefined') return;
  const u = new URL(location.href);
  const lang = langForUrl(s);
  if (lang) u.searchParams.set('lang', lang);
  else u.searchParams.delete('lang');
  if (u.href !== location.href) history.replaceState(history.state, '', u.href);
}

/** The menu's choice: saved in this browser and written to the URL, so a copied link keeps it. */
export function setLanguage(lang: Lang): void {
  languageStore.setState({ lang, chosen: true });
  try {
    storage()?.setItem(KEY, lang);
  } catch {
    // private mode or full storage: the choice still holds for this page (and is in the URL)
  }
  syncLangToUrl();
}
