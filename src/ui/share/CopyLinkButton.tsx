import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { shareStore } from '../../state/share';
import { copyLink, dismissCopy } from '../../state/share-actions';
import { useShareMessages } from '../i18n/hooks';

/** `Copy link`: the run goes into the URL and onto the clipboard (or into a selected field). */
export function CopyLinkButton() {
  const t = useShareMessages();
  const ready = useStore(shareStore, (s) => s.source !== undefined);
  return (
    <button type="button" className="btn" onClick={() => void copyLink()} disabled={!ready}>
      {t.copyLink}
    </button>
  );
}

/** What copying did: a short confirmation, the link to copy by hand, or why there is no link. */
export function CopyResult() {
  const t = useShareMessages();
  const copy = useStore(shareStore, (s) => s.copy);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (copy?.kind === 'fallback') field.current?.select();
    if (copy?.kind === 'copied') {
      const id = setTimeout(dismissCopy, 4000);
      return () => clearTimeout(id);
    }
    return undefined;
  }, [copy]);
  if (!copy) return null;
  if (copy.kind === 'copied')
    return (
      <p className="share-note" role="status">
        <span aria-hidden="true">✔ </span>
        {t.copied}
      </p>
    );
  if (copy.kind === 'error')
    return (
      <div className="share-note share-bad" role="alert">
        <span>{copy.message}</span>
        <button type="button" className="btn" onClick={dismissCopy}>
          {t.dismiss}
        </button>
      </div>
    );
  return (
    <div className="share-note" role="status">
      <label>
        {t.copyByHand} <input ref={field} className="share-field" readOnly value={copy.link} aria-label={t.shareLink} />
      </label>
      <button type="button" className="btn" onClick={dismissCopy}>
        {t.dismiss}
      </button>
    </div>
  );
}
