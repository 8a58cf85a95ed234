import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { lessonStore } from '../../state/lesson';

const Panel = lazy(() => import('./LessonPanel').then((m) => ({ default: m.LessonPanel })));

/**
 * The lesson panel loads with the first scenario that has a lesson (its narration catalog and the
 * recap are a chunk of their own, not part of the page's first load). Until it arrives an empty bar
 * of the same class holds its place (in presenter mode, the stage's smallest height).
 */
export function LessonPanel({ compact = false, stage = false }: { compact?: boolean; stage?: boolean }) {
  const has = useStore(lessonStore, (s) => s.lesson !== undefined);
  if (!has) return null;
  const variant = stage ? 'stage' : compact ? 'caption' : 'panel';
  return (
    <Suspense
      fallback={
        <section className={`lesson lesson-${variant}${variant === 'caption' ? ' compact' : ''}`} aria-hidden="true" />
      }
    >
      <Panel compact={compact} stage={stage} />
    </Suspense>
  );
}
