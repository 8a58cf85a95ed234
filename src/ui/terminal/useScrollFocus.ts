import { type RefObject, useEffect, useRef } from 'react';

/**
 * A wide kubectl table scrolls sideways inside its line; a keyboard user reaches it by Tab (and
 * scrolls it with the arrow keys) only when it does overflow, so narrow outputs add no tab stops.
 */
export function useScrollFocus<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => {
      if (el.scrollWidth > el.clientWidth) el.tabIndex = 0;
      else el.removeAttribute('tabindex');
    };
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(check);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return ref;
}
