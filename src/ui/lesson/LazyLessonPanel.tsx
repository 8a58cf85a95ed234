import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { lessonStore } from '../../state/lesson';

const Panel = lazy(() => import('./LessonPanel').then((m) => ({ default: m.LessonPanel })));

/**
 * The lesson panel loads with the first scenario that has a lesson (its narration catalog and the
 * recap are a chunk of their own, not part of the page's first load).
 */
export function LessonPanel({ compact = false }: { compact?: boolean }) {
  const has = useStore(lessonStore, (s) => s.lesson !== undefined);
  if (!has) return null;
  return (
    <Suspense fallback={null}>
      <Panel compact={compact} />
    </Suspense>
  );
}
