import { useReactFlow } from '@xyflow/react';
import { useState } from 'react';
import { StageSwitch } from '../chart/StageSwitch';
import { SettingCheck } from '../common/SettingCheck';
import { useMessages } from '../i18n/hooks';
import { Legend } from '../legend/Legend';

/**
 * Below the graph, never over it: the switch to the space-time chart, zoom, back to the whole cluster, the camera's "follow the
 * story" switch, and the legend (which opens here and takes room from the graph, not its cards).
 */
export function GraphToolbar({ onFit }: { onFit: () => void }) {
  const t = useMessages();
  const rf = useReactFlow();
  const [legend, setLegend] = useState(false);
  return (
    <div className="graph-foot">
      <div className="graph-toolbar">
        <StageSwitch />
        <button type="button" className="btn btn-small" onClick={() => void rf.zoomOut({ duration: 200 })}>
          <span aria-hidden="true">− </span>
          {t.zoomOut}
        </button>
        <button type="button" className="btn btn-small" onClick={() => void rf.zoomIn({ duration: 200 })}>
          <span aria-hidden="true">+ </span>
          {t.zoomIn}
        </button>
        <button type="button" className="btn btn-small" onClick={onFit}>
          {t.wholeCluster}
        </button>
        <SettingCheck setting="follow" label={t.followStory} className="check-small" />
        <button
          type="button"
          className="btn btn-small legend-toggle"
          aria-expanded={legend}
          aria-controls="legend-panel"
          onClick={() => setLegend((v) => !v)}
        >
          {t.legend}
        </button>
      </div>
      {legend ? <Legend id="legend-panel" /> : null}
    </div>
  );
}
