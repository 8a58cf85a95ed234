import { lazy, Suspense } from 'react';
import { useSim } from '../../state/hooks';

const Panel = lazy(() => import('./NodeGroupsPanel').then((m) => ({ default: m.NodeGroupsPanel })));

/** The Node groups panel is a chunk of its own, loaded only in scenarios with a cloud. */
export function LazyNodeGroupsPanel() {
  const cloud = useSim((s) => s.rest.cloud !== undefined);
  if (!cloud) return null;
  return (
    <Suspense fallback={null}>
      <Panel />
    </Suspense>
  );
}
