import { lazy, Suspense } from 'react';
import { useOverviewMessages } from './messages';

const Panel = lazy(() => import('./OverviewPanel').then((m) => ({ default: m.OverviewPanel })));

/** The overview of a big cluster is a chunk of its own, loaded only for clusters that need it. */
export function LazyOverviewPanel() {
  const t = useOverviewMessages();
  return (
    <Suspense fallback={<p className="chart-wait">{t.loading}</p>}>
      <Panel />
    </Suspense>
  );
}
