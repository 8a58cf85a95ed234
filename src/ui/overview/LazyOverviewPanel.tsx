import { lazy, Suspense } from 'react';

const Panel = lazy(() => import('./OverviewPanel').then((m) => ({ default: m.OverviewPanel })));

/**
 * The overview of a big cluster is a chunk of its own (its words too), loaded only for clusters
 * that need it; the moment it takes shows an empty pane.
 */
export function LazyOverviewPanel() {
  return (
    <Suspense fallback={<div className="chart-wait" aria-busy="true" />}>
      <Panel />
    </Suspense>
  );
}
