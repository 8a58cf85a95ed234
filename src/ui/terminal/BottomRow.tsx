import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useMessages } from '../i18n/hooks';
import { BOTTOM_MIN, bottomMax, bottomStore, setBottomHeight } from './size';

/** One arrow press moves the handle by this much (px); Page Up / Down by three times as much. */
const STEP = 40;

/**
 * The row under the graph (terminal, Why?, events) with a handle on its top edge: drag it, or
 * focus it and press the arrow keys, to make the terminal taller or shorter (T does it from
 * anywhere). A separator with a value, so screen readers say how tall it is.
 */
export function BottomRow({ children }: { children: ReactNode }) {
  const t = useMessages();
  const height = useStore(bottomStore, (s) => s.height);
  const row = useRef<HTMLDivElement>(null);
  const drag = useRef<{ y: number; h: number } | undefined>(undefined);
  // The separator's value in px; the designed height is read from the row when first needed.
  const [shown, setShown] = useState<number | undefined>(undefined);
  const current = () => height ?? row.current?.getBoundingClientRect().height ?? BOTTOM_MIN;
  const set = (px: number) => {
    setBottomHeight(px);
    setShown(undefined);
  };

  const onPointerDown = (ev: PointerEvent<HTMLDivElement>) => {
    if (ev.button !== 0) return;
    ev.currentTarget.setPointerCapture(ev.pointerId);
    drag.current = { y: ev.clientY, h: current() };
  };
  const onPointerMove = (ev: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d) set(d.h - (ev.clientY - d.y));
  };
  const onPointerUp = () => {
    drag.current = undefined;
  };
  const onKeyDown = (ev: KeyboardEvent<HTMLDivElement>) => {
    const by = { ArrowUp: STEP, ArrowDown: -STEP, PageUp: 3 * STEP, PageDown: -3 * STEP }[ev.key];
    if (by !== undefined) set(current() + by);
    else if (ev.key === 'Home') set(bottomMax(window.innerHeight));
    else if (ev.key === 'End') set(BOTTOM_MIN);
    else return;
    ev.preventDefault();
  };

  const value = Math.round(height ?? shown ?? BOTTOM_MIN);
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable separator (a splitter) has no element of its own */}
      <div
        className="bottom-handle"
        role="separator"
        aria-orientation="horizontal"
        aria-label={t.terminalHeight}
        aria-valuemin={BOTTOM_MIN}
        aria-valuemax={bottomMax(typeof window === 'undefined' ? 768 : window.innerHeight)}
        aria-valuenow={value}
        title={t.terminalHeightHint}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onFocus={() => setShown(current())}
        onKeyDown={onKeyDown}
      />
      <div className="bottom" ref={row} style={height === undefined ? undefined : { height }}>
        {children}
      </div>
    </>
  );
}
