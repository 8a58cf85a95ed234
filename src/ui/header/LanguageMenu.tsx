import { useStore } from 'zustand';
import { LANGS, LANGUAGE_NAMES, type Lang, languageStore, setLanguage } from '../../state/language';

/**
 * The language menu: each language named in itself, so a reader finds theirs whatever the page
 * speaks now. Its accessible name is `Language` in every language (tests and people who cannot
 * read the current one look for that word); the globe (drawn, as no emoji font is guaranteed
 * on a classroom machine) says it without words.
 */
export function LanguageMenu() {
  const lang = useStore(languageStore, (s) => s.lang);
  return (
    <label className="select lang-menu">
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor">
        <circle cx="8" cy="8" r="6.5" />
        <path d="M1.5 8h13M8 1.5c-2.2 2.4-2.2 10.6 0 13M8 1.5c2.2 2.4 2.2 10.6 0 13" />
      </svg>
      <select aria-label="Language" value={lang} onChange={(e) => setLanguage(e.target.value as Lang)}>
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
