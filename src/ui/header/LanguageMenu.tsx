import { useStore } from 'zustand';
import { LANGS, LANGUAGE_NAMES, type Lang, languageStore, setLanguage } from '../../state/language';

/**
 * The language menu: each language named in itself, so a reader finds theirs whatever the page
 * speaks now. Its accessible name is `Language` in every language (tests and people who cannot
 * read the current one look for that word); the globe says it without words.
 */
export function LanguageMenu() {
  const lang = useStore(languageStore, (s) => s.lang);
  return (
    <label className="select lang-menu">
      <span aria-hidden="true">🌐</span>
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
