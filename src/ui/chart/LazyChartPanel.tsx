import { lazy, Suspense } from 'react';
import { useMessages } from '../i18n/hooks';

const load = () => import('./ChartPanel');
const Panel = lazy(() => load().then((m) => ({ default: m.ChartPanel })));

/** Fetches the chart's chunk when the page is idle, so the first switch to the chart does not wait for it. */
export function prefetchChart(): void {
  const idle = (globalThis as { requestIdleCallback?: (f: () => void, o?: { timeout: number }) => void })
    .requestIdleCallback;
  if (idle) idle(() => void load(), { timeout: 10_000 });
  else setTimeout(() => void load(), 3_000);
}

/** The chart, its scoreboard, comparisons and export are a chunk of their own, loaded when first shown. */
export function LazyChartPanel() {
  const t = useMessages();
  return (
    <Suspense fallback={<p className="chart-wait">{t.loadingChart}</p>}>
      <Panel />
    </Suspense>
  );
}
