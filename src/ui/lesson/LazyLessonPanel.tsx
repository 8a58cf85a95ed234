import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { lessonStore } from '../../state/lesson';

const Panel = lazy(() => import('./LessonPanel').then((m) => ({ default: m.LessonPanel })));

/**
 * The lesson panel loads with the first scenario that has a lesson (its narration catalog and the
 * recap are a chunk of their own, not part of the page's first load). Until it arrives an empty bar
 * of the same class holds its place: in presenter mode the caption's height is fixed, so the graph
 * is fitted once, not once without the caption and again with it.
 */
export function LessonPanel({ compact = false }: { compact?: boolean }) {
  const has = useStore(lessonStore, (s) => s.lesson !== undefined);
  if (!has) return null;
  return (
    <Suspense fallback={<section className={`lesson${compact ? ' compact' : ''}`} aria-hidden="true" />}>
      <Panel compact={compact} />
    </Suspense>
  );
}
