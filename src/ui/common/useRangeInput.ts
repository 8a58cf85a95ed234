import { type RefObject, useEffect, useRef } from 'react';

/**
 * Listens to a range input's native `input` events. React's onChange misses values set from
 * script (automation, assistive tools that set `value` then fire `input`), so sliders that
 * drive the simulation listen natively.
 */
export function useRangeInput(onValue: (value: number) => void): RefObject<HTMLInputElement | null> {
  const ref = useRef<HTMLInputElement>(null);
  const cb = useRef(onValue);
  cb.current = onValue;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const handler = () => cb.current(Number(el.value));
    el.addEventListener('input', handler);
    return () => el.removeEventListener('input', handler);
  }, []);
  return ref;
}
