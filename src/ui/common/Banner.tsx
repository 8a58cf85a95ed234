import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { formatTime } from '../common/time';
import { useMessages } from '../i18n/hooks';

/** What happened to the engine worker, in plain words, with what can be done about it. */
function EngineNotice() {
  const t = useMessages();
  const notice = useSim((s) => s.engineNotice);
  if (!notice) return null;
  const at = formatTime(notice.at);
  const text =
    notice.kind === 'restarting'
      ? t.crashRestarting(notice.message ?? '')
      : notice.kind === 'recovered'
        ? t.crashRecovered(notice.message ?? '', at)
        : notice.kind === 'gave-up'
          ? t.crashGaveUp(notice.message ?? '', at)
          : t.hung(at);
  const canRestart = notice.kind === 'gave-up' || notice.kind === 'hung';
  return (
    <div className={`banner ${canRestart ? 'banner-bad' : ''}`} role="alert">
      <span>{text}</span>
      <span className="banner-actions">
        {canRestart ? (
          <button type="button" className="btn btn-primary" onClick={actions.restartEngine}>
            {t.restartEngine(at)}
          </button>
        ) : null}
        {notice.kind === 'restarting' ? null : (
          <button type="button" className="btn" onClick={actions.dismissBanner}>
            {t.dismiss}
          </button>
        )}
      </span>
    </div>
  );
}

/** A plain-words notice (an invalid scenario, a restarted simulation...). */
export function Banner() {
  const t = useMessages();
  const banner = useSim((s) => s.banner);
  const invalid = useSim((s) => s.phase === 'invalid');
  return (
    <>
      <EngineNotice />
      {banner ? (
        <div className="banner" role="alert">
          <span>{invalid ? t.invalidScenario(banner) : banner}</span>
          <button type="button" className="btn" onClick={actions.dismissBanner}>
            {t.dismiss}
          </button>
        </div>
      ) : null}
    </>
  );
}
