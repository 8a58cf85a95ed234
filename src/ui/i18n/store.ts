/**
 * The catalog on screen. The language store (src/state/language.ts) says which language is
 * wanted; this loads that language's catalog (a chunk of its own, so the main bundle carries
 * English only) and then switches every component at once. English needs no load: `tr` is null
 * and each hook falls back to the English catalog its component imports.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { type Lang, languageStore, syncLangToUrl } from '../../state/language';
import type { Part, Translation } from './types';

export interface CatalogState {
  /** The language on screen (the wanted one once its catalog has arrived). */
  lang: Lang;
  tr: Translation | null;
}

export const catalogStore = createStore<CatalogState>(() => ({ lang: 'en', tr: null }));

// One dynamic import per language: Vite makes each a chunk of its own.
const LOADERS: Record<Exclude<Lang, 'en'>, () => Promise<Translation>> = {
  ja: () => import('./ja').then((m) => m.ja),
  ko: () => import('./ko').then((m) => m.ko),
  'pt-BR': () => import('./pt-BR').then((m) => m.ptBR),
};

/** Loads `lang` and shows it, unless another language was asked for meanwhile. */
export async function showLanguage(lang: Lang): Promise<void> {
  let tr: Translation | null = null;
  if (lang !== 'en') {
    try {
      tr = await LOADERS[lang]();
    } catch (err) {
      // A chunk that cannot load (offline, a new deployment): the page keeps the language it has.
      console.warn(`NotReady: the ${lang} catalog could not load`, err);
      return;
    }
  }
  if (languageStore.getState().lang !== lang) return;
  catalogStore.setState({ lang, tr });
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Start-up: the URL says the language from now on (so a copied link keeps it), and the wanted
 * language is shown; later choices follow. Resolves once the first catalog is on screen.
 */
export function startLanguage(): Promise<void> {
  syncLangToUrl();
  languageStore.subscribe((s, prev) => {
    if (s.lang !== prev.lang) void showLanguage(s.lang);
  });
  return showLanguage(languageStore.getState().lang);
}

/** A part of the catalog in the language on screen; `english` is that part's source. */
export function useTranslated<P extends Part>(part: P, english: Translation[P]): Translation[P] {
  return useStore(catalogStore, (s) => s.tr?.[part] ?? english);
}

/** The same outside React (helpers called while a component that used the hook renders). */
export function translated<P extends Part>(part: P, english: Translation[P]): Translation[P] {
  return catalogStore.getState().tr?.[part] ?? english;
}

/**
 * A built-in scenario's title and description in the language on screen; undefined in English
 * (the scenario's own words are English) and for any other scenario (imported, built).
 */
export function useScenarioText(name: string | undefined): { title: string; description: string } | undefined {
  return useStore(catalogStore, (s) =>
    name && s.tr
      ? (s.tr.scenarios as Partial<Record<string, { title: string; description: string }>>)[name]
      : undefined,
  );
}

/** The locale numbers are written in. */
export function useLocale(): string {
  return useStore(catalogStore, (s) => s.tr?.locale ?? 'en-US');
}
