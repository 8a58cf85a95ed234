import { useStore } from 'zustand';
import { settingsStore } from '../../state/settings';
import { useMessages } from '../i18n/hooks';

/** What the main panel shows: the cluster graph, or the space-time chart of the run (key C). */
export function StageSwitch() {
  const t = useMessages();
  const stage = useStore(settingsStore, (s) => s.stage);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a form fieldset
    <div className="stage-switch" role="group" aria-label={t.stageShow} title={t.stageHint}>
      {(['cluster', 'chart'] as const).map((v) => (
        <button
          key={v}
          type="button"
          className="btn btn-small"
          aria-pressed={stage === v}
          onClick={() => settingsStore.setState({ stage: v })}
        >
          {v === 'cluster' ? t.stageCluster : t.stageChart}
        </button>
      ))}
    </div>
  );
}
