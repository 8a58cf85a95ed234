import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { classRole, classStore } from '../../state/classroom';
import { PresenterSide } from '../presenter/PresenterSide';

// The panel and the QR encoder (uqr) are a chunk of their own, loaded when class mode starts.
const Panel = lazy(() => import('./ClassPanel').then((m) => ({ default: m.ClassPanel })));
const Note = lazy(() => import('./ClassNote').then((m) => ({ default: m.ClassNote })));

/** The teacher's class panel while class mode is on (`large`: presenter mode, the QR as big as the stage allows). */
export function LazyClassPanel({ large = false }: { large?: boolean }) {
  const on = useStore(classStore, (s) => s.teaching);
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <Panel large={large} />
    </Suspense>
  );
}

/** On a student's device (`?class=1`) or the teacher's second screen (`?class=follow`): a note saying so. */
export function LazyClassNote() {
  const role = classRole();
  if (!role) return null;
  return (
    <Suspense fallback={null}>
      <Note role={role} />
    </Suspense>
  );
}

/** Presenter mode beside the graph: the class panel while class mode is on, else the chosen view. */
export function StageSide() {
  const on = useStore(classStore, (s) => s.teaching);
  return on ? <LazyClassPanel large /> : <PresenterSide />;
}
