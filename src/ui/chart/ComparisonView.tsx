/**
 * A finished comparison: the run as is (A) and with the changes (B), each played to the end, as
 * two charts on one time axis, their scoreboards side by side, and the differences in words.
 */

import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import type { Comparison } from '../../worker/protocol';
import { Scoreboard } from './Scoreboard';
import { type Marker, SpaceTimeChart } from './SpaceTimeChart';
import { useChartMessages } from './useChartMessages';

export function ComparisonView({
  comparison: c,
  width,
  em,
  markers,
  onCompareAgain,
}: {
  comparison: Comparison;
  width: number;
  em: number;
  markers: readonly Marker[];
  onCompareAgain: () => void;
}) {
  const t = useChartMessages();
  const stale = useSim((s) => s.compare?.state === 'done' && s.compare.runLogLength !== s.commandLog.length);
  const end = Math.max(c.end, c.a.chart.data.end, c.b.chart.data.end);
  return (
    <section className="comparison" aria-label={t.comparison}>
      <div className="comparison-head">
        <h3>{t.comparison}</h3>
        <button type="button" className="btn btn-small" onClick={actions.closeComparison}>
          {t.closeComparison}
        </button>
      </div>
      {stale ? (
        <p className="compare-stale" role="status">
          {t.stale}{' '}
          <button type="button" className="btn btn-small" onClick={onCompareAgain}>
            {t.compareAgain}
          </button>
        </p>
      ) : null}
      <section className="differences" aria-label={t.differences}>
        <h4>{t.differences}</h4>
        {c.differences.length ? (
          <ul>
            {c.differences.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        ) : (
          <p>{t.noDifferences}</p>
        )}
      </section>
      <h4 className="side-title side-a">{t.sideA(c.a.label)}</h4>
      <SpaceTimeChart
        data={c.a.chart.data}
        width={width}
        em={em}
        markers={markers}
        future={false}
        end={end}
        label={`${t.chart} ${t.sideA(c.a.label)}`}
      />
      <h4 className="side-title side-b">{t.sideB(c.b.label)}</h4>
      <SpaceTimeChart
        data={c.b.chart.data}
        width={width}
        em={em}
        markers={markers}
        future={false}
        end={end}
        label={`${t.chart} ${t.sideB(c.b.label)}`}
      />
      <Scoreboard board={c.a.chart.scoreboard} other={c.b.chart.scoreboard} names={{ a: c.a.label, b: c.b.label }} />
    </section>
  );
}
