import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { settingsStore } from '../../state/settings';

const Panel = lazy(() => import('./Gallery').then((m) => ({ default: m.Gallery })));

/** The gallery (first visit, or `Scenarios…`) is a chunk of its own, loaded when it opens. */
export function LazyGallery() {
  const mode = useStore(settingsStore, (s) => s.gallery);
  if (mode === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <Panel />
    </Suspense>
  );
}
