import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { useSim } from '../../state/hooks';
import { confirmStore } from '../../state/run-actions';

const Shortcuts = lazy(() => import('./ShortcutsOverlay').then((m) => ({ default: m.ShortcutsOverlay })));
const Confirm = lazy(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** The shortcuts overlay (?) and the confirm dialog are chunks of their own, loaded when first opened. */
export function LazyDialogs() {
  const shortcuts = useSim((s) => s.shortcutsOpen);
  const confirm = useStore(confirmStore, (s) => s.pending !== undefined);
  return (
    <Suspense fallback={null}>
      {shortcuts ? <Shortcuts /> : null}
      {confirm ? <Confirm /> : null}
    </Suspense>
  );
}
