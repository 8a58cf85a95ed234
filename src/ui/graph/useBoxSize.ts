import { type RefObject, useEffect, useRef, useState } from 'react';

/** The element's content size, updated (once per frame at most) when it changes. */
export function useBoxSize<T extends HTMLElement>(): [
  RefObject<T | null>,
  { width: number; height: number } | undefined,
] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<{ width: number; height: number }>();
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const read = () => {
      const r = el.getBoundingClientRect();
      const width = Math.round(r.width);
      const height = Math.round(r.height);
      if (width < 10 || height < 10) return;
      setSize((s) => (s && s.width === width && s.height === height ? s : { width, height }));
    };
    const ro = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(read);
    });
    ro.observe(el);
    read();
    return () => {
      cancelAnimationFrame(frame);
      ro.disconnect();
    };
  }, []);
  return [ref, size];
}
