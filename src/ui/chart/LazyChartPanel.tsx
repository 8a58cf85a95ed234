import { lazy, Suspense } from 'react';
import { messages as t } from '../messages';

const Panel = lazy(() => import('./ChartPanel').then((m) => ({ default: m.ChartPanel })));

/** The chart, its scoreboard, comparisons and export are a chunk of their own, loaded when first shown. */
export function LazyChartPanel() {
  return (
    <Suspense fallback={<p className="chart-wait">{t.loadingChart}</p>}>
      <Panel />
    </Suspense>
  );
}
