import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { messages as t } from '../messages';

/** A plain-words notice (invalid scenario, a restarted simulation...). */
export function Banner() {
  const banner = useSim((s) => s.banner);
  const invalid = useSim((s) => s.phase === 'invalid');
  if (!banner) return null;
  return (
    <div className="banner" role="alert">
      <span>{invalid ? t.invalidScenario(banner) : banner}</span>
      <button type="button" className="btn" onClick={actions.dismissBanner}>
        {t.dismiss}
      </button>
    </div>
  );
}
