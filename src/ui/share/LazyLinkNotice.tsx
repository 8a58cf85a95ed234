import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { shareStore } from '../../state/share';

const Notice = lazy(() => import('./LinkNotice').then((m) => ({ default: m.LinkNotice })));

/** A refused link, the last run to restore, or a notice: a chunk of its own, loaded when there is one. */
export function LazyLinkNotice() {
  const shown = useStore(
    shareStore,
    (s) => s.linkError !== undefined || (s.lastRunOffered === true && s.canRestore) || s.notices.length > 0,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Notice />
    </Suspense>
  );
}
