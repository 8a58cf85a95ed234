import { useStore } from 'zustand';
import { shareStore } from '../../state/share';
import { dismissLinkError, dismissNotices, restoreLastRun } from '../../state/share-actions';
import { useShareMessages } from '../i18n/hooks';

/** A refused link: what is wrong with it, the default scenario instead (or the run kept), and the last run to restore. */
export function LinkNotice() {
  const t = useShareMessages();
  const error = useStore(shareStore, (s) => s.linkError);
  const canRestore = useStore(shareStore, (s) => s.canRestore);
  const notices = useStore(shareStore, (s) => s.notices);
  const offered = useStore(shareStore, (s) => s.lastRunOffered === true);
  const kept = useStore(shareStore, (s) => s.linkErrorKept === true);
  if (error)
    return (
      <div className="share-banner share-bad" role="alert">
        <p>
          <strong>
            <span aria-hidden="true">✖ </span>
            {t.badLink}
          </strong>{' '}
          <span className="link-error">{error}</span> {kept ? t.badLinkKept : t.badLinkFallback}
        </p>
        <div className="share-actions">
          {canRestore ? (
            <button type="button" className="btn btn-primary" onClick={() => void restoreLastRun()}>
              {t.restoreLastRun}
            </button>
          ) : null}
          <button type="button" className="btn" onClick={dismissLinkError}>
            {t.dismiss}
          </button>
        </div>
      </div>
    );
  if (offered && canRestore)
    return (
      <div className="share-banner" role="status">
        <p>{t.lastRunSaved}</p>
        <div className="share-actions">
          <button type="button" className="btn btn-primary" onClick={() => void restoreLastRun()}>
            {t.restoreLastRun}
          </button>
          <button type="button" className="btn" onClick={dismissLinkError}>
            {t.dismiss}
          </button>
        </div>
      </div>
    );
  if (notices.length === 0) return null;
  return (
    <div className="share-banner" role="status">
      <p>{notices.join(' ')}</p>
      <button type="button" className="btn" onClick={dismissNotices}>
        {t.dismiss}
      </button>
    </div>
  );
}
