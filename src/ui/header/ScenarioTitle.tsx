import { useStore } from 'zustand';
import { useSim } from '../../state/hooks';
import { settingsStore } from '../../state/settings';
import { shareStore } from '../../state/share';
import { formatTime } from '../common/time';
import { useMessages } from '../i18n/hooks';
import { useScenarioText } from '../i18n/store';

/** The app's name, the scenario running (its whole title, which may wrap), and the gallery button. */
export function ScenarioTitle({ compact = false }: { compact?: boolean }) {
  const t = useMessages();
  const builtin = useStore(shareStore, (s) => (s.source && 'builtin' in s.source ? s.source.builtin : undefined));
  const own = useSim((s) => s.title);
  // A built-in's title in the language on screen; any other scenario keeps its own.
  const title = useScenarioText(builtin)?.title ?? own;
  const phase = useSim((s) => s.phase);
  const progress = useSim((s) =>
    s.phase !== 'loading'
      ? ''
      : s.loadingAt
        ? t.loadingAt(formatTime(s.loadingAt.at), formatTime(s.loadingAt.target))
        : s.bootAt !== undefined
          ? `${t.loading} ${formatTime(s.bootAt)}`
          : '',
  );
  return (
    <div className="brand">
      {compact ? <h1 className="sr-only">{t.appTitle}</h1> : <h1>{t.appTitle}</h1>}
      <button
        type="button"
        className="btn btn-small gallery-button"
        onClick={() => settingsStore.setState({ gallery: 'dialog' })}
      >
        {t.scenarios}
      </button>
      <span className="scenario-title" title={title}>
        {phase === 'loading' ? progress || t.loading : title}
      </span>
    </div>
  );
}
