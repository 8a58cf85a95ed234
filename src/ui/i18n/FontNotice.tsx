import { useState } from 'react';
import { useStore } from 'zustand';
import { scriptFontMissing } from './font-check';
import { useMessages } from './hooks';
import { catalogStore } from './store';

/**
 * Japanese or Korean chosen on a machine without a font for it: a notice, in Latin letters (its
 * words are English in those catalogs on purpose: the language's own letters would be boxes).
 */
export function FontNotice() {
  const t = useMessages();
  const lang = useStore(catalogStore, (s) => s.lang);
  const [dismissed, setDismissed] = useState<string | undefined>(undefined);
  if (dismissed === lang || !scriptFontMissing(lang)) return null;
  return (
    <div className="banner" role="alert">
      <span>{t.fontMissing}</span>
      <button type="button" className="btn" onClick={() => setDismissed(lang)}>
        {t.fontMissingDismiss}
      </button>
    </div>
  );
}
