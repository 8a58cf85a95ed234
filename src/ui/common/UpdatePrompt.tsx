import { useStore } from 'zustand';
import { dismissUpdate, offlineStore, updateNow } from '../../state/offline';
import { useMessages } from '../i18n/hooks';

/** "A new version is available": reload into it now, or later (the run is kept in the address). */
export function UpdatePrompt() {
  const t = useMessages();
  const ready = useStore(offlineStore, (s) => s.updateReady);
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{t.updateAvailable}</span>
      <button type="button" className="btn btn-small btn-primary" onClick={updateNow}>
        {t.updateReload}
      </button>
      <button type="button" className="btn btn-small" onClick={dismissUpdate}>
        {t.updateLater}
      </button>
    </div>
  );
}
