import { lazy, Suspense } from 'react';
import { useSim } from '../../state/hooks';

const Menu = lazy(() => import('./ActionMenu').then((m) => ({ default: m.ActionMenu })));

/**
 * A component's action menu is a chunk of its own, loaded when a menu is first opened: its items
 * come from the worker anyway (a round trip), so the first menu waits for nothing more.
 */
export function LazyActionMenu() {
  const open = useSim((s) => s.menu !== undefined);
  return open ? (
    <Suspense fallback={null}>
      <Menu />
    </Suspense>
  ) : null;
}
